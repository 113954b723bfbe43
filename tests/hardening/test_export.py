"""`/export <path>`: confined to places that are not the app's own files, asks before overwriting, writes
atomically. Each case was reproduced against the code before the fix (Bob's memory destroyed, the config
replaced so the app would not start, ~/.bashrc replaced without a question)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.conversation.events import CommandResult, Confirm
from museum_tui.memory import MemoryStore
from museum_tui.storage import UserMemoryFile
from tests.cli_process import museum
from tests.conversation.conftest import offline_session, run


async def results(session, text: str) -> list[CommandResult | Confirm]:
    return [e for e in await run(session, text) if isinstance(e, CommandResult | Confirm)]


@pytest.fixture
async def ann():
    session = offline_session("ann")
    await run(session, "I'm allergic to peanuts")
    yield session
    await session.aclose()


def bobs_memory(museum_ontology) -> Path:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    UserMemoryFile(config.users_dir(), "bob").save(store)
    return config.users_dir() / "bob.toml"


@pytest.mark.parametrize(
    "where",
    [
        lambda: config.users_dir() / "bob.toml",
        lambda: config.users_dir() / "new.toml",
        lambda: config.users_dir() / ".." / "users" / "bob.toml",
        lambda: config.data_dir() / "somewhere.json",
        lambda: config.config_path(),
        lambda: config.config_dir() / "other.md",
        lambda: config.data_dir() / "exports" / ".." / "users" / "bob.toml",
    ],
)
async def test_export_never_writes_onto_memory_config_or_the_app_folders(ann, museum_ontology, where) -> None:
    bob = bobs_memory(museum_ontology)
    before = bob.read_bytes()
    config.config_dir().mkdir(parents=True, exist_ok=True)
    config.config_path().write_text('theme = "textual-dark"\n', encoding="utf-8")
    cfg_before = config.config_path().read_bytes()
    target = where()
    existed = target.exists()
    (result,) = await results(ann, f"/export {target}")
    assert isinstance(result, CommandResult) and not result.ok
    assert "exports" in result.text, "it says where exports may go"
    assert bob.read_bytes() == before and config.config_path().read_bytes() == cfg_before
    assert target.exists() == existed


async def test_export_through_a_link_into_the_users_folder_is_refused(ann, museum_ontology, tmp_path: Path) -> None:
    bob = bobs_memory(museum_ontology)
    before = bob.read_bytes()
    (tmp_path / "innocent").symlink_to(config.users_dir(), target_is_directory=True)
    (result,) = await results(ann, f"/export {tmp_path / 'innocent' / 'bob.toml'}")
    assert not result.ok and bob.read_bytes() == before


async def test_export_asks_before_overwriting_and_no_answer_is_no(ann, tmp_path: Path) -> None:
    rc = tmp_path / ".bashrc"
    rc.write_text("export PATH=/usr/bin\n", encoding="utf-8")
    (question,) = await results(ann, f"/export {rc}")
    assert isinstance(question, Confirm) and question.confirm and "already exists" in question.text
    assert rc.read_text(encoding="utf-8") == "export PATH=/usr/bin\n", "nothing written before the answer"
    (done,) = await results(ann, question.confirm)
    assert done.ok and "Wrote 1 fact to" in done.text
    assert json.loads(rc.read_text(encoding="utf-8"))["user"] == "ann"


def test_plain_chat_end_of_input_at_the_overwrite_question_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "keep.md"
    target.write_text("precious\n", encoding="utf-8")
    proc = museum("chat", "--plain", "--offline", "--user", "ann", stdin=f"I'm deaf\n/export {target}\n")
    assert proc.returncode == 0, proc.stderr
    assert "already exists" in proc.stdout and "Nothing was changed" in proc.stdout
    assert target.read_text(encoding="utf-8") == "precious\n"


async def test_export_to_the_exports_folder_is_private_and_atomic(ann, monkeypatch: pytest.MonkeyPatch) -> None:
    (first,) = await results(ann, "/export")
    path = config.data_dir() / "exports" / "ann-memory.md"
    assert first.ok and path.is_file() and stat.S_IMODE(path.stat().st_mode) == 0o600
    old = path.read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    (question,) = await results(ann, "/export")  # the default file exists now: asked too
    assert isinstance(question, Confirm)
    monkeypatch.setattr(os, "fsync", full_disk)
    (failed,) = await results(ann, question.confirm)
    monkeypatch.undo()
    assert not failed.ok and path.read_bytes() == old, "a failed export leaves the old file whole"
    assert [p.name for p in path.parent.iterdir()] == ["ann-memory.md"], "no temp file left behind"


async def test_export_refuses_a_folder_fifo_or_device(ann, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target in (tmp_path, fifo, Path("/dev/null")):
        (result,) = await results(ann, f"/export {target}")
        assert isinstance(result, CommandResult) and not result.ok, target


def test_memory_export_cli_refuses_another_visitors_memory_file(museum_ontology) -> None:
    bob = bobs_memory(museum_ontology)
    before = bob.read_bytes()
    proc = museum("memory", "export", "--user", "ann", "-o", str(bob))
    assert proc.returncode == 1 and "memory folder" in proc.stderr
    assert bob.read_bytes() == before


async def test_export_never_creates_the_config_file_the_environment_names(
    ann, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = tmp_path / "kiosk-config.toml"
    monkeypatch.setenv("MUSEUM_TUI_CONFIG", str(cfg))
    (result,) = await results(ann, f"/export {cfg}")
    assert not result.ok and not cfg.exists()


async def test_export_never_writes_onto_a_memory_file_of_a_custom_store(tmp_path: Path) -> None:
    """Issue 22: with `store` a folder of its own, `/export` and `memory export -o` could replace a visitor's
    memory file there (only the data folder's users folder was guarded). Failed before the fix."""
    folder = tmp_path / "museum-memories"
    bob = offline_session("bob", store=str(folder))
    await run(bob, "I'm deaf")
    await bob.aclose()
    saved = folder / "bob.toml"
    before = saved.read_bytes()
    ann = offline_session("ann", store=str(folder))
    await run(ann, "I'm allergic to peanuts")
    (result,) = await results(ann, f"/export {saved}")
    await ann.aclose()
    assert isinstance(result, CommandResult) and not result.ok and "memory folder" in result.text
    assert saved.read_bytes() == before
    cli = museum("memory", "export", "--user", "ann", "--store", str(folder), "-o", str(saved))
    assert cli.returncode == 1 and "memory folder" in cli.stderr and saved.read_bytes() == before
