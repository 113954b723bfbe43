"""A fleet in miniature: kiosks as separate processes sharing one PostgreSQL database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from museum_tui.memory import MemoryStore
from museum_tui.storage import open_storage

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: pip install '.[test]'")

KIOSK = textwrap.dedent("""
    import json, sys, time, pathlib
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import open_storage
    ontology, url, tag, go = sys.argv[1], sys.argv[2], sys.argv[3], pathlib.Path(sys.argv[4])
    store = MemoryStore(load_ontology(ontology))
    memory = open_storage(url).open("visitor")
    memory.load(store)
    print("READY", flush=True)
    while not go.exists():
        time.sleep(0.005)
    for i in range(10):  # ten turns, each saved, at the same time as the other kiosk
        store.upsert("SpecialNeed.Allergy", f"{tag}-{i}", "asserted", "I'm allergic")
        store.tick()
        memory.save(store)
    print("DONE", flush=True)
    sys.stdin.readline()  # the next turn, after a third kiosk has forgotten something
    store.tick()
    memory.save(store)
    print(json.dumps(sorted(f.value for f in store.facts.values())), flush=True)
""")


def live_values(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        query = "SELECT data->>'value' FROM museum_tui.facts WHERE forgotten_at IS NULL ORDER BY 1"
        return [value for (value,) in conn.execute(query).fetchall()]


def test_two_kiosks_at_once_lose_nothing_and_a_forget_at_a_third_reaches_both(
    museum_ontology, pg_url: str, tmp_path: Path
) -> None:
    open_storage(pg_url).visitors()  # the schema exists before the kiosks race to it
    go = tmp_path / "go"
    kiosks = [
        subprocess.Popen(
            [sys.executable, "-c", KIOSK, str(museum_ontology.source), pg_url, tag, str(go)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag in ("left", "right")
    ]
    try:
        for kiosk in kiosks:
            assert kiosk.stdout.readline().strip() == "READY"
        go.touch()
        for kiosk in kiosks:
            assert kiosk.stdout.readline().strip() == "DONE"
        expected = sorted(f"{tag}-{i}" for tag in ("left", "right") for i in range(10))
        assert live_values(pg_url) == expected, "all 20 facts stored"

        store = MemoryStore(museum_ontology)  # a third kiosk: the visitor asks it to forget one
        third = open_storage(pg_url).open("visitor")
        assert third.load(store).loaded == 20
        store.forget(value="left-3")
        third.save(store)

        seen = []
        for kiosk in kiosks:
            kiosk.stdin.write("next\n")
            kiosk.stdin.flush()
            seen.append(json.loads(kiosk.stdout.readline()))
            assert kiosk.wait(timeout=60) == 0
    finally:
        for kiosk in kiosks:
            if kiosk.poll() is None:
                kiosk.kill()
                kiosk.wait()
    remaining = [v for v in expected if v != "left-3"]
    assert seen == [remaining, remaining], "gone at every kiosk, and each has the other's facts"
    assert live_values(pg_url) == remaining


STALLED_SAVE = textwrap.dedent("""
    import pathlib, sys, time
    from museum_tui.memory import MemoryStore, load_ontology
    from museum_tui.storage import open_storage
    from museum_tui.storage.postgres import PostgresVisitorMemory
    ontology, url, flag = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    store = MemoryStore(load_ontology(ontology))
    memory = open_storage(url).open("hal")
    memory.load(store)
    store.forget(value="deaf")
    for i in range(200):
        store.upsert("ArtInterest.Artist", f"artist {i}", "asserted", "x")
    real = PostgresVisitorMemory._save
    def stalled(self, cur, store, report):
        written = real(self, cur, store, report)  # every row written, the transaction not yet committed
        flag.write_text("now")
        time.sleep(60)
        return written
    PostgresVisitorMemory._save = stalled
    memory.save(store)
""")


def test_a_kiosk_killed_mid_save_leaves_nothing_torn(museum_ontology, pg_url: str, tmp_path: Path) -> None:
    store = MemoryStore(museum_ontology)
    memory = open_storage(pg_url).open("hal")
    memory.load(store)
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    memory.save(store)
    before = live_values(pg_url)
    flag = tmp_path / "mid-save"
    proc = subprocess.Popen([sys.executable, "-c", STALLED_SAVE, str(museum_ontology.source), pg_url, str(flag)])
    try:
        deadline = time.monotonic() + 60
        while not flag.exists():
            assert proc.poll() is None, "the kiosk exited before reaching the middle of its save"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert live_values(pg_url) == before, "the killed save is rolled back whole"
    fresh = MemoryStore(museum_ontology)
    again = open_storage(pg_url).open("hal")
    assert again.load(fresh).loaded == 2
    fresh.upsert("Profile.Name", "Hal", "asserted", "I'm Hal")
    started = time.monotonic()
    again.save(fresh)  # the dead kiosk's row lock is gone with its connection
    assert time.monotonic() - started < 10
    assert live_values(pg_url) == sorted([*before, "Hal"])
