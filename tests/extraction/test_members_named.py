"""A member of the party named as visitors name them: accents, names after the kin word, roles with "the",
a cleft ("it's grandad who's …"), in-laws without "my", slang the lists lack, and words no list holds (read
by the shipped word vectors). Round 29's museum and garden sets, after their first scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.language.party import person_word
from museum_tui.memory.ontology import load_ontology

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def garden() -> RuleExtractor:
    return RuleExtractor(load_ontology(ROOT / "ontologies" / "garden.json"))


def needs(extractor: RuleExtractor, message: str) -> set[tuple[str, str, str, str]]:
    return {
        (f.concept, f.value, f.polarity, f.about)
        for f in extractor.extract(message)
        if f.concept.startswith(("Access.", "Food."))
    }


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # an accented member word is a member word (the validator had refused "fiancé")
        (
            "my fiancé is Deaf and lip-reads, so written stuff is best",
            {("Access.Hearing", "deaf", "asserted", "fiancé"), ("Access.Hearing", "lip-reads", "asserted", "fiancé")},
        ),
        # an accented name opening the clause is a member, not the visitor
        ("José can't walk far", {("Access.Mobility", "limited walking", "asserted", "jose")}),
        # "both" or "all" before "my kids"
        ("both my kids are vegan", {("Food.Diet", "vegan", "asserted", "kids")}),
        ("all my kids are gluten free", {("Food.Diet", "gluten-free", "asserted", "kids")}),
        # a name (and "here") after the kin word
        ("My friend Sam here is coeliac", {("Food.Diet", "gluten-free (coeliac)", "asserted", "friend")}),
        # a role with "the", the verb straight after
        ("The best man's vegan and VERY vocal about it", {("Food.Diet", "vegan", "asserted", "best man")}),
        ("the girl at the desk is deaf", set()),
        # a cleft: grandad's, and not the visitor's
        (
            "No no, it's Grandad who's deaf, not me!",
            {("Access.Hearing", "deaf", "asserted", "grandad"), ("Access.Hearing", "deaf", "negated", "self")},
        ),
        ("it's mum who uses the wheelchair", {("Access.Mobility", "wheelchair user", "asserted", "mum")}),
        # an in-law without "my"
        ("mother-in-law's in a wheelchair", {("Access.Mobility", "wheelchair user", "asserted", "mother-in-law")}),
        # slang for a friend, and how much ("mild") is no part of what
        (
            "here w/ my bestie, she's got a mild hazelnut allergy",
            {("Food.Allergy", "hazelnuts", "asserted", "best friend")},
        ),
        ("I've got a mild hazelnut allergy", {("Food.Allergy", "hazelnuts", "asserted", "self")}),
        # hay fever said as a condition is the pollen allergy, in both words
        ("Our eldest has shocking hay fever", {("Food.Allergy", "hay fever (pollen)", "asserted", "eldest")}),
        ("is there anything for hay fever at the shop?", set()),
        # a word no list holds, read as a person by the word vectors
        ("my homie uses a wheelchair", {("Access.Mobility", "wheelchair user", "asserted", "homie")}),
        # one of a group the visitor leads, described ("one little lad in my group")
        (
            "one little lad in my group has an egg allergy, his mum's given me his epipen",
            {("Food.Allergy", "eggs", "asserted", "lad")},
        ),
        # someone the lists lack, by "the" or "a", is a stranger, not the visitor
        ("the astronaut in the video was blind in one eye apparently, mad", set()),
        ("a guard told me the lift is broken", set()),
        ("the noise is too much for me", {("Access.Sensory", "loud noise", "asserted", "self")}),
        # … and the body, senses and conditions a visitor calls "my …" stay the visitor's
        ("my arthritis is bad today", {("Access.Mobility", "arthritis", "asserted", "self")}),
        ("my eyesight is poor", {("Access.Sight", "poor eyesight", "asserted", "self")}),
    ],
)
def test_a_member_named_as_visitors_name_them(garden, message, expected):
    assert needs(garden, message) == expected


def test_an_unlisted_word_is_a_person_only_by_a_clear_margin():
    people = ["homie", "buddy", "pal", "partner", "stepdaughter"]
    things = ["knee", "eyesight", "arthritis", "name", "english", "worry", "phone", "plan", "mobility", "anxiety"]
    assert [w for w in people if not person_word(w)] == []
    assert [w for w in things if person_word(w)] == []
    assert not person_word("bestiee")  # a word the table lacks is never a member


def test_a_name_is_still_the_visitors_own(garden):
    facts = garden.extract("My names Marta, my english is not so good")
    assert ("Visitor.Name", "Marta") in {(f.concept, f.value) for f in facts}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # what one can not have is had, for the one who can not, and "both" is the things said before
        (
            "my son (4) can't have egg or milk, allergic to both",
            {("Food.Allergy", "eggs", "asserted", "son"), ("Food.Allergy", "milk", "asserted", "son")},
        ),
        # words about the allergy in its list are none of its allergens
        (
            "I'm allergic to bee and wasp stings and carry an EpiPen",
            {("Food.Allergy", "bee stings", "asserted", "self"), ("Food.Allergy", "wasp stings", "asserted", "self")},
        ),
        # a denial still denies; only a need's things are had by abstaining
        ("I can't eat meat", {("Food.Diet", "vegetarian", "asserted", "self")}),
    ],
)
def test_what_a_member_can_not_have_is_their_allergy(garden, message, expected):
    assert needs(garden, message) == expected


def test_a_rest_that_can_not_be_had_is_no_rest(garden):
    assert [(f.concept, f.polarity) for f in garden.extract("I can't have a rest here")] == [("Now.Rest", "negated")]


def test_a_list_item_that_names_an_allergen_is_that_allergen():
    """Round 25's maritime museum (its own lexicon, where "can't eat" is a trigger of the allergy)."""
    maritime = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "maritime.json"))
    message = "Teacher here with 30 Year 3 pupils; a few of the pupils are allergic to nuts and two can't eat egg"
    assert {(f.value, f.about) for f in maritime.extract(message)} == {("nuts", "pupils"), ("eggs", "pupils")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a member who shares the visitor's need ("… is too") or still has the one the visitor gave up
        (
            "I'm vegan and my son is too",
            {("Food.Diet", "vegan", "asserted", "self"), ("Food.Diet", "vegan", "asserted", "son")},
        ),
        (
            "we're not vegetarian any more but my daughter still is",
            {("Food.Diet", "vegetarian", "negated", "self"), ("Food.Diet", "vegetarian", "asserted", "daughter")},
        ),
        (
            "I'm not deaf but my husband is",
            {("Access.Hearing", "deaf", "negated", "self"), ("Access.Hearing", "deaf", "asserted", "husband")},
        ),
    ],
)
def test_a_member_who_shares_or_keeps_the_visitors_need(garden, message, expected):
    assert needs(garden, message) == expected


