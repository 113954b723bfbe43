"""Time to the first reply token: our turn (the reply starts at once, extraction runs beside it) against the
seed's sequential order (extract → upsert → tick → chat; `facts_before_reply = true`), in one run.

The fake OpenAI-compatible server runs as its own process: extraction answers after 0.8 s, a chat reply
starts after 0.3 s and streams a token every 20 ms. Each figure is the median of `--runs` turns, measured
where a visitor sees it: the in-process session (first `ReplyChunk`), `museum-tui chat --plain` as a real
process behind a pipe (first reply byte on its stdout), and the Textual app driven headless by Pilot (first
text in the reply's Markdown widget). "chat alone" is the bare streamed request with the same prompt.

Run: python tests/benchmarks/bench_latency.py [--runs 5]   (prints a table; not part of the test suite)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from museum_tui.config import load_settings  # noqa: E402
from museum_tui.conversation import Session, open_session  # noqa: E402
from museum_tui.conversation.events import ReplyChunk  # noqa: E402
from tests.benchmarks.targets import target  # noqa: E402

EXTRACT_DELAY, FIRST_TOKEN_DELAY, TOKEN_DELAY = 0.8, 0.3, 0.02
REPLY = "Welcome! The Harbour Café is on the ground floor, next to the main entrance."
FACTS = (
    '{"facts": [{"concept": "SpecialNeed.Allergy", "value": "peanuts", "polarity": "asserted",'
    ' "evidence": "allergic to peanuts"}]}'
)
MESSAGES = ["I'm allergic to peanuts.", "I speak Italian.", "I love photography.", "We have two hours."]


@contextmanager
def fake_server_with(
    *,
    reply: str = REPLY,
    extract_delay: float = 0.0,
    first_token_delay: float = 0.0,
    token_delay: float = 0.0,
    extra: tuple[str, ...] = (),
) -> Iterator[str]:
    """The fake server as a separate process (so its sleeps never share our event loop)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            str(REPO / "tests" / "fake_openai.py"),
            "--port=0",
            f"--extract-delay={extract_delay}",
            f"--first-token-delay={first_token_delay}",
            f"--token-delay={token_delay}",
            f"--reply={reply}",
            f"--facts-json={FACTS}",
            *extra,
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line.startswith("READY "):
            raise SystemExit(f"the fake server did not start: {line!r}")
        yield line.split()[1]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def fake_server() -> contextlib.AbstractContextManager[str]:
    return fake_server_with(extract_delay=EXTRACT_DELAY, first_token_delay=FIRST_TOKEN_DELAY, token_delay=TOKEN_DELAY)


def settings_for(base_url: str, user: str, sequential: bool):
    settings = load_settings({"base_url": base_url, "model": "fake", "user": user}, env={})
    settings.facts_before_reply = sequential
    return settings


async def session_ttft(base_url: str, sequential: bool, runs: int) -> list[float]:
    samples = []
    session = open_session(settings_for(base_url, f"s{int(sequential)}", sequential), env={})
    for i in range(runs):
        start = time.perf_counter()
        first = None
        async for event in session.handle(MESSAGES[i % len(MESSAGES)]):
            if first is None and isinstance(event, ReplyChunk):
                first = time.perf_counter() - start
        samples.append(first or float("nan"))
    await session.aclose()
    return samples


async def chat_alone_ttft(base_url: str, runs: int) -> list[float]:
    """The same first request without any of our pipeline: what the model alone costs."""
    from museum_tui.llm import TextDelta

    session = open_session(settings_for(base_url, "alone", False), env={})
    agent = session.concierge.route(MESSAGES[0], session.store)
    messages = [
        {"role": "system", "content": session.concierge.system_prompt(agent, session.store)},
        {"role": "user", "content": MESSAGES[0]},
    ]
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        first = None
        async for event in session.chat.client.stream_chat(messages):
            if first is None and isinstance(event, TextDelta) and event.text:
                first = time.perf_counter() - start
        samples.append(first or float("nan"))
    await session.aclose()
    return samples


