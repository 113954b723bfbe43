"""A single-slot local server (the llama-like fake: one slot, a new request cuts the running stream, a
2,048-token context) with 0.3 s to the first token and 0.8 s per extraction: time to the first reply token
and to the whole turn (facts applied), for the default order (`auto`: extraction after the reply) and for
extraction beside the reply (`parallel`, what the app did before), against the bare chat request alone.

Run: python tests/benchmarks/bench_local.py [--runs 5]   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.config import load_settings  # noqa: E402
from museum_tui.conversation import open_session  # noqa: E402
from museum_tui.conversation.events import MemoryTicked, ReplyChunk, TurnFailed  # noqa: E402
from tests.benchmarks.bench_latency import (  # noqa: E402
    EXTRACT_DELAY,
    FIRST_TOKEN_DELAY,
    MESSAGES,
    TOKEN_DELAY,
    fake_server_with,
)
from tests.benchmarks.targets import target  # noqa: E402


def llama_server() -> contextlib.AbstractContextManager[str]:
    """The latency benchmark's fake server, in its llama-like mode."""
    return fake_server_with(
        extract_delay=EXTRACT_DELAY,
        first_token_delay=FIRST_TOKEN_DELAY,
        token_delay=TOKEN_DELAY,
        extra=('--llama={"n_ctx": 2048, "json_late": 0.05}',),
    )


async def turns(base_url: str, order: str, runs: int) -> tuple[list[float], list[float], int]:
    """First-token and whole-turn seconds per turn, and how many turns failed."""
    settings = load_settings({"base_url": base_url, "model": "fake", "user": f"u-{order}"}, env={})
    settings.extraction_order = order
    session = open_session(settings, env={})
    first_times, whole_times, failed = [], [], 0
    for i in range(runs):
        start = time.perf_counter()
        first = None
        async for event in session.handle(MESSAGES[i % len(MESSAGES)]):
            if first is None and isinstance(event, ReplyChunk):
                first = time.perf_counter() - start
            elif isinstance(event, MemoryTicked):
                whole_times.append(time.perf_counter() - start)
            elif isinstance(event, TurnFailed):
                failed += 1
        if first is not None:
            first_times.append(first)
    await session.aclose()
    return first_times, whole_times, failed


async def chat_alone(base_url: str, runs: int) -> list[float]:
    from museum_tui.llm import TextDelta

    session = open_session(load_settings({"base_url": base_url, "model": "fake", "user": "alone"}, env={}), env={})
    messages = [{"role": "system", "content": "You are a concierge."}, {"role": "user", "content": MESSAGES[0]}]
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        first = None
        async for event in session.chat.client.stream_chat(messages, max_tokens=400):
            if first is None and isinstance(event, TextDelta):
                first = time.perf_counter() - start
        samples.append(first or float("nan"))
    await session.aclose()
    return samples


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.0f}" if samples else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MUSEUM_TUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MUSEUM_TUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        with llama_server() as base_url:
            alone = statistics.median(asyncio.run(chat_alone(base_url, args.runs)))
            rows = {order: asyncio.run(turns(base_url, order, args.runs)) for order in ("auto", "parallel")}
    print(
        f"# single-slot local server (llama-like fake) — Python {platform.python_version()}, {os.cpu_count()} CPUs; "
        f"first token {FIRST_TOKEN_DELAY} s, {TOKEN_DELAY * 1000:.0f} ms/token, extraction {EXTRACT_DELAY} s; "
        f"median of {args.runs}"
    )
    print(f"chat alone (bare streamed request): {alone * 1000:.0f} ms")
    print()
    print("| extraction order | first token ms | − chat alone | whole turn ms | failed turns |")
    print("|---|---:|---:|---:|---:|")
    for order, (first, whole, failed) in rows.items():
        extra = statistics.median(first) - alone if first else float("nan")
        print(f"| {order} | {ms(first)} | {extra * 1000:+.0f} ms | {ms(whole)} | {failed} of {args.runs} |")
    first, whole, failed = rows["auto"]
    extra = (statistics.median(first) - alone) * 1000 if first else float("inf")
    print()
    target("single-slot server: first reply token − chat alone", f"{extra:+.0f} ms", "≤ +250 ms", extra <= 250)
    target("single-slot server: turns answered", f"{args.runs - failed} of {args.runs}", "all", failed == 0)
    target("single-slot server: whole turn", f"{ms(whole)} ms", "reported", True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
