"""`museum-tui` run as a user runs it: a real process with real pipes, never this test's interpreter state."""

from __future__ import annotations

import os
import subprocess
import sys


def museum(
    *args: str,
    stdin: str = "",
    env: dict[str, str] | None = None,
    launcher: tuple[str, ...] = ("-m", "museum_tui"),
) -> subprocess.CompletedProcess[str]:
    """Run the CLI with `args` (built-in replies unthrottled); `launcher` replaces `-m museum_tui`, e.g. to
    wrap it with logging. Never raises for a non-zero exit: tests look at the code themselves."""
    return subprocess.run(
        [sys.executable, *launcher, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "MUSEUM_TUI_STREAM_DELAY": "0", **(env or {})},
        timeout=120,
        check=False,
    )
