"""Hostile and careless-day cases for memory files: merges across windows, temp files, quarantine copies,
lookalike names, symlinks and odd files. Each one was reproduced against the code before its fix."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from museum_tui.memory import MemoryStore, UserNameError
from museum_tui.storage import SaveError, UserMemoryFile, private_files


def clock(value: str):
    return lambda: value


def test_the_fact_just_said_wins_a_merge_even_with_a_lower_turn_number(museum_ontology, users_dir: Path) -> None:
    """Window B is open; window A (further on in its own visit) saves "my name is Tom"; then B is told
    "my name is Sam". The name is one value (cardinality 1): the later words win, whatever the turn numbers
    of the two processes say."""
    a = MemoryStore(museum_ontology, clock=clock("2026-03-01T10:00:00+00:00"))
    b = MemoryStore(museum_ontology, clock=clock("2026-03-01T10:05:00+00:00"))
    a_file, b_file = UserMemoryFile(users_dir, "tom"), UserMemoryFile(users_dir, "tom")
    a_file.load(a)
    b_file.load(b)
    for _ in range(5):  # A's visit is further on: its turn numbers are higher
        a.tick()
    a.upsert("Profile.Name", "Tom", "asserted", "my name is Tom")
    a.tick()
    a_file.save(a)

    b.upsert("Profile.Name", "Sam", "asserted", "my name is Sam")
    b.tick()
    b_file.save(b)
    assert [f.value for f in b.facts.values() if f.concept == "Profile.Name"] == ["Sam"]

    fresh = MemoryStore(museum_ontology)
    UserMemoryFile(users_dir, "tom").load(fresh)
    assert [f.value for f in fresh.facts.values() if f.concept == "Profile.Name"] == ["Sam"]

    a_file.save(a)  # A adopts the newer name too, instead of writing Tom back
    assert [f.value for f in a.facts.values() if f.concept == "Profile.Name"] == ["Sam"]


def test_a_newer_fact_from_another_window_replaces_an_older_one_here(museum_ontology, users_dir: Path) -> None:
    a = MemoryStore(museum_ontology, clock=clock("2026-03-01T10:00:00+00:00"))
    b = MemoryStore(museum_ontology, clock=clock("2026-03-01T10:05:00+00:00"))
    a_file, b_file = UserMemoryFile(users_dir, "ada"), UserMemoryFile(users_dir, "ada")
    a_file.load(a)
    b_file.load(b)
    a.upsert("Profile.Name", "Tom", "asserted", "my name is Tom")
    b.upsert("Profile.Name", "Sam", "asserted", "my name is Sam")
    for _ in range(9):
        a.tick()  # A's old name has the higher turn number, B's the later time
    b_file.save(b)
    a_file.save(a)
    assert [f.value for f in a.facts.values() if f.concept == "Profile.Name"] == ["Sam"]


def test_a_version_with_the_same_inode_size_and_times_is_still_merged(
    museum_ontology, users_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ext4 hands a freed inode to the next file and its clock is coarse, so two windows saving in turn can
    leave a file whose stat matches a version one of them wrote before. It must still merge, or the other
    window's facts are lost (the flaky two-writer test lost 'right-24' this way)."""
    monkeypatch.setattr(private_files, "_identity", lambda st: ())  # worst case: stat says nothing
    a, b = MemoryStore(museum_ontology), MemoryStore(museum_ontology)
    a_file, b_file = UserMemoryFile(users_dir, "eve"), UserMemoryFile(users_dir, "eve")
    a_file.load(a)
    b_file.load(b)
    a.upsert("SpecialNeed.Allergy", "left-1", "asserted", "allergic")
    a_file.save(a)
    b.upsert("SpecialNeed.Allergy", "right-1", "asserted", "allergic")
    b_file.save(b)
    a.upsert("SpecialNeed.Allergy", "left-2", "asserted", "allergic")
    a_file.save(a)
    fresh = MemoryStore(museum_ontology)
    UserMemoryFile(users_dir, "eve").load(fresh)
    assert {f.value for f in fresh.facts.values()} == {"left-1", "left-2", "right-1"}


