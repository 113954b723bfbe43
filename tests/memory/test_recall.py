"""Recall of faded facts: soft-deleted for the visit, found again by the visitor's words."""

from __future__ import annotations

from museum_tui.memory import MemoryStore
from museum_tui.memory.recall import FadedFacts, recall_candidates


def faded_coffee(museum_ontology) -> tuple[MemoryStore, FadedFacts]:
    store, faded = MemoryStore(museum_ontology), FadedFacts()
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "I could really use a coffee")
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    while any(f.value == "coffee" for f in store.facts.values()):
        faded.add(store, store.tick())
    return store, faded


def values(facts) -> list[str]:
    return [f.value for f in facts]


def test_a_vague_one_right_after_the_coffee_faded_brings_it_back(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    assert values(faded.facts()) == ["coffee"]
    (coffee,) = recall_candidates(store, faded, "Where can I have one?")
    assert coffee.value == "coffee"
    (change,) = store.recall([coffee])
    assert change.kind == "recalled" and change.fact.value == "coffee" and change.after > store.prune_threshold
    store.tick()
    assert "coffee" in values(store.facts.values()), "it survives the tick of the turn that recalled it"


def test_words_and_misspellings_find_faded_facts_and_unrelated_text_finds_none(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    assert values(recall_candidates(store, faded, "is the coffee any good here?")) == ["coffee"]
    assert values(recall_candidates(store, faded, "do you do a decent cofee")) == ["coffee"]
    assert recall_candidates(store, faded, "What time does the gallery close?") == []


def test_a_vague_word_beside_another_subject_recalls_nothing(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    assert recall_candidates(store, faded, "is there wifi?") == [], "'there' asks about the wifi, not the coffee"
    assert recall_candidates(store, faded, "where do I leave it, the coat?") == []
    assert values(recall_candidates(store, faded, "where can I grab one nearby?")) == ["coffee"]


def test_a_vague_word_long_after_the_fading_recalls_nothing(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    for _ in range(5):
        store.tick()
    assert recall_candidates(store, faded, "Where can I have one?") == []


def test_live_facts_are_reinforced_when_named(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    for _ in range(3):
        store.tick()
    (photo,) = recall_candidates(store, faded, "any more photography upstairs?")
    assert photo.value == "photography" and photo.id in store.facts
    before = photo.salience
    (change,) = store.recall([photo])
    assert change.kind == "recalled" and change.after > before and photo.mentions == 1


def test_negated_or_forgotten_facts_never_reach_the_faded_store(museum_ontology) -> None:
    store, faded = MemoryStore(museum_ontology), FadedFacts()
    store.upsert("ImmediateNeed.Refreshment", "tea", "asserted", "I want tea")
    faded.add(store, store.upsert("ImmediateNeed.Refreshment", "tea", "negated", "no tea"))
    store.upsert("ImmediateNeed.Refreshment", "water", "asserted", "I want water")
    faded.add(store, store.forget(fact_ids=[f.id for f in store.facts.values()]))
    assert len(faded) == 0 and recall_candidates(store, faded, "tea or water, where?") == []


def test_forgetting_reaches_the_faded_store_and_the_index_follows(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    (coffee,) = faded.find("coffee")
    assert faded.discard(coffee.id) is coffee and len(faded) == 0
    assert recall_candidates(store, faded, "coffee please") == []


def test_a_value_said_again_meanwhile_is_not_duplicated_by_recall(museum_ontology) -> None:
    store, faded = faded_coffee(museum_ontology)
    (coffee,) = faded.facts()
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "coffee again")
    assert [c.kind for c in store.recall([coffee])] == []
    assert values(store.facts.values()).count("coffee") == 1
