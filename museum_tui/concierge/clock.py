"""The concierge's clock: the project's one clock (`museum_tui.clock`, `MUSEUM_TUI_NOW` fixes it)
read as the venue's local wall-clock time, since opening hours and tour times are local.

Every function that needs the time takes `now=None` and asks here only when none is given.
"""

from __future__ import annotations

from datetime import datetime

from museum_tui import clock


def now() -> datetime:
    """The local time now (naive), or the time `MUSEUM_TUI_NOW` names."""
    return clock.now().astimezone().replace(tzinfo=None)
