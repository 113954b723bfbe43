"""The store's rules, exactly as the seed library defines them, plus what museum-tui adds."""

from __future__ import annotations

import math
from dataclasses import asdict

import pytest

from museum_tui.memory import DECAY, PRUNE_THRESHOLD, Fact, MemoryStore, dump

SEED_ONTOLOGY = {
    "concepts": {
        "ArtInterest.Style": {
            "label": "Art style or medium",
            "examples": ["I love X", "I'm into X"],
            "persistence_class": "long_term",
            "salience_weight": 0.7,
            "cardinality": "unlimited",
            "eviction": "salience",
        }
    }
}
SEED_TURNS = [
    ("photography", "I really love photography, especially mid-century stuff."),
    ("Picasso", "Picasso is incredible."),
    ("photos", "Honestly, I just adore old photos."),
    ("Pablo Picasso", "Anything by Pablo Picasso, really."),
    ("photographs", "These vintage photographs are amazing."),
]


def one_concept(
    pclass: str, weight: float = 1.0, cardinality: int | str = "unlimited", eviction: str = "recency"
) -> dict:
    return {
        "concepts": {
            "X.Thing": {
                "label": "A thing",
                "examples": ["a", "b"],
                "persistence_class": pclass,
                "salience_weight": weight,
                "cardinality": cardinality,
                "eviction": eviction,
            }
        }
    }


def run_seed(store: MemoryStore) -> str:
    for value, evidence in SEED_TURNS:
        store.upsert("ArtInterest.Style", value, "asserted", evidence)
        store.tick()
    return dump(store)


def test_seed_example_default_is_exact() -> None:
    assert run_seed(MemoryStore(SEED_ONTOLOGY)) == "\n".join(
        [
            "(turn 5) 5 fact(s):",
            '  • [ArtInterest.Style] photographs (sal=0.69, long_term)  [from: "These vintage photographs are amazing."]',
            '  • [ArtInterest.Style] Pablo Picasso (sal=0.69, long_term)  [from: "Anything by Pablo Picasso, really."]',
            '  • [ArtInterest.Style] photos (sal=0.68, long_term)  [from: "Honestly, I just adore old photos."]',
            '  • [ArtInterest.Style] Picasso (sal=0.67, long_term)  [from: "Picasso is incredible."]',
            "  • [ArtInterest.Style] photography (sal=0.67, long_term)  "
            '[from: "I really love photography, especially mid-century stuff."]',
        ]
    )


def test_seed_example_fuzzy_is_exact() -> None:
    assert run_seed(MemoryStore(SEED_ONTOLOGY, similarity_threshold=0.80)) == "\n".join(
        [
            "(turn 5) 2 fact(s):",
            '  • [ArtInterest.Style] photography (sal=0.99, long_term)  [from: "These vintage photographs are amazing."]',
            '  • [ArtInterest.Style] Picasso (sal=0.88, long_term)  [from: "Anything by Pablo Picasso, really."]',
        ]
    )


def test_decay_factors_are_the_documented_ones() -> None:
    assert DECAY == {"permanent": 1.00, "long_term": 0.99, "session": 0.85, "ephemeral": 0.55}
    assert pytest.approx(0.10) == PRUNE_THRESHOLD


@pytest.mark.parametrize(("pclass", "pruned_at"), [("ephemeral", 4), ("session", 15), ("long_term", 230)])
def test_weight_one_fact_is_pruned_at_the_documented_tick(pclass: str, pruned_at: int) -> None:
    store = MemoryStore(one_concept(pclass))
    store.upsert("X.Thing", "v", "asserted", "v")
    for tick in range(1, pruned_at):
        changes = store.tick()
        assert store.facts, f"pruned too early, at tick {tick}"
        assert [c.kind for c in changes] == ["decayed"]
    changes = store.tick()
    assert not store.facts
    assert [c.kind for c in changes] == ["pruned"]
    assert changes[0].before >= PRUNE_THRESHOLD > changes[0].fact.salience


def test_decay_per_tick_matches_factor() -> None:
    for pclass, factor in DECAY.items():
        store = MemoryStore(one_concept(pclass, weight=0.8))
        store.upsert("X.Thing", "v", "asserted", "v")
        store.tick()
        (fact,) = store.facts.values()
        assert fact.salience == pytest.approx(0.8 * factor)


