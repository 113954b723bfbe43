"""Memory engine cost per turn (3 upserts + tick + context_block) and save/load of 1k facts.

Run: python tests/benchmarks/bench_memory.py   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.memory import (  # noqa: E402
    MemoryStore,
    context_block,
    parse_ontology,
)
from museum_tui.storage import UserMemoryFile  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

CONCEPTS = 40
WORDS = [
    "blue",
    "red",
    "green",
    "gold",
    "silver",
    "jade",
    "amber",
    "ivory",
    "coral",
    "slate",
    "ochre",
    "teal",
    "plum",
    "rust",
    "sand",
    "moss",
    "stone",
    "glass",
    "paper",
    "ink",
    "oil",
    "clay",
    "silk",
    "wool",
    "wood",
    "iron",
]


def ontology() -> dict:
    concepts = {}
    for i in range(CONCEPTS):
        concepts[f"Bench.C{i}"] = {
            "label": f"Bench concept {i}",
            "examples": ["x", "y"],
            "persistence_class": "permanent" if i % 2 else "long_term",
            "salience_weight": 1.0,
            "cardinality": "unlimited",
            "eviction": "salience",
        }
    return {"concepts": concepts}


def value(rng: random.Random) -> str:
    return f"{rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randrange(100000)}"


def filled(n: int, fuzzy: bool, onto) -> MemoryStore:
    rng = random.Random(n)
    store = MemoryStore(onto, similarity_threshold=0.9 if fuzzy else 1.0)
    while len(store.facts) < n:
        store.upsert(f"Bench.C{rng.randrange(CONCEPTS)}", value(rng), "asserted", "evidence")
    return store


def time_turns(store: MemoryStore, turns: int) -> float:
    rng = random.Random(7)
    existing = list(store.facts.values())
    samples = []
    for _ in range(turns):
        old = rng.choice(existing)
        start = time.perf_counter()
        store.upsert(old.concept, old.value, "asserted", "again")
        added = store.upsert(f"Bench.C{rng.randrange(CONCEPTS)}", value(rng), "asserted", "new")
        added += store.upsert(f"Bench.C{rng.randrange(CONCEPTS)}", value(rng), "asserted", "new")
        store.tick()
        context_block(store)
        samples.append(time.perf_counter() - start)
        # Keep the store at its size: drop what this turn added (not timed).
        store.forget(fact_ids=[c.fact.id for c in added if c.kind == "created"])
    return statistics.median(samples) * 1000


def time_save_load(n: int, onto) -> dict[str, float]:
    """Median ms of: a save by the instance that last wrote the file (the usual case), a save that must
    merge because another instance wrote meanwhile, and a load."""
    store = filled(n, False, onto)
    samples: dict[str, list[float]] = {"save": [], "save with merge": [], "load": [], "load (fuzzy store)": []}
    with tempfile.TemporaryDirectory() as tmp:
        mine, other = UserMemoryFile(Path(tmp), "bench"), UserMemoryFile(Path(tmp), "bench")
        other_store = MemoryStore(onto)
        mine.save(store)
        for i in range(15):
            store.tick()
            start = time.perf_counter()
            mine.save(store)
            samples["save"].append(time.perf_counter() - start)
            other_store.upsert("Bench.C0", f"other {i}", "asserted", "x")
            other.save(other_store)
            start = time.perf_counter()
            mine.save(store)
            samples["save with merge"].append(time.perf_counter() - start)
            fresh = MemoryStore(onto)
            start = time.perf_counter()
            UserMemoryFile(Path(tmp), "bench").load(fresh)
            samples["load"].append(time.perf_counter() - start)
            assert len(fresh.facts) >= n
            fuzzy = MemoryStore(onto, similarity_threshold=0.88)  # the app's default matching
            start = time.perf_counter()
            UserMemoryFile(Path(tmp), "bench").load(fuzzy)
            samples["load (fuzzy store)"].append(time.perf_counter() - start)
            assert len(fuzzy.facts) >= n
    return {k: statistics.median(v) * 1000 for k, v in samples.items()}


def main() -> int:
    onto = parse_ontology(ontology())
    print(
        f"# memory engine — Python {platform.python_version()} on {platform.machine()}, "
        f"{platform.processor() or platform.system()}"
    )
    print("| facts | fuzzy | ms per turn (median) | target |")
    print("|---:|:---:|---:|---:|")
    targets = {100: "", 1000: "≤ 1 ms", 10000: "≤ 10 ms"}
    limits = {1000: 1.0, 10000: 10.0}
    per_turn: dict[int, float] = {}
    for n in (100, 1000, 10000):
        for fuzzy in (False, True):
            turns = 300 if n < 10000 else 60
            ms = time_turns(filled(n, fuzzy, onto), turns)
            per_turn[n] = max(per_turn.get(n, 0.0), ms)
            print(f"| {n:,} | {'on' if fuzzy else 'off'} | {ms:.3f} | {targets[n]} |")
    print()
    print("| 1,000 facts | ms (median of 15) | target |")
    print("|---|---:|---:|")
    save_load = time_save_load(1000, onto)
    for name, ms in save_load.items():
        print(f"| {name} | {ms:.2f} | {'≤ 20 ms' if name in ('save', 'load', 'load (fuzzy store)') else ''} |")
    print()
    for n, limit in limits.items():
        target(
            f"memory turn, {n:,} facts (slower of fuzzy on/off)",
            f"{per_turn[n]:.2f} ms",
            f"≤ {limit:g} ms",
            per_turn[n] <= limit,
        )
    for name in ("save", "load", "load (fuzzy store)"):
        ms = save_load[name]
        target(f"memory file {name}, 1,000 facts", f"{ms:.1f} ms", "≤ 20 ms", ms <= 20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
