"""File-system mechanics of a private file: a 0700 folder, an exclusive lock with a deadline, atomic
replacement (temp file in the same folder, fsync, rename, fsync of the folder), a version signature, and
OS errors worded for the visitor. Nothing here knows what the file holds."""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class LockBusy(Exception):
    """Another process held the lock past the deadline; the message says so."""


class UnsafeFile(OSError):
    """A path that is a symbolic link, a FIFO, a device or a folder where a private file or folder belongs:
    never followed, opened or changed. `strerror` says what it is."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO")):
        if test(mode):
            return name
    return "a device or socket"


def _refuse(path: Path, mode: int, wanted: str) -> UnsafeFile:
    return UnsafeFile(errno.EINVAL, f"{path} is {_kind(mode)}, not {wanted}; it is left as it is")


def check_private_dir(folder: Path) -> None:
    """Raise `UnsafeFile` if `folder` exists as anything but a real folder (a symbolic link to a shared
    folder would be followed, and its target's mode changed)."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(mode):
        raise _refuse(folder, mode, "a regular folder")


def prepare_private_dir(folder: Path) -> None:
    check_private_dir(folder)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    check_private_dir(folder)
    with contextlib.suppress(OSError):
        os.chmod(folder, 0o700)


def _open_regular(path: Path, flags: int, mode: int = 0o600) -> int:
    """`os.open` that never follows a symbolic link and never blocks on a FIFO; the descriptor is of a
    regular file or `UnsafeFile` is raised."""
    try:
        fd = os.open(path, flags | NOFOLLOW | getattr(os, "O_NONBLOCK", 0), mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP or (exc.errno == errno.ENXIO and path.is_fifo()):
            raise _refuse(path, os.lstat(path).st_mode, "a regular file") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise _refuse(path, st.st_mode, "a regular file")
    with contextlib.suppress(OSError):
        os.set_blocking(fd, True)
    return fd


def read_regular(path: Path, limit: int = -1) -> bytes:
    """The bytes of a regular file (the first `limit`, if given). `FileNotFoundError` if there is none;
    `UnsafeFile` for a symbolic link, FIFO, device or folder: reading a FIFO would wait forever."""
    with os.fdopen(_open_regular(path, os.O_RDONLY), "rb") as fh:
        return fh.read(limit)


@contextlib.contextmanager
def locked(lock_path: Path, timeout: float, what: str) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path` (created 0600), waiting at most `timeout` seconds for it."""
    fd = _open_regular(lock_path, os.O_RDWR | os.O_CREAT)
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LockBusy(
                        f"another museum-tui has held {lock_path} for over {timeout:.0f} s; {what}"
                    ) from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


SIGNATURE_HEAD = 160  # bytes of the file's start that take part in its signature


def _identity(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_signed(path: Path) -> tuple[bytes, tuple[object, ...]]:
    """The bytes of a regular file and the signature of the very version read (see `signature`).

    Taking the signature in a second step would race: another writer can replace the file between the
    read and the stat, and the reader would then take the newer version for the one it holds, skip the
    next merge and write over the other writer's facts. Raises as `read_regular` does."""
    with os.fdopen(_open_regular(path, os.O_RDONLY), "rb") as fh:
        st = os.fstat(fh.fileno())
        raw = fh.read()
    return raw, (*_identity(st), raw[:SIGNATURE_HEAD])


def signature(path: Path) -> tuple[object, ...]:
    """Identity of the file's current version: inode, size and times, plus its first bytes.

    Stat alone is not enough: a file system reuses the inode an atomic write just freed, and its clock
    ticks in milliseconds, so two writers saving in turn can leave a file with the very inode, size and
    times of an earlier version. A writer that puts a fresh token at the start of each version (as memory
    files do) makes the signature unique."""
    try:
        st = path.lstat()
        head = read_regular(path, SIGNATURE_HEAD) if stat.S_ISREG(st.st_mode) else b""
    except FileNotFoundError:
        return ()
    return (*_identity(st), head)


def _temp_pattern(temp_prefix: str) -> re.Pattern[str]:
    """Exactly the temp names `write_atomic` makes for this prefix (and the `mkstemp` ones earlier versions
    made): a random part without dots, so `.ann.` never matches `.ann.b.…` of another file."""
    return re.compile(re.escape(temp_prefix) + r"(?:[0-9a-f]{16}|[a-z0-9_]{8})\.tmp")


def write_atomic(path: Path, payload: bytes, temp_prefix: str) -> None:
    """Replace `path` with `payload` all at once: readers see the old file or the new one, never half.
    Temp files a killed writer left behind for this prefix are swept first (callers hold the file's lock,
    so no save of the same file is in progress)."""
    folder = path.parent
    pattern = _temp_pattern(temp_prefix)
    for stale in folder.glob(f"{glob.escape(temp_prefix)}*.tmp"):
        if pattern.fullmatch(stale.name):
            with contextlib.suppress(OSError):
                stale.unlink()
    tmp = folder / f"{temp_prefix}{secrets.token_hex(8)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def explain_os_error(exc: OSError, folder: Path, path: Path) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"memory was not saved to {path}: the disk is full (or your quota is used up)"
    if exc.errno == errno.EFBIG:
        return f"memory was not saved to {path}: the file would be larger than this system allows (file too large)"
    if isinstance(exc, UnsafeFile):
        return f"memory was not saved: {exc.strerror}"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"memory was not saved: no permission to write in {folder}"
    return f"memory was not saved: {exc.strerror or exc} ({folder})"


def keep_aside(path: Path, raw: bytes, stem: str, *, copy: bool) -> Path:
    """Move (or copy) `path`, whose bytes are `raw`, to `<stem>-<digest>.toml` beside it, mode 0600.

    One copy per distinct content: the name ends with a digest of the bytes, and bytes already kept aside
    are not kept again (a read-only look at a file with one bad fact would otherwise copy the whole file on
    every run). A copy is written from `raw`, not the path again: it may have become a link or a FIFO."""
    digest = hashlib.sha256(raw).hexdigest()[:16]
    owner = stem.rpartition(".corrupt-")[0] or stem
    for earlier in sorted(path.parent.glob(f"{glob.escape(owner)}.corrupt-*-{digest}.toml")):
        with contextlib.suppress(OSError):
            if read_regular(earlier) == raw:
                if not copy:
                    path.unlink()
                return earlier
    target, n = path.parent / f"{stem}-{digest}.toml", 1
    while os.path.lexists(target):
        target, n = path.parent / f"{stem}-{n}-{digest}.toml", n + 1
    if copy:
        with os.fdopen(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600), "wb") as fh:
            fh.write(raw)
    else:
        os.replace(path, target)
    with contextlib.suppress(OSError):
        os.chmod(target, 0o600)
    return target