def test_saving_ann_leaves_the_save_in_progress_of_visitor_ann_b_alone(museum_ontology, users_dir: Path) -> None:
    """`ann`'s sweep of stale temp files once matched `.ann.b.*.tmp`: visitor `ann.b`'s save in progress
    then failed with "No such file"."""
    store = MemoryStore(museum_ontology)
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet")
    UserMemoryFile(users_dir, "ann.b").save(store)  # makes the folder
    in_progress = [users_dir / ".ann.b.k2j4h5g6.tmp", users_dir / ".ann.b.0123456789abcdef.tmp"]
    for path in in_progress:
        path.write_bytes(b"half of ann.b's save")
    stale = [users_dir / ".ann.q8w7e6r5.tmp", users_dir / ".ann.fedcba9876543210.tmp"]
    for path in stale:
        path.write_bytes(b"what a killed save of ann left")
    UserMemoryFile(users_dir, "ann").save(store)
    assert all(p.exists() for p in in_progress), "another visitor's temp file was deleted"
    assert not any(p.exists() for p in stale), "ann's own stale temp files are swept"


def _one_bad_fact(museum_ontology, users_dir: Path, user: str) -> Path:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    UserMemoryFile(users_dir, user).save(store)
    path = users_dir / f"{user}.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("salience = 1.0", 'salience = "high"'), "utf-8")
    return path


def test_read_only_loads_keep_one_copy_per_distinct_bad_content(museum_ontology, users_dir: Path) -> None:
    """`memory show` on a file with one bad fact copied the whole file on every run (15 runs on a 22 MB
    file left 335 MB)."""
    path = _one_bad_fact(museum_ontology, users_dir, "pat")
    reports = [UserMemoryFile(users_dir, "pat").load(MemoryStore(museum_ontology)) for _ in range(5)]
    copies = sorted(users_dir.glob("pat.corrupt-*.toml"))
    assert len(copies) == 1 and copies[0].read_bytes() == path.read_bytes()
    assert all(r.quarantined == copies[0] for r in reports), "each notice names the one copy"
    assert all(str(copies[0]) in r.notices[0] for r in reports)

    path.write_text(path.read_text(encoding="utf-8").replace('"high"', '"higher"'), "utf-8")
    UserMemoryFile(users_dir, "pat").load(MemoryStore(museum_ontology))
    assert len(list(users_dir.glob("pat.corrupt-*.toml"))) == 2, "different bad content: its own copy"


def test_an_unreadable_file_seen_again_is_not_copied_twice(museum_ontology, users_dir: Path) -> None:
    users_dir.mkdir(parents=True)
    for _ in range(3):
        (users_dir / "quin.toml").write_bytes(b"not = [toml")
        report = UserMemoryFile(users_dir, "quin").load(MemoryStore(museum_ontology))
        assert report.quarantined is not None and report.quarantined.read_bytes() == b"not = [toml"
    assert len(list(users_dir.glob("quin.corrupt-*.toml"))) == 1
    assert not (users_dir / "quin.toml").exists()


@pytest.mark.parametrize(
    "name", ["ann", "Ann", "ANN", "\uff41\uff4e\uff4e", "\uff21\uff2e\uff2e", "\U0001d41a\U0001d427\U0001d427"]
)
def test_lookalike_spellings_are_one_visitor(name: str, users_dir: Path) -> None:
    """`ａｎｎ` (fullwidth) and `Ann` were other visitors than `ann`, each with a file of its own."""
    memory_file = UserMemoryFile(users_dir, name)
    assert memory_file.user == "ann" and memory_file.path == users_dir / "ann.toml"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u0430nn", "scripts"),  # Cyrillic а
        ("ann\u043e", "scripts"),  # Cyrillic о at the end
        ("p\u0430ypal", "scripts"),
        ("\u03bflga", "scripts"),  # Greek omicron
        ("CON", "device"),
        ("nul", "device"),
        ("Com1", "device"),
        ("lpt9.x", "device"),
        ("aux.toml", "device"),
        ("ann.", "ends with a dot"),
        ("ann.corrupt-20260101T000000Z", "corrupt"),
        ("ann.corrupt-20260101T000000Z-0123456789abcdef", "corrupt"),
        ("ANN.CORRUPT-x", "corrupt"),
    ],
)
def test_names_that_pass_for_another_visitor_or_a_file_are_refused(name: str, why: str, users_dir: Path) -> None:
    with pytest.raises(UserNameError) as err:
        UserMemoryFile(users_dir, name)
    assert why in str(err.value) and "letters, digits" in str(err.value)


