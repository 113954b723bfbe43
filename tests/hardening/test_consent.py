"""The kiosk policy `sensitive_consent`: sensitive needs are kept across visits only if the visitor agrees,
asked once, in the TUI and in `chat --plain`. Off by default, and then nothing changes."""

from __future__ import annotations

import pytest

from museum_tui import config
from museum_tui.config import ConfigError, load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import ConsentQuestion
from museum_tui.memory import Consent, MemoryStore
from museum_tui.storage import UserMemoryFile
from museum_tui.tui.screens import ConsentScreen, MarkdownScreen
from tests.cli_process import museum
from tests.tui.conftest import make_app, say

CONSENT_ON = {"MUSEUM_TUI_SENSITIVE_CONSENT": "true"}
ALLERGY = "I'm allergic to peanuts"


def session(user: str, policy: bool) -> Session:
    settings = load_settings({"offline": True, "user": user})
    settings.builtin_stream_delay, settings.sensitive_consent = 0.0, policy
    return open_session(settings)


def saved(user: str) -> str:
    path = config.users_dir() / f"{user}.toml"
    return path.read_text(encoding="utf-8") if path.exists() else ""


async def questions(s: Session, text: str) -> list[ConsentQuestion]:
    return [e async for e in s.handle(text) if isinstance(e, ConsentQuestion)]


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
    assert again.visitor.memory_file.keep_sensitive is True
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
    assert again.visitor.memory_file.keep_sensitive is False
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
        done = museum("chat", "--plain", "--offline", "--user", user, stdin=stdin, env=CONSENT_ON)
        assert done.returncode == 0, done.stderr
        return done.stdout

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
            assert app.session.visitor.memory_file.keep_sensitive is kept
            await say(pilot, "I'm allergic to sesame")
            assert not isinstance(app.screen, MarkdownScreen), "asked once"
        assert ("peanuts" in saved(user)) is kept


# ---- the setting ---------------------------------------------------------------------------------------


def test_the_setting_from_file_environment_and_config_show(tmp_path) -> None:
    assert load_settings({}, env={}).sensitive_consent is False, "off by default"
    assert "# sensitive_consent = false" in config.CONFIG_TEMPLATE
    path = tmp_path / "config.toml"
    path.write_text("sensitive_consent = true\n", encoding="utf-8")
    on = load_settings({"config": str(path)}, env={})
    assert on.sensitive_consent is True and on.sources["sensitive_consent"] == "config file" and not on.warnings
    off = load_settings({"config": str(path)}, env={"MUSEUM_TUI_SENSITIVE_CONSENT": "off"})
    assert off.sensitive_consent is False and off.sources["sensitive_consent"] == "environment"
    for env, text in (({"MUSEUM_TUI_SENSITIVE_CONSENT": "maybe"}, ""), ({}, 'sensitive_consent = "yes"\n')):
        if text:
            path.write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError, match=r"(?i)sensitive_consent"):
            load_settings({"config": str(path)}, env=env)

    done = museum("config", "show", env=CONSENT_ON)
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    assert any(line.split() == ["sensitive_consent:", "true", "[environment]"] for line in shown.splitlines())


# ---- the file ------------------------------------------------------------------------------------------


def test_the_answer_in_the_file_is_backward_compatible(museum_ontology, users_dir) -> None:
    users_dir.mkdir(parents=True, exist_ok=True)
    old = users_dir / "old.toml"  # as written before the policy existed
    old.write_text(
        'schema_version = 1\nturn = 2\nnext_id = 2\n\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Allergy"\n'
        'value = "peanuts"\npolarity = "asserted"\nevidence = "allergic to peanuts"\nsalience = 1.0\n'
        'persistence_class = "permanent"\ncreated_turn = 0\nlast_seen_turn = 0\n',
        encoding="utf-8",
    )
    file = UserMemoryFile(users_dir, "old")
    store = MemoryStore(museum_ontology)
    assert file.load(store).loaded == 1 and file.keep_sensitive is None
    file.save(store)
    assert "sensitive_consent" not in old.read_text(encoding="utf-8"), "nothing asked, nothing written"

    file.ask_sensitive = True
    file.set_consent(False)
    file.save(store)
    text = old.read_text(encoding="utf-8")
    assert "sensitive_consent = false" in text and "sensitive_consent_at = " in text and "peanuts" not in text

    # Read back by this version with the policy off: it loads, and a save keeps the answer.
    again, store = UserMemoryFile(users_dir, "old"), MemoryStore(museum_ontology)
    assert again.load(store).notices == [] and again.keep_sensitive is False and again.consent_at
    store.upsert("SpecialNeed.Allergy", "sesame", "asserted", "allergic to sesame")
    again.save(store)
    assert "sensitive_consent = false" in old.read_text(encoding="utf-8")
    assert "sesame" in old.read_text(encoding="utf-8"), "policy off: everything is saved as before"

    # A hand-edited answer of the wrong type is ignored, not a corrupt file.
    old.write_text(old.read_text(encoding="utf-8").replace("sensitive_consent = false", 'sensitive_consent = "no"'))
    odd = UserMemoryFile(users_dir, "odd")
    odd.path.write_bytes(old.read_bytes())
    report = odd.load(MemoryStore(museum_ontology))
    assert report.quarantined is None and report.loaded == 1 and odd.keep_sensitive is None


