"""The built-in concierge's answer time: every question of the labelled question sets (museum and garden,
follow-ups with their earlier messages), routed and answered by the offline responder with a memory slice, repeated; plus the time to
build a venue's retrieval index (once per session). Prints medians and tails; nothing here fails.

Run: python tests/benchmarks/bench_concierge.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, load_venue, route  # noqa: E402
from museum_tui.memory import MemoryStore, load_ontology  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402
from tests.concierge.questions import NOW, Said, load_questions  # noqa: E402

TARGET_MS = 10.0


def bench(name: str, rounds: int) -> list[float]:
    ontology = load_ontology(REPO / "ontologies" / f"{name}.json")
    venue = load_venue(find_venue(ontology))
    agents = load_agents(venue)
    started = time.perf_counter()
    responder = BuiltinResponder(venue)
    assert responder.index.entries  # built on first use: measured here
    build_ms = (time.perf_counter() - started) * 1000
    now = datetime.fromisoformat(NOW)
    data = REPO / "tests" / "concierge" / "data"
    cases = [c for path in sorted(data.glob(f"{name}_*.jsonl")) for c in load_questions(path)]
    prepared = []
    for case in cases:
        store = MemoryStore(ontology)
        for concept, value, *_ in case.get("memory", []):
            store.upsert(concept, value, "asserted", value)
        pending = [Said(p[0], p[1], p[2] if len(p) > 2 else "asserted", case["q"]) for p in case.get("pending", [])]
        prepared.append((case["q"], store, pending, case.get("before", [])))
    for text, store, pending, earlier in prepared:  # warm caches (compiled patterns, stems) once
        responder.reply(text, route(text, store, agents), store, pending, now=now, earlier=earlier)
    times = []
    for _ in range(rounds):
        for text, store, pending, earlier in prepared:
            t0 = time.perf_counter()
            responder.reply(text, route(text, store, agents), store, pending, now=now, earlier=earlier)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    print(
        f"{name:7} {len(cases)} questions × {rounds}: median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms; index built in {build_ms:.1f} ms"
    )
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    every = []
    for name in ("museum", "garden"):
        every += bench(name, args.rounds)
    median = statistics.median(every)
    target("built-in concierge answer (route + reply), median", f"{median:.2f} ms", f"≤ {TARGET_MS:g} ms", median <= 10)


if __name__ == "__main__":
    main()
