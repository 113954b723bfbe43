"""Round 35's museum, garden and living-history village sets, read after their first score: the grammar
their writers used that the rules lacked (each case here is new wording, not a line of the sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology

from .conftest import facts_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        # a need said as a bare part after a comma: the "I am" dropped, as chat does
        ("dairy knocks me sideways, coeliac as well", ("SpecialNeed.DietaryRestriction", "gluten-free (coeliac)")),
        ("up from Bristol for the day, vegan", ("SpecialNeed.DietaryRestriction", "vegan")),
    ],
)
def test_a_need_said_as_a_part_of_its_own(museum_rules, message, fact):
    assert (*fact, "asserted", "self") in facts_of(museum_rules, message)


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        # a friend named as kin is, without "my"
        ("bestie can't have sesame btw", ("SpecialNeed.Allergy", "sesame", "asserted", "best friend")),
        ("bff is coeliac", ("SpecialNeed.DietaryRestriction", "gluten-free (coeliac)", "asserted", "best friend")),
        # "dodgy" said of hearing as of knees
        ("my dad's got dodgy hearing", ("SpecialNeed.HearingImpairment", "hard of hearing", "asserted", "dad")),
    ],
)
def test_whose_need_in_chat_words(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


@pytest.mark.parametrize(
    ("message", "bot", "expected"),
    [
        # a no to what the assistant said of the visitor, and what is so instead
        (
            "nope - sesame! almonds are fine",
            "Thanks, I've noted you're allergic to almonds.",
            {
                ("SpecialNeed.Allergy", "almonds", "negated", "self"),
                ("SpecialNeed.Allergy", "sesame", "asserted", "self"),
            },
        ),
        (
            "lol no I'm not, the room was just echoey",
            "I've noted that you're hard of hearing.",
            {("SpecialNeed.HearingImpairment", "hard of hearing", "negated", "self")},
        ),
        (
            "nah",
            "Noted: you use a wheelchair.",
            {("SpecialNeed.MobilityImpairment", "wheelchair user", "negated", "self")},
        ),
        # a no that may be to anything takes nothing back
        ("no, but where's the café?", "I've noted that you're hard of hearing.", set()),
        (
            "no I'm not, where's the café?",
            "I've noted that you're hard of hearing.",
            {("SpecialNeed.HearingImpairment", "hard of hearing", "negated", "self")},
        ),
        ("no, I meant the other café", "Since you're vegan, the Garden Café has soup.", set()),
        # whose it is, said after "not me" and a few words
        (
            "it's not me at all, it's my uncle",
            "Noted: you're hard of hearing.",
            {
                ("SpecialNeed.HearingImpairment", "hard of hearing", "negated", "self"),
                ("SpecialNeed.HearingImpairment", "hard of hearing", "asserted", "uncle"),
            },
        ),
        # "Is anyone …?" answered with a member and the question's verb
        (
            "my niece is, she's 12",
            "Is anyone in your group a wheelchair user?",
            {("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", "niece")},
        ),
        ("my son loves sculpture", "Is anyone in your group a wheelchair user?", set()),
    ],
)
def test_an_answer_to_what_the_assistant_said_or_asked(museum_rules, message, bot, expected):
    assert {f for f in facts_of(museum_rules, message, bot) if f[0] != "VisitPlan.Companions"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a diagnosis says the need ("got diagnosed celiac last year" stored nothing)
        ("my partner got diagnosed coeliac in March", {("Food.Diet", "gluten-free (coeliac)", "partner")}),
        # a thing that sets the visitor off, or sets off their asthma, is an allergy
        ("birch pollen sets me off every April", {("Food.Allergy", "pollen", "self")}),
        ("dogs set off my asthma", {("Food.Allergy", "dogs", "self")}),
        # sticks, two of them, are walking sticks
        ("nan's on two sticks now", {("Access.Mobility", "walking sticks", "nan")}),
        # a member who carries, or reacts, is the subject of their own clause
        ("the eldest carries an epipen for sesame", {("Food.Allergy", "sesame", "eldest")}),
        # a statement, then a question typed in a hurry
        ("we eat kosher, wat can we have at the café?", {("Food.Diet", "kosher", "self")}),
        ("were vegetarian, which cafe is best", {("Food.Diet", "vegetarian", "self")}),
        # a member who may come one day is not at this visit
        ("my uncle in Cardiff uses a wheelchair, do you think he would manage the paths one day?", set()),
    ],
)
def test_garden_words_of_round_35(garden_rules, message, expected):
    got = {(f.concept, f.value, f.about) for f in garden_rules.extract(message) if f.polarity == "asserted"}
    assert {g for g in got if g[0] != "Visit.Companions"} == expected


def test_we_both_after_a_member_is_the_visitor_and_that_member(museum_rules):
    """ "… my husband's a type 1 diabetic, we're both gluten free too" (round 35's village): the need is the
    visitor's and the husband's; the clause before named him."""
    got = facts_of(museum_rules, "my wife is partially sighted, we're both vegetarian")
    assert {("SpecialNeed.DietaryRestriction", "vegetarian", "asserted", w) for w in ("self", "wife")} <= got
    assert ("SpecialNeed.DietaryRestriction", "vegetarian", "asserted", "wife") not in facts_of(
        museum_rules, "my wife is partially sighted. I'm vegetarian"
    )


@pytest.mark.parametrize(
    ("message", "member"),
    [
        ("support worker here with Priya, 31, autistic, can't stand loud noise", "priya"),
        ("here with my daughter, 7, autistic, hates loud noise", "daughter"),
    ],
)
def test_what_follows_a_members_age_describes_them(museum_rules, message, member):
    """ "carer here with Jamie, 24, autistic, doesnt cope with noise or crowds" (round 35's museum) stored the
    noise as the carer's own."""
    got = facts_of(museum_rules, message)
    assert ("SpecialNeed.SensorySensitivity", "loud noise", "asserted", member) in got, got
    assert not any(f[0] == "SpecialNeed.SensorySensitivity" and f[3] == "self" for f in got), got


def test_a_pattern_written_with_capitals_still_reads():
    """The living-history village's lexicon (written from docs/ alone) wrote its name pattern with [A-Z], which
    folded (lower-case) text never matched: "Hi, I'm Priyanka" gave no name. Patterns read without regard to
    case; the capital is still checked in the visitor's own words."""
    village = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "village.json"))
    assert ("Visitor.Name", "Bronwen", "asserted", "self") in facts_of(
        village, "Hello! I'm Bronwen, anything in Welsh?"
    )
    assert not any(f[0] == "Visitor.Name" for f in facts_of(village, "Hello! I'm tired, anything to sit on?"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I love the wheelchair ramp", set()),  # a thing liked, not a need (the learned reader read it too)
        ("the kids love the scooter in the play area", set()),
        ("I'd like the wheelchair route please", {("Access.Mobility", "wheelchair user", "self")}),  # a request
        ("I use a wheelchair and love the lake", {("Access.Mobility", "wheelchair user", "self")}),
    ],
)
def test_a_need_word_in_a_thing_liked_is_no_need(garden_rules, message, expected):
    got = {(f.concept, f.value, f.about) for f in garden_rules.extract(message) if f.polarity == "asserted"}
    assert {g for g in got if g[0] == "Access.Mobility"} == expected


def test_a_companions_name_keeps_its_capital(museum_rules):
    """ "Visiting with: jamie" in the panel (round 35's museum, in the app): a name as the visitor wrote it; a
    word for a person as it is."""
    assert ("VisitPlan.Companions", "Jamie", "asserted", "self") in facts_of(
        museum_rules, "carer here with Jamie today"
    )
    assert ("VisitPlan.Companions", "grandad", "asserted", "self") in facts_of(museum_rules, "Grandad's with me today")
