"""Start-up to a fully drawn first screen, in tmux at 120×40: museum-tui (offline, the default engine) for a
new visitor and for one whose memory file holds 50,000 facts (about 11 MB, written by the app's own writer:
tests/huge_memory.py), against a bare Textual app of the same shape (tests/benchmarks/bare_app.py), the three
interleaved in one run (each round in a rotated order), medians compared as ratios.

"Fully drawn" means every part of the finished first screen is on tmux's screen: for museum-tui the
welcome, the memory panel's title and its status line (its facts, or "Loading your memory…": the session
is opened and the memory read after the first frame), the composer's placeholder and the footer; for the
bare app the same places.
For the 50,000-fact visitor it then times keys typed into the composer while the memory is still loading
(the visitor can type meanwhile) and how long after the first screen the memory is shown.

Also prints the heaviest imports (`python -X importtime`) made before the first screen is complete, and
whether the HTTP stack was imported (it must not be offline, not even by the loads after the first screen).
`--profile` adds the functions the first frame waits for (cProfile, headless, cumulative).

Run: python tests/benchmarks/bench_startup.py [--runs 15] [--profile]   (needs tmux; prints a table; 15
runs: on a shared machine fewer leave the median moving from one run to the next)
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
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.benchmarks.targets import target  # noqa: E402

HERE = Path(__file__).resolve().parent
PY = sys.executable
APP = [PY, "-m", "museum_tui", "--offline", "--user", "bench"]
HUGE = [PY, "-m", "museum_tui", "--offline", "--user", "huge"]
BARE = [PY, str(HERE / "bare_app.py")]
# Each marker is a tuple of alternatives: one of them must be on screen.
LOADING = "Loading your memory"
APP_MARKERS = (
    ("Welcome to The Harbour",),
    ("What I remember about you",),
    ("turn 0 ·", LOADING),
    ("Ask the concierge",),
    ("^p palette",),
)
BARE_MARKERS = (
    ("Welcome to the bare app",),
    ("What I remember about you",),
    ("turn 0 ·",),
    ("Ask the bare app",),
    ("^p palette",),
)
TARGET = 1.1
KEYS = "qjxzvkwq"  # typed while the 50,000 facts load: letters the first screen does not otherwise show together


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def drawn(screen: str, markers: tuple[tuple[str, ...], ...]) -> bool:
    return all(any(alternative in screen for alternative in marker) for marker in markers)


def launch(name: str, command: str, env: dict[str, str]) -> float:
    """Start `command` in a fresh detached 120×40 tmux session; the time it was started."""
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", *env_args, command], check=True)
    return start


def wait_for(name: str, done: Callable[[str], bool], what: str, timeout: float = 30.0) -> str:
    """Poll tmux's screen every 5 ms until `done(screen)`; the screen then."""
    deadline = time.perf_counter() + timeout
    while True:
        screen = tmux("capture-pane", "-p", "-t", name)
        if done(screen):
            return screen
        if time.perf_counter() > deadline:
            raise SystemExit(f"{what} never happened; last capture:\n{screen}")
        time.sleep(0.005)


def time_to_screen(cmd: list[str], markers: tuple[tuple[str, ...], ...], env: dict[str, str]) -> float:
    """Seconds from launching `cmd` in a fresh 120×40 tmux session until all `markers` are on screen."""
    name = f"bench{os.getpid()}"
    start = launch(name, " ".join(f"'{part}'" for part in cmd), env)
    try:
        wait_for(name, lambda screen: drawn(screen, markers), f"{cmd} drawing its first screen")
        return time.perf_counter() - start
    finally:
        tmux("kill-session", "-t", name)


def type_keys(name: str, placeholder: str, loading: str = "") -> tuple[list[float], int]:
    """Type `KEYS` into the focused input one at a time: seconds from each key sent until it is on screen
    (tmux's own round trip included), and how many were typed while `loading` was on screen throughout."""
    keys, during = [], 0
    for typed in range(1, len(KEYS) + 1):
        before = loading and loading in tmux("capture-pane", "-p", "-t", name)
        sent = time.perf_counter()
        tmux("send-keys", "-t", name, "-l", KEYS[typed - 1])
        if typed == 1:  # the placeholder goes as the first letter comes
            wait_for(name, lambda screen: placeholder not in screen, "the first key")
        else:
            wait_for(name, lambda screen, n=typed: KEYS[:n] in screen, f"key {typed}")
        keys.append(time.perf_counter() - sent)
        during += bool(before and loading in tmux("capture-pane", "-p", "-t", name))
    return keys, during


