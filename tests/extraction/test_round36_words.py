"""Round 36's museum and garden sets, read after their first score: the grammar their writers used that the
rules lacked (each case here is new wording, not a line of the sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology

from .conftest import facts_of

ROOT = Path(__file__).resolve().parents[2]


def allergies(museum_rules: RuleExtractor, message: str) -> set[str]:
    return {value for concept, value, _, _ in facts_of(museum_rules, message) if concept == "SpecialNeed.Allergy"}


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
def test_only_things_named_are_allergens(museum_rules, message, expected):
    assert allergies(museum_rules, message) == expected


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
def test_a_members_statement_run_on_without_a_comma(museum_rules, message, fact):
    facts = facts_of(museum_rules, message)
    assert fact in facts
    assert (fact[0], fact[1], fact[2], "self") not in facts


def test_a_needs_terms_just_after_it_name_which(museum_rules):
    """ "nut allergy - peanuts and tree nuts - carries an epipen": the dashes make a clause of the list."""
    facts = facts_of(museum_rules, "my grandson has a nut allergy - cashews AND pistachios - so what's safe?")
    assert {("SpecialNeed.Allergy", v, "asserted", "grandson") for v in ("cashews", "pistachios")} <= facts
    # a clause of liked things after a need is no need
    assert not {f for f in facts_of(museum_rules, "my niece is vegan - loves sculpture though") if f[1] == "sculpture"}


@pytest.mark.parametrize(
    ("message", "who"),
    [
        ("My daughter is 7 and hates loud noises. It's only the two of us today", "daughter"),
        ("Nan's a bit deaf, typical, we've brought her out for her 80th", "nan"),
        ("my friend is blind, she's in our group, is there a touch tour?", "friend"),
        ("we're on a school trip, where are the toilets", "school group"),
        ("we are a married couple from Spain, two hours only", "partner"),
        ("booking the audio tour for my uncle, he's partially sighted and with us today", "uncle"),
        ("Are carers free? I'm here supporting my brother", "brother"),
        ("I'm supporting Imran today, he uses a wheelchair", "Imran"),
        ("support worker with Dana today, she is deafblind", "Dana"),
        ("grandparents minding the grandkids today, and the eldest gets grumpy if she walks too far", "grandkids"),
    ],
)
def test_who_came_along_said_in_more_ways(museum_rules, message, who):
    assert ("VisitPlan.Companions", who, "asserted", "self") in facts_of(museum_rules, message)


@pytest.mark.parametrize(
    "message",
    [
        "we are a couple of art students",
        "I'm supporting the campaign to save the pier",
        "what if my mum came with me next time",
    ],
)
def test_no_companion_in_look_alikes(museum_rules, message):
    assert not {
        f for f in facts_of(museum_rules, message) if f[0] == "VisitPlan.Companions" and f[1] in ("partner", "mum")
    }


def test_both_me_and_a_member(museum_rules):
    """ "Both me and my dad are hard of hearing": the need is the visitor's and the dad's, and he came."""
    facts = facts_of(museum_rules, "Both me and my mum are hard of hearing, we'd like the talk")
    assert {
        ("SpecialNeed.HearingImpairment", "hard of hearing", "asserted", "self"),
        ("SpecialNeed.HearingImpairment", "hard of hearing", "asserted", "mum"),
        ("VisitPlan.Companions", "mum", "asserted", "self"),
    } <= facts


@pytest.mark.parametrize(
    ("message", "allergen"),
    [
        ("chrysanthemums set me off sneezing", "chrysanthemums"),
        ("horses make me wheeze", "horses"),
        ("the heat makes me itch", None),  # the weather, no allergy
        ("crowds make me wheeze", None),  # another need's word
        ("it makes me sneeze", None),  # no thing named
    ],
)
def test_the_thing_a_body_reacts_to_is_an_allergen_by_the_frame(message, allergen):
    """The garden's lexicon lists no such pattern (the museum's has "X makes me ill|itch|…" of its own)."""
    garden = RuleExtractor(load_ontology(ROOT / "ontologies" / "garden.json"))
    found = {f.value for f in garden.extract(message) if f.concept == "Food.Allergy"}
    assert found == ({allergen} if allergen else set())


def test_the_weather_is_no_allergen_in_the_museums_own_pattern(museum_rules):
    assert allergies(museum_rules, "the heat makes me itch") == set()
    assert allergies(museum_rules, "dust makes me itch") == {"dust"}


def test_an_emoji_that_reads_as_a_word_ends_a_statement_before_a_question(museum_rules):
    """ "Mobility scooter user here 🦼 can I take it in?" was one question, so no need was read."""
    facts = facts_of(museum_rules, "Wheelchair user ♿ is the lift working today?")
    assert ("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", "self") in facts


@pytest.mark.parametrize(
    "message",
    [
        "sound art is just noise to me, keep me away from it pls",  # the venue's word (lexicon: ignore)
        "the drum room is just noise to me, keep me away from it",  # a thing said to be noise
    ],
)
def test_what_a_thing_is_said_to_be_is_no_need(museum_rules, message):
    assert not {f for f in facts_of(museum_rules, message) if f[0] == "SpecialNeed.SensorySensitivity"}
    # still a need when the visitor says it of themselves
    assert ("SpecialNeed.SensorySensitivity", "loud noise", "asserted", "self") in facts_of(
        museum_rules, "everything is too loud for me, keep me away from the drum room"
    )


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("my ride home is coming at 2", "until 2pm"),
        ("our coach leaves at 4", "until 4pm"),
        ("we're off home at 5", "until 5pm"),
        ("here till the late opening ends at 9", "until 9"),
    ],
)
def test_when_the_visit_ends_said_by_how_the_visitor_leaves(museum_rules, message, value):
    assert ("VisitPlan.TimeBudget", value, "asserted", "self") in facts_of(museum_rules, message)
    assert not facts_of(museum_rules, "the lift is at 3")


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("请问洗手间在哪里？", "Chinese"),
        ("トイレはどこですか", "Japanese"),
        ("화장실이 어디예요?", "Korean"),
        ("أين المقهى؟", "Arabic"),
        ("Is possible to talk in greek? I understand better", "Greek"),
    ],
)
def test_the_language_a_message_is_written_or_wanted_in(museum_rules, message, language):
    assert ("Profile.Language", language, "asserted", "self") in facts_of(museum_rules, message)


def test_a_word_of_another_script_in_english_says_no_language(museum_rules):
    assert not {f for f in facts_of(museum_rules, "I love the 書 calligraphy in room 4") if f[0] == "Profile.Language"}
    assert not {
        f for f in facts_of(museum_rules, "کجا پارکینگ است؟") if f[0] == "Profile.Language"
    }  # Persian, not Arabic


@pytest.mark.parametrize(
    ("message", "who"),
    [
        ("i have a nut allergy n my partners vegan", "partner"),  # a member's 's typed without its apostrophe
        ("my nieces coeliac so gluten free please", "niece"),
    ],
)
def test_a_members_s_without_its_apostrophe(museum_rules, message, who):
    facts = facts_of(museum_rules, message)
    assert any(f[3] == who for f in facts if f[0] == "SpecialNeed.DietaryRestriction"), facts
    assert not any(f[3] == "self" for f in facts if f[0] == "SpecialNeed.DietaryRestriction"), facts


def test_hearing_aids_called_aids(museum_rules):
    """ "daughter (14) is hard of hearing, she wears aids in both ears" (round 36's museum): lexicon words."""
    facts = facts_of(museum_rules, "my nephew is deaf and wears aids in both ears")
    assert ("SpecialNeed.HearingImpairment", "hearing aids", "asserted", "nephew") in facts
    assert not facts_of(museum_rules, "where's the first aid kit? my son scraped his knee")
