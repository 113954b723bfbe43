"""PostgreSQL holds the visitor's own needs, never a party member's (the same policy as the files)."""

from __future__ import annotations

from museum_tui.memory import MemoryStore
from museum_tui.memory.merge import fact_key
from museum_tui.storage import open_storage

from .test_postgres import sql


def test_a_companions_need_is_never_written_to_the_database(museum_ontology, pg_url: str) -> None:
    storage = open_storage(pg_url)
    memory, store = storage.open("gus"), MemoryStore(museum_ontology)
    memory.load(store)
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "my son has a peanut allergy", about="son")
    store.upsert("SpecialNeed.Allergy", "sesame", "asserted", "I'm allergic to sesame")
    memory.save(store)
    rows = sql(
        pg_url,
        "SELECT data->>'value', data->>'about' FROM museum_tui.facts f JOIN museum_tui.visitors v "
        "ON v.id = f.visitor_id WHERE v.name = 'gus'",
    )
    assert rows == [("sesame", None)]
    fresh = MemoryStore(museum_ontology)
    storage.open("gus").load(fresh)
    assert [(f.value, f.about) for f in fresh.facts.values()] == [("sesame", "self")]


def test_the_visitors_own_fact_keys_are_the_ones_saved_before_about() -> None:
    assert fact_key("SpecialNeed.Allergy", "Sesame") == fact_key("SpecialNeed.Allergy", "sesame", "self")
    assert fact_key("SpecialNeed.Allergy", "sesame", "son") != fact_key("SpecialNeed.Allergy", "sesame")
