"""`chat --plain` against a single-slot local server: the wait is announced, and Ctrl-C stops whatever the
turn waits on (here a 1-byte-per-second extraction) while the reply stays. A real process, real signals."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys

from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault, LlamaLike

REPLY = "The café is on the ground floor, by the entrance."


def read_until(proc: subprocess.Popen[bytes], wanted: bytes, seen: dict[str, bytes]) -> None:
    """Read stdout and stderr into `seen` until `wanted` is in one of them (or give up after 60 s)."""
    selector = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    selector.register(proc.stdout, selectors.EVENT_READ, "out")
    selector.register(proc.stderr, selectors.EVENT_READ, "err")
    try:
        for _ in range(600):
            if any(wanted in text for text in seen.values()):
                return
            for key, _ in selector.select(timeout=0.1):
                chunk = os.read(key.fileobj.fileno(), 65536)  # type: ignore[union-attr]
                seen[key.data] = seen.get(key.data, b"") + chunk
        raise AssertionError(f"{wanted!r} never came; got {seen!r}")
    finally:
        selector.close()


def test_ctrl_c_stops_a_dripping_extraction_and_keeps_the_reply() -> None:
    with FakeOpenAI(REPLY, PEANUT_ALLERGY, llama=LlamaLike()) as server:
        server.always("json", Fault(drip=1.0))  # the extraction's answer, one byte a second
        proc = subprocess.Popen(
            [sys.executable, "-m", "museum_tui", "chat", "--plain", "--base-url", server.base_url, "--user", "drip"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ},
        )
        assert proc.stdin is not None
        seen: dict[str, bytes] = {}
        try:
            proc.stdin.write(b"I'm allergic to peanuts\n")
            proc.stdin.flush()
            read_until(proc, REPLY.encode(), seen)
            read_until(proc, b"(updating memory", seen)  # said once the wait passed 2 s
            proc.send_signal(signal.SIGINT)
            read_until(proc, b"Stopped updating memory", seen)
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    stdout = seen.get("out", b"") + out
    assert proc.returncode == 0, seen.get("err", b"") + err
    assert b"the reply stays" in stdout and b"Traceback" not in err
    assert server.calls("chat")[0].body["max_tokens"] == 400
