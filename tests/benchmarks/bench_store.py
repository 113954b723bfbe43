"""Visitor memory on PostgreSQL: a turn's save and a visitor's load on loopback (p50/p95, with the memory
files beside them), then a fleet: 20 kiosks × 50 turns at once, 4 kiosks per visitor, every fact counted.

Run: python tests/benchmarks/bench_store.py   (prints tables; not part of the test suite)
It starts its own throwaway PostgreSQL cluster (tests/pg_cluster.py), or uses MUSEUM_TUI_BENCH_PG_URL.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui import config  # noqa: E402
from museum_tui.memory import MemoryStore, load_ontology  # noqa: E402
from museum_tui.storage import FileStorage, open_storage  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402
from tests.pg_cluster import Cluster, find_bindir  # noqa: E402

TURNS = 200
KIOSKS, KIOSK_TURNS, VISITORS = 20, 50, 5


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def turn_costs(storage, ontology) -> tuple[list[float], list[float]]:
    """A visitor with 30 kept facts talks for TURNS turns: each turn one new or repeated fact, a tick and a
    save; after each, another kiosk loads the visitor afresh."""
    store = MemoryStore(ontology)
    memory = storage.open("bench")
    memory.load(store)
    for i in range(30):
        store.upsert("ArtInterest.Artist", f"artist {i}", "asserted", f"I like artist {i}")
    memory.save(store)
    saves, loads = [], []
    for turn in range(TURNS):
        store.upsert("ArtInterest.Artist", f"artist {turn % 40}", "asserted", "again")
        store.tick()
        start = time.perf_counter()
        memory.save(store)
        saves.append(time.perf_counter() - start)
        start = time.perf_counter()
        storage.open("bench").load(MemoryStore(ontology))
        loads.append(time.perf_counter() - start)
    return saves, loads


KIOSK = textwrap.dedent("""
    import sys, time, pathlib
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import open_storage
    ontology, url, kiosk, turns, visitors, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), \\
        int(sys.argv[5]), pathlib.Path(sys.argv[6])
    store = MemoryStore(load_ontology(ontology))
    memory = open_storage(url).open(f"visitor{kiosk % visitors}")
    memory.load(store)
    while not go.exists():
        time.sleep(0.005)
    for turn in range(turns):
        store.upsert("SpecialNeed.Allergy", f"k{kiosk}-t{turn}", "asserted", "I'm allergic")
        store.tick()
        memory.save(store)
""")


def fleet(url: str, ontology_path: Path) -> tuple[float, int, int]:
    open_storage(url).visitors()  # the schema first
    with tempfile.TemporaryDirectory() as folder:
        go = Path(folder) / "go"
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", KIOSK, str(ontology_path), url, str(k), str(KIOSK_TURNS), str(VISITORS), str(go)]
            )
            for k in range(KIOSKS)
        ]
        time.sleep(3)  # every kiosk connected and loaded
        start = time.perf_counter()
        go.touch()
        codes = [p.wait(timeout=600) for p in procs]
        elapsed = time.perf_counter() - start
    assert codes == [0] * KIOSKS, codes
    ontology = load_ontology(ontology_path)
    stored = 0
    for v in range(VISITORS):
        store = MemoryStore(ontology)
        open_storage(url).open(f"visitor{v}").load(store)
        stored += len(store.facts)
    return elapsed, stored, KIOSKS * KIOSK_TURNS


def main() -> None:
    ontology_path = config.default_ontology_path()
    ontology = load_ontology(ontology_path)
    cluster = None
    url = os.environ.get("MUSEUM_TUI_BENCH_PG_URL")
    if not url:
        bindir = find_bindir()
        if bindir is None:
            print("no PostgreSQL server binaries and no MUSEUM_TUI_BENCH_PG_URL: nothing to measure")
            return
        cluster = Cluster(bindir).start()
        url = cluster.url()
    try:
        print(f"## Visitor memory store ({TURNS} turns, 30-70 kept facts; ms)\n")
        print("| store | save p50 | save p95 | load p50 | load p95 | save+load p50 | save+load p95 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        figures = {}
        with tempfile.TemporaryDirectory() as folder:
            for name, storage in (("files", FileStorage(folder)), ("PostgreSQL (loopback)", open_storage(url))):
                saves, loads = turn_costs(storage, ontology)
                both = [s + lo for s, lo in zip(saves, loads, strict=True)]
                figures[name] = both
                cells = [pct(x, q) for x in (saves, loads, both) for q in (0.5, 0.95)]
                print(f"| {name} | " + " | ".join(f"{c:.2f}" for c in cells) + " |")
                storage.close()
        elapsed, stored, said = fleet(url, ontology_path)
        print(f"\n## Fleet: {KIOSKS} kiosks × {KIOSK_TURNS} turns, {KIOSKS // VISITORS} kiosks per visitor\n")
        print("| turns saved | seconds | turns/s | facts said | facts stored | lost |")
        print("|---:|---:|---:|---:|---:|---:|")
        print(f"| {said} | {elapsed:.1f} | {said / elapsed:.0f} | {said} | {stored} | {said - stored} |")
        pg = figures["PostgreSQL (loopback)"]
        target("PostgreSQL save+load p95", f"{pct(pg, 0.95):.1f} ms", "< 50 ms", pct(pg, 0.95) < 50)
        target("fleet facts lost", str(said - stored), "0", said == stored)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