def plain_ttft(base_url: str, sequential: bool, runs: int) -> list[float]:
    """`chat --plain` as a real process: write a line, wait for the first byte of the reply."""
    env = {
        **os.environ,
        "MUSEUM_TUI_FACTS_BEFORE_REPLY": "true" if sequential else "false",
        "PYTHONUNBUFFERED": "1",
    }
    for name in ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OLLAMA_HOST"):
        env.pop(name, None)
    # --markdown: text as it streams (plain mode for people writes a paragraph at a time, on purpose)
    cmd = [sys.executable, "-m", "museum_tui", "chat", "--plain", "--markdown", "--base-url", base_url]
    cmd += ["--model", "fake"]
    cmd += ["--user", f"p{int(sequential)}"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin and proc.stdout
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    fd = proc.stdout.fileno()

    def read_until(predicate: Callable[[bytes], bool], timeout: float = 30.0) -> bytes:
        got, deadline = b"", time.monotonic() + timeout
        while not predicate(got):
            if time.monotonic() > deadline or not sel.select(timeout=deadline - time.monotonic()):
                raise SystemExit(f"chat --plain stalled; output so far: {got[-300:]!r}")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise SystemExit(f"chat --plain ended early: {got[-300:]!r}")
            got += chunk
        return got

    read_until(lambda b: b.endswith(b"\n"))  # the banner: the session is open
    samples = []
    for i in range(runs):
        proc.stdin.write((MESSAGES[i % len(MESSAGES)] + "\n").encode())
        proc.stdin.flush()
        start = time.perf_counter()
        first = read_until(lambda b: len(b) > 0)
        samples.append(time.perf_counter() - start)
        if not first.endswith(b"\n"):
            read_until(lambda b: b.endswith(b"\n"))  # rest of the reply, then the turn commits
        time.sleep(EXTRACT_DELAY)  # let a late extraction finish before the next line
    proc.stdin.close()
    proc.wait(timeout=30)
    return samples


async def tui_ttft(base_url: str, sequential: bool, runs: int) -> list[float]:
    """The real app, headless: from Enter to the first reply text inside the reply's Markdown widget."""
    from museum_tui.tui.app import MuseumApp
    from museum_tui.tui.widgets.chat import AssistantMessage

    session: Session = open_session(settings_for(base_url, f"t{int(sequential)}", sequential), env={})
    app = MuseumApp(session, venue_name=session.concierge.venue_name)
    app.animation_level = "none"
    samples = []
    async with app.run_test(size=(120, 40)) as pilot:
        await app.wait_until_ready()  # what loads after the first frame (see conversation/startup.py)
        composer = app.query_one("#composer")
        for i in range(runs):
            before = len(app.query(AssistantMessage))
            composer.focus()
            composer.value = MESSAGES[i % len(MESSAGES)]
            start = time.perf_counter()
            await pilot.press("enter")
            while True:
                replies = app.query(AssistantMessage)
                if len(replies) > before and replies.last().markdown.source.strip():
                    break
                await asyncio.sleep(0.002)
            samples.append(time.perf_counter() - start)
            await app.workers.wait_for_complete()
            await pilot.pause()
        await app.session.aclose()
    return samples


def ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MUSEUM_TUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MUSEUM_TUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        with fake_server() as base_url:
            alone = ms(asyncio.run(chat_alone_ttft(base_url, args.runs)))
            rows = []
            for name, measure in (
                ("session (in-process)", lambda seq: asyncio.run(session_ttft(base_url, seq, args.runs))),
                ("chat --plain (process, pipe)", lambda seq: plain_ttft(base_url, seq, args.runs)),
                ("TUI (Textual, headless Pilot)", lambda seq: asyncio.run(tui_ttft(base_url, seq, args.runs))),
            ):
                ours, seq = ms(measure(False)), ms(measure(True))
                rows.append((name, ours, seq))
    print(
        f"# time to first reply token — Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs; extraction {EXTRACT_DELAY} s, first chat token "
        f"{FIRST_TOKEN_DELAY} s, {TOKEN_DELAY * 1000:.0f} ms/token; median of {args.runs}"
    )
    print(f"chat alone (bare streamed request): {alone:.0f} ms")
    print()
    print("| path | ours ms | sequential ms | ours − chat alone | sequential ÷ ours | targets |")
    print("|---|---:|---:|---:|---:|---|")
    for name, ours, seq in rows:
        within = "ok" if ours - alone <= 250 else "MISSED"
        faster = "ok" if seq / ours >= 2 else "MISSED"
        print(
            f"| {name} | {ours:.0f} | {seq:.0f} | {ours - alone:+.0f} ms | {seq / ours:.2f}× "
            f"| ≤ +250 ms: {within}; ≥ 2×: {faster} |"
        )
    print()
    for name, ours, seq in rows:
        path = name.split(" (")[0]
        target(
            f"first reply token, {path}: ours − chat alone", f"{ours - alone:+.0f} ms", "≤ +250 ms", ours - alone <= 250
        )
        target(f"first reply token, {path}: sequential ÷ ours", f"{seq / ours:.2f}×", "≥ 2×", seq / ours >= 2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
