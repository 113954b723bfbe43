"""The Textual app under load, headless (Pilot) at 120×40:

1. memory panel update with 200 facts across the four tiers: per turn, the time `MemoryPanel.show` takes,
   the time until the next frame is drawn, and the CPU time until the app is idle again;
2. a 2,000-token reply streamed by the fake server (its own process) at 200 tokens/s: how far the
   Markdown on screen falls behind what has arrived, and how long the composer takes to show a key
   pressed during the stream (against the same keys pressed while idle).

Run: python tests/benchmarks/bench_ui.py   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from textual import events  # noqa: E402

from museum_tui.config import default_ontology_path, load_settings  # noqa: E402
from museum_tui.conversation import Session, open_session  # noqa: E402
from museum_tui.conversation.events import ReplyChunk, fact_changes, snapshot  # noqa: E402
from museum_tui.tui.app import MuseumApp  # noqa: E402
from museum_tui.tui.widgets.chat import AssistantMessage  # noqa: E402
from museum_tui.tui.widgets.memory_panel import MemoryPanel  # noqa: E402
from tests.benchmarks.bench_latency import fake_server_with  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

TIERS = {"permanent": 10, "long_term": 20, "session": 5, "ephemeral": 5}
TOKENS, TOKEN_DELAY = 2000, 0.005


def bench_ontology(folder: Path) -> Path:
    """40 unlimited concepts over the four tiers, with the museum's venue (absolute path)."""
    concepts = {}
    for tier, count in TIERS.items():
        for i in range(count):
            concepts[f"Load.{tier}{i}"] = {
                "label": f"{tier.replace('_', '-')} concept {i}",
                "examples": ["x"],
                "persistence_class": tier,
                "salience_weight": 1.0,
                "cardinality": "unlimited",
                "eviction": "salience",
            }
    # the museum's venue, its rules and agents pointed at these concepts (the venue check refuses rules
    # that name concepts the ontology lacks)
    venue = json.loads((default_ontology_path().parent / "museum.venue.json").read_text(encoding="utf-8"))
    venue["concepts"] = {}
    for agent in venue["agents"].values():
        agent["concept_prefixes"] = ["Load."]
        agent.pop("needs", None)
    (folder / "load.venue.json").write_text(json.dumps(venue))
    path = folder / "load.json"
    path.write_text(json.dumps({"name": "load", "venue": "load.venue.json", "concepts": concepts}))
    return path


async def until(ready: Callable[[], object], step: float = 0.001) -> None:
    """Poll a condition the app changes on its own loop (no event to wait on from outside)."""
    while not ready():  # noqa: ASYNC110
        await asyncio.sleep(step)


def app_for(session: Session) -> MuseumApp:
    app = MuseumApp(session, venue_name=session.concierge.venue_name)
    app.animation_level = "none"
    return app


async def panel_under_load(ontology: Path, turns: int = 40) -> dict[str, list[float]]:
    settings = load_settings({"offline": True, "user": "load", "ontology": str(ontology)})
    session = open_session(settings)
    store = session.store
    concepts = list(store.ontology.concepts)
    n = 0

    def add(k: int) -> list:
        nonlocal n
        changes = []
        for _ in range(k):
            n += 1
            changes += store.upsert(concepts[n % len(concepts)], f"value {n}", "asserted", f"said {n}")
        return changes

    add(200)
    samples: dict[str, list[float]] = {"show": [], "show → next frame": [], "CPU until idle": [], "facts": []}
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        panel = app.query_one(MemoryPanel)
        panel.show(snapshot(store), animate=False)
        await pilot.pause()
        for _ in range(turns):
            changes = add(max(5, 200 - len(store.facts)))  # refill what faded, keep about 200 facts
            old = next(iter(store.facts.values()))
            changes += store.upsert(old.concept, old.value, "asserted", "again")
            ticked = store.tick()
            views = fact_changes(store, changes + ticked)
            snap = snapshot(store)
            drawn = asyncio.Event()
            cpu, start = time.process_time(), time.perf_counter()
            panel.show(snap, views, animate=True)
            shown = time.perf_counter()
            app.call_after_refresh(drawn.set)
            await drawn.wait()
            frame = time.perf_counter()
            await pilot.pause()  # includes idle waiting, so only its CPU time is counted
            samples["show"].append(shown - start)
            samples["show → next frame"].append(frame - start)
            samples["CPU until idle"].append(time.process_time() - cpu)
            samples["facts"].append(len(store.facts))
    await session.aclose()
    return samples


async def stream_without_ui(base_url: str) -> float:
    """Seconds from the first to the last reply chunk when nothing draws them: the pace the server and
    the session allow on this machine, for the TUI to be compared with."""
    session = open_session(load_settings({"base_url": base_url, "model": "fake", "user": "bare"}, env={}), env={})
    times = [
        time.perf_counter() async for event in session.handle("Tell me everything.") if isinstance(event, ReplyChunk)
    ]
    await session.aclose()
    return times[-1] - times[0]


