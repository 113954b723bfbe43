"""SVG snapshots of the real app at a fixed size on the deterministic offline engine.

Update with `pytest tests/tui/test_snapshots.py --snapshot-update`, then look at every changed SVG
(tests/tui/__snapshots__/) before committing it.
"""

from __future__ import annotations

import socket

import pytest
from textual.pilot import Pilot

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.tui.widgets.chat import ChatLog
from tests.fake_openai import FakeOpenAI, Fault

from .conftest import WALKTHROUGH, make_app
from .conftest import say as say_and_wait


async def steady(pilot: Pilot) -> None:
    """Nothing in the picture may depend on when it is taken: the visitor's memory has loaded (it is read
    after the first frame) and the message box's cursor stops blinking."""
    await pilot.app.wait_until_ready()
    pilot.app.query_one("#composer").cursor_blink = False
    await pilot.pause()


async def say(pilot: Pilot, text: str) -> None:
    """Say it, then take down the "Memory updated" toast: whether it is still up when the picture is
    taken depends on the machine's speed (its placement is tested in test_accessibility.py)."""
    await steady(pilot)
    await say_and_wait(pilot, text)
    pilot.app.clear_notifications()
    await at_the_bottom(pilot)


async def at_the_bottom(pilot: Pilot) -> None:
    """The chat keeps to its end as a reply grows, but on a loaded machine the last scroll can land a
    refresh after the turn ends (a snapshot once showed the reply's middle): wait for it."""
    chat = pilot.app.query_one(ChatLog)
    for _ in range(50):
        await pilot.pause()
        if chat.scroll_y >= chat.max_scroll_y:
            return


SIZE = (120, 36)
FIXED_PORT = 47821  # the header names the server, so the error snapshot needs a stable port


def test_first_screen(snap_compare) -> None:
    assert snap_compare(make_app(user="first"), terminal_size=SIZE, run_before=steady)


def test_after_the_walkthrough(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH:
            await say(pilot, text)

    assert snap_compare(make_app(user="walk"), terminal_size=SIZE, run_before=run)


def test_memory_view(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH[:4]:
            await say(pilot, text)
        await say(pilot, "/memory")

    assert snap_compare(make_app(user="mem"), terminal_size=SIZE, run_before=run)


def test_memory_screen_timeline_at_80x24(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH[:4]:
            await say(pilot, text)
        await say(pilot, "/memory")
        await pilot.press("right")  # the "This visit" tab
        await steady(pilot)

    assert snap_compare(make_app(user="mem"), terminal_size=(80, 24), run_before=run)


def test_forget_flow(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        await say(pilot, "I'm allergic to peanuts and I love Monet")
        await say(pilot, "/forget monet")

    assert snap_compare(make_app(user="forget"), terminal_size=SIZE, run_before=run)


def test_error_from_the_server(snap_compare) -> None:
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", FIXED_PORT)) == 0:
            pytest.skip(f"port {FIXED_PORT} is taken")
    server = FakeOpenAI(reply="unused")
    server._server.server_close()
    server._bind(FIXED_PORT)
    with server:
        server.always("chat", Fault(status=401))
        settings = load_settings({"base_url": server.base_url, "model": "fake-chat", "user": "error"})
        app = make_app(open_session(settings, env={}))

        async def run(pilot: Pilot) -> None:
            await say(pilot, "Where is the café?")

        assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_narrow_layout(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH[:3]:
            await say(pilot, text)

    assert snap_compare(make_app(user="narrow"), terminal_size=(80, 24), run_before=run)


def test_medium_layout(snap_compare) -> None:
    """100×30: the panel still beside the chat."""

    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH[:5]:
            await say(pilot, text)

    assert snap_compare(make_app(user="medium"), terminal_size=(100, 30), run_before=run)


def test_narrow_panel_open(snap_compare) -> None:
    """80×24 with the panel opened by F2 and the facts in focus: the footer still fits."""

    async def run(pilot: Pilot) -> None:
        for text in WALKTHROUGH[:3]:
            await say(pilot, text)
        await pilot.press("f2")
        await pilot.press("tab")
        await pilot.pause()

    assert snap_compare(make_app(user="narrow-open"), terminal_size=(80, 24), run_before=run)


def test_help_at_80x24(snap_compare) -> None:
    async def run(pilot: Pilot) -> None:
        await steady(pilot)
        await pilot.press("f1")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app(user="help"), terminal_size=(80, 24), run_before=run)


def test_why_dialog(snap_compare) -> None:
    """The Why dialog with its own footer (f, Tab, Enter, Esc)."""

    async def run(pilot: Pilot) -> None:
        await say(pilot, "I'm allergic to peanuts")
        pilot.app.query_one("FactList").focus()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(user="why"), terminal_size=(100, 30), run_before=run)
