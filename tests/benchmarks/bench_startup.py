"""Start-up to a fully drawn first screen, in tmux at 120×40: museum-tui (offline, the default engine)
against a bare Textual app of the same shape (tests/benchmarks/bare_app.py), alternating, in one run.

"Fully drawn" means every marker of the finished first screen is on tmux's screen: for museum-tui the
welcome, the memory panel's health line, the composer's placeholder and the footer; for the bare app the
same four places. Also prints the heaviest imports (`python -X importtime`) made before the first screen is
complete, and whether the HTTP stack was imported (it must not be offline, not even by the warm-up after the
first screen).

Run: python tests/benchmarks/bench_startup.py [--runs 9]   (needs tmux; prints a table)
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.benchmarks.targets import target  # noqa: E402

HERE = Path(__file__).resolve().parent
PY = sys.executable
APP = [PY, "-m", "museum_tui", "--offline", "--user", "bench"]
BARE = [PY, str(HERE / "bare_app.py")]
APP_MARKERS = ("Welcome to The Harbour", "turn 0 ·", "Ask the concierge", "^p palette")
BARE_MARKERS = ("Welcome to the bare app", "turn 0 ·", "Ask the bare app", "^p palette")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def time_to_screen(cmd: list[str], markers: tuple[str, ...], env: dict[str, str]) -> float:
    """Seconds from launching `cmd` in a fresh 120×40 tmux session until all `markers` are on screen."""
    name = f"bench{os.getpid()}"
    command = " ".join(f"'{part}'" for part in cmd)
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", *env_args, command], check=True)
    try:
        deadline = start + 30
        while time.perf_counter() < deadline:
            screen = tmux("capture-pane", "-p", "-t", name)
            if all(marker in screen for marker in markers):
                return time.perf_counter() - start
            time.sleep(0.005)
        raise SystemExit(f"{cmd} never drew its first screen; last capture:\n{screen}")
    finally:
        tmux("kill-session", "-t", name)


def import_profile(env: dict[str, str]) -> tuple[list[tuple[int, str]], bool]:
    """Cumulative import time of the top-level packages imported until the first screen is complete, and
    whether httpx is imported at all offline: by then, or by the warm-up that follows the first screen."""
    log = Path(env["MUSEUM_TUI_DATA_DIR"]).parent / "importtime.txt"
    # -X importtime writes to file descriptor 2, where Textual also draws the screen (sys.__stderr__): the
    # launcher keeps fd 2 for the log and gives Textual the terminal on fd 3.
    launcher = log.with_name("launch.py")
    launcher.write_text(
        "import os, sys\n"
        "sys.__stderr__ = sys.stderr = os.fdopen(3, 'w', buffering=1)\n"
        "from museum_tui.cli import main\n"
        "sys.exit(main(['--offline', '--user', 'bench']))\n"
    )
    name = f"imp{os.getpid()}"
    command = f"'{PY}' -X importtime '{launcher}' 3>&2 2> '{log}'"
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", *env_args, command], check=True)
    deadline = time.perf_counter() + 30
    while not all(m in tmux("capture-pane", "-p", "-t", name) for m in APP_MARKERS):
        if time.perf_counter() > deadline:
            raise SystemExit(f"the import profile never drew its first screen; see {log}")
        time.sleep(0.005)
    first_screen = log.read_text().splitlines()  # -X importtime writes each import as it ends
    time.sleep(1.5)  # the warm-up (Markdown, the extractor) starts 0.5 s after the first screen
    tmux("send-keys", "-t", name, "C-q")
    time.sleep(1.0)
    tmux("kill-session", "-t", name)
    totals: dict[str, int] = {}
    pattern = re.compile(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)")
    for line in first_screen:
        match = pattern.match(line)
        if match and len(match.group(2)) == 1:  # top-level imports only (one space of indent)
            totals[match.group(3)] = totals.get(match.group(3), 0) + int(match.group(1))
    top = sorted(((us, mod) for mod, us in totals.items()), reverse=True)
    imported = {m for line in log.read_text().splitlines() for m in re.findall(r"\|\s+(\S+)$", line)}
    return top, "httpx" in imported


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    if not shutil.which("tmux"):
        print("tmux is not installed (apt-get install tmux)")
        return 1
    # One idle session keeps the tmux server alive between runs (a server that exits as the last session
    # closes makes the next `new-session` fail now and then).
    keepalive = f"keepalive{os.getpid()}"
    subprocess.run(["tmux", "new-session", "-d", "-s", keepalive, "-x", "120", "-y", "40"], check=True)
    try:
        return run(args.runs)
    finally:
        tmux("kill-session", "-t", keepalive)


def run(runs: int) -> int:
    # A real install has byte-code (pip compiles it); an editable checkout under PYTHONDONTWRITEBYTECODE
    # would otherwise recompile every module at every start and measure the compiler, not the app.
    import museum_tui

    compileall.compile_dir(Path(museum_tui.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "MUSEUM_TUI_DATA_DIR": str(Path(tmp) / "data"),
            "MUSEUM_TUI_CONFIG_DIR": str(Path(tmp) / "config"),
            "TERM": "xterm-256color",
        }
        ours, bare = [], []
        time_to_screen(APP, APP_MARKERS, env)  # warm the OS file cache for both before timing
        time_to_screen(BARE, BARE_MARKERS, env)
        for _ in range(runs):
            ours.append(time_to_screen(APP, APP_MARKERS, env))
            bare.append(time_to_screen(BARE, BARE_MARKERS, env))
        top, http_imported = import_profile(env)
    ours_ms, bare_ms = statistics.median(ours) * 1000, statistics.median(bare) * 1000
    ratio = ours_ms / bare_ms
    print(
        f"# start-up to a drawn first screen — tmux 120×40, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; median of {runs}"
    )
    print("| app | median ms | min ms | max ms |")
    print("|---|---:|---:|---:|")
    for name, samples in (("museum-tui --offline", ours), ("bare Textual app, same shape", bare)):
        print(
            f"| {name} | {statistics.median(samples) * 1000:.0f} | {min(samples) * 1000:.0f} | {max(samples) * 1000:.0f} |"
        )
    print(f"\nratio: {ratio:.2f}× the bare app (target ≤ 1.3×: {'ok' if ratio <= 1.3 else 'MISSED'})")
    print(
        "bare app: tests/benchmarks/bare_app.py (header, chat with welcome, side panel, focused input, six footer keys)"
    )
    print(
        f"HTTP stack (httpx) imported offline, by the first screen or the warm-up: {'YES' if http_imported else 'no'}"
    )
    target(
        "start-up to drawn first screen ÷ bare Textual app",
        f"{ratio:.2f}× ({ours_ms:.0f} vs {bare_ms:.0f} ms)",
        "≤ 1.3×",
        ratio <= 1.3,
    )
    target("HTTP stack imported at start-up, offline", "yes" if http_imported else "no", "no", not http_imported)
    print("\n| top-level import until the first screen (python -X importtime, cumulative) | ms |")
    print("|---|---:|")
    for us, module in top[:12]:
        print(f"| {module} | {us / 1000:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
