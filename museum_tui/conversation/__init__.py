"""The conversation layer: Session, its events and slash commands, and how it is opened from settings.

Imports one way only: the conversation uses extraction, concierge, llm and memory; front ends use it.
Names are loaded on first use: the full-screen app draws its first screen from `FirstScreen` alone and
opens the session (`opening`) in a thread after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from museum_tui.lazy_names import lazy_exports

if TYPE_CHECKING:
    from .concierge import Concierge
    from .first_screen import FirstScreen, SessionError
    from .opening import open_memory, open_session, storage_for
    from .session import Outcome, Session
    from .visitor import Visitor

_EXPORTS = {
    "concierge": ("Concierge",),
    "first_screen": ("FirstScreen", "SessionError"),
    "opening": ("open_memory", "open_session", "storage_for"),
    "session": ("Outcome", "Session"),
    "visitor": ("Visitor",),
}

__all__ = [
    "Concierge",
    "FirstScreen",
    "Outcome",
    "Session",
    "SessionError",
    "Visitor",
    "open_memory",
    "open_session",
    "storage_for",
]

__getattr__ = lazy_exports(__name__, globals(), _EXPORTS)
