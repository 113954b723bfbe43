"""A kiosk PIN typed in the full-screen app's secret dialog never reaches the chat: not on screen, not in the
composer's history, not in the conversation, not in a request to the model. Reproduced before the fix: the
dialog's Input.Submitted bubbled up to the app's composer handler, so a wrong (or too short) PIN was shown
as the visitor's message and answered, and with an LLM sent to the server."""

from __future__ import annotations

import httpx
from textual.widgets import Input, Static

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.tui.screens import SecretScreen
from museum_tui.tui.widgets.composer import Composer
from tests.fake_openai import FakeOpenAI
from tests.hardening.test_kiosk import bob_visits, kiosk
from tests.tui.conftest import make_app, say

WRONG, SHORT, RIGHT = "97531", "86", "2468"


def on_screen(app: object) -> str:
    """Every text the app's screens hold (chat messages, notices, dialogs)."""
    parts = []
    for screen in app.screen_stack:  # type: ignore[attr-defined]
        for widget in screen.query("*"):
            if isinstance(widget, Static):
                parts.append(str(widget.render()))
            parts.append(str(getattr(widget, "source", "")))  # a Markdown widget's text
    return "\n".join(parts)


async def type_secret(pilot: object, app: object, secret: str) -> None:
    assert isinstance(app.screen, SecretScreen)  # type: ignore[attr-defined]
    app.screen.query_one(Input).value = secret  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await app.workers.wait_for_complete()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_wrong_or_short_pin_is_never_a_chat_message() -> None:
    await bob_visits(RIGHT)
    app = make_app(kiosk())
    async with app.run_test() as pilot:
        await say(pilot, "/user bob")
        await type_secret(pilot, app, WRONG)
        await say(pilot, "/user newcomer")
        await type_secret(pilot, app, SHORT)  # refused: too short
        text = on_screen(app)
        assert "not the PIN" in text and "4 to 200 characters" in text, "both tries are refused, and said so"
        for pin in (WRONG, SHORT):
            assert pin not in text, "never on screen"
            assert pin not in app.query_one(Composer).sent, "never in the composer's history"
            assert all(pin not in e.user for e in app.session.visitor.history), "never in the conversation"
        assert not app.session.visitor.history, "nothing was said to the concierge"
        await say(pilot, "/user bob")
        await type_secret(pilot, app, RIGHT)
        assert app.session.user == "bob" and RIGHT not in app.query_one(Composer).sent


async def test_a_pin_is_never_sent_to_the_model() -> None:
    await bob_visits(RIGHT)
    with FakeOpenAI(reply="Welcome.") as server:
        settings = load_settings({"base_url": server.base_url, "model": "fake", "kiosk": True})
        session = open_session(settings, env={})
        session.chat.client._http.timeout = httpx.Timeout(5, connect=5)
        app = make_app(session)
        async with app.run_test() as pilot:
            await say(pilot, "/user bob")
            await type_secret(pilot, app, WRONG)
            await say(pilot, "/user bob")
            await type_secret(pilot, app, RIGHT)
            await say(pilot, "Where is the cafe?")
        bodies = [call.body for call in server.calls()]
        assert bodies, "the visitor's real message did reach the model"
        for body in bodies:
            assert WRONG not in str(body) and RIGHT not in str(body)


async def test_a_new_pin_is_typed_twice_in_the_dialog() -> None:
    app = make_app(kiosk())
    async with app.run_test() as pilot:
        await say(pilot, "/user carl")
        await type_secret(pilot, app, RIGHT)
        assert isinstance(app.screen, SecretScreen) and "again" in app.screen.question, "asked a second time"
        await type_secret(pilot, app, RIGHT)
        assert app.session.user == "carl" and RIGHT not in on_screen(app)