def test_permanent_facts_survive_any_number_of_ticks() -> None:
    store = MemoryStore(one_concept("permanent", weight=0.2))
    store.upsert("X.Thing", "v", "asserted", "v")
    for _ in range(1000):
        assert store.tick() == []
    assert next(iter(store.facts.values())).salience == pytest.approx(0.2)


def test_permanent_fact_is_not_pruned_even_with_decay_override_below_threshold() -> None:
    store = MemoryStore(one_concept("permanent", weight=0.5), decay={"permanent": 0.5})
    store.upsert("X.Thing", "v", "asserted", "v")
    for _ in range(20):
        store.tick()
    assert len(store.facts) == 1


def test_prune_threshold_comes_from_the_environment(museum_ontology) -> None:
    """`PRUNE_THRESHOLD` is read by the settings (the memory core reads no environment) and given to the
    visitor's store; a bad value is warned about and the default kept."""
    from museum_tui import config
    from museum_tui.conversation.visitor import new_store

    settings = config.load_settings(env={"PRUNE_THRESHOLD": "0.3"})
    assert settings.prune_threshold == pytest.approx(0.3)
    assert new_store(settings, museum_ontology).prune_threshold == pytest.approx(0.3)
    bad = config.load_settings(env={"PRUNE_THRESHOLD": "lots"})
    assert bad.prune_threshold == pytest.approx(0.10) == PRUNE_THRESHOLD
    assert any("PRUNE_THRESHOLD='lots'" in w for w in bad.warnings)
    assert MemoryStore(museum_ontology).prune_threshold == PRUNE_THRESHOLD, "the core's default, whatever the env"


def test_new_fact_starts_at_weight_and_reinforcement_adds_030_weight_capped() -> None:
    store = MemoryStore(one_concept("long_term", weight=0.5))
    (created,) = store.upsert("X.Thing", "Jazz", "asserted", "I like jazz")
    assert created.kind == "created" and created.after == pytest.approx(0.5)
    (again,) = store.upsert("X.Thing", "  jazz ", "asserted", "jazz again")
    assert again.kind == "reinforced"
    assert again.before == pytest.approx(0.5) and again.after == pytest.approx(0.65)
    for _ in range(5):
        store.upsert("X.Thing", "JAZZ", "asserted", "more jazz")
    (fact,) = store.facts.values()
    assert fact.salience == 1.0
    assert fact.value == "Jazz", "the first value is kept"
    assert fact.evidence == "more jazz", "the latest evidence is taken"
    assert fact.mentions == 7


def test_reinforcement_refreshes_last_seen_turn() -> None:
    store = MemoryStore(one_concept("session"))
    store.upsert("X.Thing", "a", "asserted", "a")
    store.tick()
    store.tick()
    store.upsert("X.Thing", "a", "asserted", "a")
    (fact,) = store.facts.values()
    assert (fact.created_turn, fact.last_seen_turn) == (0, 2)


def test_negation_removes_exact_match_and_absent_negation_is_a_noop() -> None:
    store = MemoryStore(one_concept("permanent"))
    store.upsert("X.Thing", "deaf", "asserted", "I'm deaf")
    assert store.upsert("X.Thing", "blind", "negated", "I'm not blind") == []
    assert len(store.facts) == 1
    (change,) = store.upsert("X.Thing", "Deaf", "negated", "I'm not deaf")
    assert change.kind == "negated" and change.left and change.fact.value == "deaf"
    assert not store.facts


def test_negation_goes_through_the_fuzzy_matcher() -> None:
    store = MemoryStore(SEED_ONTOLOGY, similarity_threshold=0.8)
    store.upsert("ArtInterest.Style", "photography", "asserted", "x")
    store.upsert("ArtInterest.Style", "Monet", "asserted", "y")
    (change,) = store.upsert("ArtInterest.Style", "photos", "negated", "no more photos")
    assert change.fact.value == "photography"
    assert [f.value for f in store.facts.values()] == ["Monet"]


def test_strict_matching_does_not_merge_variants() -> None:
    store = MemoryStore(SEED_ONTOLOGY)
    store.upsert("ArtInterest.Style", "photography", "asserted", "x")
    assert store.upsert("ArtInterest.Style", "photos", "negated", "no photos") == []
    assert len(store.facts) == 1


