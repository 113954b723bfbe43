"""`museum-tui memory …` on real files in a temp data folder."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.cli import main
from museum_tui.memory import MemoryStore
from museum_tui.storage import UserMemoryFile
from tests.cli_process import museum


@pytest.fixture
def saved_user(museum_ontology) -> Path:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love [bold]photography[/]")
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "coffee please")
    UserMemoryFile(config.users_dir(), "alice").save(store)
    return config.users_dir() / "alice.toml"


def test_path_prints_the_file(saved_user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "path", "--user", "alice"]) == 0
    assert capsys.readouterr().out.strip() == str(saved_user)


def test_show_is_readable_and_json_is_complete(saved_user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "show", "--user", "alice"]) == 0
    out = capsys.readouterr().out
    assert "Hearing impairment: deaf" in out and "from: “I love [bold]photography[/]”" in out
    assert "coffee" not in out, "ephemeral facts are never saved"
    assert main(["memory", "show", "--user", "alice", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(f["concept"], f["kept_after_visit"]) for f in data["facts"]] == [
        ("SpecialNeed.HearingImpairment", True),
        ("ArtInterest.Medium", True),
    ]


def test_export_markdown_to_a_file(saved_user: Path, tmp_path: Path) -> None:
    target = tmp_path / "me.md"
    assert main(["memory", "export", "--user", "alice", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# What museum\\-tui remembers about alice")
    assert "\\[bold\\]photography\\[/\\]" in text, "markup in evidence is escaped"


def test_forget_by_value_and_all(saved_user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "forget", "--user", "alice", "photography"]) == 0
    assert "photography" not in saved_user.read_text(encoding="utf-8")
    assert main(["memory", "forget", "--user", "alice", "nothing-like-it"]) == 1
    assert main(["memory", "forget", "--user", "alice", "--all"]) == 2, "needs --yes when not at a terminal"
    assert "deaf" in saved_user.read_text(encoding="utf-8")
    assert main(["memory", "forget", "--user", "alice", "--all", "--yes"]) == 0
    assert not saved_user.exists(), "the saved record is erased whole (issue 23)"


def test_bad_user_name_is_one_clear_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "museum_tui", "memory", "show", "--user", "../etc"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("museum-tui: the user name '../etc' starts with a dot")
    assert "Traceback" not in result.stderr


def test_corrupt_file_is_reported_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    config.users_dir().mkdir(parents=True)
    (config.users_dir() / "zed.toml").write_bytes(b"\xff\xfe\x00")
    assert main(["memory", "show", "--user", "zed"]) == 0
    captured = capsys.readouterr()
    assert "could not be read" in captured.err and "zed.corrupt-" in captured.err
    assert "Nothing is saved about zed." in captured.out


def test_memory_health_scores_a_saved_memory_and_warns_about_stale_facts() -> None:
    said = museum("chat", "--plain", "--offline", "--user", "hale", stdin="I really love photography\n")
    assert said.returncode == 0, said.stderr
    fresh = json.loads(museum("memory", "health", "--user", "hale", "--json").stdout)
    assert fresh["user"] == "hale" and fresh["score"] == 100 and fresh["warnings"] == []
    in_100_days = (datetime.now(UTC) + timedelta(days=100)).isoformat()
    later = museum("memory", "health", "--user", "hale", env={"MUSEUM_TUI_NOW": in_100_days})
    assert later.returncode == 0 and "/100" in later.stdout and "not mentioned for 90+ days" in later.stdout
    shown = json.loads(museum("memory", "show", "--user", "hale", "--json", env={"MUSEUM_TUI_NOW": in_100_days}).stdout)
    (photo,) = [f for f in shown["facts"] if f["value"] == "photography"]
    assert 0.6 * 0.7 < photo["salience"] < 0.7, "100 days away: aged by half a half-life, as of the clock"
    (visit,) = shown["visits"]
    assert visit["turns"] == 1 and visit["started_at"] <= visit["ended_at"] and "photography" not in str(visit)
    assert "Visits (1):" in museum("memory", "show", "--user", "hale").stdout
