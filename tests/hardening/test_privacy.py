"""Personal data in a visitor's words is redacted before memory keeps, saves, shows or exports it (the
patterns themselves: tests/memory/test_redact.py; API keys: test_secrets.py). The real app, real files."""

from __future__ import annotations

import asyncio
from pathlib import Path

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.memory import MemoryStore
from museum_tui.storage import UserMemoryFile
from tests.plainly import plainly
from tests.tui.conftest import make_app, say


async def test_personal_data_in_a_visitors_words_is_redacted_before_it_is_kept(tmp_path: Path) -> None:
    settings = load_settings({"offline": True, "user": "pii"})
    settings.builtin_stream_delay = 0.0
    app = make_app(open_session(settings))
    message = "I'm allergic to peanuts, call me on +44 20 7946 0958 if needed"
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, message)
        (fact,) = [f for f in app.session.store.facts.values() if f.concept == "SpecialNeed.Allergy"]
        assert fact.value == "peanuts"
        assert fact.evidence == "I'm allergic to peanuts, call me on [phone] if needed"
        for suffix in ("md", "json"):
            await say(pilot, f"/export {tmp_path / f'memory.{suffix}'}")
        await say(pilot, "/memory")
        shown = app.screen.markdown  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.press("ctrl+q")  # quitting saves
        await asyncio.sleep(0.1)
    saved = (config.users_dir() / "pii.toml").read_text(encoding="utf-8")
    assert "peanuts" in saved
    for text in (saved, shown, *(p.read_text(encoding="utf-8") for p in tmp_path.glob("memory.*"))):
        assert not plainly("7946", text)


def test_a_file_saved_before_redaction_is_cleaned_when_loaded(museum_ontology) -> None:
    users = config.users_dir()
    users.mkdir(parents=True)
    (users / "old.toml").write_text(
        'schema_version = 1\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Allergy"\nvalue = "nuts"\n'
        'evidence = "nuts; my card is 4111 1111 1111 1111"\nsalience = 1.0\npersistence_class = "permanent"\n',
        encoding="utf-8",
    )
    store = MemoryStore(museum_ontology)
    memory_file = UserMemoryFile(users, "old")
    memory_file.load(store)
    (fact,) = store.facts.values()
    assert fact.value == "nuts" and fact.evidence == "nuts; my card is [card]"
    memory_file.save(store)
    assert not plainly("4111", (users / "old.toml").read_text(encoding="utf-8"))


def test_a_value_that_is_itself_personal_data_is_not_kept(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    assert store.upsert("Profile.Name", "ana.lopez@example.org", "asserted", "I'm ana.lopez@example.org") == []
    assert store.upsert("Profile.Name", "Ana", "asserted", "I'm Ana, ana@example.org")
    (fact,) = store.facts.values()
    assert fact.value == "Ana" and fact.evidence == "I'm Ana, [email]"


async def test_after_switching_visitor_nothing_of_the_previous_one_is_on_screen_or_in_the_prompt() -> None:
    from museum_tui.tui.widgets.composer import Composer
    from tests.fake_openai import FakeOpenAI

    with FakeOpenAI(reply="Welcome.", facts={"facts": []}) as server:
        session = open_session(load_settings({"base_url": server.base_url, "model": "fake", "user": "ann"}), env={})
        session.store.upsert("SpecialNeed.Allergy", "lychee", "asserted", "I'm allergic to lychee")
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, "I'm allergic to lychee and I love Gentileschi")
            await say(pilot, "/user bob")
            await pilot.pause()
            assert not app._notifications, "no toast about the previous visitor"
            composer = app.query_one(Composer)
            composer.focus()
            await pilot.press("up")
            assert composer.value == "", "↑ does not bring back the previous visitor's words"
            screen = app.export_screenshot()
            assert "lychee" not in screen and "Gentileschi" not in screen and "visitor: ann" not in screen
            await say(pilot, "Hello, where is the café?")
        await session.aclose()
        last = server.calls("chat")[-1].body["messages"]
        prompt = "\n".join(m["content"] for m in last)
        assert "lychee" not in prompt and "Gentileschi" not in prompt and "Welcome." not in prompt
        assert "where is the café" in prompt


async def test_forget_all_then_undo_restores_the_file(tmp_path: Path) -> None:
    settings = load_settings({"offline": True, "user": "undo"})
    settings.builtin_stream_delay = 0.0
    session = open_session(settings)
    [e async for e in session.handle("I'm vegan and I love Monet")]
    path = config.users_dir() / "undo.toml"
    before = path.read_text(encoding="utf-8")
    [e async for e in session.handle("/forget all --yes")]
    after = path.read_text(encoding="utf-8") if path.exists() else ""  # erased whole since issue 23
    assert "vegan" in before and "Monet" in before and "vegan" not in after and "Monet" not in after
    [e async for e in session.handle("/undo")]
    again = path.read_text(encoding="utf-8")
    assert "vegan" in again and "Monet" in again
    await session.aclose()
