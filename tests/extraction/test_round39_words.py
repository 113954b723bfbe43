"""Round 39's sets, read after their first score: the grammar their writers used that the rules lacked (each
case here is new wording, not a line of the sets)."""

from __future__ import annotations

import pytest

from .conftest import facts_of

ALLERGY, MOBILITY, SENSORY = "SpecialNeed.Allergy", "SpecialNeed.MobilityImpairment", "SpecialNeed.SensorySensitivity"
HEARING, DIET, SIGHT = "SpecialNeed.HearingImpairment", "SpecialNeed.DietaryRestriction", "SpecialNeed.VisualImpairment"


@pytest.mark.parametrize(
    "message",
    ["I'm vegan and nut free, not by choice", "Vegan and gluten free, not out of choice sadly"],
)
def test_a_not_that_denies_no_value_denies_none_of_the_clause(museum_rules, message):
    said = facts_of(museum_rules, message)
    assert not [f for f in said if f[2] == "negated"]
    assert {f[0] for f in said} >= {DIET}


@pytest.mark.parametrize(
    "message",
    ["peanuts. all of them. severe allergy.", "sesame. any kind. anaphylactic!"],
)
def test_an_allergen_named_sentences_before_its_trigger(museum_rules, message):
    said = facts_of(museum_rules, message)
    assert [f for f in said if f[0] == ALLERGY and f[2] == "asserted"]


@pytest.mark.parametrize(
    ("message", "member"),
    [("I'm pushing my grandad in his wheelchair today", "grandad"), ("Me and my mum in her wheelchair", "mum")],
)
def test_an_aid_with_a_members_his_or_her_is_theirs(museum_rules, message, member):
    said = facts_of(museum_rules, message)
    assert (MOBILITY, "wheelchair user", "asserted", member) in said
    assert not [f for f in said if f[0] == MOBILITY and f[3] == "self"]


def test_one_of_the_members_named_is_theirs(garden_rules):
    said = facts_of(garden_rules, "Got my two nieces with me, one's vegan and the other would eat anything")
    assert ("Food.Diet", "vegan", "asserted", "nieces") in said
    assert not [f for f in said if f[3] == "self" and f[0] != "Visit.Companions"]
    said = facts_of(garden_rules, "brought the 3 grandkids, one of them is coeliac")
    assert ("Food.Diet", "gluten-free (coeliac)", "asserted", "grandkids") in said


def test_so_are_all_the_members_named(museum_rules):
    said = facts_of(museum_rules, "I'm coeliac and so are both my daughters")
    assert {f[3] for f in said if f[0] == DIET} == {"self", "daughters"}


