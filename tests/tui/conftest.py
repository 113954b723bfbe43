from __future__ import annotations

import pytest
from textual.pilot import Pilot

from museum_tui.config import load_settings
from museum_tui.conversation import FirstScreen, Session
from museum_tui.tui.app import MuseumApp


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replies that name today (opening hours, today's tours) come out the same on every day."""
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-11-23T10:30:00")  # a Monday


WALKTHROUGH = [
    "Hi! I'm visiting today, and I should mention I'm deaf.",
    "I really love photography, especially mid-century stuff.",
    "I only have about an hour.",
    "I could really use a coffee.",
    "Where can I have one?",
    "What else is on?",
    "Thanks!",
    "What time do you close?",
]


def make_app(session: Session | None = None, user: str = "visitor") -> MuseumApp:
    """The real app on the deterministic offline engine, animations off for stable frames. Opened as
    `museum-tui` opens it: the session is opened and the visitor's memory read after the first frame
    (`app.session` is None until then: `wait_until_ready`)."""
    if session is None:
        settings = load_settings({"offline": True, "user": user})
        settings.builtin_stream_delay = 0.0
        app = MuseumApp(first=FirstScreen.read(settings))
    else:
        app = MuseumApp(session, venue_name=session.concierge.venue_name)
    app.animation_level = "none"
    return app


async def say(pilot: Pilot, text: str) -> None:
    """Type a message the quick way (set the composer, press Enter) and wait for the turn to finish."""
    app = pilot.app
    composer = app.query_one("#composer")
    composer.focus()
    composer.value = text
    await pilot.press("enter")
    await app.workers.wait_for_complete()
    await pilot.pause()
