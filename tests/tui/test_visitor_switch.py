"""`/user` in the app while the previous visitor's turn is still being committed (slow extraction)."""

from __future__ import annotations

from museum_tui.config import load_settings
from museum_tui.conversation import open_memory, open_session
from museum_tui.tui.widgets.chat import AssistantMessage
from museum_tui.tui.widgets.fact_list import FactList
from tests.fake_openai import FakeOpenAI

from .conftest import make_app, say

DEAF = {
    "facts": [
        {"concept": "SpecialNeed.HearingImpairment", "value": "deaf", "polarity": "asserted", "evidence": "I'm deaf"}
    ]
}


def saved_values(user: str) -> set[str]:
    store, _, _ = open_memory(load_settings({"offline": True, "user": user}))
    return {f.value for f in store.facts.values()}


async def test_user_switch_right_after_the_reply_keeps_each_visitors_memory_their_own() -> None:
    with FakeOpenAI(reply="Every film here has captions.", facts=DEAF, extract_delay=1.5) as server:
        session = open_session(load_settings({"base_url": server.base_url, "user": "alice"}), env={})
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            composer = app.query_one("#composer")
            composer.value = "I'm deaf, by the way"
            await pilot.press("enter")
            for _ in range(500):  # until the reply is on screen (its extraction still running)
                replies = list(app.query(AssistantMessage))
                if replies and "captions" in replies[-1].text and "—" in str(replies[-1].agent_line.render()):
                    break
                await pilot.pause(0.01)
            assert app.session.busy, "the extraction has not finished yet"
            await say(pilot, "/user bob")
            for _ in range(200):  # the first visitor's extraction finishes meanwhile (1.5 s after it began)
                if "deaf" in saved_values("alice"):
                    break
                await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.session.user == "bob" and "bob" in app.sub_title
            assert not list(app.query_one(FactList).facts), "nothing of alice's in bob's panel"
            assert not list(app.query(AssistantMessage)), "nothing of alice's conversation on screen"
        assert "deaf" in saved_values("alice") and "deaf" not in saved_values("bob")


async def test_a_returning_visitor_is_welcomed_back_with_a_pick_in_markdown(monkeypatch) -> None:
    from museum_tui.tui.widgets.chat import SystemMessage

    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-11-16T10:30:00")
    first = open_session(load_settings({"offline": True, "user": "ruth"}))
    async for _ in first.handle("I love photography and I use a wheelchair"):
        pass
    await first.aclose()
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-11-23T10:30:00")
    again = make_app(user="ruth")
    async with again.run_test(size=(120, 36)) as pilot:
        await again.wait_until_ready()  # read after the first frame, then greeted
        await pilot.pause()
        (greeting,) = [m for m in again.query(SystemMessage) if "Welcome back" in m.source]
        assert "Your last visit was 7 days ago" in greeting.source
        assert "**" in greeting.source and "\\*\\*" not in greeting.source, "the pick is bold, not escaped"
