"""A body's reaction said instead of "allergic" (language/reaction.py), read as a trigger by a concept whose
lexicon says `reaction: true` (round 27's sets: "tree nuts put me in hospital" gave nothing, and the café
could then have offered a nut cookie)."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.language.clauses import fold
from museum_tui.language.reaction import reacts
from museum_tui.memory import load_ontology

ONTOLOGIES = Path(__file__).parents[2] / "ontologies"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tree nuts put me in hospital last time", True),
        ("shellfish and me don't get on", True),
        ("pollen is my enemy", True),
        ("peanuts make me swell up", True),
        ("my eyes are streaming from all the pollen", True),
        ("nuts could kill me", True),
        # no reaction of the visitor's
        ("the crowds put me in a bad mood", False),
        ("my friend and I get on really well", False),
        ("cats make my son sneeze", False),
        ("the roses make me happy", False),
    ],
)
def test_the_frames_of_a_reaction(text: str, expected: bool) -> None:
    assert reacts(fold(text)) is expected


@pytest.fixture(scope="module")
def garden() -> RuleExtractor:
    return RuleExtractor(load_ontology(ONTOLOGIES / "garden.json"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("tree nuts put me in hospital last time lol so pls be careful wiv food suggestions", {"tree nuts"}),
        ("flowers make me sneeze like crazy, pollen is my enemy 😤", {"pollen"}),
        ("my eyes are streaming from all the pollen, which bits are least flowery?", {"pollen"}),
        ("the rose garden is my favourite, it makes me so happy", set()),
    ],
)
def test_an_allergy_said_by_the_reaction(garden: RuleExtractor, message: str, expected: set) -> None:
    facts = garden.extract(message)
    assert {f.value for f in facts if f.concept == "Food.Allergy" and f.polarity == "asserted"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 28's garden set: a condition said as itself, whoever the clause is about
        ("hay fever is murdering me today 🤧", {("hay fever (pollen)", "asserted", "self")}),
        ("nan's with us and her hay fever is awful this time of year", {("hay fever (pollen)", "asserted", "nan")}),
        # what one can not go near is the allergy, not a denial of it
        ("my eldest can't go near peanuts, anaphylaxis", {("peanuts", "asserted", "eldest")}),
        # "isnt" without its apostrophe still denies, and for the member it names
        ("my son isnt allergic to bees", {("bee stings", "negated", "son")}),
    ],
)
def test_conditions_things_kept_away_from_and_denials_typed_plainly(garden, message, expected):
    facts = garden.extract(message)
    assert {(f.value, f.polarity, f.about) for f in facts if f.concept == "Food.Allergy"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a thing said to do the visitor no harm is no allergy of theirs (the other thing said still is)
        ("it's actually tree nuts, peanuts are fine for me", {("tree nuts", "asserted"), ("peanuts", "negated")}),
        ("I'm fine with almonds", {("almonds", "negated")}),
        ("eggs don't bother me", {("eggs", "negated")}),
        ("the cafe is fine for me", set()),
    ],
)
def test_what_does_no_harm_is_denied(message, expected):
    from pathlib import Path

    from museum_tui.extraction import RuleExtractor
    from museum_tui.memory import load_ontology

    garden = RuleExtractor(load_ontology(Path(__file__).resolve().parents[2] / "ontologies" / "garden.json"))
    assert {(f.value, f.polarity) for f in garden.extract(message) if f.concept == "Food.Allergy"} == expected
