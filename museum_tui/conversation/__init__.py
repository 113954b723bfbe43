"""The conversation layer: Session, its events and slash commands, and how it is opened from settings.

Imports one way only: the conversation uses extraction, concierge, llm and memory; front ends use it.
Names are loaded on first use: the full-screen app draws its first screen from `FirstScreen` alone and
opens the session (`opening`) in a thread after it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

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
_HOMES = {name: module for module, names in _EXPORTS.items() for name in names}

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


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value
