"""Where visitors' memories are kept: the `store` setting made into a `MemoryStorage`.

A folder path means the per-user TOML files (the default, `museum_tui.memory`); a `postgresql://` URL means
one PostgreSQL database shared by a fleet of kiosks (`postgres.py`, which loads psycopg only then).
"""

from __future__ import annotations

from pathlib import Path

from museum_tui.memory.storage import FileStorage, MemoryStorage, is_database_url, safe_location


def open_storage(spec: str | Path) -> MemoryStorage:
    """The store a setting names. Nothing is connected yet: a database is reached on the first load or save."""
    text = str(spec)
    if is_database_url(text):
        from .postgres import PostgresStorage

        return PostgresStorage(text)
    return FileStorage(Path(text).expanduser())


__all__ = ["FileStorage", "MemoryStorage", "open_storage", "safe_location"]
