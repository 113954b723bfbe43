"""The kiosk policy `sensitive_consent`: sensitive needs are kept across visits only if the visitor agrees,
asked once, in the TUI and in `chat --plain`. Off by default, and then nothing changes."""

from __future__ import annotations

import os
import subprocess
import sys

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import CommandResult
from museum_tui.tui.screens import MarkdownScreen
from tests.tui.conftest import make_app, say

ALLERGY = "I'm allergic to peanuts"


def session(user: str, policy: bool) -> Session:
    settings = load_settings({"offline": True, "user": user})
    settings.builtin_stream_delay, settings.sensitive_consent = 0.0, policy
    return open_session(settings)


def saved(user: str) -> str:
    path = config.users_dir() / f"{user}.toml"
    return path.read_text(encoding="utf-8") if path.exists() else ""


async def questions(s: Session, text: str) -> list[CommandResult]:
    return [e async for e in s.handle(text) if isinstance(e, CommandResult) and e.kind == "consent"]


async def test_policy_off_never_asks_and_keeps_sensitive_needs() -> None:
    s = session("off", policy=False)
    assert await questions(s, ALLERGY) == []
    assert "peanuts" in saved("off") and "sensitive_consent" not in saved("off")
    await s.aclose()


async def test_yes_keeps_them_and_is_not_asked_again() -> None:
    s = session("yes", policy=True)
    (question,) = await questions(s, ALLERGY)
    assert "allergy" in question.text and question.confirm == "/consent yes" and question.decline == "/consent no"
    assert "peanuts" not in saved("yes"), "not written before the visitor answers"
    assert await questions(s, "I'm also allergic to sesame") == [], "asked once"
    [e async for e in s.handle("/consent yes")]
    text = saved("yes")
    assert "peanuts" in text and "sesame" in text and "sensitive_consent = true" in text
    await s.aclose()

    again = session("yes", policy=True)
    assert again.memory_file.keep_sensitive is True
    assert await questions(again, "I'm allergic to kiwi too") == []
    assert "kiwi" in saved("yes")
    await again.aclose()


async def test_no_keeps_them_for_this_visit_only_and_says_so() -> None:
    s = session("no", policy=True)
    await questions(s, "I'm allergic to peanuts and I love Monet")
    [e async for e in s.handle("/consent no")]
    text = saved("no")
    assert "peanuts" not in text and "Monet" in text and "sensitive_consent = false" in text
    assert "peanuts" in [f.value for f in s.store.facts.values()], "still used during this visit"
    (memory,) = [e async for e in s.handle("/memory")]
    line = next(line for line in memory.text.splitlines() if "peanuts" in line)
    assert "not kept for your next visit" in line
    await s.aclose()
    assert "peanuts" not in saved("no")

    again = session("no", policy=True)
    assert again.memory_file.keep_sensitive is False
    assert "peanuts" not in [f.value for f in again.store.facts.values()], "a new visit does not know it"
    assert await questions(again, "I'm allergic to kiwi") == [], "the answer survives a restart"
    assert "kiwi" not in saved("no")
    await again.aclose()


async def test_turning_the_policy_on_does_not_erase_what_was_already_kept() -> None:
    before = session("kept", policy=False)
    [e async for e in before.handle(ALLERGY)]
    await before.aclose()
    after = session("kept", policy=True)
    [e async for e in after.handle("I love Monet")]
    await after.aclose()
    assert "peanuts" in saved("kept"), "unanswered: what the file already held stays until the visitor says no"


def test_plain_chat_asks_once_and_end_of_input_means_no() -> None:
    def plain(user: str, stdin: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "museum_tui", "chat", "--plain", "--offline", "--user", user],
            input=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, "MUSEUM_TUI_STREAM_DELAY": "0", "MUSEUM_TUI_SENSITIVE_CONSENT": "true"},
            timeout=120,
            check=True,
        ).stdout

    out = plain("plain-yes", f"{ALLERGY}\ny\nI'm allergic to sesame\n")
    assert out.count("May I keep your") == 1 and "remember it next time too" in out
    assert "sesame" in saved("plain-yes") and "sensitive_consent = true" in saved("plain-yes")
    out = plain("plain-eof", f"{ALLERGY}\n")  # the question meets the end of input
    assert "May I keep your" in out and "for this visit only" in out
    assert "peanuts" not in saved("plain-eof") and "sensitive_consent = false" in saved("plain-eof")


async def test_the_tui_asks_in_a_dialog_and_escape_means_no() -> None:
    for user, answer, kept in (("tui-yes", "#yes", True), ("tui-esc", "escape", False)):
        app = make_app(session(user, policy=True))
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, ALLERGY)
            assert isinstance(app.screen, MarkdownScreen) and "May I keep your" in app.screen.markdown
            if answer == "escape":
                await pilot.press("escape")
            else:
                await pilot.click(answer)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not isinstance(app.screen, MarkdownScreen)
            assert app.session.memory_file.keep_sensitive is kept
            await say(pilot, "I'm allergic to sesame")
            assert not isinstance(app.screen, MarkdownScreen), "asked once"
        assert ("peanuts" in saved(user)) is kept
