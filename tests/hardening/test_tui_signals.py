"""SIGTERM and SIGHUP make the full-screen app leave as Ctrl+Q does: memory saved, the terminal given back
(alternate screen left, mouse reporting off), but with a non-zero exit (128 + the signal). Reproduced
before the fix: the process died at once (-15 / -1), leaving the terminal in the alternate screen with
mouse reporting on. The app runs as a real process on a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

from museum_tui import config

ALT_SCREEN_OFF = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"
WAIT = 60.0  # seconds at most for the app to draw or answer (a busy machine), never a fixed pause


def read_until(fd: int, wanted: bytes, seen: bytearray) -> None:
    """Read the terminal into `seen` until `wanted` is in it (or the app ended, or WAIT passed)."""
    deadline = time.monotonic() + WAIT
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            seen += data


def on_a_terminal(argv: list[str]) -> tuple[subprocess.Popen, int]:
    """`argv` run as a real process on a pseudo-terminal of 100×30: the process and the terminal's end."""
    main, child = pty.openpty()
    os.set_blocking(main, True)
    proc = subprocess.Popen(
        argv,
        stdin=child,
        stdout=child,
        stderr=child,
        env={**os.environ, "MUSEUM_TUI_STREAM_DELAY": "0", "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"},
        start_new_session=True,
    )
    os.close(child)
    return proc, main


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_saves_restores_the_terminal_and_exits_non_zero(signum: int) -> None:
    proc, main = on_a_terminal([sys.executable, "-m", "museum_tui", "--offline", "--user", "ann"])
    seen = bytearray()
    try:
        read_until(main, b"Ask the concierge", seen)
        assert b"Ask the concierge" in seen, "the app drew its first screen"
        os.write(main, b"I'm allergic to kiwi\r")
        read_until(main, b"kiwi in mind", seen)
        mark = len(seen)
        proc.send_signal(signum)
        read_until(main, b"\x00never", seen)  # to the end of its output
        code = proc.wait(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert code == 128 + signum, f"exit {code}"
    after = bytes(seen[mark:])
    assert ALT_SCREEN_OFF in after and MOUSE_OFF in after, "the terminal is given back"
    assert "kiwi" in (config.users_dir() / "ann.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_plain_chat_waiting_for_a_line_leaves_saved_on_a_signal(signum: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "museum_tui", "chat", "--plain", "--offline", "--user", "bea"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "MUSEUM_TUI_STREAM_DELAY": "0"},
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"I'm allergic to kiwi\n")
        proc.stdin.flush()
        seen = bytearray()
        read_until(proc.stdout.fileno(), b"kiwi in mind", seen)
        proc.send_signal(signum)  # stdin stays open: the chat is waiting for the next line
        code = proc.wait(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
    assert code == 128 + signum, f"exit {code}"
    assert "kiwi" in (config.users_dir() / "bea.toml").read_text(encoding="utf-8")


def test_a_signalled_app_ends_even_when_the_terminal_output_is_stuck() -> None:
    """After the start-up benchmark, apps whose tmux session had ended were still running minutes later, in
    Textual's shutdown (the main thread waiting in `WriterThread.stop` for an output thread that no longer
    drained). Here that wait is made to last for ever; the app still saves and ends with 128 + SIGHUP."""
    launcher = (
        "import sys, threading\n"
        "import textual.drivers._writer_thread as w\n"
        "w.WriterThread.stop = lambda self: threading.Event().wait()\n"
        "import museum_tui.tui.app as app\n"
        "app.SHUTDOWN_GRACE = 0.5\n"  # the watchdog's wait, shortened here: the suite does not sleep
        "from museum_tui.cli import main\n"
        "sys.exit(main(['--offline', '--user', 'bea']))\n"
    )
    proc, main = on_a_terminal([sys.executable, "-c", launcher])
    seen = bytearray()
    try:
        read_until(main, b"Ask the concierge", seen)
        os.write(main, b"I'm allergic to kiwi\r")
        read_until(main, b"kiwi in mind", seen)
        proc.send_signal(signal.SIGHUP)
        code = proc.wait(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert code == 128 + signal.SIGHUP, f"exit {code}"
    assert "kiwi" in (config.users_dir() / "bea.toml").read_text(encoding="utf-8")