def test_a_member_who_may_come_some_other_time_is_not_here(museum_rules):
    assert (
        facts_of(museum_rules, "My brother in Spain uses a wheelchair, he'd love this place if he ever visits") == set()
    )


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("Aunty uses a walking frame", (MOBILITY, "walking frame", "asserted", "aunty")),
        ("Mother can't manage stairs", (MOBILITY, "no stairs", "asserted", "mother")),
        ("my nan can't do steps and uses a stick", (MOBILITY, "walking stick", "asserted", "nan")),
        ("My knees won't carry me very far today", (MOBILITY, "limited walking", "asserted", "self")),
    ],
)
def test_members_named_bare_and_what_they_go_on_to_say(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_busting_for_a_wee_and_tea_with_no_sugar(garden_rules):
    assert ("Now.Toilet", "toilet", "asserted", "self") in facts_of(garden_rules, "busting for a wee!")
    said = facts_of(garden_rules, "a tea would be lovely, white no sugar")
    assert not [f for f in said if f[2] == "negated"]


def test_a_heading_names_its_things_after_its_colon(museum_rules):
    said = facts_of(museum_rules, "Likes: Rothko, Riley. Dislikes: anything gory.")
    assert ("ArtInterest.Artist", "Mark Rothko", "asserted", "self") in said
    assert not [f for f in said if f[0] == "ArtInterest.Dislike" and f[1] == "Mark Rothko"]


def test_an_exclamation_after_an_allergen_is_no_allergen(museum_rules):
    assert facts_of(museum_rules, "I'm allergic to sesame, help!") == {(ALLERGY, "sesame", "asserted", "self")}


def test_a_kin_word_before_here_is_no_name(museum_rules):
    said = facts_of(museum_rules, "Grandma here, 81 and still going strong")
    assert not [f for f in said if f[0] == "Profile.Name"]
    assert ("Profile.Name", "Deb", "asserted", "self") in facts_of(museum_rules, "Deb here, first visit")


def test_a_statement_before_asking_about_yours(garden_rules):
    said = facts_of(garden_rules, "I adore Japanese gardens, is yours open today?")
    assert ("Interest.Landscape", "Japanese gardens", "asserted", "self") in said


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my eyes are shocking", (SIGHT, "poor eyesight", "asserted", "self")),
        ("my hearing is shocking", (HEARING, "hard of hearing", "asserted", "self")),
    ],
)
def test_a_sense_said_to_be_bad(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_tired_legs_are_no_mobility_need(museum_rules):
    assert not [f for f in facts_of(museum_rules, "my legs are knackered") if f[0] == MOBILITY]


def test_on_my_own_after_a_no(garden_rules):
    assert ("Visit.Companions", "alone", "asserted", "self") in facts_of(garden_rules, "nah solo this time")


def test_a_name_spelt_with_a_capital_letter(garden_rules):
    said = facts_of(garden_rules, "no it's Siobhan, with a B, not Shavon", "Lovely to meet you, Shavon!")
    assert ("Visitor.Name", "Siobhan", "asserted", "self") in said


def test_an_allergen_kept_from_a_member_called_by_name(museum_rules):
    """ "no nuts in anything for Leo please, he's anaphylactic" read nothing."""
    assert facts_of(museum_rules, "no sesame at all for Freya please, she's allergic") == {
        (ALLERGY, "sesame", "asserted", "freya")
    }
    assert (ALLERGY, "nuts", "asserted", "self") in facts_of(museum_rules, "no nuts for me please")


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I can walk but not very far these days", (MOBILITY, "limited walking", "asserted", "self")),
        ("my gran is deaf and walks quite slowly", (MOBILITY, "limited walking", "asserted", "gran")),
        ("bit slow on my feet now", (MOBILITY, "limited walking", "asserted", "self")),
    ],
)
def test_how_slow_or_far_someone_walks(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_a_crowd_that_walks_slowly_is_no_one(museum_rules):
    assert not [f for f in facts_of(museum_rules, "the queue walks slowly") if f[0] == MOBILITY]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("flickery lights give me a migraine", (SENSORY, "flashing lights", "asserted", "self")),
        ("I get headaches if anything is strobey", (SENSORY, "flashing lights", "asserted", "self")),
        ("the racket in here is too much for me", (SENSORY, "loud noise", "asserted", "self")),
    ],
)
def test_words_of_round_39(museum_rules, message, fact):
    assert fact in facts_of(museum_rules, message)


def test_a_need_before_just_in_case_is_still_said(museum_rules):
    """ "my grandson has autism, so somewhere calm in case it all gets too much for him" read nothing: the
    whole clause was the if of "in case"."""
    said = facts_of(museum_rules, "my nephew is autistic so a quiet spot in case it gets too much")
    assert (SENSORY, "autistic", "asserted", "nephew") in said


def test_the_one_a_carer_supports_and_what_they_find_hard(museum_rules):
    said = facts_of(museum_rules, "I'm supporting a young lady today, she finds noise really difficult")
    assert (SENSORY, "loud noise", "asserted", "young lady") in said
    assert (SENSORY, "loud noise", "asserted", "self") not in said


def test_a_member_denied_then_an_apology(garden_rules):
    said = facts_of(garden_rules, "it's my husband who's coeliac, not my brother, sorry!")
    assert ("Food.Diet", "gluten-free (coeliac)", "negated", "brother") in said
    assert ("Food.Diet", "gluten-free (coeliac)", "asserted", "husband") in said


def test_a_room_with_baby_changing_is_no_baby(garden_rules):
    said = facts_of(garden_rules, "is there a toilet with baby changing near the lake?")
    assert not [f for f in said if f[0] == "Visit.Companions"]


def test_time_spent_getting_here_is_no_time_for_the_visit(museum_rules):
    assert not [
        f for f in facts_of(museum_rules, "we sat in traffic for 30 minutes getting here") if f[0].endswith("Budget")
    ]


def test_a_member_with_an_aid_is_theirs(museum_rules):
    said = facts_of(museum_rules, "three teenagers and a grandad with a walking frame")
    assert (MOBILITY, "walking frame", "asserted", "grandad") in said
    assert not [f for f in said if f[0] == MOBILITY and f[3] == "self"]


def test_what_we_need_for_a_member_named_in_a_relative_clause(museum_rules):
    said = facts_of(museum_rules, "I'm with a friend who uses a wheelchair so we will need the lift")
    assert not [f for f in said if f[0] == MOBILITY and f[3] == "self"]


