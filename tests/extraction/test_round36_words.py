"""Round 36's museum and garden sets, read after their first score: the grammar their writers used that the
rules lacked (each case here is new wording, not a line of the sets)."""

from __future__ import annotations

import pytest

from museum_tui.extraction import RuleExtractor


@pytest.fixture(scope="module")
def extractor(museum_ontology) -> RuleExtractor:
    return RuleExtractor(museum_ontology)


def said(extractor: RuleExtractor, message: str, bot: str | None = None) -> set[tuple[str, str, str, str]]:
    return {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message, bot)}


def allergies(extractor: RuleExtractor, message: str) -> set[str]:
    return {value for concept, value, _, _ in said(extractor, message) if concept == "SpecialNeed.Allergy"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a list closed by "and", then a comma and words about the list: no third allergen
        ("I'm allergic to sesame and latex, strange pair I know", {"sesame", "latex"}),
        ("allergic to milk, eggs and soy", {"milk", "eggs", "soy"}),
        # a named allergen after the closed list is still one
        ("I'm allergic to peanuts and sesame, shellfish too", {"peanuts", "sesame", "shellfish"}),
        # a degree, not a thing: "even a crumb"
        ("I react to even a trace, so please be careful", set()),
    ],
)
def test_only_things_named_are_allergens(extractor, message, expected):
    assert allergies(extractor, message) == expected


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        # a member, then a pronoun opening their own statement, with no comma between
        (
            "here with my gran she gets confused in busy places",
            ("SpecialNeed.SensorySensitivity", "crowds", "asserted", "gran"),
        ),
        (
            "I came with my dad he uses a wheelchair",
            ("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", "dad"),
        ),
        # …and a question after the comma: the statement is still read, and is the member's
        (
            "My husband he cannot eat pork, is halal food here?",
            ("SpecialNeed.DietaryRestriction", "no pork", "asserted", "husband"),
        ),
        # both at once: run on, then a question after the comma
        (
            "I'm with my grandad he's got dementia and gets confused in busy places, anywhere calm?",
            ("SpecialNeed.SensorySensitivity", "crowds", "asserted", "grandad"),
        ),
    ],
)
def test_a_members_statement_run_on_without_a_comma(extractor, message, fact):
    facts = said(extractor, message)
    assert fact in facts
    assert (fact[0], fact[1], fact[2], "self") not in facts
