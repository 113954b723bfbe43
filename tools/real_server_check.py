"""Ten turns of `museum-tui chat --plain` against a running OpenAI-compatible server, as a user would type
them: prints each turn's outcome, its first-token and whole-turn times, and how many turns were answered.

    python tools/real_server_check.py --base-url http://127.0.0.1:8765/v1 [--turns 10] [--python PY]

The end of a turn is found by sending `/model` after each message: `chat --plain` reads the next line only
once a turn is over (reply shown, memory updated), so the `/model` answer marks it. Used by
`tools/real_server_check.sh`, which also installs and starts a real llama-cpp-python server.
"""

from __future__ import annotations

import argparse
import os
import selectors
import statistics
import subprocess
import sys
import tempfile
import time

MESSAGES = [
    "Hi! I'm visiting today, and I should mention I'm deaf.",
    "I'm allergic to peanuts.",
    "I really love photography, especially mid-century stuff.",
    "I only have about an hour.",
    "I could really use a coffee.",
    "Where can I have one?",
    "Is there a lift to the second floor?",
    "What time do you close on Friday?",
    "Are there any tours this afternoon?",
    "Thanks, that's all!",
]
MARK = b"Answering with "


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--python", default=sys.executable, help="the interpreter that runs museum-tui")
    parser.add_argument("--timeout", type=float, default=600, help="give up on a turn after this many seconds")
    parser.add_argument("extra", nargs="*", help="more options for chat --plain (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "MUSEUM_TUI_DATA_DIR": f"{tmp}/data", "MUSEUM_TUI_CONFIG_DIR": f"{tmp}/config"}
        for name in ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OLLAMA_HOST"):
            env.pop(name, None)
        cmd = [args.python, "-m", "museum_tui", "chat", "--plain", "--base-url", args.base_url, "--user", "check"]
        proc = subprocess.Popen(
            [*cmd, *args.extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        assert proc.stdin and proc.stdout and proc.stderr
        selector = selectors.DefaultSelector()
        selector.register(proc.stdout, selectors.EVENT_READ, "out")
        selector.register(proc.stderr, selectors.EVENT_READ, "err")
        out = b""

        def read(until: bytes | None, start: int, limit: float) -> tuple[float | None, bool]:
            """Read until `until` appears past `start` in stdout (None: any byte); (first byte time, found)."""
            nonlocal out
            first = None
            ends = time.monotonic() + limit
            while time.monotonic() < ends:
                got = out[start:]
                if (until is None and got) or (until is not None and until in got):
                    return first, True
                for key, _ in selector.select(timeout=0.2):
                    chunk = os.read(key.fileobj.fileno(), 65536)  # type: ignore[union-attr]
                    if key.data == "out":
                        if chunk and first is None and len(out) == start:
                            first = time.monotonic()
                        out += chunk
                    elif chunk:
                        sys.stderr.write("  [stderr] " + chunk.decode("utf-8", "replace"))
                if proc.poll() is not None:
                    break
            return first, False

        read(b"\n", 0, 120)  # the banner
        answered, firsts, wholes = 0, [], []
        for i in range(args.turns):
            text = MESSAGES[i % len(MESSAGES)]
            start_at = len(out)
            sent = time.monotonic()
            proc.stdin.write(f"{text}\n/model\n".encode())
            proc.stdin.flush()
            first, done = read(MARK, start_at, args.timeout)
            whole = time.monotonic() - sent
            shown = out[start_at:].split(MARK)[0].decode("utf-8", "replace")
            reply, *notes = shown.strip().split("\nnote: ")
            ok = done and bool(reply.strip()) and not reply.startswith("error:") and "\nerror:" not in reply
            answered += ok
            ttft = (first - sent) if first else float("nan")
            if ok:
                firsts.append(ttft)
                wholes.append(whole)
            one = " ".join(reply.split())[:100]
            print(
                f"turn {i + 1:2}: {'answered' if ok else 'FAILED  '} first {ttft:6.1f} s, whole {whole:6.1f} s | {one}"
            )
            for note in notes:
                print(f"          note: {' '.join(note.split())[:120]}")
            read(b"\n", len(out), 1)
        proc.stdin.close()
        proc.wait(timeout=120)
    print()
    print(f"answered turns: {answered} of {args.turns}")
    if firsts:
        print(f"first token: median {statistics.median(firsts):.1f} s, max {max(firsts):.1f} s")
        print(f"whole turn:  median {statistics.median(wholes):.1f} s, max {max(wholes):.1f} s")
    return 0 if answered == args.turns else 1


if __name__ == "__main__":
    sys.exit(main())