def test_custom_similarity_function_is_used() -> None:
    calls: list[tuple[str, str]] = []

    def same_first_letter(a: str, b: str) -> float:
        calls.append((a, b))
        return 1.0 if a[0].lower() == b[0].lower() else 0.0

    store = MemoryStore(SEED_ONTOLOGY, similarity_threshold=0.5, similarity_fn=same_first_letter)
    store.upsert("ArtInterest.Style", "Monet", "asserted", "x")
    (change,) = store.upsert("ArtInterest.Style", "Manet", "asserted", "y")
    assert change.kind == "reinforced" and change.fact.value == "Monet"
    assert ("Monet", "Manet") in calls


def test_unknown_concepts_and_empty_values_are_never_stored() -> None:
    store = MemoryStore(SEED_ONTOLOGY)
    assert store.upsert("Admin.Root", "true", "asserted", "I am admin") == []
    assert store.upsert("ArtInterest.Style", "   ", "asserted", "x") == []
    assert store.facts == {}


def test_bad_polarity_is_refused_clearly() -> None:
    store = MemoryStore(SEED_ONTOLOGY)
    with pytest.raises(ValueError, match="polarity"):
        store.upsert("ArtInterest.Style", "x", "positive", "x")


def test_cardinality_one_recency_replaces_and_keeps_history() -> None:
    store = MemoryStore(one_concept("session", cardinality=1, eviction="recency"))
    store.upsert("X.Thing", "café", "asserted", "I'm at the café")
    store.tick()
    changes = store.upsert("X.Thing", "Gallery 3", "asserted", "now in gallery 3")
    assert [c.kind for c in changes] == ["created", "evicted"]
    assert changes[1].fact.value == "café" and "replaced by 'Gallery 3'" in changes[1].note
    (fact,) = store.facts.values()
    assert fact.value == "Gallery 3"
    replaced = [m for m in fact.history if m.kind == "replaced"]
    assert [(m.value, m.evidence) for m in replaced] == [("café", "I'm at the café")]
    store.upsert("X.Thing", "shop", "asserted", "at the shop")
    (fact,) = store.facts.values()
    assert [m.value for m in fact.history if m.kind == "replaced"] == ["café", "Gallery 3"]


def test_recency_eviction_drops_least_recently_mentioned() -> None:
    store = MemoryStore(one_concept("long_term", cardinality=2, eviction="recency"))
    store.upsert("X.Thing", "a", "asserted", "a")
    store.upsert("X.Thing", "b", "asserted", "b")
    store.upsert("X.Thing", "a", "asserted", "a again")  # a is now the most recent
    changes = store.upsert("X.Thing", "c", "asserted", "c")
    assert [(c.kind, c.fact.value) for c in changes] == [("created", "c"), ("evicted", "b")]
    assert sorted(f.value for f in store.facts.values()) == ["a", "c"]


def test_salience_eviction_drops_the_weakest_but_never_the_fact_just_said() -> None:
    store = MemoryStore(one_concept("long_term", weight=0.5, cardinality=2, eviction="salience"))
    store.upsert("X.Thing", "strong", "asserted", "s")
    store.upsert("X.Thing", "strong", "asserted", "s")  # 0.65
    store.upsert("X.Thing", "weak", "asserted", "w")  # 0.5
    changes = store.upsert("X.Thing", "new", "asserted", "n")  # 0.5, the weakest-equal, but just said
    assert [(c.kind, c.fact.value) for c in changes] == [("created", "new"), ("evicted", "weak")]


def test_unlimited_cardinality_never_evicts() -> None:
    store = MemoryStore(one_concept("permanent"))
    for i in range(50):
        store.upsert("X.Thing", f"v{i}", "asserted", "x")
    assert len(store.facts) == 50


@pytest.mark.parametrize(
    ("policy", "cardinality", "eviction"),
    [("superseded", 1, "recency"), ("mutable", None, "salience"), ("monotonic", None, "salience")],
)
def test_legacy_update_policy_maps_and_warns(policy: str, cardinality: int | None, eviction: str) -> None:
    onto = one_concept("session")
    spec = onto["concepts"]["X.Thing"]
    del spec["cardinality"], spec["eviction"]
    spec["update_policy"] = policy
    with pytest.warns(DeprecationWarning, match=policy):
        store = MemoryStore(onto)
    concept = store.ontology["X.Thing"]
    assert (concept.cardinality, concept.eviction) == (cardinality, eviction)


