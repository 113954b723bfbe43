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


G_SENSORY, G_MOBILITY, G_ALLERGY, G_HEARING = "Access.Sensory", "Access.Mobility", "Food.Allergy", "Access.Hearing"


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("busy rooms make my daughter panic, any quiet corners?", (G_SENSORY, "crowds", "asserted", "daughter")),
        ("my son's here, loud noises make him really anxious", (G_SENSORY, "loud noise", "asserted", "son")),
    ],
)
def test_what_makes_a_member_react_is_theirs(garden_rules, message, fact):
    said = facts_of(garden_rules, message)
    assert fact in said
    assert (fact[0], fact[1], "asserted", "self") not in said


def test_a_cleft_that_names_its_own_thing_borrows_none(garden_rules):
    said = facts_of(garden_rules, "wasps don't bother me, it's the midges I can't stand")
    assert ("Interest.Dislike", "wasps", "asserted", "self") not in said
    assert (G_ALLERGY, "wasp stings", "negated", "self") in said


def test_make_it_names_the_new_value(garden_rules):
    said = facts_of(garden_rules, "we planned on 3 hours but make it 4")
    assert ("Visit.TimeBudget", "4 hours", "asserted", "self") in said
    assert ("Visit.TimeBudget", "3 hours", "negated", "self") in said


def test_not_me_before_a_members_need_denies_it_for_the_visitor(garden_rules):
    said = facts_of(garden_rules, "Not me - my brother's the one with the wasp allergy")
    assert (G_ALLERGY, "wasp stings", "asserted", "brother") in said
    assert (G_ALLERGY, "wasp stings", "negated", "self") in said


def test_fine_walking_after_whose_need_it_is(garden_rules):
    said = facts_of(garden_rules, "it's my wife who can't manage slopes, I'm fine walking")
    assert (G_MOBILITY, "no steep slopes", "asserted", "wife") in said
    assert (G_MOBILITY, "no steep slopes", "negated", "self") in said


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I've got a hearing dog with me", (G_HEARING, "hearing dog", "asserted", "self")),
        ("go easy on the walking, I have a bad back", (G_MOBILITY, "bad back", "asserted", "self")),
        ("steep paths are a no-go for my dad", (G_MOBILITY, "no steep slopes", "asserted", "dad")),
    ],
)
def test_garden_words_of_round_38(garden_rules, message, fact):
    assert fact in facts_of(garden_rules, message)


@pytest.mark.parametrize(
    "message", ["my wife's allergy is bad today", "with the little one's allergy, where should we avoid?"]
)
def test_whose_allergy_it_is_is_no_allergen(garden_rules, message):
    """ "with the little one's allergy …" stored an allergy to "little one" (the pattern "<x> allergy")."""
    assert not {f for f in facts_of(garden_rules, message) if f[0] == G_ALLERGY}


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("our train isn't until half 5", ("VisitPlan.TimeBudget", "until 5:30", "asserted", "self")),
        ("we don't have to leave until 3", ("VisitPlan.TimeBudget", "until 3pm", "asserted", "self")),
        ("Juno's the name", ("Profile.Name", "Juno", "asserted", "self")),
        ("honestly i h8 sculpture", ("ArtInterest.Dislike", "sculpture", "asserted", "self")),
    ],
)
def test_museum_words_of_round_38(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_not_staying_until_a_time_is_still_denied(museum_rules):
    assert ("VisitPlan.TimeBudget", "until 5pm", "negated", "self") in facts_of(museum_rules, "I'm not staying until 5")


def test_no_thing_named_is_no_value():
    from museum_tui.extraction.rules import RuleExtractor
    from museum_tui.memory import load_ontology

    from .conftest import ROOT

    castle = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "castle.json"))  # (its own lexicon)
    assert not {f for f in facts_of(castle, "I'm not allergic to anything, but I don't eat pork") if "anything" in f[1]}


def test_who_a_visitor_was_brought_by_came_along(garden_rules):
    """ "dragged along by my parents" stored "along by my parents" as the company."""
    said = facts_of(garden_rules, "been brought along by my grandparents lol")
    assert ("Visit.Companions", "grandparents", "asserted", "self") in said


def test_glare_is_bright_light(garden_rules):
    assert (G_SENSORY, "bright light", "asserted", "self") in facts_of(
        garden_rules, "the glare off the water really bothers me"
    )


@pytest.mark.parametrize("message", ["bright lights are fine for me", "strobe lights are no problem for him"])
def test_a_need_said_to_do_no_harm_is_denied(museum_rules, message):
    said = facts_of(museum_rules, message)
    assert said and all(f[2] == "negated" for f in said if f[0] == SENSORY), said


