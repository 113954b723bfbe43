"""Local single-slot servers with their default settings (the llama-like fake): a 10-turn conversation,
prompts that fit the context window, cut-short and interrupted replies, deadlines, and stopping any wait."""

from __future__ import annotations

import asyncio
import os

import pytest

from museum_tui.conversation.events import (
    Event,
    FactsApplied,
    Notice,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    Working,
)
from museum_tui.llm.context import message_tokens
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault, LlamaLike, count_tokens

from .conftest import kinds, llm_session, run

CONVERSATION = [
    "Hi! I'm visiting today, and I should mention I'm deaf.",
    "I'm allergic to peanuts.",
    "I really love photography, especially mid-century stuff.",
    "I only have about an hour.",
    "I could really use a coffee.",
    "Where can I have one?",
    "Is there a lift to the second floor?",
    "What time do you close on Friday?",
    "Are there any tours this afternoon?",
    "Thanks, that's all!",
]
REPLY = "The Harbour Café is on the ground floor to the right of the main entrance; the allergen sheet is at the till."


async def converse(server: FakeOpenAI, **settings: object) -> tuple[int, list[list[Event]]]:
    session = llm_session(server, **settings)
    turns = [await run(session, text) for text in CONVERSATION]
    await session.aclose()
    answered = sum(1 for events in turns if any(isinstance(e, ReplyDone) for e in events))
    return answered, turns


async def test_ten_turns_on_a_single_slot_server_with_its_defaults_all_succeed() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, first_token_delay=0.05, token_delay=0.002, llama=LlamaLike()) as server:
        answered, turns = await converse(server)
        assert answered == 10, [kinds(t) for t in turns]
        assert server.interrupted == 0 and server.overflows == 0 and server.max_busy == 1
        applied = [e for t in turns for e in t if isinstance(e, FactsApplied)]
        # the canned reading (a peanut allergy) fits none of these messages: its refusals are the one warning
        warnings = [e.text for t in turns for e in t if isinstance(e, Notice) and e.level == "warning"]
        assert len(applied) == 10 and [w for w in warnings if "built-in rules" not in w] == []
        for call in server.calls():
            assert isinstance(call.body.get("max_tokens"), int), "every request says how long it may run"
            assert count_tokens(call.body["messages"]) + call.body["max_tokens"] <= 2048, "every prompt fits"
        chat_calls = server.calls("chat")
        assert all(c.body["max_tokens"] == 400 for c in chat_calls)
        assert all(message_tokens(c.body["messages"]) + 400 <= 2048 for c in chat_calls), "by our own estimate too"
        assert any(c.body["messages"][1]["role"] == "user" and len(c.body["messages"]) > 2 for c in chat_calls[1:]), (
            "the last exchange is kept while the venue block is shortened"
        )


async def test_extraction_beside_the_reply_cuts_it_and_the_cut_stream_is_retried_once() -> None:
    """The failure the issue reports, reproduced: extraction sent during the reply cuts it. The cut stream
    (no text yet, no finish_reason) is not taken for an empty reply: it is tried once more, behind the
    extraction, so every turn is still answered (later)."""
    llama = LlamaLike(json_late=0.1)  # the reply's request reaches the slot first, as it did on the real server
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, first_token_delay=0.5, llama=llama) as server:
        answered, turns = await converse(server, extraction_order="parallel")
        print(f"\nparallel order on a single-slot server: {answered}/10 answered, {server.interrupted} streams cut")
        assert server.interrupted >= 1
        # A stream cut before its first word is retried and answered; one cut after it (a loaded machine
        # can be that late) fails as interrupted, never as an "empty reply".
        failed = [e for t in turns for e in t if isinstance(e, TurnFailed)]
        assert answered + len(failed) == 10 and all(e.kind == "interrupted" for e in failed)


