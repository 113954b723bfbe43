"""Words visitors used in round 30's museum set that the lexicons and frames lacked (after its first score):
one word for two needs, a chair that is a wheelchair, a practice said as who one is, a car park's clock, a
reaction of the throat, a name said without "my"."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def extractor(museum_ontology) -> RuleExtractor:
    return RuleExtractor(museum_ontology)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I'm deafblind, my interpreter is typing this for me",
            {("SpecialNeed.HearingImpairment", "deaf", "self"), ("SpecialNeed.VisualImpairment", "blind", "self")},
        ),
        ("my cousin uses a chair", {("SpecialNeed.MobilityImpairment", "wheelchair user", "cousin")}),
        ("sat in a chair by the window", set()),
        ("I'm a printmaker myself", {("ArtInterest.Medium", "printmaking", "self")}),
        ("my husband is a photographer", set()),
        ("parking runs out at half 2", {("VisitPlan.TimeBudget", "until 2:30", "self")}),
        ("sesame makes my throat close up", {("SpecialNeed.Allergy", "sesame", "self")}),
        # round 34: the things named, then what "they" do to the visitor; not what they do to someone else
        ("No eggs for me please, they make my lips swell up", {("SpecialNeed.Allergy", "eggs", "self")}),
        ("I had prawns for lunch, they made me so happy", set()),
        (
            "I use a manual chair, is the garden entrance ok for me?",
            {("SpecialNeed.MobilityImpairment", "wheelchair user", "self")},
        ),
        ("Name's not Jo, it's Joanne, the keyboard cut me off", {("Profile.Name", "Joanne", "self")}),
    ],
)
def test_words_visitors_use(extractor, message, expected):
    got = {(f.concept, f.value, f.about) for f in extractor.extract(message) if f.polarity == "asserted"}
    assert {g for g in got if g[0] != "VisitPlan.Companions"} == expected


@pytest.mark.parametrize(
    ("message", "where"),
    [
        ("in the Desert House now and wow", "Desert House"),
        ("down by the boathouse rn", "boathouse"),
        ("at the end of the day I love roses", None),
    ],
)
def test_where_the_visitor_is_said_without_a_subject(message, where):
    from pathlib import Path

    from museum_tui.memory import load_ontology

    garden = RuleExtractor(load_ontology(Path(__file__).resolve().parents[2] / "ontologies" / "garden.json"))
    got = [f.value for f in garden.extract(message) if f.concept == "Visit.Where"]
    assert got == ([where] if where else [])


def test_a_floor_named_after_a_place_is_where_the_visitor_is(extractor):
    said = extractor.extract("by the lifts on the ground floor", "Where are you right now?")
    got = [f.value for f in said if f.concept == "Position.CurrentArea"]
    assert got == ["ground floor"]


@pytest.mark.parametrize(
    "message",
    [
        "i cant cope with hot humid places, i get dizzy and panicky",
        "yes but not the hot ones, I overheat badly with my MS",
    ],
)
def test_heat_the_body_can_not_take_in_the_garden(message):
    from pathlib import Path

    from museum_tui.memory import load_ontology

    garden = RuleExtractor(load_ontology(Path(__file__).resolve().parents[2] / "ontologies" / "garden.json"))
    assert ("Access.Sensory", "heat") in {(f.concept, f.value) for f in garden.extract(message)}


@pytest.mark.parametrize(
    ("message", "goal"),
    [
        ("first thing on my list is the Hepworth garden", "Hepworth garden"),
        ("Hey! Dreamers is the reason we came in. Do we need to book?", "Dreamers"),
    ],
)
def test_what_the_visitor_came_for_said_as_a_list_or_a_reason(extractor, message, goal):
    assert [f.value for f in extractor.extract(message) if f.concept == "VisitPlan.Goal"] == [goal]


@pytest.mark.parametrize(
    ("message", "concept", "value"),
    [
        ("I need to be away by quarter past four to fetch the kids from school", "Visit.TimeBudget", "until 4:15"),
        ("till they kick us out 😂", "Visit.TimeBudget", "until closing"),
        ("I've got COPD and hills do me in, so the flattest way round please", "Access.Mobility", "COPD"),
    ],
)
def test_round_31_garden_words(message, concept, value):
    from pathlib import Path

    from museum_tui.memory import load_ontology

    garden = RuleExtractor(load_ontology(Path(__file__).resolve().parents[2] / "ontologies" / "garden.json"))
    assert (concept, value) in {(f.concept, f.value) for f in garden.extract(message)}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 31: a member no longer living is not at this visit ("God rest her"), but "nearly died" is here
        ("my mum had a nut allergy, God rest her", set()),
        ("my late husband was in a wheelchair", set()),
        ("my dad passed away last year, he was deaf", set()),
        ("my son has a peanut allergy, he nearly died last year", {("peanuts", "son")}),
        # and what goes on after the list names no thing ("almost died once" was kept as an allergen)
        ("my son is allergic to peanuts and almost died once", {("peanuts", "son")}),
        ("I'm allergic to peanuts and nearly died once", {("peanuts", "self")}),
    ],
)
def test_a_member_no_longer_living_is_not_at_this_visit(extractor, message, expected):
    got = {(f.value, f.about) for f in extractor.extract(message) if f.concept.startswith("SpecialNeed")}
    assert got == expected


@pytest.mark.parametrize(
    ("message", "value"),
    [
        # how deaf says which need: "a bit deaf" is hard of hearing (captions, not sign language)
        ("I'm a bit deaf", "hard of hearing"),
        ("Dad's slightly deaf", "hard of hearing"),
        ("I'm deaf", "deaf"),
        ("I'm profoundly deaf", "deaf"),
        # the aid in the visitor's word, as most blind writers wrote it down
        ("mum uses a walker", "walker"),
        ("I walk with a cane", "cane"),
        ("I use a white cane", "uses a white cane"),
    ],
)
def test_how_deaf_and_which_aid_in_the_visitors_word(extractor, message, value):
    got = [f.value for f in extractor.extract(message) if f.concept.startswith("SpecialNeed")]
    assert got == [value]


@pytest.mark.parametrize(
    ("message", "value"),
    [
        # round 30/31: a class named by its school year is a school group; slang for friends said plainly
        ("Good morning, Mrs Okafor here, I've got 30 Year 4s with me", "school group (30 Year 4s)"),
        ("here with 28 year 8s and three other staff", "school group (28 year 8s)"),
        ("With my two besties", "two best friends"),
    ],
)
def test_who_came_along_said_plainly(extractor, message, value):
    got = [f.value for f in extractor.extract(message) if f.concept == "VisitPlan.Companions"]
    assert [v.lower() for v in got] == [value.lower()]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 32: "X here" is who is here, and a question may follow it after a comma
        ("kiwi allergy here, anything fruity at the cafe I should avoid?", {("SpecialNeed.Allergy", "kiwi")}),
        ("wheelchair user here, which way to gallery 4?", {("SpecialNeed.MobilityImpairment", "wheelchair user")}),
        # "X and I do not get on" is one clause ("and I" is no new statement), and "not friends" is no company
        ("Shellfish and I do NOT get on 🦐🚫", {("SpecialNeed.Allergy", "shellfish")}),
        ("stairs and I are not friends", {("SpecialNeed.MobilityImpairment", "no stairs")}),
        (
            "I'm allergic to pine nuts, not peanuts",
            {("SpecialNeed.Allergy", "pine nuts"), ("SpecialNeed.Allergy", "peanuts")},
        ),
        # the visitor's own thing, named in a question, is their need ("my" right before it)
        ("how do I get in with my wheelchair??", {("SpecialNeed.MobilityImpairment", "wheelchair user")}),
        ("is there a loop for my hearing aids?", {("SpecialNeed.HearingImpairment", "hearing aids")}),
        ("do you hire wheelchairs?", set()),
    ],
)
def test_what_a_visitor_says_beside_a_question(extractor, message, expected):
    assert {(f.concept, f.value) for f in extractor.extract(message)} == expected


@pytest.fixture(scope="module")
def garden() -> RuleExtractor:
    return RuleExtractor(load_ontology(ROOT / "ontologies" / "garden.json"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a term's singular reads as the term ("a good wildflower meadow"), but not one particular thing
        ("love me a good wildflower meadow 🌼", {("Interest.Landscape", "meadows", "asserted")}),
        ("I'm a wildflower meadow sort of person really", {("Interest.Landscape", "meadows", "asserted")}),
        ("not a massive fan of roses tbh, can we skip that bit", {("Interest.Dislike", "roses", "asserted")}),
        ("a coffee would be amazing right now ☕", {("Now.Refreshment", "coffee", "asserted")}),
        # "just me" beside how long the visitor has is still alone (beside a need it answers whose it is)
        (
            "just me today, got the whole afternoon 😊",
            {("Visit.Companions", "alone", "asserted"), ("Visit.TimeBudget", "all afternoon", "asserted")},
        ),
        ("Do you do gluten-free food? Asking for a friend at work", set()),
        # a frame of going without said once for a list of two ("can't eat gluten or dairy"), not beyond it
        (
            "my partner's fine with anything but I can't eat gluten or dairy",
            {("Food.Diet", "gluten-free", "asserted"), ("Food.Diet", "dairy-free", "asserted")},
        ),
        ("I can't eat much or walk far", set()),
        ("I'm not great with heights, so no treetop walk for me", {("Interest.Dislike", "heights", "asserted")}),
        # round 34: a statement, then a question opening on "anything" after a comma: two clauses
        (
            "hay fever's absolutely brutal this week, anything I should steer clear of??",
            {("Food.Allergy", "hay fever (pollen)", "asserted")},
        ),
    ],
)
def test_garden_words(garden, message, expected):
    assert {(f.concept, f.value, f.polarity) for f in garden.extract(message)} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("The portrait of the blind harpist is beautiful.", set()),  # one work, not portraits liked
        # going without is having the allergy: "no almond croissant for me" was a denied almond allergy
        (
            "allergic to tree nuts so no almond croissant for me I guess",
            {("SpecialNeed.Allergy", "tree nuts", "asserted"), ("SpecialNeed.Allergy", "almonds", "asserted")},
        ),
    ],
)
def test_museum_words(extractor, message, expected):
    assert {(f.concept, f.value, f.polarity) for f in extractor.extract(message)} == expected


@pytest.fixture(scope="module")
def discovery() -> RuleExtractor:
    """Round 32's children's discovery museum, its ontology and lexicon written from docs/ alone."""
    return RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "discovery.json"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a venue's loose pattern ("(\w+ \w+) allergic") took "i am" and "am not" as allergens
        (
            "both kids are allergic to nuts and my partner is allergic to kiwi",
            {("Food.Allergy", "nuts", "asserted", "kids"), ("Food.Allergy", "kiwi", "asserted", "partner")},
        ),
        (
            "im not allergic to nuts, its my daughter",
            {("Food.Allergy", "nuts", "negated", "self"), ("Food.Allergy", "nuts", "asserted", "daughter")},
        ),
        # an inability in a pattern's own words ("can not do (stairs)") says the need, not its denial
        (
            "my mum uses a walking frame and cant do stairs",
            {
                ("Access.Mobility", "no stairs", "asserted", "mum"),
                ("Access.Mobility", "walking frame", "asserted", "mum"),
            },
        ),
        # "the older one" is one of the children, not the visitor
        (
            "the older one has cerebral palsy and uses a walker",
            {
                ("Access.Mobility", "wheelchair", "asserted", "older one"),
                ("Access.Mobility", "walking frame", "asserted", "older one"),
            },
        ),
    ],
)
def test_discovery_museum_words(discovery, message, expected):
    assert {(f.concept, f.value, f.polarity, f.about) for f in discovery.extract(message)} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # "its" typed for "it's": the allergy is the daughter's, and the deafness the visitor's
        (
            "im not allergic to nuts, its my daughter",
            {
                ("SpecialNeed.Allergy", "nuts", "negated", "self"),
                ("SpecialNeed.Allergy", "nuts", "asserted", "daughter"),
            },
        ),
        # "no more than 2 hours" is a limit, not a denial
        ("no more than 2 hours", {("VisitPlan.TimeBudget", "2 hours", "asserted", "self")}),
        # a member opening a statement of their own after a comma: "just me today" stays alone
        ("just me today, hubby's at the football", {("VisitPlan.Companions", "alone", "asserted", "self")}),
    ],
)
def test_typed_its_and_a_limit(extractor, message, expected):
    assert {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message)} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 30's museum set: the scooter is the grandma's (the member just before "who"), and "me" in
        # a list of people is no one coming along, let alone "alone"
        (
            "Kids (5 and 7) with me plus their grandma who's on a mobility scooter",
            {
                ("VisitPlan.Companions", "their grandma", "asserted", "self"),
                ("SpecialNeed.MobilityImpairment", "mobility scooter", "asserted", "grandma"),
            },
        ),
        ("a friend who is a wheelchair user recommended it", set()),
        # hours of sleep are no time to spend here
        ("running on 3 hours sleep, total zombie today", set()),
        ("running on about 3 hrs sleep ngl", set()),
        # round 33: an audio guide is no one coming along
        (
            "I'm hard of hearing so please type everything, don't send me off with an audio guide",
            {("SpecialNeed.HearingImpairment", "hard of hearing", "asserted", "self")},
        ),
        # round 33: a sign on the wall is no sign language ("in" is a trigger of the language concept)
        (
            "sorry, I'm in Gallery 2 not Gallery 1, misread the sign",
            {("Position.CurrentArea", "Gallery 2", "asserted", "self")},
        ),
        # a trigger alone after things gone without (round 38: and the nuts kept away, as the emoji's peanuts)
        (
            "no nuts for me pls 🥜🚫 allergic",
            {
                ("SpecialNeed.Allergy", "peanuts", "asserted", "self"),
                ("SpecialNeed.Allergy", "nuts", "asserted", "self"),
            },
        ),
    ],
)
def test_whose_the_scooter_is_and_what_is_no_time(extractor, message, expected):
    assert {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message)} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 33: a bare need after a clause a member opens is the member's, not the visitor's
        ("my son es sordo - deaf - he read the lips", {("SpecialNeed.HearingImpairment", "deaf", "asserted", "son")}),
        (
            "our Liam doesn't do well with crowds, he's 19 but autistic",
            {
                ("SpecialNeed.SensorySensitivity", "crowds", "asserted", "liam"),
                ("SpecialNeed.SensorySensitivity", "autistic", "asserted", "liam"),
            },
        ),
        # someone else by name in a cleft is not the visitor ("it isn't Callum with the hearing aids")
        ("Actually it isn't Callum with the hearing aids, it's his brother Rory. Silly me.", set()),
        # not after the visitor's own words, nor "my english is …"
        (
            "I'm with my husband, exhausted",
            {
                ("VisitPlan.Companions", "husband", "asserted", "self"),
                ("Mood.Current", "exhausted", "asserted", "self"),
            },
        ),
        (
            "We're visiting from Brazil, my english is ok but portuguese is easier",
            {("Profile.Language", "Portuguese", "asserted", "self")},
        ),
    ],
)
def test_a_bare_need_after_a_members_clause_is_theirs(extractor, message, expected):
    assert {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message)} == expected


@pytest.mark.parametrize("message", ["allergic to and", "allergic to or", "allergic to plus"])
def test_a_list_word_alone_where_a_value_goes_is_no_value_and_no_crash(extractor, message):
    """The fuzz test found it: a capture of nothing but a list word split into no parts at all, and the
    check for words going on about the visitor read the first of none (IndexError)."""
    assert extractor.extract(message) == []


@pytest.mark.parametrize("captured", ["/ ", " , ", "&", "as well as"])
def test_a_capture_of_list_marks_alone_is_read_without_a_crash(extractor, captured):
    """What a pattern captures may split into no parts at all: no value, and no IndexError."""
    extractor.warm_up()
    allergy = next(c for c in extractor.cues if c.concept == "SpecialNeed.Allergy")
    assert extractor._values(allergy, captured, 0, len(captured), "plain", captured) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 34: a list part said to do no harm, one that points back, one that goes on ("dunno if …")
        ("allergic to tree nuts, peanuts are fine though", {("SpecialNeed.Allergy", "tree nuts", "self")}),
        (
            "Shellfish and sesame are both a no-go for me, allergic to the pair of them",
            {("SpecialNeed.Allergy", "shellfish", "self"), ("SpecialNeed.Allergy", "sesame", "self")},
        ),
        (
            "the little one is allergic to kiwi, dunno if that's in anything",
            {("SpecialNeed.Allergy", "kiwi", "little one")},
        ),
        # one of a group, named in passing, is theirs; a need that sends "him" spiralling is the member's named before
        (
            "One of my students, Kieran, is a wheelchair user",
            {("SpecialNeed.MobilityImpairment", "wheelchair user", "students")},
        ),
        # a member called by what they are, with no "my" ("toddler is allergic…")
        (
            "toddler is allergic to sesame!! what can he actually eat at the cafe",
            {("SpecialNeed.Allergy", "sesame", "toddler")},
        ),
        (
            "I'm a carer, here with my brother who's autistic. Busy rooms send him spiralling",
            {
                ("SpecialNeed.SensorySensitivity", "autistic", "brother"),
                ("SpecialNeed.SensorySensitivity", "crowds", "brother"),
            },
        ),
    ],
)
def test_what_a_list_part_or_a_group_says_of_whom(extractor, message, expected):
    got = {(f.concept, f.value, f.about) for f in extractor.extract(message) if f.polarity == "asserted"}
    assert {g for g in got if g[0] != "VisitPlan.Companions"} == expected


@pytest.mark.parametrize(
    ("message", "alone"),
    [
        ("it's just me and my brother today", False),  # round 34: "just me and …" lists who came
        ("just me, my boyfriend and his mum", False),
        ("it's just me today", True),
        ("my son who's 6 can't bear loud noises, but he's at school today so it's just me", True),
    ],
)
def test_just_me_and_someone_is_not_alone(extractor, message, alone):
    got = {f.value for f in extractor.extract(message) if f.concept == "VisitPlan.Companions"}
    assert ("alone" in got) == alone


def test_an_aside_after_a_value_is_no_part_of_it():
    """Round 34's city farm: "he's allergic to cats if that matters" had stored "cats if that matters" as a
    food allergy beside the animal allergy."""
    farm = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "farm.json"))
    facts = farm.extract("Me and my boyfriend are both vegan, and he's allergic to cats if that matters")
    assert not [f.value for f in facts if " if " in f.value]
    assert ("Need.AnimalAllergy", "cats", "boyfriend") in {(f.concept, f.value, f.about) for f in facts}
