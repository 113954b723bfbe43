"""A kiosk visitor's secret (a PIN or pass phrase): their memory opens only with it.

`VisitorSecret` is what a store hands out (`MemoryStorage.secret(user)`); `SecretFile` keeps it in the
store's secrets folder (`Places.secrets`). A store that keeps secrets elsewhere (a database) implements
the same three methods with the same hashing and the same delays.

In files, only a salted `hashlib.scrypt` hash is stored, beside the memory file as `.<name>~secret` (0600,
written atomically under the memory file's lock), with the count of wrong tries in a row and `seen_at`: when
the PIN was chosen or last opened the memory (a wrong try is not the visitor, so it never counts for
retention). After `MAX_TRIES` wrong tries every further try waits out a delay that doubles each time
(`DELAY` … `MAX_DELAY`), across restarts and windows, since the count is in the file. `~` is never part of
a name, so no visitor's files can be taken for another's.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from museum_tui import clock as app_clock

from .private_files import LockBusy, locked, prepare_private_dir, read_regular, write_atomic

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1  # about 16 MB and a few tens of milliseconds per try
MIN_LENGTH = 4
MAX_LENGTH = 200
MAX_TRIES = 3
DELAY = 30.0  # seconds, after MAX_TRIES wrong tries; doubled by each wrong try after that
MAX_DELAY = 900.0
clock: Callable[[], float] = time.time  # seconds since the epoch; tests replace it


class SecretError(Exception):
    """The secret cannot be set or checked; the message is for the visitor."""


class SecretLocked(SecretError):
    """Too many wrong tries: `seconds` to wait before the next one."""

    def __init__(self, seconds: float) -> None:
        self.seconds = max(1, math.ceil(seconds))
        super().__init__(f"too many wrong tries: try again in {self.seconds} s")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_secret(secret: str, salt: bytes | None = None) -> str:
    """`scrypt$N$r$p$salt$hash` (base64) of `secret` with a fresh 16-byte salt."""
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(
        secret.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32, maxmem=64 * 1024 * 1024
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_secret(secret: str, stored: str) -> bool:
    """True if `secret` hashes to `stored` (compared in constant time); False for anything malformed."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt" or not (2 <= int(n) <= 2**20 and 1 <= int(r) <= 32 and 1 <= int(p) <= 16):
            return False
        expected = base64.b64decode(digest, validate=True)
        got = hashlib.scrypt(
            secret.encode("utf-8"),
            salt=base64.b64decode(salt, validate=True),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(expected),
            maxmem=256 * 1024 * 1024,
        )
    except (ValueError, TypeError, MemoryError):
        return False
    return hmac.compare_digest(got, expected)


@runtime_checkable
class VisitorSecret(Protocol):
    """A visitor's PIN or pass phrase, wherever it is kept. All three raise `SecretError` (worded for the
    visitor) when it cannot be read or written; `check` raises `SecretLocked` while a delay runs."""

    user: str

    def exists(self) -> bool: ...

    def set(self, secret: str) -> None: ...

    def check(self, secret: str) -> bool: ...

    def create(self, secret: str) -> bool: ...

    def delete(self) -> bool: ...

    def record(self) -> dict[str, object] | None: ...

    def adopt(self, record: dict[str, object]) -> bool: ...


def new_record(secret: str) -> dict[str, object]:
    """What a store keeps of a newly chosen secret. `SecretError` if it is too short or too long."""
    if len(secret) < MIN_LENGTH or len(secret) > MAX_LENGTH:
        raise SecretError(f"choose a PIN or pass phrase of {MIN_LENGTH} to {MAX_LENGTH} characters")
    return {"hash": hash_secret(secret), "failures": 0, "wait_until": 0.0}


def next_try(record: dict[str, object], now: float) -> tuple[int, float]:
    """The back-off after one more try, counted before it is checked: (failures, wait_until). Raises
    `SecretLocked` while a delay runs, never asking for more than `MAX_DELAY` (a clock that ran ahead)."""
    wait_until = record.get("wait_until", 0.0)
    if isinstance(wait_until, int | float) and wait_until > now:
        raise SecretLocked(min(wait_until - now, MAX_DELAY))
    failures = record.get("failures", 0)
    failures = (failures if isinstance(failures, int) and failures >= 0 else MAX_TRIES) + 1
    delay = next_delay(failures)
    return failures, now + delay if delay else 0.0