def bare_typing(env: dict[str, str]) -> list[float]:
    """Keys typed into the bare app's input → shown: the floor the 50,000-fact visitor's are compared with."""
    name = f"baretype{os.getpid()}"
    launch(name, " ".join(f"'{part}'" for part in BARE), env)
    try:
        wait_for(name, lambda screen: drawn(screen, BARE_MARKERS), "the bare app's first screen")
        return type_keys(name, "Ask the bare app")[0]
    finally:
        tmux("kill-session", "-t", name)


def huge_visit(env: dict[str, str]) -> tuple[float, list[float], int, float]:
    """The 50,000-fact visitor: seconds to the first screen, then each key typed into the composer → shown
    (seconds), how many of those keys were typed while the memory was still loading, and the seconds from
    the first screen until the memory is shown (the status line's turn count replaces "Loading…")."""
    name = f"huge{os.getpid()}"
    start = launch(name, " ".join(f"'{part}'" for part in HUGE), env)
    try:
        wait_for(name, lambda screen: drawn(screen, APP_MARKERS), "the 50,000-fact visitor's first screen")
        first = time.perf_counter()
        keys, during = type_keys(name, "Ask the concierge", LOADING)
        wait_for(name, lambda screen: "turn 0 ·" in screen, "the 50,000 facts being shown", timeout=120)
        loaded = time.perf_counter() - first
        return first - start, keys, during, loaded
    finally:
        tmux("kill-session", "-t", name)


def import_profile(env: dict[str, str]) -> tuple[list[tuple[int, str]], bool]:
    """Cumulative import time of the top-level packages imported until the first screen is complete, and
    whether httpx is imported at all offline: by then, or by the loads that follow the first screen."""
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
    launch(name, f"'{PY}' -X importtime '{launcher}' 3>&2 2> '{log}'", env)
    wait_for(name, lambda screen: drawn(screen, APP_MARKERS), f"the import profile's first screen (see {log})")
    first_screen = log.read_text().splitlines()  # -X importtime writes each import as it ends
    time.sleep(2.0)  # the loads and warm-up (memory, Markdown, the extractor) start after the first screen
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


