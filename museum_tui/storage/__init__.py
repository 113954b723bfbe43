"""Where visitors' memories are kept: the `store` setting made into a repository (`MemoryStorage`).

A folder path means the per-user TOML files (the default, `files.py`); a `postgresql://` URL means one
PostgreSQL database shared by a fleet of kiosks (`postgres.py`, which loads psycopg only then). The
repository also says where a visitor's PINs and exports live (`Places`). Only this package touches files
or databases for memory; `museum_tui.memory` is the pure core it stores.
"""

from __future__ import annotations

from pathlib import Path

from .files import SCHEMA_VERSION, FileStorage, UserMemoryFile
from .repository import LoadReport, MemoryStorage, PersistenceError, Places, SaveError, SaveReport, VisitorMemory
from .urls import is_database_url, safe_location


def open_storage(spec: str | Path, data_dir: Path | None = None) -> MemoryStorage:
    """The store a setting names. `data_dir`: this machine's data folder, where exports are written (and
    a database store's kiosk secrets are kept); by default the folder above the memory files. Nothing is
    connected yet: a database is reached on the first load or save."""
    text = str(spec)
    if is_database_url(text):
        from .postgres import PostgresStorage

        return PostgresStorage(text, data_dir)
    folder = Path(text).expanduser()
    return FileStorage(folder, data_dir / "exports" if data_dir is not None else None)


__all__ = [
    "SCHEMA_VERSION",
    "FileStorage",
    "LoadReport",
    "MemoryStorage",
    "PersistenceError",
    "Places",
    "SaveError",
    "SaveReport",
    "UserMemoryFile",
    "VisitorMemory",
    "is_database_url",
    "open_storage",
    "safe_location",
]
