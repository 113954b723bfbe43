"""The one clock: what time it is for memory, visits and the venue's opening hours.

A leaf every layer may use (like `safetext`); the pure memory core does not: its callers pass it the time.

`MUSEUM_TUI_NOW` (ISO 8601, e.g. `2026-03-01T10:00:00+00:00`) fixes it for tests and demos; a time
without an offset is a wall-clock time in the machine's time zone (as a venue's opening hours are).
Otherwise it is the system's time. Always returned in UTC, to the second.
"""

from __future__ import annotations

import os
import warnings
from datetime import UTC, datetime


def now() -> datetime:
    raw = os.environ.get("MUSEUM_TUI_NOW", "").strip()
    if raw:
        try:
            fixed = datetime.fromisoformat(raw)
        except ValueError:
            warnings.warn(f"MUSEUM_TUI_NOW={raw!r} is not an ISO 8601 time; using the system clock", stacklevel=2)
        else:
            return fixed.astimezone(UTC).replace(microsecond=0)  # a naive time is taken as local
    return datetime.now(UTC).replace(microsecond=0)


def now_iso() -> str:
    return now().isoformat()


def local_now() -> datetime:
    """The same time as the venue's local wall-clock time (naive), since opening hours and tour times are
    local: what the concierge reads."""
    return now().astimezone().replace(tzinfo=None)
