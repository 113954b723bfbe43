"""Cues borrowed by meaning (issue 26): an ontology with no lexicon still reads the needs every venue shares,
through the one shared concept its label and examples mean; a concept of its own borrows nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.extraction.borrowed import borrow, borrowed_cues
from museum_tui.language.vectors import StaticVectors
from museum_tui.memory import load_ontology, parse_ontology


def concept(label: str, examples: list[str], sensitive: bool = False) -> dict:
    return {
        "label": label,
        "examples": examples,
        "persistence_class": "permanent" if sensitive else "session",
        "salience_weight": 1.0,
        "cardinality": "unlimited",
        "eviction": "salience",
        "sensitive": sensitive,
    }


# A venue written in its own words, without a lexicon: a zoo.
ZOO = {
    "version": "1.0",
    "name": "zoo",
    "concepts": {
        "Guest.FoodAllergy": concept(
            "Foods the guest reacts badly to", ["I can't have prawns, I'm allergic", "milk gives me a rash"], True
        ),
        "Guest.Access": concept(
            "Getting around (wheelchair, walking aid)", ["I need step-free paths", "I use a cane"], True
        ),
        "Guest.FavouriteAnimal": concept("Favourite animal", ["I love the penguins", "otters are the best"]),
    },
}


@pytest.fixture(scope="module")
def zoo():
    return parse_ontology(ZOO)


def test_a_venue_concept_borrows_the_shared_concept_it_means_and_only_that(zoo) -> None:
    borrowed = borrow(zoo, StaticVectors.load())
    assert set(borrowed) == {"Guest.FoodAllergy", "Guest.Access"}, "the favourite animal is the zoo's own"
    assert "terms" in borrowed["Guest.FoodAllergy"]


def test_borrowed_cues_read_what_labels_and_examples_alone_could_not(zoo) -> None:
    extractor = RuleExtractor(zoo)
    facts = {(f.concept, f.value, f.about) for f in extractor.extract("my son is allergic to sesame")}
    assert facts == {("Guest.FoodAllergy", "sesame", "son")}
    facts = {(f.concept, f.value) for f in extractor.extract("I'm on crutches, is the reptile house far?")}
    assert facts == {("Guest.Access", "crutches")}


def test_a_sensitive_concept_never_borrows_a_plain_one_nor_the_reverse() -> None:
    ontology = parse_ontology(
        {**ZOO, "concepts": {"Guest.Name": concept("Name to call the guest", ["call me Sam"], sensitive=True)}}
    )
    assert borrow(ontology, StaticVectors.load()) == {}


def test_a_concept_near_no_shared_one_borrows_nothing_even_when_its_nearest_is_alike() -> None:
    """Its nearest shared concept is a need (allergies), sensitive as it is: only the bar and the margin
    over the second-nearest keep an animal from reading allergies."""
    animal = concept("Favourite animal", ["I love the penguins", "otters are the best"], sensitive=True)
    ontology = parse_ontology({**ZOO, "concepts": {"Guest.FavouriteAnimal": animal}})
    assert borrow(ontology, StaticVectors.load()) == {}


def test_an_ontology_with_its_own_cues_everywhere_borrows_nothing(museum_ontology) -> None:
    assert borrowed_cues(museum_ontology) == {}


def test_a_need_a_venue_listed_is_read_in_the_shared_ways_of_saying_it() -> None:
    """Found by round 25's castle, written from docs/ alone: its author listed "wheelchair" → "wheelchair
    user" with the triggers "use", "in a", …, so "I'm a wheelchair user" gave nothing. A need's fallback to
    the shipped lexicon is read for the values the venue lists (filed as its own value), and invents none
    it does not list ("a knee replacement" is no value of the castle's)."""
    castle = RuleExtractor(load_ontology(Path(__file__).resolve().parent.parent / "data" / "blind" / "castle.json"))
    said = {(f.concept, f.value) for f in castle.extract("I'm a wheelchair user")}
    assert said == {("Access.Mobility", "wheelchair user")}
    assert castle.extract("I've just had a knee replacement") == []
    assert {f.value for f in castle.extract("noise is a nightmare for me")} == {"loud noise"}


def test_a_value_another_concept_is_named_by_is_not_borrowed() -> None:
    """Round 25's castle, read from labels alone: its own "Has a pushchair or buggy along" concept, and the
    shipped mobility cues borrowed for its access concept filed the pushchair there as well."""
    with_pushchair = {
        **ZOO,
        "concepts": {
            **ZOO["concepts"],
            "Guest.Pushchair": concept("Has a pushchair or buggy along: step-free routes", ["we've a buggy"]),
        },
    }
    venue = parse_ontology(with_pushchair)
    borrowed = borrow(venue, StaticVectors.load())
    values = set(borrowed["Guest.Access"]["terms"].values())
    assert "wheelchair user" in values and "pushchair" not in values
    plain = set(borrow(parse_ontology(ZOO), StaticVectors.load())["Guest.Access"]["terms"].values())
    assert "pushchair" in plain  # without a concept of its own, the pushchair stays a mobility value
