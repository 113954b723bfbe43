"""A session opened for the full-screen app (`defer=True`) reads the visitor's memory, the venue's index and
the HTTP stack in threads once `preparing` starts: nothing may be said to or saved over the empty memory it
opens with, and what a turn needs is waited for first."""

from __future__ import annotations

import subprocess
import sys

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.conversation.events import MemoryLoaded, Notice, Working

from .conftest import offline_session, run


async def remembered(user: str, text: str) -> None:
    first = offline_session(user)
    await run(first, text)
    await first.aclose()


async def test_a_turn_waits_for_the_memory_then_is_told_what_was_read() -> None:
    await remembered("ann", "I'm deaf and I love Monet")
    settings = load_settings({"offline": True, "user": "ann"})
    settings.builtin_stream_delay = 0.0
    session = open_session(settings, defer=True)
    assert not session.memory_ready and not session.store.facts and not session.preparing.started
    events = await run(session, "Where is the café?")
    assert isinstance(events[0], Working) and events[0].stage == "loading"
    assert isinstance(events[1], MemoryLoaded) and {f.value for f in events[1].snapshot.facts} >= {"deaf", "Monet"}
    assert isinstance(events[2], Notice) and "Welcome back" in events[2].text
    assert session.memory_ready and {f.value for f in session.store.facts.values()} >= {"deaf", "Monet"}
    assert not any(isinstance(e, MemoryLoaded) for e in await run(session, "Thanks")), "told once"
    await session.aclose()


async def test_a_memory_that_could_not_be_read_is_never_saved_over() -> None:
    await remembered("bea", "I use a wheelchair")
    path = config.users_dir() / "bea.toml"
    before = path.read_bytes()
    session = open_session(load_settings({"offline": True, "user": "bea"}), defer=True)

    def broken() -> None:
        raise OSError("the disk went away")

    session.preparing.loads["memory"].run = broken
    events = await run(session, "I'm deaf")
    notices = [e for e in events if isinstance(e, Notice) and e.level == "error"]
    assert notices and "could not be read" in notices[0].text and "will not save" in notices[0].text
    assert not session.memory_ready
    assert await session.aclose() == []
    assert path.read_bytes() == before


def test_opening_a_session_on_a_model_imports_no_http_stack_until_it_is_prepared() -> None:
    probe = (
        "import asyncio, sys\n"
        "from museum_tui.config import load_settings\n"
        "from museum_tui.conversation import open_session\n"
        "s = open_session(load_settings({'base_url': 'http://127.0.0.1:9/v1', 'model': 'm'}), env={}, defer=True)\n"
        "print('httpx' in sys.modules)\n"
        "asyncio.run(s.preparing.wait())\n"
        "print('httpx' in sys.modules, type(s.chat.client.prepare()).__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "ChatClient"]