@pytest.mark.parametrize(
    ("message", "bot", "name"),
    [
        ("Elizabeth, but Liz is fine", "Hello! What should I call you?", "Liz"),
        ("Name's Katherine but nobody calls me that, it's Kit", None, "Kit"),
    ],
)
def test_the_name_a_visitor_goes_by(museum_rules, message, bot, name):
    said = facts_of(museum_rules, message, bot)
    assert {f[1] for f in said if f[0] == "Profile.Name"} == {name}


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("we have 28 pupils today, two of them are vegan", (DIET, "vegan", "asserted", "pupils")),
        ("Year 4 here, 2 adults 20 kids, one child is coeliac", (DIET, "gluten-free (coeliac)", "asserted", "child")),
        ("I've got the grandkids, both of them are deaf", (HEARING, "deaf", "asserted", "grandkids")),
    ],
)
def test_some_of_a_group_named_before(museum_rules, message, fact):
    said = facts_of(museum_rules, message)
    assert fact in said
    assert not [f for f in said if f[0] == fact[0] and f[3] == "self"]


def test_a_clock_time_answers_when_the_visitor_must_leave(museum_rules):
    said = facts_of(museum_rules, "5ish, the car park shuts", "Is there a time you need to leave by?")
    assert ("VisitPlan.TimeBudget", "until 5pm", "asserted", "self") in said
    assert not facts_of(museum_rules, "2", "How long have you got?")  # (hours or a clock? not guessed)


def test_the_sticks_a_visitor_has_got(museum_rules):
    assert (MOBILITY, "walking stick", "asserted", "self") in facts_of(museum_rules, "I've brought both sticks today")


def test_frozen_is_cold(garden_rules):
    assert ("Visit.Mood", "cold", "asserted", "self") in facts_of(garden_rules, "I'm frozen, is the palm house warm?")


def test_no_red_meat_is_a_diet(garden_rules):
    said = facts_of(garden_rules, "not veggie any more, but I still don't eat red meat")
    assert ("Food.Diet", "no red meat", "asserted", "self") in said


def test_kept_away_from_a_member_with_the_concepts_trigger_in_the_sentence():
    """A venue written from docs/ whose lexicon has no "no X for someone" pattern (round 39's computing
    museum) read nothing of "no nuts in anything for Leo please, he's anaphylactic"."""
    from museum_tui.extraction import RuleExtractor
    from museum_tui.memory import load_ontology

    from .conftest import ROOT

    bytes_rules = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "bytes.json"))
    said = facts_of(bytes_rules, "no cashews for my son please, he's allergic")
    assert ("Food.Allergy", "cashews", "asserted", "son") in said
    assert facts_of(bytes_rules, "no cashews for my son please") == set()  # (no word of an allergy: a taste)


def test_where_a_visitor_with_little_english_comes_from(garden_rules):
    said = facts_of(garden_rules, "we are from Italy, our english is not very good")
    assert ("Visitor.Language", "Italian", "asserted", "self") in said
    assert not [f for f in facts_of(garden_rules, "we're over from Italy for the week") if f[0] == "Visitor.Language"]


def test_someone_elses_little_english_says_nothing_of_the_visitors(museum_rules):
    said = facts_of(museum_rules, "here with my cousin who's over from Italy, his English isn't great")
    assert not [f for f in said if f[0] == "Profile.Language"]


def test_a_member_not_coming_after_all_is_no_company(garden_rules):
    said = facts_of(garden_rules, "change of plan, my daughter's not coming any more")
    assert ("Visit.Companions", "daughter", "negated", "self") in said
    assert facts_of(garden_rules, "my daughter couldn't come today") == set()  # (never said to be here: no denial)


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I'm here with my son and my sister, she's vegan", (DIET, "vegan", "asserted", "sister")),
        ("we've brought my sister and my son, he's deaf", (HEARING, "deaf", "asserted", "son")),
    ],
)
def test_she_or_he_is_the_member_of_that_sex_named_before(museum_rules, message, fact):
    """ "I'm here with my son and my sister, she's vegan" gave the son the vegan diet (found by README command 1)."""
    said = facts_of(museum_rules, message)
    assert fact in said
    assert not [f for f in said if f[0] == fact[0] and f[3] != fact[3]]


def test_the_name_to_use_said_first(museum_rules):
    """ "Elizabeth, but Liz is fine" said first, before any question, read no name (found by README command 1)."""
    said = facts_of(museum_rules, "Katherine, but Kate is fine. Is the café open?")
    assert ("Profile.Name", "Kate", "asserted", "self") in said
    assert not [f for f in facts_of(museum_rules, "Monet, but Manet is fine too") if f[0] == "Profile.Name"]
