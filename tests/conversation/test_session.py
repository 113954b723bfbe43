"""The Session: one turn's events, commit-on-complete, failures and cancellation, persistence."""

from __future__ import annotations

import asyncio

from museum_tui.conversation.events import (
    FactsApplied,
    MemoryTicked,
    Notice,
    ReplyChunk,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    Working,
)
from tests.fake_openai import Fault

from .conftest import kinds, llm_session, offline_session, run

WALKTHROUGH = [
    "Hi! I'm visiting today, and I should mention I'm deaf.",
    "I really love photography, especially mid-century stuff.",
    "I only have about an hour.",
    "I could really use a coffee.",
    "Where can I have one?",
]


async def test_a_turn_emits_reply_then_facts_then_tick(session) -> None:
    events = await run(session, "I could really use a coffee.")
    names = kinds(events)
    assert names[0] == "ReplyChunk" and names[-3:] == ["ReplyDone", "FactsApplied", "MemoryTicked"]
    done = next(e for e in events if isinstance(e, ReplyDone))
    assert done.agent == "food" and "Harbour Café" in done.text
    assert done.text == "".join(e.text for e in events if isinstance(e, ReplyChunk))
    applied = next(e for e in events if isinstance(e, FactsApplied))
    assert [(c.kind, c.value) for c in applied.changes] == [("created", "coffee")] and applied.learned
    ticked = next(e for e in events if isinstance(e, MemoryTicked))
    assert ticked.snapshot.turn == 1 and ticked.snapshot.facts[0].salience == 0.55


async def test_walkthrough_coffee_fades_while_deafness_and_photography_stay() -> None:
    session = offline_session("walker")
    for text in WALKTHROUGH:
        await run(session, text)
    assert "coffee" in [f.value for f in session.store.facts.values()], "still alive to answer 'one'"
    for text in ["What else is on?", "Thanks!", "What time do you close?"]:
        await run(session, text)
    values = {f.value for f in session.store.facts.values()}
    assert "coffee" not in values and {"deaf", "photography", "1 hour"} <= values
    await session.aclose()

    again = offline_session("walker")
    values = {f.value for f in again.store.facts.values()}
    assert {"deaf", "photography", "mid-century"} <= values and "1 hour" not in values
    await again.aclose()


async def test_chat_reply_does_not_wait_for_extraction(server) -> None:
    """With extraction_order = "parallel" (the default for hosted APIs; the fake server is local)."""
    server.script.extract_delay = 0.5
    server.script.facts = {
        "facts": [
            {"concept": "ImmediateNeed.Refreshment", "value": "coffee", "polarity": "asserted", "evidence": "a coffee"}
        ]
    }
    session = llm_session(server, extraction_order="parallel")
    events = []
    async for event in session.handle("I could really use a coffee"):
        if isinstance(event, ReplyChunk) and not kinds(events):
            for _ in range(300):  # the extraction request is in flight while the reply streams
                if server.calls("json"):
                    break
                await asyncio.sleep(0.01)
            assert len(server.calls("json")) == 1, "extraction was already running"
            assert not session.store.facts, "…and nothing is applied before the turn completes"
        events.append(event)
    assert kinds(events)[-3:] == ["ReplyDone", "FactsApplied", "MemoryTicked"]
    assert [f.value for f in session.store.facts.values()] == ["coffee"]
    system = server.calls("chat")[0].body["messages"][0]["content"]
    assert "Harbour" in system and "What you know about this visitor" in system
    await session.aclose()


async def test_facts_before_reply_puts_this_messages_facts_in_the_reply_prompt(server) -> None:
    """The seed's order, as an option: the reply waits for extraction and its memory block holds the
    new fact; if the reply then fails, the store is exactly as before (the preview was a copy)."""
    server.script.facts = {
        "facts": [
            {"concept": "Profile.Language", "value": "Italian", "polarity": "asserted", "evidence": "I speak Italian"}
        ]
    }

    def memory_part(call) -> str:
        return call.body["messages"][0]["content"].split("What you know about this visitor", 1)[1]

    default = llm_session(server, user="overlapped")
    await run(default, "I speak Italian")
    assert "Italian" not in memory_part(server.calls("chat")[-1])
    await default.aclose()

    waiting = llm_session(server, user="waiting")
    waiting.settings.facts_before_reply = True
    server.fail("chat", Fault(status=401))
    events = await run(waiting, "I speak Italian")
    assert any(isinstance(e, TurnFailed) for e in events)
    assert "Italian" in memory_part(server.calls("chat")[-1])
    assert not waiting.store.facts and waiting.store.turn == 0, "a failed reply commits nothing"
    events = await run(waiting, "/retry")
    assert "ReplyDone" in kinds(events) and [f.value for f in waiting.store.facts.values()] == ["Italian"]
    assert "Italian" in memory_part(server.calls("chat")[-1]) and waiting.store.turn == 1
    await waiting.aclose()


