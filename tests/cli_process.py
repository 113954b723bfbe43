"""`museum-tui` run as a user runs it: a real process with real pipes, never this test's interpreter state."""

from __future__ import annotations

import os
import subprocess
import sys

# Built-in replies unthrottled, and retries after 10 ms instead of 0.5 s, 1 s, 2 s: a test waits for what it
# checks (that the call was retried, what the visitor is told), never for the back-off itself.
QUICK = {"MUSEUM_TUI_STREAM_DELAY": "0", "MUSEUM_TUI_RETRY_BACKOFF": "0.01"}


def museum(
    *args: str,
    stdin: str = "",
    env: dict[str, str] | None = None,
    launcher: tuple[str, ...] = ("-m", "museum_tui"),
) -> subprocess.CompletedProcess[str]:
    """Run the CLI with `args` (QUICK: no stream delay, short back-off); `launcher` replaces `-m museum_tui`, e.g. to
    wrap it with logging. Never raises for a non-zero exit: tests look at the code themselves."""
    return subprocess.run(
        [sys.executable, *launcher, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **QUICK, **(env or {})},
        timeout=120,
        check=False,
    )


def museum_at_terminal(
    *args: str, answer: str, prompt: bytes = b": ", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the CLI with a terminal (a pseudo-terminal) as its standard input, typing `answer` once it asks
    (its prompt ends with `prompt` on stderr): what a person at a kiosk's keyboard does for a PIN."""
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "museum_tui", *args],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **QUICK, **(env or {})},
        start_new_session=True,  # no controlling terminal: getpass reads the pseudo-terminal on stdin
    )
    os.close(slave)
    try:
        seen = b""
        while not seen.endswith(prompt):  # typed only once asked: turning echo off flushes earlier input
            chunk = os.read(proc.stderr.fileno(), 256)
            if not chunk:
                break
            seen += chunk
        if seen.endswith(prompt):
            os.write(master, answer.encode() + b"\n")
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(master)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out.decode(), (seen + err).decode())
