"""Per-user memory files: round trips, privacy, faults, and two writers."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

from museum_tui.memory import MemoryStore, UserNameError, check_user_name
from museum_tui.storage import SaveError, UserMemoryFile

FIXED_CLOCK = "2026-01-01T00:00:00+00:00"


def store_for(museum_ontology) -> MemoryStore:
    return MemoryStore(museum_ontology, clock=lambda: FIXED_CLOCK)


def walkthrough(store: MemoryStore) -> None:
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I should mention I'm deaf")
    store.tick()
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I really love photography")
    store.tick()
    store.upsert("VisitPlan.TimeBudget", "1 hour", "asserted", "I only have about an hour")
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "I could really use a coffee")
    store.tick()


def test_round_trip_keeps_only_permanent_and_long_term(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    walkthrough(store)
    report = UserMemoryFile(users_dir, "alice").save(store)
    assert report.written == 2
    data = tomllib.loads((users_dir / "alice.toml").read_text(encoding="utf-8"))
    assert data["schema_version"] == 1 and data["turn"] == 3 and "saved_at" in data
    assert [f["value"] for f in data["facts"]] == ["deaf", "photography"]
    assert data["facts"][0]["evidence"] == "I should mention I'm deaf"

    fresh = store_for(museum_ontology)
    loaded = UserMemoryFile(users_dir, "alice").load(fresh)
    assert loaded.loaded == 2 and loaded.notices == []
    assert fresh.turn == 3
    got = {f.value: f for f in fresh.facts.values()}
    assert set(got) == {"deaf", "photography"}
    assert got["photography"].salience == pytest.approx(0.7 * 0.99 * 0.99)
    assert got["photography"].history[0].evidence == "I really love photography"
    assert got["deaf"].created_at == FIXED_CLOCK
    new = fresh.upsert("Profile.Name", "Ann", "asserted", "I'm Ann")[0].fact
    assert new.id not in {f.id for f in got.values()}


def test_repeated_saves_write_each_decayed_salience_and_reinforcement(museum_ontology, users_dir: Path) -> None:
    """Saves reuse each fact's rendered text; what changed since the last save must still reach the file."""
    store = store_for(museum_ontology)
    walkthrough(store)
    file = UserMemoryFile(users_dir, "decay")
    for turn in range(12):
        store.tick()
        if turn == 5:
            store.upsert("ArtInterest.Medium", "photography", "asserted", "photography again")
        file.save(store)
        saved = {f["value"]: f for f in tomllib.loads(file.path.read_text())["facts"]}
        live = {f.value: f for f in store.facts.values() if f.persistence_class in ("permanent", "long_term")}
        assert saved.keys() == live.keys()
        for value, fact in live.items():
            assert saved[value]["salience"] == round(fact.salience, 6)
            assert saved[value].get("mentions", 1) == fact.mentions
    assert saved["photography"]["evidence"] == "photography again"
    assert saved["photography"]["salience"] < 1.0  # long_term decays; permanent deafness does not
    assert saved["deaf"]["salience"] == 1.0


