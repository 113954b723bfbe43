"""What only the PostgreSQL store has to get right: connections that drop, tombstones, its own metadata."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from museum_tui.memory import MemoryStore, UserNameError
from museum_tui.storage import SaveError, open_storage
from museum_tui.storage.postgres import fact_key

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: pip install '.[test]'")


def sql(url: str, query: str, *args: object) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(query, args or None)
        return cur.fetchall() if cur.description else []


def test_file_users_never_load_the_database_driver() -> None:
    code = (
        "import sys; from museum_tui.cli import main; main(['memory', 'show', '--user', 'ann']); "
        "print(sorted(m for m in sys.modules if m.startswith(('psycopg', 'museum_tui.storage.postgres'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")


def test_names_that_are_not_names_are_refused(pg_url: str) -> None:
    with pytest.raises(UserNameError):
        open_storage(pg_url).open("../x")


def test_a_dropped_connection_fails_one_save_clearly_and_the_next_reconnects(museum_ontology, pg_url: str) -> None:
    storage = open_storage(pg_url)
    memory, store = storage.open("reconnect"), MemoryStore(museum_ontology)
    memory.load(store)
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    memory.save(store)
    sql(
        pg_url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'museum-tui' AND datname = current_database()",
    )
    store.upsert("ArtInterest.Artist", "Manet", "asserted", "Manet")
    with pytest.raises(SaveError, match="memory was not saved: the memory database at"):
        memory.save(store)
    assert memory.save(store).written == 2, "the next save reconnects and writes everything"


def test_facts_of_concepts_the_ontology_lacks_stay_in_the_database(museum_ontology, pg_url: str) -> None:
    storage = open_storage(pg_url)
    memory, store = storage.open("fay"), MemoryStore(museum_ontology)
    memory.load(store)
    store.upsert("Profile.Name", "Fay", "asserted", "I'm Fay")
    memory.save(store)
    old = {"id": "f9", "concept": "Retired.Concept", "value": "kept", "evidence": "old", "salience": 0.5}
    sql(
        pg_url,
        "INSERT INTO museum_tui.facts (visitor_id, fact_key, concept, data, last_seen_at) "
        "SELECT id, %s, 'Retired.Concept', %s::jsonb, '' FROM museum_tui.visitors WHERE name = 'fay'",
        fact_key("Retired.Concept", "kept"),
        json.dumps(old),
    )
    fresh, again = MemoryStore(museum_ontology), storage.open("fay")
    report = again.load(fresh)
    assert [f.value for f in fresh.facts.values()] == ["Fay"]
    assert "1 saved fact(s) belong to concepts this ontology does not declare" in report.notices[0]
    again.save(fresh)
    assert sql(pg_url, "SELECT count(*) FROM museum_tui.facts WHERE concept = 'Retired.Concept'") == [(1,)]


def test_tombstones_hold_no_words_and_are_purged_after_a_month(
    museum_ontology, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-01-01T00:00:00+00:00")
    storage = open_storage(pg_url)
    memory, store = storage.open("tomb"), MemoryStore(museum_ontology)
    memory.load(store)
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "peanuts")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    memory.save(store)
    store.forget(value="peanuts")
    memory.save(store)
    tomb = sql(pg_url, "SELECT concept, data, last_seen_at, forgotten_at FROM museum_tui.facts WHERE data IS NULL")
    assert tomb == [(None, None, "", "2026-01-01T00:00:00+00:00")]
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-02-15T00:00:00+00:00")
    memory.save(store)
    assert sql(pg_url, "SELECT count(*) FROM museum_tui.facts") == [(1,)]


def test_the_visitor_metadata_column_keeps_other_layers_data(museum_ontology, pg_url: str) -> None:
    storage = open_storage(pg_url)
    memory, store = storage.open("meta"), MemoryStore(museum_ontology)
    memory.load(store)
    memory.metadata["summary"] = {"text": "talked about Monet", "turns": 3}
    memory.save(store)
    again = storage.open("meta")
    again.load(MemoryStore(museum_ontology))
    assert again.metadata == {"summary": {"text": "talked about Monet", "turns": 3}}


def test_an_unreachable_database_is_not_waited_for_at_every_turn(museum_ontology) -> None:
    storage = open_storage("postgresql://kiosk:pw@127.0.0.1:1/museum")
    memory, store = storage.open("away"), MemoryStore(museum_ontology)
    report = memory.load(store)
    assert "Could not load your saved memory" in report.notices[0] and not memory.read_only
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    with pytest.raises(SaveError, match="trying again within"):
        memory.save(store)
    assert [f.value for f in store.facts.values()] == ["Monet"], "the visit still remembers"
