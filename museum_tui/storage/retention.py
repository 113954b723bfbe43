"""Retention (`retention_days`): how long a museum keeps a visitor's memory. A visitor not seen for that long
is erased whole: facts, visits, consent and their kiosk PIN, on the files and on PostgreSQL alike.

"Seen" is the last save of their memory (`saved_at`, which every visit writes and which never moves back),
or for a visitor with only a PIN, when that PIN was chosen or last opened their memory: wrong tries are
not the visitor, and must not keep a record alive for whoever keeps guessing. Run at start-up when the setting
is on, and by `museum-tui store purge [--dry-run]`.
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from museum_tui import clock
from museum_tui.memory.timestamps import parse_time

from .files import FileStorage
from .private_files import read_regular
from .repository import MemoryStorage, PersistenceError
from .visitor_secret import SecretError


def cutoff(days: int) -> datetime:
    """The moment before which a visitor counts as not seen for `days` days."""
    return clock.now() - timedelta(days=days)


def stale(storage: MemoryStorage, before: datetime) -> list[str]:
    """The visitors last seen before `before`, sorted."""
    if isinstance(storage, FileStorage):
        return _stale_files(storage, before)
    return _stale_database(storage, before)


@dataclass
class Purged:
    """What a purge did: the visitors erased (or, in a dry run, who would be), and those that could not
    be, each with the reason. One visitor's failure never stops the others being erased."""

    erased: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)


def purge(storage: MemoryStorage, days: int, *, dry_run: bool = False) -> Purged:
    """Erase every visitor not seen for `days` days (memory and PIN). Raises `PersistenceError` only
    when the store cannot even say who that is; a visitor that cannot be erased is reported in `failed`."""
    result = Purged()
    for name in stale(storage, cutoff(days)):
        if dry_run:
            result.erased.append(name)
            continue
        try:
            storage.erase(name)
            storage.secret(name).delete()
        except (PersistenceError, SecretError) as exc:
            result.failed[name] = str(exc)
        else:
            result.erased.append(name)
    return result


def _stale_files(storage: FileStorage, before: datetime) -> list[str]:
    names = []
    for name in storage.visitors():
        path = storage.users_dir / f"{name}.toml"
        with contextlib.suppress(OSError, ValueError):  # unreadable files are the quarantine's business
            saved = tomllib.loads(read_regular(path).decode("utf-8")).get("saved_at")
            if isinstance(saved, datetime) and (saved if saved.tzinfo else saved.replace(tzinfo=UTC)) < before:
                names.append(name)
    with_memory = set(storage.visitors())
    for name in storage.secret_holders():
        if name not in with_memory:
            with contextlib.suppress(OSError, SecretError):
                if _pin_seen(storage, name) < before:
                    names.append(name)
    return sorted(names)


def _pin_seen(storage: FileStorage, name: str) -> datetime:
    """When a PIN-only visitor was last seen: the record's `seen_at`, or for a record written before it
    was kept, the file's time."""
    seen = parse_time((storage.secret(name).record() or {}).get("seen_at"))
    return seen or datetime.fromtimestamp(os.stat(storage.secret(name).path).st_mtime, UTC)


def _stale_database(storage: Any, before: datetime) -> list[str]:
    with storage.transaction() as cur:
        if storage.newer:
            return []
        schema = "museum_tui"
        cur.execute(
            f"SELECT name FROM {schema}.visitors WHERE coalesce(saved_at, created_at) < %s "
            f"UNION SELECT s.name FROM {schema}.secrets s WHERE s.used_at < %s "
            f"AND NOT EXISTS (SELECT 1 FROM {schema}.visitors v WHERE v.name = s.name) ORDER BY 1",
            (before, before),
        )
        return [name for (name,) in cur.fetchall()]
