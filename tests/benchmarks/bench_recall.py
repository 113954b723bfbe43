"""Recall of faded facts at scale: one turn's matching against 10,000 faded facts (target ≤ 2 ms median).

Run: python tests/benchmarks/bench_recall.py   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import random
import statistics
import string
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.memory import MemoryStore, load_ontology  # noqa: E402
from museum_tui.memory.recall import FadedFacts, recall_candidates  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

MESSAGES = [
    "Where can I have one?",  # vague
    "is the {word} still on?",  # a faded value
    "do you have anything with {typo}",  # a misspelt faded value
    "What time does the museum close today?",  # nothing
    "I would love to see the sculpture garden before lunch, is it far from here?",  # nothing, longer
]


def word(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(5, 9)))


def faded_store(n: int, rng: random.Random) -> tuple[MemoryStore, FadedFacts, list[str]]:
    store = MemoryStore(load_ontology(REPO / "ontologies" / "museum.json"))
    concepts = [c for c, spec in store.ontology.concepts.items() if spec.persistence_class != "permanent"]
    faded, values = FadedFacts(limit=n), []
    for i in range(n):
        value = f"{word(rng)} {word(rng)}"
        values.append(value)
        changes = store.upsert(concepts[i % len(concepts)], value, "asserted", f"I'd like {value} please")
        for change in changes:
            if change.kind == "created":
                del store.facts[change.fact.id]  # straight to faded: as if decay had pruned it
                faded.add(store, [change._replace(kind="pruned")])
    for i in range(40):  # a realistic live memory beside them
        store.upsert(concepts[i % len(concepts)], f"live {word(rng)}", "asserted", "said today")
    return store, faded, values


def main() -> int:
    rng = random.Random(7)
    print("| faded facts | ms per turn (median) | p95 | target |")
    print("|---:|---:|---:|---:|")
    figures = {}
    for n in (1_000, 10_000):
        store, faded, values = faded_store(n, rng)
        samples = []
        for i in range(400):
            pick = values[rng.randrange(len(values))].split()[0]
            typo = pick[:2] + pick[3:] if len(pick) > 4 else pick
            text = MESSAGES[i % len(MESSAGES)].format(word=pick, typo=typo)
            start = time.perf_counter()
            recall_candidates(store, faded, text)
            samples.append((time.perf_counter() - start) * 1000)
        median, p95 = statistics.median(samples), sorted(samples)[int(len(samples) * 0.95)]
        figures[n] = median
        print(f"| {n:,} | {median:.3f} | {p95:.3f} | {'≤ 2 ms' if n == 10_000 else ''} |")
    print()
    target("recall over 10,000 faded facts (median)", f"{figures[10_000]:.2f} ms", "≤ 2 ms", figures[10_000] <= 2.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
