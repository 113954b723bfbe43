"""Properties that must hold for any sequence of operations."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from museum_tui.config import default_ontology_path
from museum_tui.memory import PRUNE_THRESHOLD, MemoryStore, load_ontology
from museum_tui.storage import UserMemoryFile

ONTOLOGY = load_ontology(default_ontology_path())
CONCEPTS = sorted(ONTOLOGY.concepts)
VALUES = st.sampled_from(
    [
        "coffee",
        "Coffee ",
        "tea",
        "deaf",
        "photos",
        "photography",
        "Monet",
        "Manet",
        "1 hour",
        "two hours",
        "wheelchair",
        "ünïcödé",
        "x" * 40,
    ]
)
OPERATION = st.one_of(
    st.tuples(st.just("upsert"), st.sampled_from(CONCEPTS), VALUES, st.sampled_from(["asserted", "negated"])),
    st.tuples(st.just("tick")),
    st.tuples(st.just("forget"), VALUES),
)


def apply(store: MemoryStore, ops: list[tuple]) -> None:
    for op in ops:
        if op[0] == "upsert":
            store.upsert(op[1], op[2], op[3], f"said {op[2]}")
        elif op[0] == "tick":
            store.tick()
        else:
            store.forget(value=op[1])


def check_invariants(store: MemoryStore) -> None:
    per_concept: dict[str, int] = {}
    for fact in store.facts.values():
        assert 0.0 < fact.salience <= 1.0
        concept = ONTOLOGY[fact.concept]
        if concept.persistence_class != "permanent":
            assert fact.salience >= PRUNE_THRESHOLD
        per_concept[fact.concept] = per_concept.get(fact.concept, 0) + 1
    for cid, count in per_concept.items():
        limit = ONTOLOGY[cid].cardinality
        assert limit is None or count <= limit, f"{cid} holds {count} > {limit}"


@settings(max_examples=150, deadline=None)
@given(ops=st.lists(OPERATION, max_size=60), fuzzy=st.booleans())
def test_salience_in_range_and_cardinality_never_exceeded(ops: list[tuple], fuzzy: bool) -> None:
    store = MemoryStore(ONTOLOGY, similarity_threshold=0.8 if fuzzy else 1.0)
    for op in ops:
        apply(store, [op])
        check_invariants(store)


@settings(max_examples=60, deadline=None)
@given(values=st.lists(VALUES, min_size=1, max_size=5), ticks=st.integers(0, 400))
def test_permanent_facts_are_never_pruned_by_ticks(values: list[str], ticks: int) -> None:
    store = MemoryStore(ONTOLOGY)
    for v in values:
        store.upsert("SpecialNeed.Allergy", v, "asserted", v)
    before = {f.id for f in store.facts.values()}
    for _ in range(ticks):
        store.tick()
    assert {f.id for f in store.facts.values()} == before


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(OPERATION, max_size=40), evidence=st.text(min_size=1, max_size=40))
def test_save_then_load_round_trips_the_persisted_tiers(ops: list[tuple], evidence: str) -> None:
    store = MemoryStore(ONTOLOGY, clock=lambda: "2026-01-01T00:00:00+00:00")
    apply(store, ops)
    store.upsert("ArtInterest.Style", "surrealism", "asserted", evidence)
    with tempfile.TemporaryDirectory() as tmp:
        UserMemoryFile(Path(tmp), "prop").save(store)
        fresh = MemoryStore(ONTOLOGY)
        UserMemoryFile(Path(tmp), "prop").load(fresh)

    def persisted(s: MemoryStore) -> dict:
        return {
            (f.concept, f.value): (
                round(f.salience, 6),
                f.evidence,
                f.mentions,
                f.created_turn,
                f.last_seen_turn,
                [(m.turn, m.value, m.evidence, m.kind) for m in f.history],
            )
            for f in s.facts.values()
            if f.persistence_class in ("permanent", "long_term")
        }

    assert persisted(fresh) == persisted(store)
    assert all(f.persistence_class in ("permanent", "long_term") for f in fresh.facts.values())
    assert fresh.turn == store.turn