async def stream_under_load(base_url: str) -> dict[str, float | list[float]]:
    settings = load_settings({"base_url": base_url, "model": "fake", "user": "stream"}, env={})
    session = open_session(settings, env={})
    arrived: list[tuple[float, int]] = []  # (time, total characters received by the app so far)
    handle = session.handle

    async def timed_handle(text: str):
        total = 0
        async for event in handle(text):
            if isinstance(event, ReplyChunk):
                total += len(event.text)
                arrived.append((time.perf_counter(), total))
            yield event

    session.handle = timed_handle  # type: ignore[method-assign]
    app = app_for(session)
    result: dict[str, float | list[float]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await app.wait_until_ready()  # what loads after the first frame (see conversation/startup.py)
        composer = app.query_one("#composer")

        async def key_latency() -> float:
            before = composer.value
            start = time.perf_counter()
            composer.post_message(events.Key("x", "x"))
            await until(lambda: composer.value != before, 0.0005)
            return time.perf_counter() - start

        composer.focus()
        idle = [await key_latency() for _ in range(20)]
        composer.value = "Tell me everything."
        await pilot.press("enter")
        during: list[float] = []
        backlog: list[float] = []  # characters arrived but not yet in the Markdown widget
        await until(lambda: app.query(AssistantMessage))
        reply = app.query(AssistantMessage).last()
        while session.busy:
            during.append(await key_latency())  # first, so a stream that ends early still has a sample
            await asyncio.sleep(0.1)
            if arrived:
                backlog.append(arrived[-1][1] - len(reply.markdown.source))
        last_arrival, total = arrived[-1]
        await until(lambda: len(reply.markdown.source) >= total)
        caught_up = time.perf_counter() - last_arrival
        await app.workers.wait_for_complete()
        result = {
            "idle": idle,
            "during": during,
            "backlog": backlog,
            "caught_up": caught_up,
            "stream_s": arrived[-1][0] - arrived[0][0],
            "chunks": len(arrived),
        }
    await session.aclose()
    return result


def ms(values: list[float]) -> str:
    if not values:
        return "— (no sample)"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{statistics.median(values) * 1000:.1f} / {p95 * 1000:.1f} / {max(values) * 1000:.1f}"


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MUSEUM_TUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MUSEUM_TUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        panel = asyncio.run(panel_under_load(bench_ontology(Path(tmp))))
        reply = " ".join(f"word{i}" for i in range(TOKENS))
        with fake_server_with(reply=reply, first_token_delay=0.0, token_delay=TOKEN_DELAY) as base_url:
            bare_s = asyncio.run(stream_without_ui(base_url))
            stream = asyncio.run(stream_under_load(base_url))
    print(
        f"# UI under load — headless Pilot 120×40, Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs"
    )
    facts = panel["facts"]
    print(f"\nmemory panel, {min(facts):.0f}–{max(facts):.0f} facts, {len(facts)} turns (ms: median / p95 / max)")
    print("| step | ms | target |")
    print("|---|---:|---:|")
    print(f"| MemoryPanel.show (the call) | {ms(panel['show'])} | |")
    frame = statistics.median(panel["show → next frame"]) * 1000
    print(
        f"| show → next frame drawn | {ms(panel['show → next frame'])} | ≤ 30 ms: {'ok' if frame <= 30 else 'MISSED'} |"
    )
    print(f"| CPU time until idle (drawing, layout) | {ms(panel['CPU until idle'])} | |")
    rate = TOKENS / float(stream["stream_s"])  # type: ignore[arg-type]
    backlog = stream["backlog"]
    print(f"\n{TOKENS:,}-token reply sent at {1 / TOKEN_DELAY:.0f} tokens/s ({stream['chunks']} chunks)")
    print("| measure | value |")
    print("|---|---:|")
    print(f"| stream read by the session alone (no UI) | {bare_s:.2f} s ({TOKENS / bare_s:.0f} tokens/s) |")
    ratio = float(stream["stream_s"]) / bare_s  # type: ignore[arg-type]
    verdict = "ok" if ratio <= 1.1 else "FALLS BEHIND"
    print(
        f"| stream read by the TUI while drawing it | {stream['stream_s']:.2f} s ({rate:.0f} tokens/s): {ratio:.2f}× — {verdict} |"
    )
    print(
        f"| characters arrived but not yet shown, sampled every 0.1 s: median / max | "
        f"{statistics.median(backlog):.0f} / {max(backlog):.0f} |"
    )  # type: ignore[arg-type]
    print(f"| last token arrived → whole reply on screen | {float(stream['caught_up']) * 1000:.0f} ms |")
    print(f"| composer key → shown, idle (ms: median / p95 / max) | {ms(stream['idle'])} |")  # type: ignore[arg-type]
    print(f"| composer key → shown, during the stream | {ms(stream['during'])} |")  # type: ignore[arg-type]
    print()
    target("memory panel update, ~200 facts: show → next frame (median)", f"{frame:.1f} ms", "≤ 30 ms", frame <= 30)
    target(
        f"{TOKENS:,}-token stream: TUI read time ÷ session alone", f"{ratio:.2f}×", "≤ 1.1× (keeps up)", ratio <= 1.1
    )
    during = statistics.median(stream["during"]) * 1000  # type: ignore[arg-type]
    target("composer key latency during the stream (median)", f"{during:.1f} ms", "≤ 50 ms (responsive)", during <= 50)
    return 0


if __name__ == "__main__":
    sys.exit(main())