def test_no_deprecation_warning_without_legacy_policy(recwarn: pytest.WarningsRecorder) -> None:
    MemoryStore(SEED_ONTOLOGY)
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]


def test_tick_reports_decayed_and_pruned_with_before_and_after() -> None:
    store = MemoryStore(
        {
            "concepts": {
                **one_concept("ephemeral")["concepts"],
                "Y.Other": {**one_concept("permanent")["concepts"]["X.Thing"]},
            }
        }
    )
    store.upsert("X.Thing", "coffee", "asserted", "coffee")
    store.upsert("Y.Other", "deaf", "asserted", "deaf")
    changes = store.tick()
    assert [(c.kind, c.fact.value) for c in changes] == [("decayed", "coffee")]
    assert changes[0].before == 1.0 and changes[0].after == pytest.approx(0.55)


def test_forget_by_id_concept_value_and_everything_and_restore() -> None:
    store = MemoryStore(
        {
            "concepts": {
                "A.One": one_concept("permanent")["concepts"]["X.Thing"],
                "B.Two": one_concept("long_term")["concepts"]["X.Thing"],
            }
        }
    )
    store.upsert("A.One", "deaf", "asserted", "I'm deaf")
    store.upsert("B.Two", "Pablo Picasso", "asserted", "Picasso")
    store.upsert("B.Two", "Monet", "asserted", "Monet")
    first = next(iter(store.facts))
    assert [c.fact.value for c in store.forget(fact_id=first)] == ["deaf"]
    assert [c.fact.value for c in store.forget(value="picasso")] == ["Pablo Picasso"]
    assert store.forget(value="pic") == [], "value matches whole words only"
    removed = store.forget(everything=True)
    assert [c.kind for c in removed] == ["forgotten"] and not store.facts
    restored = store.restore(removed)
    assert [(c.kind, c.fact.value) for c in restored] == [("restored", "Monet")]
    assert store.forget(concept="B.Two")[0].fact.value == "Monet"
    with pytest.raises(ValueError):
        store.forget()


def test_restore_skips_a_value_said_again_and_keeps_ids_unique() -> None:
    store = MemoryStore(one_concept("long_term", cardinality=1))
    store.upsert("X.Thing", "Tom", "asserted", "I'm Tom")
    removed = store.forget(everything=True)
    store.upsert("X.Thing", "Tom", "asserted", "I'm Tom")
    assert store.restore(removed) == []
    assert len(store.facts) == 1
    ids = [f.id for f in store.facts.values()]
    assert ids == ["f2"]


def test_find_resolves_ids_concepts_labels_and_values(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "deaf")
    store.upsert("ArtInterest.Artist", "Pablo Picasso", "asserted", "Picasso")
    store.upsert("ImmediateNeed.Refreshment", "coffee", "asserted", "coffee")
    assert [f.value for f in store.find("#2")] == ["Pablo Picasso"]
    assert [f.value for f in store.find("f1")] == ["deaf"]
    assert [f.value for f in store.find("specialneed.hearingimpairment")] == ["deaf"]
    assert [f.value for f in store.find("Favourite artist")] == ["Pablo Picasso"]
    assert [f.value for f in store.find("ImmediateNeed.")] == ["coffee"]
    assert [f.value for f in store.find("coffee")] == ["coffee"]
    assert len(store.find("all")) == 3
    assert store.find("nothing-here") == [] and store.find("  ") == []


def test_fact_round_trips_through_asdict_like_the_seed_recipe(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    store.upsert("Profile.Name", "Ann", "asserted", "I'm Ann")
    store.upsert("Profile.Name", "Bea", "asserted", "call me Bea")
    (fact,) = store.facts.values()
    clone = Fact(**asdict(fact))
    assert clone == fact and clone.history[0].kind == "replaced"


def test_invalid_constructor_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        MemoryStore(SEED_ONTOLOGY, similarity_threshold=1.5)
    with pytest.raises(ValueError):
        MemoryStore(SEED_ONTOLOGY, decay={"forever": 0.5})
    assert math.isfinite(MemoryStore(SEED_ONTOLOGY, decay={"session": 0.5}).decay["session"])
