"""A memory save that runs out of room: the old file survives byte for byte, no temp file is left, the
message is one clear sentence, and the next save after room is made works.

Real mechanisms, no mocks: a file-size limit (`RLIMIT_FSIZE`, with SIGXFSZ ignored, so a write past the
limit fails with EFBIG) in a child process, and a genuinely full disk (a 64 KiB tmpfs in a private mount
namespace, ENOSPC) where user namespaces allow it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.memory import MemoryStore
from museum_tui.storage import UserMemoryFile

REPO = Path(__file__).resolve().parents[2]

# Loads the saved memory, learns much more, saves under a file-size limit (fails), reports, waits for
# "go" on stdin (the parent inspects the folder meanwhile), lifts the limit and saves again.
LIMITED_SAVE = textwrap.dedent("""
    import resource, signal, sys
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import SaveError, UserMemoryFile
    ontology, folder, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = MemoryStore(load_ontology(ontology))
    memory_file = UserMemoryFile(folder, "dora")
    print("LOADED", memory_file.load(store).loaded, flush=True)
    for i in range(300):
        store.upsert("SpecialNeed.Allergy", f"allergen number {i}", "asserted", f"I react to allergen number {i}")
    print("KNOWN", len(store.facts), flush=True)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        memory_file.save(store)
        print("SAVED ANYWAY", flush=True)
    except SaveError as exc:
        print("SAVEERROR", exc, flush=True)
    print("STILL REMEMBERED", len(store.facts), flush=True)
    if sys.stdin.readline().strip() == "go":
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        print("SAVED", memory_file.save(store).written, flush=True)
""")


def saved_memory(museum_ontology, users_dir: Path) -> bytes:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I really love photography")
    store.tick()
    UserMemoryFile(users_dir, "dora").save(store)
    return (users_dir / "dora.toml").read_bytes()


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}


def test_a_save_past_the_file_size_limit_keeps_the_old_file_and_the_next_save_works(
    museum_ontology, users_dir: Path
) -> None:
    before = saved_memory(museum_ontology, users_dir)
    limit = len(before) + 200  # the new file (300 more facts) is far larger: the write stops part-way
    proc = subprocess.Popen(
        [sys.executable, "-c", LIMITED_SAVE, str(museum_ontology.source), str(users_dir), str(limit)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        lines = [proc.stdout.readline().strip() for _ in range(4)]
        assert lines[0] == "LOADED 2", lines
        known, error, remembered = int(lines[1].split()[1]), lines[2], lines[3]
        assert known > 100, lines
        # the moment between the failure and the lifted limit: what a visitor's disk holds now
        assert (users_dir / "dora.toml").read_bytes() == before, "the old file is intact byte for byte"
        assert sorted(p.name for p in users_dir.iterdir()) == [".dora.lock", "dora.toml"], "no temp file left"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert error == (
        f"SAVEERROR memory was not saved to {users_dir / 'dora.toml'}: "
        "the file would be larger than this system allows (file too large)"
    ), err
    assert remembered == f"STILL REMEMBERED {known}", "memory stays whole in the session"
    assert "Traceback" not in err, err
    assert out.strip() == f"SAVED {known}", err
    after = (users_dir / "dora.toml").read_bytes()
    assert len(after) > limit
    fresh = MemoryStore(museum_ontology)
    assert UserMemoryFile(users_dir, "dora").load(fresh).loaded == known
    assert sorted(p.name for p in users_dir.iterdir()) == [".dora.lock", "dora.toml"]


# Inside a private mount namespace, on a 64 KiB tmpfs: save a little, fill the disk, try to save more
# (ENOSPC), check the folder, free the room, save again. Prints what it saw as JSON.
FULL_DISK = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import SaveError, UserMemoryFile
    ontology, folder = sys.argv[1], Path(sys.argv[2])
    seen = {}
    store = MemoryStore(load_ontology(ontology))
    memory_file = UserMemoryFile(folder, "eve")
    memory_file.load(store)
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    memory_file.save(store)
    before = (folder / "eve.toml").read_bytes()
    with open(folder / "filler", "wb", buffering=0) as fh:  # take every free block
        try:
            while True:
                fh.write(b"x" * 1024)
        except OSError as exc:
            seen["filler_errno"] = exc.errno
    for i in range(100):
        store.upsert("SpecialNeed.Allergy", f"allergen number {i}", "asserted", f"I react to allergen number {i}")
    seen["known"] = len(store.facts)
    try:
        memory_file.save(store)
        seen["error"] = None
    except SaveError as exc:
        seen["error"] = str(exc)
    seen["intact"] = (folder / "eve.toml").read_bytes() == before
    seen["names"] = sorted(p.name for p in folder.iterdir())
    os.unlink(folder / "filler")
    seen["written"] = memory_file.save(store).written
    fresh = MemoryStore(load_ontology(ontology))
    seen["reloaded"] = UserMemoryFile(folder, "eve").load(fresh).loaded
    print(json.dumps(seen))
""")


