"""Round 38's sets, read after their first score: the grammar their writers used that the rules lacked (each
case here is new wording, not a line of the sets)."""

from __future__ import annotations

import pytest

from .conftest import facts_of

ALLERGY, MOBILITY, SENSORY = "SpecialNeed.Allergy", "SpecialNeed.MobilityImpairment", "SpecialNeed.SensorySensitivity"
HEARING, DIET = "SpecialNeed.HearingImpairment", "SpecialNeed.DietaryRestriction"


@pytest.mark.parametrize(
    ("message", "concept", "value", "member"),
    [
        ("The wheelchair is my dad's, not mine", MOBILITY, "wheelchair user", "dad"),
        ("the walking frame's for my grandad, not for me", MOBILITY, "walking frame", "grandad"),
        ("that peanut allergy was my cousin's, not mine", ALLERGY, "peanuts", "cousin"),
        ("my husband's the one who's deaf, I'm fine", HEARING, "deaf", "husband"),
        ("sorry, it's my daughter who's coeliac, I can eat anything", DIET, "gluten-free (coeliac)", "daughter"),
    ],
)
def test_a_need_said_to_be_a_members_and_not_the_visitors(museum_rules, message, concept, value, member):
    said = facts_of(museum_rules, message)
    assert (concept, value, "asserted", member) in said
    assert (concept, value, "negated", "self") in said
    assert (concept, value, "asserted", "self") not in said


def test_what_a_member_brought_is_theirs(museum_rules):
    assert facts_of(museum_rules, "My nan brought her walking stick, are there benches?") == {
        (MOBILITY, "walking stick", "asserted", "nan")
    }


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("no sesame for my daughter please", (ALLERGY, "sesame", "asserted", "daughter")),
        ("no eggs for the little lady thanks", (ALLERGY, "eggs", "asserted", "little lady")),
        ("no shellfish for me at all", (ALLERGY, "shellfish", "asserted", "self")),
    ],
)
def test_an_allergen_kept_away_from_someone(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_what_is_kept_away_is_no_allergen_unless_it_is_one(museum_rules):
    assert not {f for f in facts_of(museum_rules, "no rush for me please") if f[0] == ALLERGY}


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my brother can't be around strobe lights", (SENSORY, "flashing lights", "asserted", "brother")),
        ("I can't be anywhere near big crowds", (SENSORY, "crowds", "asserted", "self")),
        ("my niece is photosensitive", (SENSORY, "flashing lights", "asserted", "niece")),
    ],
)
def test_what_someone_cannot_be_around(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)