def test_what_a_visitor_would_rather_see_is_no_dislike(museum_rules):
    """ "photography isnt really my thing tbh, id rather see paintings" stored a dislike of painting."""
    said = facts_of(museum_rules, "sculpture isnt really my thing, id rather see prints")
    assert ("ArtInterest.Dislike", "sculpture", "asserted", "self") in said
    assert not {f for f in said if f[1] in ("print", "prints", "printmaking") and f[0] == "ArtInterest.Dislike"}
    assert not {f for f in said if f[2] == "negated"}


def test_just_show_me_opens_a_statement_of_its_own(museum_rules):
    said = facts_of(museum_rules, "Can't stand video art, just show me some sculpture")
    assert ("ArtInterest.Dislike", "sculpture", "asserted", "self") not in said


def test_a_member_brought_another_time_is_not_here_today(museum_rules):
    """ "thinking of bringing my dad next month, he's blind" stored the dad as here, and blind."""
    assert facts_of(museum_rules, "thinking of bringing my nan next week, she's deaf - is there a loop?") == set()


def test_one_of_a_group_is_not_the_visitor(museum_rules):
    said = facts_of(museum_rules, "I'm here with a class. One of them is deaf, another uses a wheelchair")
    assert not {f for f in said if f[3] == "self" and f[0] in (HEARING, MOBILITY)}
    assert (HEARING, "deaf", "asserted", "kids") in facts_of(museum_rules, "I'm with my kids, one of them is deaf")


def test_another_one_of_those_named(museum_rules):
    said = facts_of(museum_rules, "One of the kids has a sesame allergy, another one is partially sighted")
    assert ("SpecialNeed.VisualImpairment", "partially sighted", "asserted", "kids") in said, said


def test_what_the_visitor_is_kept_away_from_is_no_liking(garden_rules):
    said = facts_of(garden_rules, "so keep me away from the rose beds")
    assert not {f for f in said if f[0] in ("Interest.Plant", "Interest.Landscape") and f[2] == "asserted"}, said


def test_not_keen_on_a_thing_does_not_deny_a_need(garden_rules):
    """ "I'm not keen on crowds either" denied a sensitivity to crowds."""
    said = facts_of(garden_rules, "I'm not keen on crowds either")
    assert (G_SENSORY, "crowds", "negated", "self") not in said
    assert ("Interest.Dislike", "crowds", "asserted", "self") in said


@pytest.mark.parametrize(
    "message",
    [
        "my son's with me, the crowds in the main hall are way too much for him",
        "my son's with me, loud noise in there is far too much for him",
    ],
)
def test_what_is_hard_where_and_how_much(museum_rules, message):
    """ "the noise in the sound lab is way too much for him" (the music venue) read nothing of the noise."""
    assert {f[3] for f in facts_of(museum_rules, message) if f[0] == SENSORY and f[2] == "asserted"} == {"son"}


@pytest.mark.parametrize(
    ("message", "who"),
    [
        ("my husband is dragging me round the sculpture rooms", "husband"),
        ("the toddler's napping in the buggy, where's the café?", "toddler"),
    ],
)
def test_who_is_here_by_what_they_are_doing(museum_rules, message, who):
    assert ("VisitPlan.Companions", who, "asserted", "self") in facts_of(museum_rules, message)


@pytest.mark.parametrize(
    "message", ["I can't walk more than 100 metres", "Grandad can only manage a few steps at a time"]
)
def test_how_far_someone_can_walk(garden_rules, message):
    assert {(f[1], f[2]) for f in facts_of(garden_rules, message) if f[0] == G_MOBILITY} == {
        ("limited walking", "asserted")
    }


def test_the_name_a_visitor_is_called_by(museum_rules):
    """ "Marguerite, but everyone calls me Maggie" (both writers wrote Maggie alone) kept both names."""
    said = facts_of(museum_rules, "Bartholomew, but my friends call me Bart", "What's your name?")
    assert {f[1] for f in said if f[0] == "Profile.Name"} == {"Bart"}


@pytest.mark.parametrize(
    ("message", "value"),
    [("we can't do more than 2 hours today", "2 hours"), ("I can't stay longer than half an hour", "30 minutes")],
)
def test_the_most_time_there_is_is_the_time(garden_rules, message, value):
    assert ("Visit.TimeBudget", value, "asserted", "self") in facts_of(garden_rules, message)
