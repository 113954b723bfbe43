"""The first screen and typing never wait for the session or the visitor's memory: the session is opened and
the memory read in threads after the first frame, the panel says so meanwhile, and a message sent before
they are ready waits for them, visibly, then is answered from the memory that was read. Each load is held
back by a gate the test opens, not by timing."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from museum_tui import config
from museum_tui.conversation import FirstScreen, Session, SessionError
from museum_tui.memory import MemoryStore, load_ontology
from museum_tui.storage import UserMemoryFile
from museum_tui.tui.app import MuseumApp
from museum_tui.tui.widgets.chat import VisitorMessage, WelcomeMessage
from museum_tui.tui.widgets.fact_list import FactList
from museum_tui.tui.widgets.memory_panel import StatusLine
from museum_tui.tui.widgets.working import WorkingIndicator
from tests.huge_memory import write_huge_memory

from .conftest import make_app

FACTS = 3_000  # enough for the panel to build its rows in a thread too (`BIG_MEMORY`)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_huge_memory(tmp_path_factory.mktemp("big"), "big", facts=FACTS)


@pytest.fixture
def big_visitor(big_file: Path) -> Path:
    """The big memory file as `big`'s, in this test's data folder."""
    users = config.users_dir()
    users.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(big_file, users / "big.toml"))


def held(work: Callable[[], Any], gate: threading.Event, began: threading.Event) -> Callable[[], Any]:
    """`work`, made to wait (in its thread) until `gate` is set; `began` is set once it is called."""

    def waiting() -> Any:
        began.set()
        assert gate.wait(timeout=60), "the test never opened the gate"
        return work()

    return waiting


def hold_memory(app: MuseumApp) -> tuple[threading.Event, threading.Event]:
    """Make the memory load of the session `app` opens wait until the returned gate is set; `began` is set
    once the load has started (after the first frame, once the session is open)."""
    gate, began = threading.Event(), threading.Event()
    open_session = app.open_session

    def opened() -> Session:
        session = open_session()
        load = session.preparing.loads["memory"]
        load.run = held(load.run, gate, began)
        return session

    app.open_session = opened  # type: ignore[method-assign]
    return gate, began


def hold_session(app: MuseumApp) -> tuple[threading.Event, threading.Event]:
    """Make `app` wait to open its session until the returned gate is set; `began` once it has started."""
    gate, began = threading.Event(), threading.Event()
    app.open_session = held(app.open_session, gate, began)  # type: ignore[method-assign]
    return gate, began


def saved_facts(path: Path) -> int:
    store = MemoryStore(load_ontology(config.default_ontology_path()))
    UserMemoryFile(path.parent, path.stem).load(store)
    return len(store.facts)


def status(app: Any) -> str:
    return str(app.query_one(StatusLine).render())


async def test_the_first_screen_is_drawn_and_takes_keys_while_the_memory_is_still_loading(big_visitor: Path) -> None:
    app = make_app(user="big")
    gate, began = hold_memory(app)
    async with app.run_test(size=(120, 36)) as pilot:
        try:
            assert await asyncio.to_thread(began.wait, 30), "the load began once the first frame was drawn"
            await pilot.pause()
            assert app.query_one(WelcomeMessage).region.height > 0
            assert "Loading your memory" in status(app)
            assert not app.query_one(FactList).facts and not app.session.memory_ready
            await pilot.press(*"hello")
            assert app.query_one("#composer").value == "hello", "typing does not wait for the memory"
            assert not app.session.memory_ready, "the load was still in progress while typing"
        finally:
            gate.set()
        await app.wait_until_ready()
        await pilot.pause()
        assert len(app.query_one(FactList).facts) == FACTS
        assert "Loading" not in status(app) and "turn 0" in status(app)


async def test_a_message_sent_while_the_memory_loads_waits_for_it_then_is_answered_from_it(big_visitor: Path) -> None:
    app = make_app(user="big")
    gate, began = hold_memory(app)
    async with app.run_test(size=(120, 36)) as pilot:
        try:
            assert await asyncio.to_thread(began.wait, 30)
            await pilot.pause()
            composer = app.query_one("#composer")
            composer.value = "I'm deaf"
            await pilot.press("enter")
            await pilot.pause()
            working = app.query_one(WorkingIndicator)
            assert working.stage == "loading" and "Loading your memory" in str(working.render())
            assert ["deaf" in str(m.render()) for m in app.query(VisitorMessage)] == [True], "shown at once"
            assert not app.session.store.facts, "nothing is said to a memory not read yet"
            assert saved_facts(big_visitor) == FACTS, "and nothing is saved over it"
        finally:
            gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert working.stage is None
        values = {f.value for f in app.session.store.facts.values()}
        assert len(values) == FACTS + 1 and "deaf" in values and "substance 1" in values
        assert len(app.query_one(FactList).facts) == FACTS + 1
    assert saved_facts(big_visitor) == FACTS + 1, "the turn was saved into the memory that was read"


async def test_quitting_before_the_memory_is_read_leaves_the_file_as_it_was(big_visitor: Path) -> None:
    before = big_visitor.read_bytes()
    app = make_app(user="big")
    gate, began = hold_memory(app)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await asyncio.to_thread(began.wait, 30), "quit while the memory is being read"
        await pilot.press("ctrl+q")
    gate.set()
    assert big_visitor.read_bytes() == before


async def test_the_first_screen_is_drawn_and_takes_keys_before_the_session_is_open() -> None:
    app = make_app(user="early")
    gate, began = hold_session(app)
    async with app.run_test(size=(120, 36)) as pilot:
        try:
            assert await asyncio.to_thread(began.wait, 30), "the session began to open once the first frame was drawn"
            await pilot.pause()
            assert app.session is None
            assert "The Harbour Museum of Modern Art" in str(app.query_one(WelcomeMessage).render())
            assert app.sub_title == "visitor: early · offline · built-in concierge"
            assert "Loading your memory" in status(app)
            composer = app.query_one("#composer")
            await pilot.press(*"I'm deaf")
            assert composer.value == "I'm deaf", "typing does not wait for the session"
            await pilot.press("enter")
            await pilot.pause()
            working = app.query_one(WorkingIndicator)
            assert working.stage == "loading" and "Loading your memory" in str(working.render())
            assert ["deaf" in str(m.render()) for m in app.query(VisitorMessage)] == [True], "shown at once"
            assert app.session is None, "the message waits for the session"
        finally:
            gate.set()
        await app.wait_until_ready()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session is not None and "deaf" in {f.value for f in app.session.store.facts.values()}
        assert working.stage is None and "turn 1" in status(app)
        composer.value = "/he"
        await pilot.pause()
        assert composer._suggestion == "/help", "the commands are completed once the session is open"


async def test_a_session_that_cannot_open_ends_the_app_with_the_reason(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"version": "1.0", "name": "x", "concepts": ', encoding="utf-8")
    settings = config.load_settings({"offline": True, "user": "nobody", "ontology": str(broken)})
    app = MuseumApp(first=FirstScreen.read(settings))
    async with app.run_test(size=(120, 36)) as pilot:
        assert app.query_one(WelcomeMessage).region.height > 0, "the first screen came first"
        await app.wait_until_ready()
        await pilot.pause()
    assert app.return_code == 1
    assert isinstance(app.startup_error, SessionError) and str(broken) in str(app.startup_error)


async def test_the_venue_s_name_is_the_venue_file_s_once_the_session_is_open() -> None:
    settings = config.load_settings({"offline": True, "user": "named"})
    app = MuseumApp(first=replace(FirstScreen.read(settings), venue_name="A Guessed Name"))
    async with app.run_test(size=(120, 36)) as pilot:
        assert "A Guessed Name" in str(app.query_one(WelcomeMessage).render()), "the first screen's guess"
        await app.wait_until_ready()
        await pilot.pause()
        welcome = str(app.query_one(WelcomeMessage).render())
        assert "The Harbour Museum of Modern Art" in welcome and "Guessed" not in welcome
        assert app.title == "The Harbour Museum of Modern Art"


async def test_quitting_before_the_session_is_open_ends_cleanly_and_leaves_the_file(big_visitor: Path) -> None:
    before = big_visitor.read_bytes()
    app = make_app(user="big")
    gate, began = hold_session(app)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await asyncio.to_thread(began.wait, 30), "quit while the session is being opened"
        await pilot.press("ctrl+q")
    gate.set()
    assert app.session is None and app.startup_error is None and app.return_code == 0
    assert big_visitor.read_bytes() == before