def test_a_visitor_named_like_a_quarantine_copy_cannot_open_it(museum_ontology, users_dir: Path) -> None:
    path = _one_bad_fact(museum_ontology, users_dir, "ann")
    path.write_bytes(b"broken = [")
    report = UserMemoryFile(users_dir, "ann").load(MemoryStore(museum_ontology))
    assert report.quarantined is not None
    stem = report.quarantined.name.removesuffix(".toml")
    with pytest.raises(UserNameError):
        UserMemoryFile(users_dir, stem)


def _saved_store(museum_ontology) -> MemoryStore:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    return store


def test_a_users_folder_that_is_a_symlink_is_refused_and_its_target_left_alone(
    museum_ontology, users_dir: Path, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    users_dir.parent.mkdir(parents=True, exist_ok=True)
    users_dir.symlink_to(shared, target_is_directory=True)
    memory_file = UserMemoryFile(users_dir, "ann")
    report = memory_file.load(MemoryStore(museum_ontology))
    assert report.read_only and "symbolic link" in report.notices[0]
    with pytest.raises(SaveError, match="symbolic link"):
        UserMemoryFile(users_dir, "ann").save(_saved_store(museum_ontology))
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777, "the target's mode was changed"
    assert list(shared.iterdir()) == []


def test_a_lock_file_that_is_a_symlink_is_not_followed(museum_ontology, users_dir: Path, tmp_path: Path) -> None:
    users_dir.mkdir(parents=True)
    target = tmp_path / "elsewhere.txt"
    (users_dir / ".ann.lock").symlink_to(target)
    with pytest.raises(SaveError, match="symbolic link"):
        UserMemoryFile(users_dir, "ann").save(_saved_store(museum_ontology))
    assert not target.exists(), "the link was followed and its target created"


def test_a_memory_file_that_is_a_symlink_is_neither_read_nor_replaced(
    museum_ontology, users_dir: Path, tmp_path: Path
) -> None:
    UserMemoryFile(users_dir, "bob").save(_saved_store(museum_ontology))
    (users_dir / "mallory.toml").symlink_to(users_dir / "bob.toml")
    store = MemoryStore(museum_ontology)
    memory_file = UserMemoryFile(users_dir, "mallory")
    report = memory_file.load(store)
    assert not store.facts, "Bob's allergy was read through the link"
    assert report.read_only and "symbolic link" in report.notices[0]


def test_a_fifo_as_the_memory_file_does_not_hang_start_up(museum_ontology, users_dir: Path) -> None:
    users_dir.mkdir(parents=True)
    fifo = users_dir / "ann.toml"
    os.mkfifo(fifo)
    result: list[object] = []
    worker = threading.Thread(
        target=lambda: result.append(UserMemoryFile(users_dir, "ann").load(MemoryStore(museum_ontology))),
        daemon=True,
    )
    worker.start()
    worker.join(10)
    if worker.is_alive():  # release the stuck reader before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("loading a FIFO hung")
    report = result[0]
    assert report.read_only and "not a regular file" in report.notices[0]
    with pytest.raises(SaveError, match="not a regular file"):
        UserMemoryFile(users_dir, "ann").save(_saved_store(museum_ontology))


def test_a_file_saved_under_an_older_spelling_is_still_the_visitors(museum_ontology, users_dir: Path) -> None:
    users_dir.mkdir(parents=True)
    store = _saved_store(museum_ontology)
    UserMemoryFile(users_dir, "zoe").save(store)
    (users_dir / "zoe.toml").rename(users_dir / "Zoe.toml")  # as versions before case folding saved it
    fresh = MemoryStore(museum_ontology)
    report = UserMemoryFile(users_dir, "ZOE").load(fresh)
    assert {f.value for f in fresh.facts.values()} == {"peanuts"} and "Zoe.toml" in report.notices[0]
    assert sorted(p.name for p in users_dir.glob("*.toml")) == ["zoe.toml"]