async def test_a_server_with_several_slots_gets_the_extraction_beside_the_reply() -> None:
    llama = LlamaLike(n_ctx=8192, props=True, slots=2)
    with FakeOpenAI(REPLY, first_token_delay=1.0, extract_delay=1.0, llama=llama) as server:
        session = llm_session(server)
        await run(session, "I'm deaf")
        assert server.max_busy == 2 and server.interrupted == 0
        limits = await session.chat.limits()
        assert limits.context_window == 8192 and limits.parallel_ok and limits.reported
        await session.aclose()


async def test_a_reply_cut_at_max_tokens_stays_marked_as_cut_and_the_visitors_facts_are_kept() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, llama=LlamaLike()) as server:
        session = llm_session(server, reply_max_tokens=16)
        events = await run(session, "I'm allergic to peanuts")
        assert not [e for e in events if isinstance(e, TurnFailed)]
        done = next(e for e in events if isinstance(e, ReplyDone))
        assert done.cut and done.text == " ".join(REPLY.split(" ")[:16])
        assert [f.value for f in session.store.facts.values()] == ["peanuts"], "the visitor's words still count"
        assert session.store.turn == 1 and session.visitor.history[-1].assistant == done.text
        await session.aclose()


async def test_a_local_server_is_asked_for_a_repetition_penalty() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, llama=LlamaLike()) as server:
        session = llm_session(server)
        await run(session, "Hello")
        body = server.calls("chat")[0].body
        assert body["repeat_penalty"] > 1.1, "llama.cpp's own default (1.1) does not stop a small model looping"
        await session.aclose()


async def test_a_message_that_cannot_fit_says_so_and_sends_nothing() -> None:
    with FakeOpenAI(REPLY, llama=LlamaLike(n_ctx=1024)) as server:
        session = llm_session(server, context_window=1024)
        events = await run(session, "Tell me about the museum. " * 150)
        failed = next(e for e in events if isinstance(e, TurnFailed))
        assert failed.kind == "context" and not failed.retryable and "1,024 tokens" in failed.reason
        assert not server.calls(), "a prompt that cannot fit is never sent"
        await session.aclose()


async def test_a_server_overflow_error_is_not_offered_a_retry() -> None:
    with FakeOpenAI(REPLY) as server:
        server.always(
            "chat",
            Fault(status=400, body={"error": {"message": "Requested tokens (2054) exceed context window of 2048"}}),
        )
        session = llm_session(server)
        events = await run(session, "hello")
        failed = next(e for e in events if isinstance(e, TurnFailed))
        assert failed.kind == "context" and not failed.retryable and "/clear" in failed.reason
        await session.aclose()


async def test_working_events_mark_the_waits() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, llama=LlamaLike()) as server:
        session = llm_session(server)
        events = await run(session, "I'm allergic to peanuts")
        names = [type(e).__name__ for e in events]
        assert events[0] == Working("thinking") and names[1] == "ReplyChunk"
        done = names.index("ReplyDone")
        assert events[done + 1] == Working("remembering") and names[done + 2] == "FactsApplied"
        await session.aclose()


async def consume_until(session, text: str, until: Event, seen: list[Event]) -> asyncio.Task[None]:
    """Run a turn in a task until it has emitted `until`."""

    async def consume() -> None:
        async for event in session.handle(text):
            seen.append(event)

    task = asyncio.create_task(consume())
    for _ in range(1000):
        if until in seen:
            return task
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {until}")


async def test_esc_while_memory_updates_keeps_the_reply_and_drops_the_facts() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, extract_delay=30, llama=LlamaLike()) as server:
        session = llm_session(server)
        seen: list[Event] = []
        task = await consume_until(session, "I'm allergic to peanuts", Working("remembering"), seen)
        session.cancel()
        await task
        notice = next(e for e in seen if isinstance(e, Notice))
        assert "Stopped updating memory" in notice.text and "reply stays" in notice.text
        assert not session.store.facts and session.visitor.history[-1].assistant == REPLY
        assert not session.busy
        await session.aclose()


async def test_esc_before_the_first_word_stops_the_wait() -> None:
    with FakeOpenAI(REPLY, first_token_delay=30, llama=LlamaLike()) as server:
        session = llm_session(server)
        seen: list[Event] = []
        task = await consume_until(session, "hello", Working("thinking"), seen)
        session.cancel()
        await task
        assert kinds(seen) == ["TurnCancelled"] and seen[-1] == TurnCancelled("")
        assert session.visitor.failed_text == "hello", "/retry can run it again"
        await session.aclose()


