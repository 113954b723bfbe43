"""The memory layers inside a real Session: recall of what faded, the summary in the prompt, visits."""

from __future__ import annotations

import json

from museum_tui.config import load_settings
from museum_tui.conversation import open_memory
from museum_tui.conversation.events import FactsApplied, ReplyDone
from tests.fake_openai import FakeOpenAI

from .conftest import llm_session, offline_session, run


async def test_coffee_fades_then_where_can_i_have_one_brings_it_back_with_the_cafe() -> None:
    session = offline_session("recaller")
    await run(session, "I could really use a coffee.")
    for text in ["What's on today?", "Thanks!", "Is there a lift?", "What time do you close?"]:
        await run(session, text)
        if not any(f.value == "coffee" for f in session.store.facts.values()):
            break
    assert not any(f.value == "coffee" for f in session.store.facts.values()), "the coffee has faded"
    events = await run(session, "Where can I have one?")
    reply = next(e for e in events if isinstance(e, ReplyDone))
    applied = next(e for e in events if isinstance(e, FactsApplied))
    assert "Café" in reply.text
    assert [(c.kind, c.value) for c in applied.changes if c.kind == "recalled"] == [("recalled", "coffee")]
    assert any(f.value == "coffee" for f in session.store.facts.values()) and session.visitor.recalled == 1
    await session.aclose()


async def test_forgetting_reaches_a_faded_fact_so_it_can_never_be_recalled() -> None:
    session = offline_session("forgetter")
    await run(session, "I could really use a coffee.")
    while any(f.value == "coffee" for f in session.store.facts.values()):
        await run(session, "Thanks!")
    await run(session, "/forget coffee")
    events = await run(session, "Where can I have one?")
    applied = next(e for e in events if isinstance(e, FactsApplied))
    assert not [c for c in applied.changes if c.kind == "recalled"] and len(session.visitor.faded) == 0
    await session.aclose()


async def test_an_early_detail_rides_in_the_prompt_after_it_left_the_history() -> None:
    with FakeOpenAI(reply="Welcome!") as server:
        session = llm_session(server, user="lisbon")
        session.settings.history_window = 4  # two exchanges
        session.settings.context_window = 32768  # room for them: the window, not the budget, trims here
        await run(session, "Hi! We've come from Lisbon for the weekend.")
        for _ in range(6):
            await run(session, "What time do you close?")
        await run(session, "Anything else?")
        messages = server.calls("chat")[-1].body["messages"]
        assert len(messages) == 1 + 4 + 1 and "Lisbon" not in json.dumps(messages[1:])
        assert "Lisbon" in messages[0]["content"] and "Earlier in this conversation" in messages[0]["content"]
        await session.aclose()


async def test_visits_are_saved_and_a_returning_visitor_is_welcomed_back(monkeypatch) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-03-01T10:00:00+00:00")
    session = offline_session("returner")
    await run(session, "I'm deaf, by the way.")
    await session.aclose()
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-03-09T10:00:00+00:00")
    again = offline_session("returner")
    greeting = again.welcome_back()
    assert greeting is not None and greeting.startswith("Welcome back") and "last visit was 8 days ago" in greeting
    assert "deaf" in greeting.lower() or "hearing" in greeting.lower() or "caption" in greeting.lower()
    _, memory_file, _ = open_memory(load_settings({"offline": True, "user": "returner"}))
    assert [v.turns for v in memory_file.visits.past] == [1]
    await again.aclose()
    assert json.loads(json.dumps([v.record() for v in memory_file.visits.past]))[0]["topics"]


async def test_the_memory_overview_has_this_visits_timeline_visits_and_health() -> None:
    session = offline_session("timeline")
    await run(session, "I could really use a coffee.")
    while any(f.value == "coffee" for f in session.store.facts.values()):
        await run(session, "Thanks!")
    await run(session, "Where can I have one?")
    await run(session, "/forget coffee")
    (result,) = [e for e in await run(session, "/memory") if e.overview is not None]
    overview = result.overview
    kinds = [(t.kind, t.value) for t in overview.timeline]
    assert kinds == [("created", "coffee"), ("pruned", "coffee"), ("recalled", "coffee"), ("forgotten", "coffee")]
    assert [v.turns for v in overview.visits] == [session.store.turn]
    assert 0 <= overview.score <= 100 and overview.snapshot.health.startswith("health ")
    await session.aclose()