def test_files_are_private(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    walkthrough(store)
    UserMemoryFile(users_dir, "alice").save(store)
    assert stat.S_IMODE((users_dir / "alice.toml").stat().st_mode) == 0o600
    assert stat.S_IMODE(users_dir.stat().st_mode) == 0o700
    users_dir.chmod(0o755)
    UserMemoryFile(users_dir, "alice").save(store)
    assert stat.S_IMODE(users_dir.stat().st_mode) == 0o700, "a loosened folder is tightened again"


def test_missing_file_is_an_empty_memory(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    report = UserMemoryFile(users_dir, "nobody").load(store)
    assert report.loaded == 0 and report.notices == [] and not store.facts


@pytest.mark.parametrize(
    "payload",
    [
        b"\x00\xff\xfe garbage \x89PNG",
        b'schema_version = 1\nturn = 3\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Hear',
        b"not = [toml",
        b'facts = "nope"\nschema_version = 1\n',
        b"turn = 1\n",
    ],
)
def test_unreadable_file_is_kept_byte_for_byte_and_session_starts_empty(
    museum_ontology, users_dir: Path, payload: bytes
) -> None:
    users_dir.mkdir(parents=True)
    (users_dir / "bob.toml").write_bytes(payload)
    store = store_for(museum_ontology)
    memory_file = UserMemoryFile(users_dir, "bob")
    report = memory_file.load(store)
    assert not store.facts
    assert report.quarantined is not None and report.quarantined.name.startswith("bob.corrupt-")
    assert report.quarantined.read_bytes() == payload
    assert str(report.quarantined) in report.notices[0]
    assert not (users_dir / "bob.toml").exists()
    store.upsert("Profile.Name", "Bob", "asserted", "I'm Bob")
    memory_file.save(store)
    assert report.quarantined.read_bytes() == payload, "the kept copy is never touched again"


def test_one_bad_fact_is_left_out_and_a_copy_kept(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    walkthrough(store)
    UserMemoryFile(users_dir, "carol").save(store)
    path = users_dir / "carol.toml"
    original = path.read_text(encoding="utf-8").replace("salience = 1.0", 'salience = "high"')
    path.write_text(original, encoding="utf-8")
    fresh = store_for(museum_ontology)
    report = UserMemoryFile(users_dir, "carol").load(fresh)
    assert [f.value for f in fresh.facts.values()] == ["photography"]
    assert report.quarantined is not None and report.quarantined.read_text(encoding="utf-8") == original
    assert "1 saved fact(s) were unreadable" in report.notices[0]


def test_newer_schema_is_not_loaded_and_never_overwritten(museum_ontology, users_dir: Path) -> None:
    users_dir.mkdir(parents=True)
    newer = b'schema_version = 99\nturn = 4\n[[facts]]\nwhatever = "future"\n'
    (users_dir / "dan.toml").write_bytes(newer)
    store = store_for(museum_ontology)
    memory_file = UserMemoryFile(users_dir, "dan")
    report = memory_file.load(store)
    assert report.read_only and "newer museum-tui" in report.notices[0] and not store.facts
    store.upsert("Profile.Name", "Dan", "asserted", "I'm Dan")
    with pytest.raises(SaveError, match="read-only"):
        memory_file.save(store)
    assert (users_dir / "dan.toml").read_bytes() == newer


def test_newer_file_written_by_another_instance_meanwhile_is_not_overwritten(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    memory_file = UserMemoryFile(users_dir, "erin")
    memory_file.load(store)
    store.upsert("Profile.Name", "Erin", "asserted", "I'm Erin")
    memory_file.save(store)
    newer = b"schema_version = 2\n"
    (users_dir / "erin.toml").write_bytes(newer)
    with pytest.raises(SaveError, match="newer"):
        memory_file.save(store)
    assert (users_dir / "erin.toml").read_bytes() == newer


def test_facts_of_concepts_the_ontology_lacks_are_kept_in_the_file(museum_ontology, users_dir: Path) -> None:
    users_dir.mkdir(parents=True)
    (users_dir / "fay.toml").write_text(
        textwrap.dedent("""
        schema_version = 1
        turn = 2
        [[facts]]
        id = "f1"
        concept = "Retired.Concept"
        value = "kept"
        evidence = "old words"
        salience = 0.5
        [[facts]]
        id = "f2"
        concept = "Profile.Name"
        value = "Fay"
        evidence = "I'm Fay"
        salience = 0.9
    """),
        encoding="utf-8",
    )
    store = store_for(museum_ontology)
    memory_file = UserMemoryFile(users_dir, "fay")
    report = memory_file.load(store)
    assert [f.value for f in store.facts.values()] == ["Fay"]
    assert "1 saved fact(s) belong to concepts this ontology does not declare" in report.notices[0]
    memory_file.save(store)
    data = tomllib.loads((users_dir / "fay.toml").read_text(encoding="utf-8"))
    assert {f["concept"] for f in data["facts"]} == {"Profile.Name", "Retired.Concept"}


READ_ONLY_SAVE = textwrap.dedent("""
    import sys
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import SaveError, UserMemoryFile
    s = MemoryStore(load_ontology(sys.argv[1]))
    f = UserMemoryFile(sys.argv[2], "gus")
    print("LOADED", f.load(s).loaded)
    s.upsert("Profile.Name", "Gus", "asserted", "I'm Gus")
    try:
        f.save(s)
    except SaveError as e:
        print("SAVEERROR", e)
""")


def run_with_read_only_folder(folder: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run a Python snippet that cannot write in `folder`: by permissions, or (as root, who ignores them)
    inside a private mount namespace where `folder` is bind-mounted read-only."""
    command = [sys.executable, "-c", READ_ONLY_SAVE, *args]
    if os.geteuid() != 0:
        folder.chmod(0o500)
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=60)
        finally:
            folder.chmod(0o700)
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("running as root without user namespaces: no way to make a folder read-only")
    script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"'
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script, str(folder), *command],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_read_only_folder_gives_a_clear_error_and_keeps_the_old_file(museum_ontology, users_dir: Path) -> None:
    store = store_for(museum_ontology)
    walkthrough(store)
    UserMemoryFile(users_dir, "gus").save(store)
    before = (users_dir / "gus.toml").read_bytes()
    result = run_with_read_only_folder(users_dir, [str(museum_ontology.source), str(users_dir)])
    assert "LOADED 2" in result.stdout, result.stderr
    assert "SAVEERROR memory was not saved: no permission to write in" in result.stdout, result.stderr
    assert "Traceback" not in result.stderr
    assert (users_dir / "gus.toml").read_bytes() == before


def test_crash_mid_save_leaves_the_old_file_intact(museum_ontology, users_dir: Path, tmp_path: Path) -> None:
    store = store_for(museum_ontology)
    walkthrough(store)
    UserMemoryFile(users_dir, "hal").save(store)
    before = (users_dir / "hal.toml").read_bytes()
    flag = tmp_path / "in-fsync"
    code = textwrap.dedent(f"""
        import os, time, pathlib
        from museum_tui.memory import MemoryStore, load_ontology
        from museum_tui.storage import UserMemoryFile
        s = MemoryStore(load_ontology({str(museum_ontology.source)!r}))
        f = UserMemoryFile({str(users_dir)!r}, "hal")
        f.load(s)
        for i in range(200):
            s.upsert("ArtInterest.Artist", f"artist {{i}}", "asserted", "x")
        real_fsync = os.fsync
        def stalled_fsync(fd):
            pathlib.Path({str(flag)!r}).write_text("now")
            time.sleep(60)
        os.fsync = stalled_fsync
        f.save(s)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 30
        while not flag.exists():
            assert proc.poll() is None, "the writer exited before reaching fsync"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert (users_dir / "hal.toml").read_bytes() == before
    assert list(users_dir.glob(".hal.*.tmp")), "the half-written temp file is what the crash left"
    fresh = store_for(museum_ontology)
    assert UserMemoryFile(users_dir, "hal").load(fresh).loaded == 2
    UserMemoryFile(users_dir, "hal").save(fresh)
    assert not list(users_dir.glob(".hal.*.tmp")), "the next save clears stale temp files"


WRITER = textwrap.dedent("""
    import sys
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import UserMemoryFile
    ontology, folder, tag, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    s = MemoryStore(load_ontology(ontology))
    f = UserMemoryFile(folder, "shared")
    f.load(s)
    for i in range(rounds):
        s.upsert("SpecialNeed.Allergy", f"{tag}-{i}", "asserted", "allergic")
        s.tick()
        f.save(s)
""")


def test_two_writers_do_not_lose_each_others_facts(museum_ontology, users_dir: Path) -> None:
    rounds = 25
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(museum_ontology.source), str(users_dir), tag, str(rounds)])
        for tag in ("left", "right")
    ]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    store = store_for(museum_ontology)
    UserMemoryFile(users_dir, "shared").load(store)
    values = {f.value for f in store.facts.values()}
    expected = {f"{tag}-{i}" for tag in ("left", "right") for i in range(rounds)}
    assert values == expected


def _another_window_saves_during_the_read(monkeypatch, users_dir: Path, store: MemoryStore, *, found: bool) -> None:
    """Make the next read of a memory file race with another window's save: it saves right after the
    read (which sees the version before, or no file at all when `found` is False)."""
    from museum_tui.storage import files

    real = files.read_signed

    def racing(path: Path):
        result = real(path) if found else None
        UserMemoryFile(users_dir, "race").save(store)
        if result is None:
            raise FileNotFoundError(path)
        return result

    monkeypatch.setattr(files, "read_signed", racing, raising=True)


@pytest.mark.parametrize("found", [True, False], ids=["file-replaced", "file-created"])
def test_a_save_made_while_another_window_loads_is_merged_not_overwritten(
    museum_ontology, users_dir: Path, monkeypatch, found: bool
) -> None:
    if found:
        first = store_for(museum_ontology)
        first.upsert("SpecialNeed.Allergy", "sesame", "asserted", "sesame")
        UserMemoryFile(users_dir, "race").save(first)
    other = store_for(museum_ontology)
    other.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "peanuts")
    _another_window_saves_during_the_read(monkeypatch, users_dir, other, found=found)
    ours, memory = store_for(museum_ontology), UserMemoryFile(users_dir, "race")
    memory.load(ours)
    monkeypatch.undo()
    ours.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    memory.save(ours)
    data = tomllib.loads((users_dir / "race.toml").read_text(encoding="utf-8"))
    saved = {f["value"] for f in data["facts"]}
    assert {"peanuts", "Monet"} <= saved, "the other window's save, made during our read, survives ours"


def test_merge_adopts_new_facts_and_honours_forgetting_elsewhere(museum_ontology, users_dir: Path) -> None:
    a_store, b_store = store_for(museum_ontology), store_for(museum_ontology)
    a_file, b_file = UserMemoryFile(users_dir, "ivy"), UserMemoryFile(users_dir, "ivy")
    a_file.load(a_store)
    b_file.load(b_store)
    a_store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "peanuts")
    a_file.save(a_store)
    b_store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    report = b_file.save(b_store)
    assert [c.fact.value for c in report.adopted] == ["peanuts"]
    assert {f.value for f in b_store.facts.values()} == {"peanuts", "Monet"}

    a_file.save(a_store)  # A adopts Monet
    a_store.forget(value="peanuts")
    a_file.save(a_store)
    report = b_file.save(b_store)
    assert [c.fact.value for c in report.dropped] == ["peanuts"], "forgotten elsewhere: dropped here too"
    assert {f.value for f in b_store.facts.values()} == {"Monet"}

    a_store.forget(value="monet")
    a_file.save(a_store)
    b_store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet again")
    b_file.save(b_store)
    data = tomllib.loads((users_dir / "ivy.toml").read_text(encoding="utf-8"))
    assert [f["value"] for f in data["facts"]] == ["Monet"], "said again here after the forget: kept"


@pytest.mark.parametrize(
    "name", ["alice", "zoë", "bob.smith", "x_1-2", "a" * 64, "名前", "ゆき子", "スーパー", "ΑΘΗΝΑ2", "محمد٣"]
)
def test_plain_names_are_accepted(name: str) -> None:
    assert check_user_name(name) == name.casefold()


@pytest.mark.parametrize(
    "name",
    [
        "",
        "../x",
        "/x",
        ".x",
        "..",
        "a/b",
        "a\\b",
        "a\x00b",
        "a" * 65,
        "a b",
        "a\nb",
        "~root",
        "x:y",
        "\u202eabc",
    ],
)
def test_names_that_are_not_names_are_refused_clearly(name: str, users_dir: Path) -> None:
    with pytest.raises(UserNameError) as err:
        UserMemoryFile(users_dir, name)
    assert "letters, digits" in str(err.value)
    assert not users_dir.exists()
