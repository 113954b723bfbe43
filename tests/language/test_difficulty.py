"""What is hard for the visitor (language/difficulty.py) and the lexicon's `hard` field that reads it."""

from pathlib import Path

import pytest

from museum_tui.extraction.rules import RuleExtractor
from museum_tui.language.difficulty import hard_for_me
from museum_tui.language.folding import fold
from museum_tui.memory import load_ontology

STAIRS = "stairs|steps"


@pytest.mark.parametrize(
    ("message", "denied"),
    [
        ("stairs are a no-go today", False),
        ("I'm 8 months pregnant so steep stairs are a no from me", False),
        ("my legs won't take all these stairs", False),
        ("my legs dont take kindly to steps anymore", False),
        ("I struggle with the steps", False),
        ("I can't manage all those stairs", False),
        ("stairs are not an option", False),  # "not an option" says it is hard
        ("stairs are not a problem for me", True),  # "not a problem" says it is not
        # round 28's museum set
        ("Stairs and me are not friends these days", False),
        ("Gary's not good on stairs since his back op", False),
        ("turns out I'm ok on stairs with the brace on", True),
    ],
)
def test_the_ways_english_says_a_thing_is_hard(message, denied):
    found = hard_for_me(fold(message), STAIRS)
    assert [h.denied for h in found] == [denied]


@pytest.mark.parametrize(
    ("message", "ability", "found"),
    [
        ("Nana doesn't see so well these days", "to see", True),
        ("he can't walk far", "to walk", True),
        ("Dad finds it hard to walk", "to walk", True),
        ("I can't see the lift from here", "to see", False),  # not seeing something is no sight need
        ("my ears aren't what they used to be", "to hear", True),  # the body that does it (round 28)
        ("my eyesight's going", "to see", True),
        ("my eyes are fine, it's the ears", "to see", False),
        ("the going is good", "to walk", False),
        ("I can walk far", "to walk", False),
        ("I love stairs", STAIRS, False),
        ("the stairs here are fine", STAIRS, False),
        ("I can't wait to see the stairs", STAIRS, False),
    ],
)
def test_an_ability_not_done_well_and_what_is_not_hard(message, ability, found):
    assert bool(hard_for_me(fold(message), ability)) is found


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("im 82 and my legs dont take kindly to steps anymore", {("no stairs", "asserted", "self")}),
        ("I don't struggle with stairs", {("no stairs", "negated", "self")}),
        ("stairs are not a problem", {("no stairs", "negated", "self")}),
        ("Nana doesn't see so well these days, bless her", {("poor eyesight", "asserted", "nan")}),
        ("Dad finds it hard to walk", {("limited walking", "asserted", "dad")}),
        ("Say I couldn't climb stairs, how would I get up?", set()),  # a hypothetical
        # how someone reacts to it: "gets very anxious when it's busy", "melts down in crowds"
        ("my dad has dementia and gets very anxious when it's busy", {("crowds", "asserted", "dad")}),
        ("my son melts down in crowds", {("crowds", "asserted", "son")}),
        ("it's busy today", set()),
    ],
)
def test_the_lexicons_hard_field_gives_the_need_and_whose_it_is(museum_ontology, message, expected):
    facts = RuleExtractor(museum_ontology).extract(message)
    got = {(f.value, f.polarity, f.about) for f in facts if f.concept.startswith("SpecialNeed.")}
    assert got == expected


def test_a_shared_hard_reading_names_only_the_venues_own_values():
    """The sensitive-need fallback (compiled._in_own_values) keeps the shipped lexicon's `hard` readings
    only for values the venue's author listed: a wrong need is worse than a missed one."""
    import re

    from museum_tui.extraction.compiled import _in_own_values
    from museum_tui.extraction.cues import ConceptCues

    shared = ConceptCues("Mobility", terms=[(re.compile("wheelchair"), "wheelchair user")])
    shared.hard = [("stairs|steps", "no stairs"), ("to walk", "limited walking")]
    own = ConceptCues("Mobility", terms=[(re.compile("wheelchair"), "wheelchair user"), (re.compile("x"), "no stairs")])
    kept = _in_own_values(shared, own)
    assert kept is not None and kept.hard == [("stairs|steps", "no stairs")]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("gluten's a no-go for me. is the polenta cake safe?", {("gluten-free", "asserted", "self")}),
        ("dairy is a no from me", {("dairy-free", "asserted", "self")}),
        ("meat is out for my daughter", set()),  # whose it is comes after the hardness: not read as the visitor's
        ("the meat pie was great", set()),
    ],
)
def test_a_diet_said_as_a_food_that_is_hard(message, expected, museum_ontology):
    """Round 28's museum set: "gluten's a no-go for me" gave nothing; the diets name their foods in `hard`."""
    facts = RuleExtractor(museum_ontology).extract(message)
    assert {(f.value, f.polarity, f.about) for f in facts if f.concept == "SpecialNeed.DietaryRestriction"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I can't cope with heat, I've fainted in glasshouses before", {("heat", "self")}),
        ("my wife really suffers in the heat, the palm house would finish her off", {("heat", "wife")}),
        ("the heat is lovely in the palm house", set()),
    ],
)
def test_heat_is_hard_in_the_garden(message, expected):
    """Round 28's garden set: the garden's sensory need names heat in `hard`; "suffers in" is a reaction."""
    facts = RuleExtractor(load_ontology(Path(__file__).parents[2] / "ontologies" / "garden.json")).extract(message)
    assert {(f.value, f.about) for f in facts if f.concept == "Access.Sensory"} == expected
