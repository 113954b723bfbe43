"""A streamed reply that ends after some text without `[DONE]` and without a finish_reason (a dropped
connection that closed cleanly) is cut: the visitor is told, nothing from it is kept, and `/retry` answers.
Reproduced before the fix: on a server not yet "known to give finish_reason" such a stream was shown as a
complete reply and its facts committed. Real HTTP to the fake server, through the session and `chat --plain`."""

from __future__ import annotations

from museum_tui.conversation.events import FactsApplied, ReplyDone, TurnFailed
from tests.cli_process import museum
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault
from tests.hardening.test_fault_matrix import REPLY, saved_values, session_for, turn

CUT = Fault(no_done=True, no_finish=True)


async def test_a_stream_without_either_end_mark_is_cut_and_retry_answers() -> None:
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        session = session_for(server, "ann")
        server.fail("chat", CUT)  # the very first reply: nothing is known about this server yet
        events = await turn(session, "I'm allergic to peanuts")
        failed = [e for e in events if isinstance(e, TurnFailed)]
        assert failed and failed[0].retryable and "part-way" in failed[0].reason
        assert not any(isinstance(e, ReplyDone | FactsApplied) for e in events)
        assert not session.store.facts and not session.visitor.history, "nothing from it was kept"
        retried = await turn(session, "/retry")
        assert any(isinstance(e, ReplyDone) for e in retried)
        assert {f.value for f in session.store.facts.values()} == {"peanuts"}
        await session.aclose()
    assert "peanuts" in saved_values("ann")


async def test_one_end_mark_is_enough() -> None:
    with FakeOpenAI(reply=REPLY) as server:
        session = session_for(server, "ann")
        for fault in (Fault(no_finish=True), Fault(no_done=True)):  # [DONE] alone first: see _finish_seen
            server.fail("chat", fault)
            assert any(isinstance(e, ReplyDone) for e in await turn(session, "Where is the cafe?")), fault
        await session.aclose()


def test_plain_chat_says_the_reply_was_cut() -> None:
    with FakeOpenAI(reply=REPLY, facts=PEANUT_ALLERGY) as server:
        server.always("chat", CUT)
        proc = museum(
            "chat",
            "--plain",
            "--base-url",
            server.base_url,
            "--model",
            "fake",
            "--user",
            "ann",
            stdin="I'm allergic to peanuts\n",
        )
    assert proc.returncode == 0, proc.stderr
    assert "error: The reply stopped part-way" in proc.stdout and "/retry" in proc.stdout
    assert "peanuts" not in saved_values("ann")
