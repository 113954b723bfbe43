"""Regenerate screenshots/*.svg from the real app on the offline engine (run from the repo root).

    python tools/screenshots.py

Each scene runs the app headless at a fixed size in a throw-away data folder, so nothing of yours is
read or written, and the pictures come out the same every time.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent
WALKTHROUGH = [
    "Hi! I'm visiting today, and I should mention I'm deaf.",
    "I really love photography, especially mid-century stuff.",
    "I only have about an hour.",
    "I could really use a coffee.",
    "Where can I have one?",
]


async def say(pilot: Pilot, text: str) -> None:
    composer = pilot.app.query_one("#composer")
    composer.focus()
    composer.value = text
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def walkthrough(pilot: Pilot) -> None:
    for text in WALKTHROUGH:
        await say(pilot, text)


async def memory_view(pilot: Pilot) -> None:
    await walkthrough(pilot)
    await say(pilot, "/memory")


async def why_view(pilot: Pilot) -> None:
    from museum_tui.tui.widgets.fact_list import FactList

    await say(pilot, "I use a wheelchair. Where's the toilet?")
    await say(pilot, "I'm allergic to peanuts, I'd like a snack")
    facts = pilot.app.query_one(FactList)
    facts.focus()
    facts.select(next(f.id for f in facts.facts if f.value == "peanuts"))
    await pilot.press("enter")
    await pilot.pause()


async def coffee_gone(pilot: Pilot) -> None:
    await walkthrough(pilot)
    for text in ["What else is on?", "Thanks!", "What time do you close?"]:
        await say(pilot, text)


async def nothing(pilot: Pilot) -> None:
    await pilot.pause()


async def panel_open(pilot: Pilot) -> None:
    await walkthrough(pilot)
    await pilot.press("f2")
    await pilot.pause()


async def help_keys(pilot: Pilot) -> None:
    await pilot.press("f1")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


SCENES: list[tuple[str, tuple[int, int], Callable[..., Awaitable[None]]]] = [
    ("first-screen", (120, 36), nothing),
    ("walkthrough", (120, 36), walkthrough),
    ("coffee-gone", (120, 36), coffee_gone),
    ("memory-view", (120, 36), memory_view),
    ("why-and-forget", (120, 36), why_view),
    ("medium-100x30", (100, 30), walkthrough),
    ("narrow-80x24", (80, 24), walkthrough),
    ("narrow-80x24-panel-open", (80, 24), panel_open),
    ("help-keys", (100, 30), help_keys),
]


async def shoot(name: str, size: tuple[int, int], scene: Callable[..., Awaitable[None]]) -> Path:
    from museum_tui.config import load_settings
    from museum_tui.conversation import open_session
    from museum_tui.tui.app import MuseumApp

    settings = load_settings({"offline": True, "user": name})
    settings.builtin_stream_delay = 0.0
    session = open_session(settings)
    app = MuseumApp(session, venue_name=session.concierge.venue_name)
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        app.query_one("#composer").cursor_blink = False  # the same picture whenever it is taken
        await scene(pilot)
        await pilot.pause(0.2)
        svg = app.export_screenshot(title=f"museum-tui — {name}")
    target = ROOT / "screenshots" / f"{name}.svg"
    target.write_text(svg, encoding="utf-8")
    return target


def main() -> int:
    with tempfile.TemporaryDirectory() as home:
        os.environ["MUSEUM_TUI_DATA_DIR"] = home
        os.environ["MUSEUM_TUI_CONFIG_DIR"] = home
        os.environ.setdefault("MUSEUM_TUI_NOW", "2026-11-23T10:30:00")  # a Monday: the same hours every run
        (ROOT / "screenshots").mkdir(exist_ok=True)
        for name, size, scene in SCENES:
            print(asyncio.run(shoot(name, size, scene)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