def test_a_full_disk_keeps_the_old_file_and_the_next_save_works_once_there_is_room(
    museum_ontology, tmp_path: Path
) -> None:
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("no user namespaces here: cannot mount a small tmpfs to fill")
    folder = tmp_path / "tiny"
    folder.mkdir()
    script = 'mount -t tmpfs -o size=64k,mode=0700 tmpfs "$0" && exec "$@"'
    command = [sys.executable, "-c", FULL_DISK, str(museum_ontology.source), str(folder)]
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, str(folder), *command],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    seen = json.loads(done.stdout)
    assert seen["filler_errno"] == 28, "the disk really was full (ENOSPC)"
    assert seen["error"] == (
        f"memory was not saved to {folder / 'eve.toml'}: the disk is full (or your quota is used up)"
    )
    assert seen["intact"], "the old file is intact byte for byte"
    assert seen["names"] == [".eve.lock", "eve.toml", "filler"], "no temp file left"
    assert seen["known"] > 50 and seen["written"] == seen["known"] and seen["reloaded"] == seen["known"]
    assert not list(folder.iterdir()), "the tmpfs lived only in the child's namespace"


# The real app on the offline engine: a turn saves, then a file-size limit makes the next turn's save
# fail; the chat must say so and the app must go on, and save again once the limit is lifted.
TUI_SAVE_FAILS = textwrap.dedent("""
    import asyncio, json, resource, signal
    from museum_tui import config
    from museum_tui.tui.widgets.chat import AssistantMessage, SystemMessage
    from tests.tui.conftest import make_app, say

    async def main():
        seen = {}
        app = make_app(user="finn")
        path = config.users_dir() / "finn.toml"
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, "I'm allergic to peanuts.")
            before = path.read_bytes()
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
            resource.setrlimit(resource.RLIMIT_FSIZE, (64, hard))  # less than any memory file
            await say(pilot, "I should mention I'm deaf.")
            seen["errors"] = [m.source for m in app.query(SystemMessage) if m.has_class("-error")]
            seen["intact"] = path.read_bytes() == before
            seen["names"] = sorted(p.name for p in path.parent.iterdir())
            seen["remembered"] = sorted(f.value for f in app.session.store.facts.values())
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            await say(pilot, "Where is the café?")
            seen["replies"] = len(app.query(AssistantMessage))
            seen["running"] = app.is_running
            seen["saved"] = path.read_text(encoding="utf-8")
        print(json.dumps(seen))

    asyncio.run(main())
""")


def test_the_app_reports_a_failed_save_and_keeps_going(users_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", TUI_SAVE_FAILS],
        capture_output=True,
        text=True,
        env=child_env(),
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    path = config.users_dir() / "finn.toml"
    assert seen["errors"] == [
        f"memory was not saved to {path}: the file would be larger than this system allows (file too large). "
        "Everything is still remembered for this visit."
    ]
    assert seen["intact"] and seen["names"] == [".finn.lock", "finn.toml"]
    assert seen["remembered"] == ["deaf", "peanuts"]
    assert seen["replies"] == 3 and seen["running"]
    assert 'value = "deaf"' in seen["saved"] and 'value = "peanuts"' in seen["saved"], "the next save wrote both"
