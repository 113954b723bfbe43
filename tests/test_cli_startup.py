"""Start-up: the full-screen app's first screen is drawn before the session (and any command's module) is
imported, what stops the session from opening is still one line and an exit code, and the collector
policy: the app pauses Python's cyclic collector only until its first screen is drawn; every other command,
and every way out of `main`, leaves it on."""

from __future__ import annotations

import gc
import importlib
import json
import shutil
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.cli import build_parser, main, parse
from tests.cli_process import museum

# Runs the real app headless at 120×40 through `main`, noting the collector's state on the way.
APP_PROBE = """
import gc, json, sys
from museum_tui import cli
from museum_tui.tui.app import MuseumApp

seen = {}
run = MuseumApp.run

def probed_run(self, **kwargs):
    first_frame = self._on_first_frame
    def on_first_frame():
        seen["on_before_first_frame"] = gc.isenabled()
        first_frame()
        seen["on_after_first_frame"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count()
        self.exit()
    self._on_first_frame = on_first_frame
    return run(self, headless=True, size=(120, 40))

MuseumApp.run = probed_run
seen["code"] = cli.main(["--offline", "--user", "probe"])
seen["on_after_exit"] = gc.isenabled()
print(json.dumps(seen))
"""


def test_the_app_pauses_the_collector_until_its_first_frame_then_freezes_what_start_up_made() -> None:
    result = museum(launcher=("-c", APP_PROBE))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0
    assert seen["on_before_first_frame"] is False
    assert seen["on_after_first_frame"] is True
    assert seen["frozen"] > 10_000, "the modules, venue and widget tree are frozen out of later collections"
    assert seen["on_after_exit"] is True


@pytest.mark.parametrize(
    ("module", "handler", "argv"),
    [
        ("extract_cmd", "extract_cmd", ["extract", "--offline", "I'm deaf"]),
        ("memory_cmd", "path_cmd", ["memory", "path", "--user", "ann"]),
        ("ontology_cmd", "show_cmd", ["ontology", "show"]),
    ],
)
def test_other_commands_run_with_the_collector_on(
    module: str, handler: str, argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """chat --plain and extract --jsonl can run for hours on piped input: only the app's start-up pauses."""
    target = importlib.import_module(f"museum_tui.cli.{module}")
    real = getattr(target, handler)
    during: list[bool] = []

    def spy(args: object) -> int:
        during.append(gc.isenabled())
        return real(args)

    monkeypatch.setattr(target, handler, spy)
    assert main(argv) == 0
    assert during == [True]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0, "only the full-screen app freezes anything"


def test_a_usage_error_or_help_leaves_the_collector_on(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["no-such-command"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert gc.isenabled()
    assert main(["--offline", "--config", "/nonexistent/dir/config.toml", "ontology", "check", "/nonexistent"]) != 0
    assert gc.isenabled()


# Runs the real app headless through `main` (with the arguments given), noting the project's modules
# imported when its first frame is drawn; the app then runs on, and quits a moment after its session opens.
FIRST_FRAME_PROBE = """
import json, sys
from museum_tui import cli
from museum_tui.tui.app import MuseumApp

seen = {}
run = MuseumApp.run

def probed_run(self, **kwargs):
    first_frame = self._on_first_frame
    def on_first_frame():
        seen["modules"] = sorted(m for m in sys.modules if m.startswith("museum_tui"))
        first_frame()
        self.set_interval(0.05, lambda: self.session is not None and self.exit())
    self._on_first_frame = on_first_frame
    return run(self, headless=True, size=(120, 40))

MuseumApp.run = probed_run
seen["code"] = cli.main(sys.argv[1:])
print(json.dumps(seen))
sys.exit(seen["code"])
"""
# What the first frame must not wait for: the session and everything under it, and the other commands.
OPENED_AFTER = (
    "museum_tui.conversation.opening",
    "museum_tui.conversation.session",
    "museum_tui.conversation.events",
    "museum_tui.concierge",
    "museum_tui.extraction",
    "museum_tui.storage",
    "museum_tui.memory.store",
    "museum_tui.memory.ontology",
    "museum_tui.cli.chat_cmd",
    "museum_tui.cli.memory_cmd",
    "museum_tui.cli.store_cmd",
)


def test_the_first_frame_is_drawn_before_the_session_or_any_command_is_imported() -> None:
    result = museum("--offline", "--user", "probe", launcher=("-c", FIRST_FRAME_PROBE))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    early = [m for m in seen["modules"] if m.startswith(OPENED_AFTER)]
    assert early == [], f"imported before the first frame: {early}"
    assert "museum_tui.tui.app" in seen["modules"] and seen["code"] == 0


def test_a_session_that_cannot_open_is_one_message_and_an_exit_code_after_the_first_screen(tmp_path: Path) -> None:
    shutil.copy(config.default_ontology_path().with_name("museum.venue.json"), tmp_path)
    wrong = tmp_path / "wrong.json"  # read, and found wrong only by the session
    concepts = {"SpecialNeed.Thing": {"label": "a thing", "persistence_class": "forever"}}
    wrong.write_text(json.dumps({"version": "1.0", "name": "x", "venue": "museum.venue.json", "concepts": concepts}))
    result = museum("--offline", "--ontology", str(wrong), launcher=("-c", FIRST_FRAME_PROBE))
    assert result.returncode == 1
    assert result.stderr.startswith(f"museum-tui: {wrong}") and "Traceback" not in result.stderr
    assert "forever" in result.stderr


def test_a_bad_name_engine_or_unreadable_ontology_stops_the_app_before_it_starts() -> None:
    for args, said in (
        (("--offline", "--user", "../etc"), "museum-tui: the user name '../etc' starts with a dot"),
        (("--provider", "custom"), "museum-tui: the custom provider needs --base-url"),
        (("--offline", "--ontology", "/nonexistent/o.json"), "museum-tui: /nonexistent/o.json: 1 problem(s)"),
    ):
        result = museum(*args, launcher=("-c", FIRST_FRAME_PROBE))
        assert result.returncode == 1, result.stdout
        assert result.stderr.startswith(said) and "Traceback" not in result.stderr
        assert json.loads(result.stdout) == {"code": 1}, "no first frame was drawn"


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--offline", "--user", "ann"],
        ["--user=chat", "--timeout", "30"],  # a value that is a command's name is a value
        ["--kiosk", "--config", "/nonexistent/config.toml", "--store", "/tmp/x", "--api-key-env", "KEY"],
        ["--off"],  # an abbreviation: the quick parser takes none, the whole parser reads it
    ],
)
def test_the_app_s_command_line_is_read_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    assert vars(parse(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [["--provider", "nowhere"], ["--timeout", "lots"], ["--user"], ["--bogus"], ["chat", "--bogus"], ["--help"]],
)
def test_a_line_the_quick_parser_does_not_take_is_reported_by_the_whole_parser(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as whole:
        build_parser().parse_args(argv)
    expected = capsys.readouterr()
    with pytest.raises(SystemExit) as quick:
        parse(argv)
    assert quick.value.code == whole.value.code and capsys.readouterr() == expected
