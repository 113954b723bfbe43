"""The kiosk's anonymous visitor (before `/user`) is never promised what it does not get: nothing is saved
for it, so nothing is "kept for your next visit" and `/consent yes` does not "remember it next time".
Reproduced before the fix: /memory, /ontology and /consent said both to the anonymous visitor."""

from __future__ import annotations

import pytest

from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from tests.hardening.test_kiosk import asked, choose, run

PROMISES = ("kept for your next visit", "next time", "keeps permanent and long-term facts for your next visit")


def kiosk(consent: bool) -> Session:
    settings = load_settings({"offline": True, "kiosk": True})
    settings.builtin_stream_delay = 0.0
    settings.sensitive_consent = consent
    return open_session(settings)


@pytest.mark.parametrize("consent", [False, True])
async def test_the_anonymous_visitor_is_told_nothing_is_kept(consent: bool) -> None:
    s = kiosk(consent)
    await run(s, "I'm deaf and allergic to kiwi, and I love photography")
    memory = asked(await run(s, "/memory"))
    assert "kiwi" in memory.text and "for this visit only" in memory.text
    assert "forgotten when you leave" in memory.text
    for command in ("/memory", "/ontology", "/consent", "/consent yes"):
        text = asked(await run(s, command)).text
        for promise in PROMISES:
            assert promise not in text, (command, promise)
    await s.aclose()


async def test_a_visitor_who_opened_their_memory_is_told_it_is_kept() -> None:
    s = kiosk(False)
    asked(await run(s, "/user bob"))
    await choose(s, "2468")
    await run(s, "I'm deaf")
    memory = asked(await run(s, "/memory")).text
    assert "kept for your next visit" in memory and "for this visit only" not in memory
    await s.aclose()
