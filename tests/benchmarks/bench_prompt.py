"""Prompt size over a 300-turn scripted conversation: our system prompt (venue brief + rules + the answering
agent's memory block) against a keep-everything baseline that stores every fact ever extracted and never
forgets, decays or evicts (the same prompt with all of them in the block).

The conversation is the offline engine's real turn loop (built-in extractor, ontology cardinalities,
decay, pruning); the script cycles through 40 things a visitor says over a long day (new interests,
changing needs, moods and places, corrections), so the baseline keeps growing while ours is bounded by
the ontology. Prints a table every 25 turns and a text chart.

Run: python tests/benchmarks/bench_prompt.py [--turns 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.config import load_settings  # noqa: E402
from museum_tui.conversation import open_session  # noqa: E402
from museum_tui.conversation.events import FactsApplied  # noqa: E402
from museum_tui.memory import MemoryStore, context_block  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

ARTISTS = ["Monet", "Hockney", "Frida Kahlo", "Rothko", "Picasso", "Hokusai", "Bridget Riley", "Turner"]
MEDIA = ["photography", "sculpture", "ceramics", "textiles", "printmaking", "video art", "drawing"]
PLACES = ["the main foyer", "the café", "gallery 3", "the shop", "the sculpture court", "the roof terrace"]
MOODS = ["tired", "excited", "a bit overwhelmed", "hungry", "happy", "bored"]
NEEDS = ["I could really use a coffee.", "Where's the loo?", "I need to sit down for a minute.", "I'm thirsty."]


def script(turns: int) -> list[str]:
    lines = ["Hi, I'm Sam. I'm deaf and I'm allergic to peanuts.", "I'm vegetarian."]
    i = 0
    while len(lines) < turns:
        lines += [
            f"I really love {ARTISTS[i % len(ARTISTS)]}.",
            f"I'm into {MEDIA[i % len(MEDIA)]}.",
            f"I'm in {PLACES[i % len(PLACES)]} now.",
            f"I'm feeling {MOODS[i % len(MOODS)]}.",
            NEEDS[i % len(NEEDS)],
            "What's on today?",
            "We have about two hours left." if i % 2 else "Only an hour left now.",
            "Thanks, that's helpful!",
        ]
        i += 1
    return lines[:turns]


async def measure(turns: int) -> list[tuple[int, int, int, int, int]]:
    settings = load_settings({"offline": True, "user": "prompt-bench"})
    settings.builtin_stream_delay = 0.0
    session = open_session(settings)
    keep_all: list[tuple[str, str, str]] = []  # the baseline: every fact ever extracted, kept for good
    rows = []
    for turn, text in enumerate(script(turns), start=1):
        async for event in session.handle(text):
            if isinstance(event, FactsApplied):
                keep_all += [(c.label, c.value, c.tier) for c in event.changes if c.kind in ("created", "reinforced")]
        agent = session.concierge.route(text, session.store)
        ours = session.concierge.system_prompt(agent, session.store)
        block = context_block(session.store)
        baseline_block = "\n".join(f"- {label}: {value} ({tier})" for label, value, tier in keep_all)
        empty = MemoryStore(session.store.ontology)
        fixed = len(session.concierge.system_prompt(agent, empty)) - len(context_block(empty))
        rows.append((turn, len(ours), len(block), fixed + len(baseline_block), len(session.store.facts)))
    await session.aclose()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MUSEUM_TUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MUSEUM_TUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        rows = asyncio.run(measure(args.turns))
    print(f"# prompt size over {args.turns} scripted turns (characters; offline engine, museum ontology)")
    print("| turn | facts kept | our memory block | our system prompt | keep-everything prompt |")
    print("|---:|---:|---:|---:|---:|")
    for turn, ours, block, baseline, facts in rows:
        if turn in (1, 10) or turn % 25 == 0:
            print(f"| {turn} | {facts} | {block:,} | {ours:,} | {baseline:,} |")
    late = [r for r in rows if r[0] > args.turns // 2]
    print(
        f"\nsecond half: our prompt {min(r[1] for r in late):,}–{max(r[1] for r in late):,} chars; "
        f"keep-everything {min(r[3] for r in late):,}–{max(r[3] for r in late):,} chars"
    )
    early = [r for r in rows if r[0] <= args.turns // 2]
    growth = max(r[1] for r in late) / max(r[1] for r in early)
    target(
        f"system prompt + memory block over {args.turns} turns: 2nd-half max ÷ 1st-half max",
        f"{growth:.2f}× (keep-everything {max(r[3] for r in late) / max(r[3] for r in early):.2f}×)",
        "flat (≤ 1.1×)",
        growth <= 1.1,
    )
    top = max(r[3] for r in rows)
    print("\n```text")
    print(f"characters per turn (each column of the bar = {top / 60:,.0f} chars)   o = ours   # = keep-everything")
    for turn, ours, _block, baseline, _facts in rows:
        if turn == 1 or turn % 15 == 0:
            o, b = round(ours / top * 60), round(baseline / top * 60)
            print(f"{turn:>4} {'o' * o}{'#' * max(0, b - o)}")
    print("```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