PROFILE = """
import cProfile, pstats, sys
from museum_tui import cli
from museum_tui.tui.app import MuseumApp

run = MuseumApp.run
def first_frame_only(self, **kwargs):
    callback = self._on_first_frame
    def stop():
        callback()
        profiler.disable()
        self.exit()
    self._on_first_frame = stop
    return run(self, headless=True, size=(120, 40))
MuseumApp.run = first_frame_only
profiler = cProfile.Profile()
profiler.enable()
cli.main(["--offline", "--user", "bench"])
stats = pstats.Stats(profiler, stream=sys.stdout)
stats.sort_stats("cumulative").print_stats(r"museum_tui", 25)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--profile", action="store_true", help="also profile the first frame (cProfile)")
    args = parser.parse_args()
    if not shutil.which("tmux"):
        print("tmux is not installed (apt-get install tmux)")
        return 1
    # One idle session keeps the tmux server alive between runs (a server that exits as the last session
    # closes makes the next `new-session` fail now and then).
    keepalive = f"keepalive{os.getpid()}"
    subprocess.run(["tmux", "new-session", "-d", "-s", keepalive, "-x", "120", "-y", "40"], check=True)
    try:
        return run(args.runs, args.profile)
    finally:
        tmux("kill-session", "-t", keepalive)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def run(runs: int, profile: bool) -> int:
    # A real install has byte-code (pip compiles it); an editable checkout under PYTHONDONTWRITEBYTECODE
    # would otherwise recompile every module at every start and measure the compiler, not the app.
    import museum_tui
    from tests.huge_memory import HUGE_FACTS, write_huge_memory

    compileall.compile_dir(Path(museum_tui.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "MUSEUM_TUI_DATA_DIR": str(Path(tmp) / "data"),
            "MUSEUM_TUI_CONFIG_DIR": str(Path(tmp) / "config"),
            "TERM": "xterm-256color",
        }
        huge_file = write_huge_memory(Path(tmp) / "data" / "users", "huge")
        huge_bytes = huge_file.stat().st_size
        kept = huge_file.read_bytes()
        samples: dict[str, list[float]] = {"app": [], "huge": [], "bare": []}
        keys: list[float] = []
        bare_keys: list[float] = []
        during = loaded = 0.0
        loads: list[float] = []
        time_to_screen(APP, APP_MARKERS, env)  # warm the OS file cache for all before timing
        time_to_screen(BARE, BARE_MARKERS, env)
        for round_ in range(runs):
            order = ["app", "huge", "bare"]
            order = order[round_ % 3 :] + order[: round_ % 3]  # interleaved, no one always first
            for kind in order:
                if kind == "huge":
                    huge_file.write_bytes(kept)  # as written: a session killed mid-load never saves, but be sure
                    first, typed, typed_during, loaded = huge_visit(env)
                    samples["huge"].append(first)
                    keys += typed
                    during += typed_during
                    loads.append(loaded)
                elif kind == "app":
                    samples["app"].append(time_to_screen(APP, APP_MARKERS, env))
                else:
                    samples["bare"].append(time_to_screen(BARE, BARE_MARKERS, env))
                    bare_keys += bare_typing(env)
        top, http_imported = import_profile(env)
        profiled = ""
        if profile:
            profiled = subprocess.run(
                [PY, "-c", PROFILE], capture_output=True, text=True, env={**os.environ, **env}, cwd=REPO, check=False
            ).stdout
    bare = statistics.median(samples["bare"])
    print(
        f"# start-up to a drawn first screen — tmux 120×40, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; median of {runs}, interleaved"
    )
    print("| app | median ms | min ms | max ms | ÷ bare app |")
    print("|---|---:|---:|---:|---:|")
    rows = (
        ("museum-tui --offline, new visitor", "app"),
        (f"museum-tui --offline, {HUGE_FACTS:,} facts ({huge_bytes / 1e6:.1f} MB file)", "huge"),
        ("bare Textual app, same shape", "bare"),
    )
    for title, kind in rows:
        values = samples[kind]
        median = statistics.median(values)
        print(f"| {title} | {ms(median)} | {ms(min(values))} | {ms(max(values))} | {median / bare:.2f}× |")
    print(
        "\nbare app: tests/benchmarks/bare_app.py (header, chat with welcome, side panel, focused input, six footer keys)"
    )
    print(f"\n{HUGE_FACTS:,}-fact visitor, after the first screen:")
    print("| measure | median | max |")
    print("|---|---:|---:|")
    print(f"| key typed → shown in the composer (ms; {int(during)} of {len(keys)} keys while still loading) "
          f"| {ms(statistics.median(keys))} | {ms(max(keys))} |")  # fmt: skip
    print(f"| the same in the bare app's input, for comparison (ms) "
          f"| {ms(statistics.median(bare_keys))} | {ms(max(bare_keys))} |")  # fmt: skip
    print(f"| first screen → the memory shown in the panel (s) | {statistics.median(loads):.1f} | {max(loads):.1f} |")
    print(
        f"\nHTTP stack (httpx) imported offline, by the first screen or the loads after it: "
        f"{'YES' if http_imported else 'no'}"
    )
    for _title, kind in rows[:2]:
        ratio = statistics.median(samples[kind]) / bare
        figure = f"{ratio:.2f}× ({ms(statistics.median(samples[kind]))} vs {ms(bare)} ms)"
        what = "new visitor" if kind == "app" else f"{HUGE_FACTS:,}-fact memory"
        target(f"start-up to drawn first screen ÷ bare Textual app, {what}", figure, f"≤ {TARGET}×", ratio <= TARGET)
    key, floor = statistics.median(keys) * 1000, statistics.median(bare_keys) * 1000
    target(
        f"key → shown while {HUGE_FACTS:,} facts load (median), beyond the bare app's",
        f"+{key - floor:.0f} ms ({key:.0f} vs {floor:.0f} ms; {int(during)} of {len(keys)} keys while loading)",
        "≤ +50 ms (typing never waits)",
        key - floor <= 50 and during > 0,
    )
    target("HTTP stack imported at start-up, offline", "yes" if http_imported else "no", "no", not http_imported)
    print("\n| top-level import until the first screen (python -X importtime, cumulative) | ms |")
    print("|---|---:|")
    for us, module in top[:12]:
        print(f"| {module} | {us / 1000:.1f} |")
    if profiled:
        print("\n```text\n" + profiled.strip() + "\n```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
