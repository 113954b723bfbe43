"""The app shows it is working from send to the first word and while memory updates; Esc stops either wait."""

from __future__ import annotations

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.tui.widgets.chat import AssistantMessage, SystemMessage
from museum_tui.tui.widgets.working import WorkingIndicator
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, LlamaLike

from .conftest import make_app

REPLY = "The café is on the ground floor."


async def wait_for(pilot, condition) -> None:
    for _ in range(1000):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("never happened")


async def test_thinking_then_esc_stops_the_wait() -> None:
    with FakeOpenAI(REPLY, first_token_delay=30, llama=LlamaLike()) as server:
        session = open_session(load_settings({"base_url": server.base_url, "user": "tui"}), env={})
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            indicator = app.query_one(WorkingIndicator)
            assert not indicator.display or not indicator.has_class("-on")
            app.query_one("#composer").value = "Where is the café?"
            await pilot.press("enter")
            await wait_for(pilot, lambda: indicator.stage == "thinking")
            assert "Thinking…" in str(indicator.render()) and "Esc to stop" in str(indicator.render())
            await pilot.press("escape")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert indicator.stage is None and not indicator.has_class("-on")
            assert any("Stopped" in m.source for m in app.query(SystemMessage))
            assert not app.session.busy


async def test_updating_memory_is_shown_and_esc_stops_it_keeping_the_reply() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, extract_delay=30, llama=LlamaLike()) as server:
        session = open_session(load_settings({"base_url": server.base_url, "user": "tui2"}), env={})
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            indicator = app.query_one(WorkingIndicator)
            app.query_one("#composer").value = "I'm allergic to peanuts"
            await pilot.press("enter")
            await wait_for(pilot, lambda: indicator.stage == "remembering")
            assert "Updating memory…" in str(indicator.render())
            assert REPLY in list(app.query(AssistantMessage))[-1].text
            await pilot.press("escape")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert indicator.stage is None
            assert any("Stopped updating memory" in m.source for m in app.query(SystemMessage))
            assert REPLY in list(app.query(AssistantMessage))[-1].text and not app.session.store.facts