def next_delay(failures: int) -> float:
    """Seconds to wait before the next try after `failures` wrong ones in a row (0: none yet)."""
    return min(MAX_DELAY, DELAY * 2 ** (failures - MAX_TRIES)) if failures >= MAX_TRIES else 0.0


@dataclass
class SecretFile:
    """The secret of visitor `user` (a checked name) under `users_dir`."""

    users_dir: Path
    user: str

    @property
    def path(self) -> Path:
        return self.users_dir / f".{self.user}~secret"

    @property
    def lock_path(self) -> Path:
        return self.users_dir / f".{self.user}.lock"

    def _read(self) -> dict[str, object] | None:
        try:
            data = json.loads(read_regular(self.path).decode("utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:  # never "no secret": that would open the memory to anyone
            raise SecretError(f"the secret of {self.user} cannot be read ({exc}); ask the staff") from None
        if not isinstance(data, dict) or not isinstance(data.get("hash"), str):
            raise SecretError(f"the secret of {self.user} cannot be read; ask the staff")
        return data

    def exists(self) -> bool:
        """True if the visitor has a secret (or a file that claims one but cannot be read: `SecretError`)."""
        return self._read() is not None

    def _write(self, data: dict[str, object]) -> None:
        write_atomic(self.path, json.dumps(data).encode("utf-8"), f".{self.user}~secret.")

    def set(self, secret: str) -> None:
        """Choose (or replace) the secret. `SecretError` if it is too short or too long or cannot be saved."""
        self._store(new_record(secret), replace=True)

    def create(self, secret: str) -> bool:
        """Choose the secret only if the visitor has none, checked under the lock: False if one was set
        meanwhile (another kiosk or window registered the name first), and nothing is changed then."""
        return self._store(new_record(secret), replace=False)

    def adopt(self, record: dict[str, object]) -> bool:
        """Keep a record (hash and back-off) copied from another store, unless this one has a secret."""
        return self._store(record, replace=False)

    def record(self) -> dict[str, object] | None:
        """The stored hash and back-off state, to copy into another store (`store migrate`)."""
        return self._read()

    def delete(self) -> bool:
        """Remove the secret (the visitor was forgotten); False if there was none."""
        try:
            with locked(self.lock_path, 10.0, "the secret was not removed"):
                if self._read() is None:
                    return False
                self.path.unlink()
                return True
        except (OSError, LockBusy) as exc:
            raise SecretError(f"the PIN or pass phrase could not be removed ({exc})") from None

    def _store(self, data: dict[str, object], *, replace: bool) -> bool:
        try:
            prepare_private_dir(self.users_dir)
            with locked(self.lock_path, 10.0, "the secret was not saved"):
                if not replace and self._read() is not None:
                    return False
                self._write({"seen_at": app_clock.now_iso(), **data})  # an adopted record keeps its own
                return True
        except (OSError, LockBusy) as exc:
            raise SecretError(f"the PIN or pass phrase could not be saved ({exc})") from None

    def check(self, secret: str) -> bool:
        """True if `secret` is the visitor's. Raises `SecretLocked` while a delay after wrong tries runs
        (the try is not counted), `SecretError` if there is no readable secret, or if the try cannot be
        recorded first: a try is counted as wrong before it is checked (and the count reset if it was
        right), so a full disk can never give an attacker tries that are not counted."""
        try:
            with locked(self.lock_path, 10.0, "try again"):
                data = self._read()
                if data is None:
                    raise SecretError(f"{self.user} has no PIN or pass phrase")
                now = clock()
                wait_until = data.get("wait_until", 0.0)
                if isinstance(wait_until, int | float) and wait_until > now + MAX_DELAY:
                    self._write({**data, "wait_until": now + MAX_DELAY})  # written while the clock ran ahead
                failures, wait_until = next_try(data, now)
                try:
                    self._write({**data, "failures": failures, "wait_until": wait_until})
                except OSError as exc:
                    reason = f"this try cannot be recorded ({exc.strerror or exc}), so it was not checked"
                    raise SecretError(f"{reason}; ask the staff") from None
                if not verify_secret(secret, str(data["hash"])):
                    return False
                with contextlib.suppress(OSError):  # the right secret: the count starts again (if it can)
                    self._write({**data, "failures": 0, "wait_until": 0.0, "seen_at": app_clock.now_iso()})
                return True
        except (OSError, LockBusy) as exc:
            raise SecretError(f"the PIN or pass phrase could not be checked ({exc})") from None
