"""No visitor's words in another visitor's memory: `/user` while a turn is still being committed.

The race as a kiosk meets it: a visitor says something, the reply appears, and the next visitor switches
before the first turn's (slow) extraction has finished. The turn must commit to the visitor who said it.
"""

from __future__ import annotations

import asyncio

from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_memory
from museum_tui.conversation.events import Event, FactsApplied, MemoryTicked, ReplyDone, UserSwitched
from tests.fake_openai import FakeOpenAI

from .conftest import llm_session, run

DEAF = {
    "facts": [
        {"concept": "SpecialNeed.HearingImpairment", "value": "deaf", "polarity": "asserted", "evidence": "I'm deaf"}
    ]
}
SAID = "I'm deaf, by the way"


def saved_values(user: str) -> set[str]:
    store, _, _ = open_memory(load_settings({"offline": True, "user": user}))
    return {f.value for f in store.facts.values()}


async def until(events: list[Event], kind: type) -> None:
    """Wait (10 s at most) until an event of `kind` has arrived."""
    for _ in range(1000):
        if any(isinstance(e, kind) for e in events):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {kind.__name__} within 10 s")


def in_background(session: Session, text: str) -> tuple[asyncio.Task[None], list[Event]]:
    """Run a line as a front end would, in its own task; the list fills with its events as they come."""
    seen: list[Event] = []

    async def consume() -> None:
        async for event in session.handle(text):
            seen.append(event)

    return asyncio.create_task(consume()), seen


async def test_a_switch_during_a_slow_extraction_commits_to_the_visitor_who_spoke() -> None:
    with FakeOpenAI(reply="Noted: captions are on every film.", facts=DEAF, extract_delay=1.0) as server:
        session = llm_session(server, user="alice")
        turn, seen = in_background(session, SAID)
        await until(seen, ReplyDone)
        assert session.busy, "the extraction is still running"
        switched = await run(session, "/user bob")
        assert next(e for e in switched if isinstance(e, UserSwitched)).snapshot.facts == ()
        assert not session.busy, "the next visitor can talk at once"
        await turn
        assert not any(isinstance(e, FactsApplied | MemoryTicked) for e in seen), "alice's facts never reach bob"
        assert session.user == "bob" and not session.store.facts and not session.visitor.history
        assert "deaf" in saved_values("alice") and "deaf" not in saved_values("bob")
        await session.aclose()
        assert "deaf" not in saved_values("bob")


async def test_closing_while_a_turn_commits_still_saves_it_to_its_visitor() -> None:
    with FakeOpenAI(reply="Noted.", facts=DEAF, extract_delay=0.5) as server:
        session = llm_session(server, user="carol")
        turn, seen = in_background(session, SAID)
        await until(seen, ReplyDone)
        turn.cancel()  # the front end stops listening (the app is closing)
        await asyncio.gather(turn, return_exceptions=True)
        await session.aclose()  # waits for the commit the session owns
        assert saved_values("carol") == {"deaf"}


async def test_a_switch_while_the_reply_streams_stops_it_and_keeps_nothing() -> None:
    with FakeOpenAI(reply="word " * 200, facts=DEAF, token_delay=0.01) as server:
        session = llm_session(server, user="dave")
        turn, seen = in_background(session, SAID)
        for _ in range(500):
            if seen:
                break
            await asyncio.sleep(0.01)
        await run(session, "/user erin")
        await turn
        assert not any(isinstance(e, ReplyDone) for e in seen), "the stopped reply is not shown as finished"
        await session.aclose()
        assert saved_values("dave") == set() and saved_values("erin") == set()
