"""The tier table: one home for decay, what is kept, and how long a fact has left."""

from __future__ import annotations

from museum_tui.memory import KEPT_TIERS, TIERS, MemoryStore, turns_until_faded
from museum_tui.memory.merge import KEPT_TIERS as SAVED


def test_the_table_is_the_specification() -> None:
    assert [(t.name, t.decay, t.kept, t.prunable) for t in TIERS] == [
        ("permanent", 1.00, True, False),
        ("long_term", 0.99, True, True),
        ("session", 0.85, False, True),
        ("ephemeral", 0.55, False, True),
    ]
    assert SAVED is KEPT_TIERS == ("permanent", "long_term")


def test_the_fade_estimate_is_the_number_of_ticks_until_the_store_prunes_it(museum_ontology) -> None:
    for concept, value in [("ImmediateNeed.Refreshment", "coffee"), ("VisitPlan.TimeBudget", "1 hour")]:
        store = MemoryStore(museum_ontology)
        (change,) = [c for c in store.upsert(concept, value, "asserted", f"I want {value}") if c.kind == "created"]
        fact = change.fact
        predicted = store.fades_in(fact)
        assert predicted is not None and predicted >= 1
        ticks = 0
        while fact.id in store.facts:
            assert store.fades_in(fact) == predicted - ticks, "the estimate counts down one per turn"
            store.tick()
            ticks += 1
        assert ticks == predicted


def test_facts_that_never_fade_have_no_estimate(museum_ontology) -> None:
    store = MemoryStore(museum_ontology, decay={"permanent": 0.5})
    (change,) = store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    for _ in range(20):
        store.tick()
    assert store.fades_in(change.fact) is None and change.fact.id in store.facts  # permanent: never pruned
    assert turns_until_faded(0.5, 1.0, 0.1) is None and turns_until_faded(0.05, 0.5, 0.1) == 0