async def test_failed_reply_changes_nothing_and_retry_runs_it_again(server) -> None:
    session = llm_session(server)
    await run(session, "I'm vegan")
    before = (
        {f.id: f.salience for f in session.store.facts.values()},
        session.store.turn,
        len(session.visitor.history),
    )
    server.fail("chat", Fault(status=401))
    events = await run(session, "I could really use a coffee")
    failed = next(e for e in events if isinstance(e, TurnFailed))
    assert "wants an API key (HTTP 401)" in failed.reason and "--offline" in failed.reason
    assert not failed.retryable
    assert not any(isinstance(e, FactsApplied | MemoryTicked) for e in events)
    after = ({f.id: f.salience for f in session.store.facts.values()}, session.store.turn, len(session.visitor.history))
    assert after == before
    events = await run(session, "/retry")
    assert "ReplyDone" in kinds(events) and session.store.turn == before[1] + 1
    assert session.visitor.history[-1].user == "I could really use a coffee"
    await session.aclose()


async def test_extraction_failure_still_answers_and_the_built_in_floor_stands(server) -> None:
    server.always("json", Fault(status=500))
    session = llm_session(server)
    events = await run(session, "I'm allergic to peanuts and I love Monet")
    assert "ReplyDone" in kinds(events)
    notice = next(e for e in events if isinstance(e, Notice))
    assert "could not read that message" in notice.text and "HTTP 500" in notice.text
    assert "built-in reading was kept" in notice.text
    assert sorted(f.value for f in session.store.facts.values()) == ["Monet", "peanuts"]
    assert session.store.turn == 1
    await session.aclose()


async def test_cancel_keeps_partial_text_and_commits_nothing(server) -> None:
    server.script.reply = " ".join(["slowly"] * 100)
    server.script.token_delay = 0.02
    session = llm_session(server)
    events = []
    async for event in session.handle("Tell me everything"):
        events.append(event)
        if isinstance(event, ReplyChunk) and len(events) == 3:
            session.cancel()
    cancelled = events[-1]
    assert isinstance(cancelled, TurnCancelled) and cancelled.partial.startswith("slowly slowly")
    assert (
        session.store.turn == 0 and not session.visitor.history and session.visitor.failed_text == "Tell me everything"
    )
    for _ in range(300):
        if server.disconnects:
            break
        await asyncio.sleep(0.01)
    assert server.disconnects == ["stream"]
    await session.aclose()


async def test_a_huge_paste_is_cut_with_a_notice(session) -> None:
    events = await run(session, "I'm vegan. " + "x" * 1_000_000)
    assert isinstance(events[0], Notice) and "only the first 4,000 were read" in events[0].text
    assert [f.value for f in session.store.facts.values()] == ["vegan"]


async def test_empty_and_control_only_messages_send_nothing(session) -> None:
    for text in ["", "   ", "\x1b[2J\x07"]:
        events = await run(session, text)
        assert kinds(events) == ["Notice"]
    assert session.store.turn == 0


async def test_escape_sequences_in_model_output_are_neutralised(server) -> None:
    server.script.reply = "Hello \x1b]52;c;ZXZpbA==\x07 visitor \x1b[2J"
    session = llm_session(server)
    events = await run(session, "hi")
    done = next(e for e in events if isinstance(e, ReplyDone))
    assert "\x1b" not in done.text and "\x07" not in done.text
    await session.aclose()


async def test_history_is_a_bounded_window(server) -> None:
    session = llm_session(server, context_window=32768)  # room for everything: only the window trims
    session.settings.history_window = 4
    for i in range(6):
        await run(session, f"message {i}")
    messages = server.calls("chat")[-1].body["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[-1]["content"] == "message 5" and messages[1]["content"] == "message 3"
    await session.aclose()


async def test_an_empty_reply_is_a_failed_turn(server) -> None:
    server.script.reply = ""
    session = llm_session(server)
    events = [e for e in await run(session, "I'm vegan") if not isinstance(e, Working)]
    assert kinds(events) == ["TurnFailed"] and "empty reply" in events[0].reason and events[0].retryable
    assert session.store.turn == 0 and not session.store.facts
    await session.aclose()


async def test_a_slip_in_one_message_keeps_what_was_meant() -> None:
    """Found using the app: "I've got a nut allergy - actually no, it's just walnuts" remembered nothing: the
    turn said "walnuts", then took back "nuts", and values match loosely, so the walnuts went too. What is
    taken back is taken back first."""
    session = offline_session("slipper")
    await run(session, "I've got a nut allergy - actually no, it's just walnuts")
    held = {(f.concept, f.value) for f in session.store.facts.values()}
    assert ("SpecialNeed.Allergy", "walnuts") in held, held
    await session.aclose()


async def test_a_way_asked_without_a_question_mark_after_a_members_need_is_the_route() -> None:
    """Found using the app: "my mum's here too, she uses a wheelchair. need to get her up to the light room,
    which way is best" had the step-free leaflet (the need was told, and no "?" asked): "which way" asks."""
    session = offline_session("way")
    events = await run(
        session, "my mum's here too, she uses a wheelchair. need to get her up to the light room, which way is best"
    )
    reply = "".join(e.text for e in events if type(e).__name__ == "ReplyChunk")
    assert "Light Room" in reply and "Lift A" in reply and "third floor" in reply, reply
    await session.aclose()
