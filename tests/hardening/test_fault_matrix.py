"""Every LLM fault, on the reply and on the extraction, through the session, `chat --plain` and the TUI.

For each: what the visitor is told, whether the client retried, that a failed reply commits nothing
(memory and turn unchanged) while a failed extraction still lets the reply arrive and stores no facts,
and that `/retry` then works. The fake server (tests/fake_openai.py) plays each fault for real over HTTP.
Extraction is one JSON request, not a stream: a mid-stream drop or SSE error event cannot happen to it.
"""

from __future__ import annotations

import subprocess
from typing import Any

import httpx
import pytest

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import FactsApplied, Notice, ReplyDone, TurnFailed
from museum_tui.tui.widgets.chat import AssistantMessage, SystemMessage
from tests.cli_process import museum
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault
from tests.tui.conftest import make_app, say

REPLY = "The café is on the ground floor today."
MESSAGE = "I'm allergic to peanuts"

# name: (fault, retried by the client, words the visitor is shown)
FAULTS: dict[str, tuple[Fault, bool, str]] = {
    "timeout before headers": (Fault(hang=True), True, "in time"),
    "slow drip": (Fault(drip=0.5), True, "in time"),
    "drop mid-stream": (Fault(drop_after=3), False, "dropped"),
    "401": (Fault(status=401), False, "API key"),
    "402": (Fault(status=402), False, "credits"),
    "429 Retry-After": (Fault(status=429, retry_after="0"), True, "rate-limiting"),
    "500": (Fault(status=500), True, "HTTP 500"),
    "502": (Fault(status=502), True, "HTTP 502"),
    "503": (Fault(status=503), True, "HTTP 503"),
    "SSE error event": (Fault(error_event_after=2), False, "error part-way"),
    "invalid JSON": (Fault(garbage=True), False, "not valid JSON"),
    "10 MB body": (Fault(oversize=10_000_000), False, "longer than"),
}
STREAM_ONLY = {"drop mid-stream", "SSE error event"}
EXTRACTION_FAULTS = [name for name in FAULTS if name not in STREAM_ONLY]
EXTRACTION_WORDS = {"invalid JSON": "not", "10 MB body": "larger"}  # said of a JSON answer, not a stream


def session_for(server: FakeOpenAI, user: str, read_timeout: float = 0.3) -> Session:
    session = open_session(load_settings({"base_url": server.base_url, "model": "fake", "user": user}), env={})
    client = session.chat.client
    client.backoff_base, client.retry_after_cap, client.max_retries = 0.01, 0.05, 1
    # "no answer in time" after 0.3 s, not 60; a fault that needs no short wait gets time to connect on a loaded
    # machine (CI once saw a 429 test record one call: the retry's connection had timed out before reaching it)
    client._http.timeout = httpx.Timeout(read_timeout, connect=max(0.3, read_timeout))
    return session


async def turn(session: Session, text: str) -> list[Any]:
    return [event async for event in session.handle(text)]


def saved_values(user: str) -> str:
    path = config.users_dir() / f"{user}.toml"
    return path.read_text(encoding="utf-8") if path.exists() else ""


# ---- the session --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FAULTS))
async def test_a_failed_reply_commits_nothing_and_retry_answers(name: str) -> None:
    fault, retried, words = FAULTS[name]
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        # 10 MB take longer than 0.3 s to send on a loaded machine: only the timeouts need the short wait
        session = session_for(server, "reply", 0.3 if fault.hang or fault.drip else 10.0)
        server.always("chat", fault)
        events = await turn(session, MESSAGE)
        (failed,) = [e for e in events if isinstance(e, TurnFailed)]
        assert words in failed.reason and "Traceback" not in failed.reason
        assert failed.retryable == retried
        assert len(server.calls("chat")) == (2 if retried else 1), "retried once (max_retries=1) or not at all"
        assert session.store.turn == 0 and not session.store.facts, "nothing from the failed turn is kept"
        assert not any(isinstance(e, (ReplyDone, FactsApplied)) for e in events)
        server.always("chat", None)
        again = await turn(session, "/retry")
        assert any(isinstance(e, ReplyDone) for e in again)
        assert [f.value for f in session.store.facts.values()] == ["peanuts"] and session.store.turn == 1
        await session.aclose()


@pytest.mark.parametrize("name", EXTRACTION_FAULTS)
async def test_a_failed_extraction_still_replies_and_the_built_in_reading_stands(name: str) -> None:
    """Issue 26 item 6: the built-in extractor is a floor under the model, also when the model's call fails
    (an HTTP error, no answer in time, no JSON): its facts are remembered and the visitor is told why the
    model's are not. A fact the floor cannot read is still lost (the model was the only reader)."""
    fault, retried, words = FAULTS[name]
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        session = session_for(server, "extract", 0.3 if fault.hang or fault.drip else 10.0)
        server.always("json", fault)
        events = await turn(session, MESSAGE)
        assert any(isinstance(e, ReplyDone) for e in events), "the reply arrived"
        notices = [e.text for e in events if isinstance(e, Notice)]
        assert any("could not read" in n and EXTRACTION_WORDS.get(name, words) in n for n in notices), notices
        assert not any("Nothing was remembered" in n for n in notices)
        (fact,) = session.store.facts.values()
        assert (fact.value, fact.source) == ("peanuts", session.fact_source.name)
        assert len(server.calls("json")) >= (2 if retried else 1)
        server.always("json", None)
        await turn(session, "I'm still allergic to peanuts")  # the next message is read by the model as usual
        assert [f.value for f in session.store.facts.values()] == ["peanuts"]
        await session.aclose()


