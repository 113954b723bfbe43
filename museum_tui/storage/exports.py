"""`/export` and `memory export`: where a visitor's memory may be written as a document, and writing it.

Confined: never onto a file of the store's memory or secrets (`Places.guarded`, whatever folder the
`store` setting names), the config file, or into the app's data and config folders except the exports
folder; an existing file is only replaced once the visitor confirms; the write is atomic and private. On a
kiosk the visitor cannot choose the path at all.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from museum_tui.memory import MemoryStore
from museum_tui.memory.document import export_json, export_markdown

from .private_files import prepare_private_dir, write_atomic
from .repository import Places


@dataclass(frozen=True)
class Exported:
    """What an export did: `written` False means a file is already there and nothing was written."""

    path: Path
    facts: int
    written: bool


class ExportRefused(Exception):
    """An export that must not be written there; the message says why and where exports may go."""


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def export_target(
    path: Path, *, exports_dir: Path, guarded: Iterable[Path], app_dirs: Iterable[Path], protected: Iterable[Path]
) -> Path:
    """Where writing an export to `path` really lands (its folder with links resolved, its name kept: the
    atomic write replaces a link there, never its target), or `ExportRefused`.

    Never onto a file in a `guarded` folder (the visitors' memory files) or a `protected` file (the config
    file); inside the `app_dirs` (data and config folders) only within `exports_dir`."""
    where = f"choose a file outside the app's folders, or leave the path out to write into {exports_dir}"
    path = Path(os.path.abspath(path.expanduser()))
    if path.name in ("", ".", ".."):
        raise ExportRefused(f"{path} is not a file name; {where}")
    real = path.parent.resolve() / path.name
    for file in protected:
        if real == Path(os.path.abspath(file)).parent.resolve() / Path(file).name:
            raise ExportRefused(f"{real} is the app's configuration file; {where}")
    for folder in guarded:
        if _inside(real, folder.resolve()):
            raise ExportRefused(f"{real} is in the visitors' memory folder; {where}")
    if not _inside(real, exports_dir.resolve()) or real == exports_dir.resolve():
        for folder in app_dirs:
            if _inside(real, folder.resolve()):
                raise ExportRefused(f"{real} is inside the app's own folder {folder}; {where}")
    try:
        mode = os.lstat(real).st_mode
    except FileNotFoundError:
        return real
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise ExportRefused(f"{real} is not a regular file; {where}")
    return real


def write_export(path: Path, text: str, *, exports_dir: Path, overwrite: bool) -> bool:
    """Write `text` to `path` (from `export_target`) atomically and privately (0600); False, writing nothing,
    if a file is there and `overwrite` is not given. The exports folder is made 0700; OSError passes up."""
    if os.path.lexists(path) and not overwrite:
        return False
    if _inside(path, exports_dir.resolve()):
        prepare_private_dir(exports_dir)
    else:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(path, (text if text.endswith("\n") else text + "\n").encode("utf-8"), f".{path.name}.")
    return True


def export_memory(
    places: Places,
    store: MemoryStore,
    user: str,
    target: str,
    *,
    app_dirs: Iterable[Path],
    protected: Iterable[Path],
    kiosk: bool = False,
    overwrite: bool = False,
) -> Exported:
    """Write `user`'s memory to `target` (a path the visitor typed; empty: the store's exports folder) as
    Markdown (`.md`) or JSON. Raises `ExportRefused` with a reason the visitor can read, for the place and
    for a failed write."""
    folder = places.exports
    if target and kiosk:
        raise ExportRefused(f"on this kiosk exports are only written to its exports folder ({folder}): say /export")
    path = Path(target).expanduser() if target else folder / f"{user}-memory.md"
    real = export_target(path, exports_dir=folder, guarded=places.guarded, app_dirs=app_dirs, protected=protected)
    markdown = real.suffix.lower() in (".md", ".markdown")
    text = export_markdown(store, user) if markdown else export_json(store, user)
    try:
        written = write_export(real, text, exports_dir=folder, overwrite=overwrite)
    except OSError as exc:
        raise ExportRefused(f"could not write {real}: {exc.strerror or exc}") from None
    return Exported(real, len(store.facts), written)
