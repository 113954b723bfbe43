"""The concierge's clock: one place that says what time it is, so tests and snapshots can fix it.

`MUSEUM_TUI_NOW` (ISO-8601, e.g. `2026-11-23T10:30`) sets "now"; an unreadable value is ignored. Every
function that needs the time takes `now=None` and asks here only when none is given.
"""

from __future__ import annotations

import os
from datetime import datetime

ENV = "MUSEUM_TUI_NOW"


def now() -> datetime:
    """The local time now, or the time `MUSEUM_TUI_NOW` names (naive, local)."""
    raw = os.environ.get(ENV, "").strip()
    if raw:
        try:
            fixed = datetime.fromisoformat(raw)
        except ValueError:
            fixed = None
        if fixed is not None:
            return fixed.astimezone().replace(tzinfo=None) if fixed.tzinfo else fixed
    return datetime.now()