@pytest.mark.parametrize(
    ("message", "bot", "expected"),
    [
        # a need's thing asked about for a member is theirs, and a member coming another day is not here
        ("I need a wheelchair for my mum", None, {("Access.Mobility", "wheelchair user", "asserted", "mum")}),
        ("I was asking about wheelchairs for my aunt, she's coming next month", None, set()),
        ("I'm fine on my feet", None, set()),
    ],
)
def test_what_is_for_a_member_is_theirs(garden, message, bot, expected):
    assert needs(garden, message) == expected


@pytest.mark.parametrize(
    ("message", "bot", "alone"),
    [
        ("just me today", None, True),
        ("just me, my boyfriend and his mum", None, False),
        ("just me - kiwi and sesame", "Does anyone in your group have allergies I should know about?", False),
        ("I am here alone, wheelchair user", None, True),
    ],
)
def test_just_me_answers_what_the_sentence_says(garden, message, bot, alone):
    companions = {f.value for f in garden.extract(message, bot) if f.concept == "Visit.Companions"}
    assert ("alone" in companions) is alone


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a correction's "not Y" in a member's clause is denied for that member
        (
            "my son's allergic to shellfish, not peanuts",
            {("Food.Allergy", "shellfish", "asserted", "son"), ("Food.Allergy", "peanuts", "negated", "son")},
        ),
        # "it's me" takes the need the cleft denied for a member
        (
            "it's not my husband who's diabetic, it's me",
            {("Food.Diet", "diabetic", "negated", "husband"), ("Food.Diet", "diabetic", "asserted", "self")},
        ),
    ],
)
def test_a_correction_inside_a_members_clause(garden, message, expected):
    assert needs(garden, message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # what upsets "her" is the member's named before it, in the same clause or the one before
        (
            "brought my autistic daughter along, sudden loud sounds really upset her",
            {
                ("Access.Sensory", "autistic", "asserted", "daughter"),
                ("Access.Sensory", "loud noise", "asserted", "daughter"),
            },
        ),
        ("my son is here, crowds stress him out", {("Access.Sensory", "crowds", "asserted", "son")}),
        # … and an unknown "her" is no one the visitor named: nothing is kept
        ("loud noises upset her", set()),
        ("crowds stress me out", {("Access.Sensory", "crowds", "asserted", "self")}),
    ],
)
def test_what_acts_on_him_or_her_is_felt_by_the_member_named(garden, message, expected):
    assert needs(garden, message) == expected


