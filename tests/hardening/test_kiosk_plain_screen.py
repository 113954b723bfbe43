"""`chat --plain` on a kiosk terminal leaves nothing for the next person: after `/quit` (or end of input) the
screen and its scrollback are erased. Reproduced before the fix: the next visitor scrolled back to the
previous conversation. The terminal is real: the chat writes to a pseudo-terminal this test reads."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from museum_tui.cli.chat_cmd import CLEAR_SCREEN_AND_SCROLLBACK


def chat_on_a_terminal(stdin: str, *args: str) -> str:
    """Run `chat --plain --offline ARGS` with stdout on a pseudo-terminal; everything it wrote there."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "museum_tui", "chat", "--plain", "--offline", *args],
        stdin=subprocess.PIPE,
        stdout=child,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "MUSEUM_TUI_STREAM_DELAY": "0"},
    )
    os.close(child)
    assert proc.stdin is not None
    proc.stdin.write(stdin.encode())
    proc.stdin.close()
    out = bytearray()
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        out += data
    os.close(main)
    assert proc.wait(timeout=120) == 0
    return out.decode("utf-8", "replace")


def test_quit_on_a_kiosk_erases_screen_and_scrollback() -> None:
    shown = chat_on_a_terminal("I'm deaf and allergic to kiwi\n/quit\n", "--kiosk")
    assert "kiwi" in shown, "the conversation was on the terminal"
    assert CLEAR_SCREEN_AND_SCROLLBACK in shown
    after = shown.rsplit(CLEAR_SCREEN_AND_SCROLLBACK, 1)[1]
    assert "kiwi" not in after and "deaf" not in after, "nothing of it is left after the erase"
    assert shown.rindex(CLEAR_SCREEN_AND_SCROLLBACK) > shown.rindex("kiwi")


def test_end_of_input_on_a_kiosk_erases_too_and_a_personal_terminal_is_left_alone() -> None:
    assert chat_on_a_terminal("I'm allergic to kiwi\n", "--kiosk").endswith(CLEAR_SCREEN_AND_SCROLLBACK)
    assert CLEAR_SCREEN_AND_SCROLLBACK not in chat_on_a_terminal("I'm allergic to kiwi\n/quit\n")