def test_the_latest_answer_holds_across_two_windows(museum_ontology, users_dir) -> None:
    one, two = UserMemoryFile(users_dir, "twin"), UserMemoryFile(users_dir, "twin")
    store_one, store_two = MemoryStore(museum_ontology), MemoryStore(museum_ontology)
    for file, store in ((one, store_one), (two, store_two)):
        file.ask_sensitive = True
        file.load(store)
        store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "allergic to peanuts")
    one.set_consent(False)
    one.save(store_one)
    two.consent = Consent(True, "9999-01-01T00:00:00+00:00")  # answered later than the first window
    two.save(store_two)
    assert "peanuts" in two.path.read_text(encoding="utf-8")
    one.save(store_one)  # the first window saves again: it takes the later "yes" rather than writing its "no"
    assert one.keep_sensitive is True and "sensitive_consent = true" in one.path.read_text(encoding="utf-8")
    assert "peanuts" in one.path.read_text(encoding="utf-8")


# ---- the session ---------------------------------------------------------------------------------------


async def test_the_question_comes_once_the_turn_is_over_and_the_session_api_answers() -> None:
    s = session("api", policy=True)
    busy_when_asked = [s.busy async for e in s.handle(ALLERGY) if isinstance(e, ConsentQuestion)]
    assert busy_when_asked == [False], "a front end may wait for the answer: the turn is finished"
    assert s.visitor.memory_file.withheld(s.store) and "peanuts" not in saved("api")
    assert await s.set_sensitive_consent(True) == []
    assert "peanuts" in saved("api") and "sensitive_consent = true" in saved("api")
    (status,) = [e async for e in s.handle("/consent")]
    assert "you agreed (" in status.text and "UTC)" in status.text
    assert await s.set_sensitive_consent(False) == []
    assert "peanuts" not in saved("api") and "peanuts" in [f.value for f in s.store.facts.values()]
    await s.aclose()


async def test_no_also_takes_out_what_an_earlier_visit_saved_and_the_question_says_so() -> None:
    before = session("earlier", policy=False)
    [e async for e in before.handle("I use a wheelchair")]
    await before.aclose()
    assert "wheelchair" in saved("earlier")
    s = session("earlier", policy=True)
    (question,) = await questions(s, ALLERGY)
    assert "mobility need" in question.text and "allergy" in question.text, "it names what the answer covers"
    assert "wheelchair" in saved("earlier"), "unanswered: kept as it was"
    [e async for e in s.handle("/consent no")]
    assert "wheelchair" not in saved("earlier") and "peanuts" not in saved("earlier")
    await s.aclose()


async def test_policy_off_consent_command_explains_and_changes_nothing() -> None:
    s = session("offcmd", policy=False)
    (result,) = [e async for e in s.handle("/consent yes")]
    assert not result.ok and "sensitive_consent" in result.text and s.visitor.memory_file.keep_sensitive is None
    await s.aclose()


async def test_a_new_visitor_after_user_is_asked_for_themselves() -> None:
    s = session("first", policy=True)
    await questions(s, ALLERGY)
    [e async for e in s.handle("/consent yes")]
    [e async for e in s.handle("/user second")]
    (question,) = await questions(s, "I'm allergic to kiwi")
    assert isinstance(question, ConsentQuestion) and "kiwi" not in saved("second")
    await s.aclose()


async def test_the_tui_dialog_answers_with_the_y_and_n_keys() -> None:
    for user, key, kept in (("key-y", "y", True), ("key-n", "n", False)):
        app = make_app(session(user, policy=True))
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, ALLERGY)
            assert isinstance(app.screen, ConsentScreen)
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not isinstance(app.screen, MarkdownScreen)
            assert app.session.visitor.memory_file.keep_sensitive is kept
            assert ("peanuts" in saved(user)) is kept
            assert "peanuts" in [f.value for f in app.session.store.facts.values()], "used for this visit"
