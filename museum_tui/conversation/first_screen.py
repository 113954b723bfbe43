"""What the full-screen app shows before its session is open, and the checks that must fail before it starts.

The first screen needs the venue's name, the visitor's name and the engine: read here from the settings and
the two small JSON files, so drawing it imports nothing of the ontology, the venue, the memory or the
storage. The app then opens the session (`open_session(settings, defer=True)`) in a thread after its first
frame. What is cheap to check and would otherwise only fail after the first screen (the visitor's name,
the engine's settings) is checked here, with the messages `open_session` gives, so it still stops the app
before it starts; so does an ontology or venue file that cannot be read (`museum-tui` then opens the
session before the app, for its message), while one found wrong only on reading stops it just after."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from museum_tui.config import Settings


class SessionError(Exception):
    """The session could not start; the message says what to fix."""


@dataclass(frozen=True)
class FirstScreen:
    """What the first screen shows of the session `settings` will open."""

    settings: Settings
    user: str  # the visitor's canonical name, as the session will have it
    venue_name: str  # "" when the files do not say (opening the session will say why)
    engine: str  # the engine as the header describes it

    @classmethod
    def read(cls, settings: Settings, env: Mapping[str, str] | None = None) -> FirstScreen:
        """The first screen of a session opened from `settings`. Raises `SessionError` for a visitor's
        name that is not a name or an engine that cannot be used, as `open_session` would."""
        from museum_tui.memory.usernames import UserNameError, check_user_name

        from .engine import EngineError, resolve_engine

        try:
            user = check_user_name(settings.user)
            engine = resolve_engine(settings, env).describe()
        except (UserNameError, EngineError) as exc:
            raise SessionError(str(exc)) from None
        return cls(settings, user, venue_name_of(settings.ontology_path), engine)


def venue_name_of(ontology_path: Path) -> str:
    """The venue's name as its file gives it (the file the ontology names, beside the ontology: as
    `concierge.find_venue` finds it), or "" if either file cannot say. Only a first look: the session
    reads and checks both files in full, and its venue name replaces this one."""
    try:
        venue = json.loads(ontology_path.read_text(encoding="utf-8")).get("venue")
        name = json.loads((ontology_path.parent / venue).read_text(encoding="utf-8")).get("name")
    except (OSError, ValueError, TypeError, AttributeError, RecursionError):
        return ""
    return name if isinstance(name, str) else ""