def test_who_follows_a_name_the_visitor_is_with_is_said_of_them(museum_ontology):
    """Round 29's museum set: a support worker's client's wheelchair was the support worker's own."""
    museum = RuleExtractor(museum_ontology)
    message = (
        "I'm a support worker, here with Jamie who has cerebral palsy, uses a wheelchair, and loud noise upsets him"
    )
    facts = {(f.concept, f.value, f.about) for f in museum.extract(message) if f.concept.startswith("SpecialNeed")}
    assert facts and all(about == "jamie" for _, _, about in facts), facts
    assert ("SpecialNeed.MobilityImpairment", "wheelchair user", "jamie") in facts


@pytest.mark.parametrize(
    ("message", "bot", "expected"),
    [
        # round 31's museum set: "not me with the nut allergy" denies it of the visitor, then hands it on
        (
            "oh it's not me with the nut allergy, it's my son",
            None,
            {("Food.Allergy", "nuts", "negated", "self"), ("Food.Allergy", "nuts", "asserted", "son")},
        ),
        # a member named first, then what is theirs
        (
            "my son, sesame and kiwi",
            "Does anyone in your party have allergies?",
            {("Food.Allergy", "sesame", "asserted", "son"), ("Food.Allergy", "kiwi", "asserted", "son")},
        ),
        # "… is tho"
        (
            "nah im not deaf lol, my mate is tho, he's just parking the car",
            None,
            {("Access.Hearing", "deaf", "negated", "self"), ("Access.Hearing", "deaf", "asserted", "mate")},
        ),
    ],
)
def test_round_31_whose_the_need_is(garden, message, bot, expected):
    got = {(f.concept, f.value, f.polarity, f.about) for f in garden.extract(message, bot)}
    assert {g for g in got if g[0].startswith(("Access.", "Food."))} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # the things named in the sentence just before a trigger's own ("wasps!! I'm allergic")
        ("peanuts. I'm allergic", {("Food.Allergy", "peanuts", "asserted", "self")}),
        # every thing of the other clause, and a trigger followed by more of the same
        (
            "bees and wasps – I'm properly allergic, carry an epipen everywhere",
            {("Food.Allergy", "bee stings", "asserted", "self"), ("Food.Allergy", "wasp stings", "asserted", "self")},
        ),
        # a sentence before that says more than the things is not borrowed from
        ("we saw the roses and the bees. I'm allergic", set()),
    ],
)
def test_a_trigger_alone_takes_the_things_said_just_before(garden, message, expected):
    assert needs(garden, message) == expected


def test_the_one_pushed_is_in_the_chair_and_what_follows_a_members_need_is_theirs(museum_ontology):
    """Round 31's museum set: "she's pushing me about in one of your wheelchairs" gave the granddaughter the
    chair; "my friend's in a wheelchair so we'll need lifts" saved the lifts as the visitor's own need."""
    museum = RuleExtractor(museum_ontology)

    def got(message):
        return {(f.value, f.about) for f in museum.extract(message) if f.concept == "SpecialNeed.MobilityImpairment"}

    assert got("Here with my granddaughter Ellie, she's pushing me about in one of your wheelchairs") == {
        ("wheelchair user", "self")
    }
    assert got("my friend's in a wheelchair so we'll need lifts everywhere") == {
        ("wheelchair user", "friend"),
        ("needs the lift", "friend"),
    }
    # a need of the moment that follows stays the visitor's: it is no party member's need to keep
    quiet = museum.extract("my son is autistic so we need somewhere quiet")
    assert ("ImmediateNeed.Rest", "self") in {(f.concept, f.about) for f in quiet}
