"""Static word vectors: time to load the shipped table, and to embed one message.

Load is timed in fresh processes (the first `StaticVectors.load()` of a process, as the app pays it once,
off the first screen's path); embedding is timed per message over the extraction sets' visitor lines
with the per-text cache bypassed, `--runs` times each, best of the runs, median over messages.

Run: python tests/benchmarks/bench_vectors.py [--runs 5] [--loads 5]   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.language.vectors import DATA, StaticVectors  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

SETS = ("extraction_gold.jsonl", "extraction_heldout.jsonl", "extraction_heldout2.jsonl", "extraction_heldout3.jsonl")
LOAD_TARGET_MS = 100.0
EMBED_TARGET_MS = 0.5  # a tenth of the 5 ms extraction budget
_LOAD = (
    "import time; t = time.perf_counter(); from museum_tui.language.vectors import StaticVectors; "
    "StaticVectors.load(); print((time.perf_counter() - t) * 1000)"
)


def load_ms(loads: int) -> list[float]:
    """First load in each of `loads` fresh processes (numpy already imported, as the app has it)."""
    code = "import numpy; " + _LOAD
    out = []
    for _ in range(loads):
        done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
        out.append(float(done.stdout))
    return out


def messages() -> list[str]:
    rows = []
    for name in SETS:
        path = REPO / "tests" / "data" / name
        if path.exists():
            rows += [json.loads(line)["user"] for line in path.read_text(encoding="utf-8").splitlines() if line]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    loads = load_ms(args.loads)
    table = StaticVectors.load()
    texts = messages()
    cold_table = StaticVectors._read(DATA)  # nothing cached: each unknown word is corrected anew
    cold = []
    for text in texts:
        t0 = time.perf_counter()
        cold_table.embed(text)
        cold.append((time.perf_counter() - t0) * 1000)
    best = []
    for text in texts:
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            table._embed_uncached(text)
            times.append((time.perf_counter() - t0) * 1000)
        best.append(min(times))
    load, median = statistics.median(loads), statistics.median(best)
    print(f"table: {DATA.name}, {DATA.stat().st_size / 1e6:.2f} MB, {len(table._index)} entries x {table.dims} dims")
    print(f"load (fresh process, {args.loads} runs): median {load:.1f} ms, max {max(loads):.1f} ms")
    print(f"embed ({len(texts)} messages, best of {args.runs}): median {median:.3f} ms, max {max(best):.3f} ms")
    print(
        f"embed, first sight of each message (typo corrections not yet cached): median "
        f"{statistics.median(cold):.3f} ms, p95 {sorted(cold)[int(len(cold) * 0.95)]:.3f} ms, max {max(cold):.1f} ms"
    )
    target("vector table, first load", f"{load:.0f} ms", f"<= {LOAD_TARGET_MS:g} ms", load <= LOAD_TARGET_MS)
    target(
        "vectors, embed one message (median)",
        f"{median:.3f} ms",
        f"<= {EMBED_TARGET_MS:g} ms",
        median <= EMBED_TARGET_MS,
    )


if __name__ == "__main__":
    main()
