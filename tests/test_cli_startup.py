"""The start-up collector policy: the full-screen app pauses Python's cyclic collector only until its first
screen is drawn; every other command, and every way out of `main`, leaves it on."""

from __future__ import annotations

import gc
import importlib
import json

import pytest

from museum_tui.cli import main
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