async def test_an_extraction_that_drips_is_stopped_by_its_deadline() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY) as server:
        server.always("json", Fault(drip=0.05))
        session = llm_session(server)
        session.settings.extract_timeout = 0.5
        events = await run(session, "I'm allergic to peanuts")
        assert any(isinstance(e, ReplyDone) for e in events)
        notice = next(e for e in events if isinstance(e, Notice))
        assert "within 0.5 s" in notice.text and "built-in reading was kept" in notice.text
        assert [f.value for f in session.store.facts.values()] == ["peanuts"], "the built-in floor's reading"
        await session.aclose()


async def test_the_extraction_asks_for_no_more_tokens_than_the_window_has_room_for() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, llama=LlamaLike()) as server:
        session = llm_session(server)
        await run(session, "I'm allergic to peanuts")
        (call,) = server.calls("json")
        assert call.body["max_tokens"] < 600 and message_tokens(call.body["messages"]) + call.body["max_tokens"] <= 2048
        assert [f.value for f in session.store.facts.values()] == ["peanuts"]
        await session.aclose()


@pytest.mark.parametrize("order", ["parallel", "after_reply", "before_reply"])
async def test_every_extraction_order_remembers_the_facts(order: str) -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY) as server:
        session = llm_session(server, extraction_order=order)
        events = await run(session, "I'm allergic to peanuts")
        assert kinds(events)[-3:] == ["ReplyDone", "FactsApplied", "MemoryTicked"]
        assert [f.value for f in session.store.facts.values()] == ["peanuts"]
        first = server.calls()[0].body["stream"]
        assert first is {"parallel": first, "after_reply": True, "before_reply": False}[order]
        await session.aclose()


async def test_a_reply_that_stops_part_way_without_a_reason_is_not_kept_once_the_server_gives_reasons() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY) as server:
        session = llm_session(server)
        server.fail("chat", Fault(no_finish=True))
        assert "ReplyDone" in kinds(await run(session, "hello")), "a server that never says why: complete"
        assert "ReplyDone" in kinds(await run(session, "hello again"))  # this one ends with finish_reason "stop"
        server.fail("chat", Fault(no_finish=True))
        events = await run(session, "I'm allergic to peanuts")
        failed = next(e for e in events if isinstance(e, TurnFailed))
        assert failed.kind == "interrupted" and failed.retryable and failed.partial == REPLY
        assert "peanuts" not in {f.value for f in session.store.facts.values()}
        await session.aclose()


@pytest.mark.realserver
@pytest.mark.skipif(not os.environ.get("MUSEUM_TUI_REAL_BASE_URL"), reason="set MUSEUM_TUI_REAL_BASE_URL to run")
async def test_ten_turns_against_a_real_server_with_its_defaults() -> None:
    """MUSEUM_TUI_REAL_BASE_URL, e.g. a llama-cpp-python server started with its defaults (see
    tools/real_server_check.sh): every turn is answered, or cut short at reply_max_tokens; never an empty,
    interrupted or overflowing turn."""
    from museum_tui.config import load_settings
    from museum_tui.conversation import open_session

    settings = load_settings({"base_url": os.environ["MUSEUM_TUI_REAL_BASE_URL"], "user": "real"})
    session = open_session(settings)
    turns = [await run(session, text) for text in CONVERSATION]
    await session.aclose()
    answered = sum(1 for events in turns if any(isinstance(e, ReplyDone) for e in events))
    failed = [e for t in turns for e in t if isinstance(e, TurnFailed)]
    print(f"\nreal server: {answered}/10 answered; failures: {[e.kind or e.reason for e in failed]}")
    # A tiny model may still ramble past reply_max_tokens: that turn is reported as cut short, correctly.
    assert answered + len(failed) == 10 and all(e.kind == "cut_short" for e in failed) and answered >= 7
