"""Run every benchmark, each in its own process, and print one summary table of the targets.

    python tests/benchmarks/run_all.py            # prints every benchmark's tables, then the summary
    python tests/benchmarks/run_all.py --write    # the same, and records it in tests/benchmarks/RESULTS.md
    python tests/benchmarks/run_all.py memory ui  # only some

Figures are ratios or medians measured in one run on this machine; nothing here is a test that can fail
CI. A benchmark that crashes is reported as such and the others still run.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = {
    "memory": ("Memory engine at scale", "bench_memory.py"),
    "prompt": ("Prompt size over a long conversation", "bench_prompt.py"),
    "latency": ("Time to first reply token", "bench_latency.py"),
    "local": ("A single-slot local server", "bench_local.py"),
    "startup": ("Start-up", "bench_startup.py"),
    "ui": ("UI under load", "bench_ui.py"),
    "recall": ("Recall of faded facts", "bench_recall.py"),
    "extraction": ("Built-in rule extractor", "bench_extraction.py"),
    "concierge": ("Built-in concierge answer time", "bench_concierge.py"),
    "store": ("Visitor memory on PostgreSQL", "bench_store.py"),
    "vectors": ("Static word vectors", "bench_vectors.py"),
}
TARGET_PREFIX = "target | "


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} CPUs; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    )


def run(script: str) -> tuple[str, int, float]:
    """A benchmark's output (stdout, then any stderr), its exit code and how long it took."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(HERE / script)], capture_output=True, text=True, cwd=HERE.parents[1], check=False
    )
    output = done.stdout + (f"\n[stderr]\n{done.stderr.strip()}\n" if done.returncode and done.stderr else "")
    return output, done.returncode, time.perf_counter() - start


def summary(rows: list[list[str]]) -> str:
    lines = ["| target | figure | goal | |", "|---|---:|---|---|"]
    lines += [f"| {what} | {figure} | {goal} | {verdict} |" for what, figure, goal, verdict in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "only", nargs="*", metavar="NAME", help=f"benchmarks to run: {', '.join(BENCHMARKS)} (default: all)"
    )
    parser.add_argument("--write", action="store_true", help="record the results in tests/benchmarks/RESULTS.md")
    args = parser.parse_args()
    unknown = [name for name in args.only if name not in BENCHMARKS]
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    names = args.only or list(BENCHMARKS)
    sections, rows, failed = [], [], []
    for name in names:
        title, script = BENCHMARKS[name]
        print(f"\n## {title} ({script})", flush=True)
        output, code, seconds = run(script)
        print(output, flush=True)
        if code:
            failed.append(name)
            rows.append([f"{title}: the benchmark failed (exit {code})", "—", "—", "FAILED"])
        rows += [
            line[len(TARGET_PREFIX) :].split(" | ") for line in output.splitlines() if line.startswith(TARGET_PREFIX)
        ]
        body = "\n".join(line for line in output.splitlines() if not line.startswith(TARGET_PREFIX)).strip()
        sections.append(f"## {title}\n\n`python tests/benchmarks/{script}` ({seconds:.0f} s)\n\n{body}\n")
    table = summary(rows)
    print(f"\n## Summary — {machine()}\n\n{table}")
    if args.write:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        (HERE / "RESULTS.md").write_text(
            "# Benchmark results\n\n"
            f"Recorded {stamp} by `python tests/benchmarks/run_all.py --write` on: {machine()}.\n"
            "Ratios compare figures measured in the same run; absolute times depend on the machine.\n\n"
            f"## Summary\n\n{table}\n\n" + "\n".join(sections),
            encoding="utf-8",
        )
        print(f"\nwritten: {HERE / 'RESULTS.md'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
