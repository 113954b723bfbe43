"""`/export`: where a visitor's memory may be written as a document, and writing it there.

Confined: never onto a memory file, the config file, or into the data and config folders except their
exports folder; an existing file is only replaced once the visitor confirms; the write is atomic and
private. On a kiosk the visitor cannot choose the path at all."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from museum_tui import config
from museum_tui.config import Settings
from museum_tui.memory import MemoryStore
from museum_tui.memory.export import ExportRefused, export_json, export_markdown, export_target, write_export


@dataclass(frozen=True)
class Exported:
    """What `/export` did: `written` False means a file is already there and nothing was written."""

    path: Path
    facts: int
    written: bool


def exports_dir() -> Path:
    return config.data_dir() / "exports"


def config_in_use() -> Path:
    """The config file the app reads (`MUSEUM_TUI_CONFIG` or the default), even if it does not exist yet."""
    return Path(os.environ.get("MUSEUM_TUI_CONFIG") or config.config_path())


def export_memory(settings: Settings, store: MemoryStore, user: str, target: str, *, overwrite: bool) -> Exported:
    """Write `user`'s memory to `target` (a path the visitor typed; empty: the exports folder). Raises
    `ExportRefused` with a reason the visitor can read, for the place and for a failed write."""
    folder = exports_dir()
    if target and settings.kiosk:
        raise ExportRefused(f"on this kiosk exports are only written to its exports folder ({folder}): say /export")
    path = Path(target).expanduser() if target else folder / f"{user}-memory.md"
    real = export_target(
        path,
        exports_dir=folder,
        guarded=[config.users_dir()],
        app_dirs=[config.data_dir(), config.config_dir()],
        protected=[settings.config_file or config_in_use(), config.config_path()],
    )
    markdown = real.suffix.lower() in (".md", ".markdown")
    text = export_markdown(store, user) if markdown else export_json(store, user)
    try:
        written = write_export(real, text, exports_dir=folder, overwrite=overwrite)
    except OSError as exc:
        raise ExportRefused(f"could not write {real}: {exc.strerror or exc}") from None
    return Exported(real, len(store.facts), written)
