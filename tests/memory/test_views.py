"""The views of a store: the prompt's memory block, per-agent filters, fading flags, stable order."""

from __future__ import annotations

from museum_tui.memory import MemoryStore, context_block, dump, filtered_block


def test_views_group_by_tier_and_filter(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", "I use a wheelchair")
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    store.upsert("ImmediateNeed.Restroom", "toilet", "asserted", "where's the loo")
    block = context_block(store)
    assert block.index("Core constraints") < block.index("Active concerns") < block.index("Preferences and background")
    assert "- Mobility need: wheelchair user — give step-free routes and lifts" in block
    way = filtered_block(store, concept_prefixes=["SpecialNeed.", "ImmediateNeed."])
    assert "wheelchair user" in way and "toilet" in way and "photography" not in way
    assert "photography" in filtered_block(store, classes=["long_term"])
    assert filtered_block(store, concept_prefixes=["Mood."]) == "(nothing remembered about the visitor yet)"


def test_fading_facts_are_flagged_in_the_block(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "coffee")
    store.tick()
    assert "(fading)" not in context_block(store)
    store.tick()
    store.tick()
    assert "coffee (fading)" in context_block(store)


def test_order_is_deterministic_for_equal_salience(museum_ontology) -> None:
    def build() -> str:
        store = MemoryStore(museum_ontology)
        for value in ["b", "a", "c"]:
            store.upsert("ArtInterest.Artist", value, "asserted", value)
        return context_block(store) + dump(store)

    assert build() == build()
    assert "Favourite artist: c; a; b" in build(), "equal salience: most recently mentioned first"
