"""Timestamps as memory keeps them (ISO 8601 text, UTC): read back, and the default clock of a store.

Pure: the time a fact is said is given by the caller's clock (`museum_tui.clock` in the app); a store built
without one uses the system's UTC time.
"""

from __future__ import annotations

from datetime import UTC, datetime


def parse_time(text: object) -> datetime | None:
    """An ISO timestamp from a file or a record, or None if it is not one (files may be hand-edited)."""
    if not isinstance(text, str):
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def system_now_iso() -> str:
    """The system's time in UTC, to the second: a store's clock when none is passed in."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()