async def test_connection_refused_is_explained_and_retry_works_once_the_server_is_up() -> None:
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        url = server.base_url
    session = open_session(load_settings({"base_url": url, "model": "fake", "user": "refused"}), env={})
    session.chat.client.backoff_base = 0.01
    events = await turn(session, MESSAGE)
    (failed,) = [e for e in events if isinstance(e, TurnFailed)]
    assert failed.retryable and "cannot reach" in failed.reason.lower() and not session.store.facts
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY, port=port):
        again = await turn(session, "/retry")
    assert any(isinstance(e, ReplyDone) for e in again) and session.store.facts
    await session.aclose()


# ---- chat --plain, a real process ------------------------------------------------------------------------


def plain(server: FakeOpenAI, user: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return museum("chat", "--plain", "--base-url", server.base_url, "--user", user, stdin=stdin)


PLAIN_CHAT_FAULTS = [n for n in FAULTS if n not in ("timeout before headers", "slow drip")]


def test_plain_chat_says_what_went_wrong_for_each_reply_fault_and_retry_works() -> None:
    """One process meets every reply fault in turn (each time every automatic retry fails too), then /retry
    answers: one error line per fault, in order, with its words, and one answer per /retry."""
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        for name in PLAIN_CHAT_FAULTS:
            fault, retried, _words = FAULTS[name]
            server.fail("chat", fault, times=4 if retried else 1)
            server.fail("chat", Fault())  # /retry is answered
        result = plain(server, "plain", f"{MESSAGE}\n/retry\n" * len(PLAIN_CHAT_FAULTS))
        assert len(server.calls("chat")) == sum(5 if FAULTS[n][1] else 2 for n in PLAIN_CHAT_FAULTS), "all played"
    out = result.stdout + result.stderr
    assert result.returncode == 0 and "Traceback" not in out
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert len(errors) == len(PLAIN_CHAT_FAULTS)
    for name, error in zip(PLAIN_CHAT_FAULTS, errors, strict=True):
        assert FAULTS[name][2] in error, (name, error)
    assert out.count(REPLY) == len(PLAIN_CHAT_FAULTS), "each answered once, by /retry"
    assert "peanuts" in saved_values("plain")


@pytest.mark.parametrize("name", ["500", "invalid JSON"])
def test_plain_chat_says_the_models_reading_failed_and_the_built_in_one_stands(name: str) -> None:
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        server.fail("json", FAULTS[name][0], times=4)  # every fallback request format fails too
        result = plain(server, "plain", f"{MESSAGE}\n/retry\n")
    out = result.stdout + result.stderr
    assert result.returncode == 0 and "Traceback" not in out
    # the model's reading failed: the built-in floor's stood, and the visitor was told
    assert out.count(REPLY) == 1 and "could not read that message" in out
    assert "peanuts" in saved_values("plain")


# ---- the TUI -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["timeout before headers", "drop mid-stream", "401", "429 Retry-After", "SSE error event", "10 MB body"]
)
async def test_the_tui_shows_a_failed_reply_inline_and_retry_answers(name: str) -> None:
    fault, _retried, words = FAULTS[name]
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        # only the timeout needs the short wait: 10 MB may take longer than 0.3 s on a loaded machine
        session = session_for(server, "tui", 0.3 if fault.hang else 10.0)
        server.always("chat", fault)
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, MESSAGE)
            errors = [m.source for m in app.query(SystemMessage) if m.has_class("-error")]
            assert len(errors) == 1 and words in errors[0] and "Nothing from this message was remembered" in errors[0]
            assert not session.store.facts and session.store.turn == 0
            server.always("chat", None)
            await say(pilot, "/retry")
            assert app.query(AssistantMessage).last().text == REPLY
            assert [f.value for f in session.store.facts.values()] == ["peanuts"]
        await session.aclose()


@pytest.mark.parametrize("name", ["401", "invalid JSON"])
async def test_the_tui_keeps_the_reply_when_only_extraction_fails(name: str) -> None:
    fault, _retried, _words = FAULTS[name]
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        session = session_for(server, "tui-x")
        server.always("json", fault)
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, MESSAGE)
            assert app.query(AssistantMessage).last().text == REPLY
            notes = [m.source for m in app.query(SystemMessage)]
            assert any("could not read that message" in n for n in notes)
            assert [f.value for f in session.store.facts.values()] == ["peanuts"], "the built-in floor's reading"
        await session.aclose()


async def test_the_retry_backoff_setting_sets_the_first_wait() -> None:
    """`retry_backoff` (MUSEUM_TUI_RETRY_BACKOFF) is the client's first wait; each retry doubles it."""
    with FakeOpenAI(reply=REPLY) as server:
        settings = load_settings({"base_url": server.base_url, "model": "fake", "user": "wait"})
        settings.retry_backoff = 0.02
        session = open_session(settings, env={})
        server.fail("chat", Fault(status=500), times=2)
        events = await turn(session, MESSAGE)
        assert any(isinstance(e, ReplyDone) for e in events)
        assert session.chat.client.waits[:2] == [0.02, 0.04]
        await session.aclose()
