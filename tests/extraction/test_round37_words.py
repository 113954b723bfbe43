"""Round 37's museum and garden sets, read after their first score: the grammar their writers used that the
rules lacked (each case here is new wording, not a line of the sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor

from .conftest import facts_of

ROOT = Path(__file__).resolve().parents[2]

Fact = tuple[str, str, str, str]


def whose(extractor: RuleExtractor, message: str, concept: str) -> set[tuple[str, str]]:
    """(value, about) of the asserted facts of one concept."""
    return {(v, a) for c, v, p, a in facts_of(extractor, message) if c == concept and p == "asserted"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my daughter (9) is autistic, is there a quiet room?", {("autistic", "daughter")}),
        ("son (12 yrs) is autistic", {("autistic", "son")}),
        ("my nephew aged 6 is autistic so we'll avoid the busy bits", {("autistic", "nephew")}),
    ],
)
def test_an_age_beside_a_member_leaves_the_member_the_subject(museum_rules, message, expected):
    """**Safety (whose):** "my son (7) is autistic" read nothing; the age in brackets or after "aged" is
    passed over, so the need is the member's, as in "my son is autistic"."""
    assert whose(museum_rules, message, "SpecialNeed.SensorySensitivity") == expected


def test_an_age_in_brackets_keeps_a_members_diet(garden_rules):
    assert whose(garden_rules, "husband (70) is vegan, what can he eat?", "Food.Diet") == {("vegan", "husband")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Grandmas on a mobility scooter and grandpa uses a walking frame",
            {("mobility scooter", "grandma"), ("walking frame", "grandpa")},
        ),
    ],
)
def test_a_second_member_after_and_opens_a_clause_of_their_own(museum_rules, message, expected):
    """**Safety (whose):** "Grannys in a wheelchair and grandpa uses a stick" read nothing: "grannys" is a
    typed "granny's", and "and grandpa uses …" is grandpa's own clause."""
    got = whose(museum_rules, message, "SpecialNeed.MobilityImpairment")
    assert {(v, a) for v, a in got} >= expected and all(a != "self" for _, a in got)


def test_a_grandparent_with_the_apostrophe_left_out(museum_rules):
    assert whose(museum_rules, "nannas deaf, so captions please", "SpecialNeed.HearingImpairment") == {("deaf", "nan")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Me: scooter. Wife: blind. Kids: starving", {("SpecialNeed.VisualImpairment", "blind", "wife")}),
        ("Grandad: hard of hearing. Me: fine.", {("SpecialNeed.HearingImpairment", "hard of hearing", "grandad")}),
    ],
)
def test_a_member_named_as_a_heading(museum_rules, message, expected):
    """**Safety (whose):** "Me: wheelchair. Husband: deaf." stored the deafness as the visitor's."""
    got = {(c, v, a) for c, v, p, a in facts_of(museum_rules, message) if c.startswith("SpecialNeed.")}
    assert expected <= got
    assert not any(a == "self" and (c, v) == e[:2] for c, v, a in got for e in expected)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Crowds are really hard for my grandson, he's got ADHD", ("crowds", "grandson")),
        ("bright lights are too much for our daughter", ("bright light", "daughter")),
    ],
)
def test_what_is_hard_for_a_member_is_theirs(museum_rules, message, expected):
    """**Safety (whose):** "Loud places are very hard for my son" stored the noise as the visitor's."""
    got = whose(museum_rules, message, "SpecialNeed.SensorySensitivity")
    assert expected in got and not any(a == "self" for _, a in got)


def test_what_confuses_a_member_is_theirs(museum_rules):
    """**Safety (whose):** "… she's got dementia, and crowds confuse her" stored the crowds as the visitor's."""
    message = "I'm my uncle's carer - he has Alzheimer's, walks slowly, and crowds confuse him. is it busy?"
    got = whose(museum_rules, message, "SpecialNeed.SensorySensitivity")
    assert ("crowds", "uncle") in got and not any(a == "self" for _, a in got)


def test_a_sentence_opened_by_got(museum_rules):
    """**Safety:** "Got coeliac disease, anything safe to eat?" read nothing: chat drops the "I"."""
    assert ("SpecialNeed.DietaryRestriction", "gluten-free (coeliac)", "asserted", "self") in facts_of(
        museum_rules, "Got coeliac, what can I eat here?"
    )
    assert ("SpecialNeed.Allergy", "sesame", "asserted", "self") in facts_of(museum_rules, "got a sesame allergy fyi")
    assert facts_of(museum_rules, "got any dairy free cakes?") == set()
    assert not any(
        c == "ImmediateNeed.Refreshment" for c, *_ in facts_of(museum_rules, "got till 3 then off for lunch")
    )


def test_where_the_epipen_is_says_nothing_new(museum_rules):
    """**Safety:** "no nuts for me whatsoever — anaphylactic, epipen's in my bag" read nothing."""
    got = facts_of(museum_rules, "no kiwi for me whatsoever — anaphylactic, epipen's in my rucksack")
    assert ("SpecialNeed.Allergy", "kiwi", "asserted", "self") in got


def test_not_gonna_lie_denies_nothing(museum_rules):
    """ "not gonna lie im wiped out" stored the tiredness as denied."""
    got = facts_of(museum_rules, "not going to lie im shattered")
    assert ("Mood.Current", "tired", "asserted", "self") in got
    assert not any(p == "negated" for _, _, p, _ in got)


def test_a_sense_gone_is_lost_but_legs_gone_are_tired(museum_rules):
    assert whose(museum_rules, "here with grandad, his hearing's gone", "SpecialNeed.HearingImpairment") == {
        ("hard of hearing", "grandad")
    }
    assert whose(museum_rules, "need a sit down, my legs are gone", "SpecialNeed.MobilityImpairment") == set()


@pytest.mark.parametrize("message", ["lol, I'm shattered", "tbh, I'm shattered", "haha. im shattered"])
def test_a_first_part_that_folds_to_nothing(museum_rules, message):
    """A message whose first part is only a filler ("lol, …") raised IndexError: the clause before was
    looked up by the part's index, not among the clauses kept."""
    assert ("Mood.Current", "tired", "asserted", "self") in facts_of(museum_rules, message)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I always thought I was allergic to kiwi but turns out it's latex",
            {("kiwi", "negated"), ("latex", "asserted")},
        ),
        (
            "I thought I was allergic to milk but my GP says it's actually eggs",
            {("milk", "negated"), ("eggs", "asserted")},
        ),
    ],
)
def test_a_belief_taken_back_and_what_was_found_instead(museum_rules, message, expected):
    """**Safety:** "I thought I was allergic to sesame but turns out it's mustard" (both writers) stored
    sesame and not mustard: "I thought I was …" takes it back, and what the doctor or the tests found, after
    "turns out" or "the doctor says", is the allergy instead."""
    got = {(v, p) for c, v, p, _ in facts_of(museum_rules, message) if c == "SpecialNeed.Allergy"}
    assert got == expected


def test_what_should_not_have_been_done_is_no_allergen(museum_rules, garden_rules):
    """**Safety (a wrong allergy):** "probably shouldn't have come" stored an allergy to "come": the lexicons'
    "can't / shouldn't have X" takes no past participle for X."""
    for extractor in (museum_rules, garden_rules):
        said = facts_of(extractor, "bit run down today, maybe I shouldn't have bothered coming")
        assert not any(c.endswith("Allergy") for c, *_ in said)
        assert not any(c.endswith("Allergy") for c, *_ in facts_of(extractor, "I really shouldn't have come"))
        assert any(c.endswith("Allergy") and v == "sesame" for c, v, *_ in facts_of(extractor, "I can't have sesame"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I've brought my grandparents, both hard of hearing", ("hard of hearing", "grandparents")),
        ("we brought our twins, both deaf", ("deaf", "twins")),
    ],
)
def test_what_both_members_brought_along_are(museum_rules, message, expected):
    """**Safety (whose):** "I've brought my parents, both registered blind" stored the blindness as the
    visitor's."""
    got = whose(museum_rules, message, "SpecialNeed.HearingImpairment")
    assert expected in got and not any(a == "self" for _, a in got)


def test_a_cleft_with_here_with_me(museum_rules):
    """ "I'm not vegetarian, it's my friend here with me who is": the friend's, as "it's my friend who is"."""
    got = facts_of(museum_rules, "I'm not vegan, it's my friend here with me who is")
    assert ("SpecialNeed.DietaryRestriction", "vegan", "negated", "self") in got
    assert ("SpecialNeed.DietaryRestriction", "vegan", "asserted", "friend") in got


def test_who_is_at_home_with_someone_did_not_come(museum_rules):
    """ "My husband's at home with the dog so it's just me today" stored the dog as a companion."""
    said = facts_of(museum_rules, "the wife's at home with the baby so it's only me")
    assert ("VisitPlan.Companions", "baby", "asserted", "self") not in said
    assert ("VisitPlan.Companions", "kids", "asserted", "self") in facts_of(museum_rules, "I'm here with the kids")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("could u do korean?", "Korean"),
        ("Italian please? my english not so good", "Italian"),
        ("Portuguese is possible?", "Portuguese"),
        ("¿Habla usted español?", "Spanish"),
        ("Parlez-vous français ?", "French"),
        ("Sorry, our englisch is not so good. Dutch?", "Dutch"),
    ],
)
def test_a_language_asked_for_by_name(garden_rules, message, expected):
    """Five of round 37's messages asked to be spoken to in a language ("can u do cantonese", "French
    please? 🇫🇷", "Sprechen Sie Deutsch?") and stored nothing: a language asked for by name, in English or in
    its own words, or named after English said to be weak ("our English", "Englisch"), is the visitor's."""
    assert whose(garden_rules, message, "Visitor.Language") == {(expected, "self")}


@pytest.mark.parametrize(
    "message", ["is there an audio guide in German?", "do you do tours in french?", "can you speak louder please"]
)
def test_a_question_about_the_venue_in_a_language_says_nothing_of_the_visitor(garden_rules, message):
    assert whose(garden_rules, message, "Visitor.Language") == set()


def test_a_member_called_by_title_and_surname(museum_rules):
    """**Safety (a need lost):** "I'm a carer for Mr Patel, he's partially sighted and uses a white cane"
    stored nothing of his: the name a carer gives may have a title ("Mr", "Mrs", "Dr")."""
    got = facts_of(museum_rules, "I'm a carer for Mrs Okafor, she's profoundly deaf. We have an hour.")
    assert ("SpecialNeed.HearingImpairment", "deaf", "asserted", "mrs okafor") in got
    assert ("VisitPlan.Companions", "Mrs Okafor", "asserted", "self") in got
    assert not any(c == "SpecialNeed.HearingImpairment" and a == "self" for c, _, _, a in got)


def test_what_does_not_bother_the_visitor_is_no_dislike(garden_rules):
    """ "Spiders dont bother me, its wasps im terrified of" stored a dislike of spiders (the learned reader
    reads "X … bother me" as one, and knew nothing of the "not" after it)."""
    for message in ("the heat doesn't bother me", "Bees don't worry me at all"):
        assert not any(p == "asserted" for c, _, p, _ in facts_of(garden_rules, message) if c == "Interest.Dislike"), (
            message
        )


def test_what_does_no_harm_is_only_the_thing_said_so(garden_rules):
    """**Safety (a wrong allergy):** "heat doesn't bother me, wasps do" stored an allergy to wasp stings: a
    clause saying something does no harm reads, for an allergy, only that thing (as denied)."""
    assert not any(c == "Food.Allergy" for c, *_ in facts_of(garden_rules, "the sun doesn't bother me, bees do"))
    assert ("Food.Allergy", "eggs", "negated", "self") in facts_of(garden_rules, "eggs don't bother me")


@pytest.mark.parametrize(
    ("message", "liked", "not_liked"),
    [
        ("Photography is more my thing than sculpture", "photography", "sculpture"),
        ("I prefer prints to paintings", "print", "painting"),
        ("textiles rather than paintings for me", "textiles", "painting"),
    ],
)
def test_what_a_liking_is_compared_with_is_not_liked(museum_rules, message, liked, not_liked):
    """ "Ceramics and glass are more my thing than paintings" stored paintings as liked."""
    got = {v.lower() for c, v, p, _ in facts_of(museum_rules, message) if c == "ArtInterest.Medium" and p == "asserted"}
    assert any(liked in v for v in got) and not any(not_liked in v for v in got), got


def test_ear_defenders_say_loud_noise(museum_rules, garden_rules):
    """ "I wear ear defenders most places, is the orangery loud at lunch time?" stored nothing (the
    lexicons had ear defenders as a trigger only)."""
    assert ("SpecialNeed.SensorySensitivity", "loud noise", "asserted", "daughter") in facts_of(
        museum_rules, "my daughter always has her ear defenders on"
    )
    assert ("Access.Sensory", "loud noise", "asserted", "self") in facts_of(
        garden_rules, "I'll have my ear muffs in, is it busy?"
    )
    assert facts_of(garden_rules, "can I borrow ear defenders?") == set()


@pytest.mark.parametrize(
    ("message", "who"),
    [("grandad gets breathless on stairs", "grandad"), ("I get unsteady going down steps", "self")],
)
def test_a_body_that_gives_out_on_stairs(museum_rules, message, who):
    """ "my gran gets dizzy on stairs" stored nothing."""
    assert ("SpecialNeed.MobilityImpairment", "no stairs", "asserted", who) in facts_of(museum_rules, message)


def test_a_party_listed_after_it_is_me_without_commas(garden_rules):
    """ "it's me my husband our 3 kids and my dad …" stored no one."""
    got = whose(garden_rules, "so it's just me my sister our two boys and my nan today", "Visit.Companions")
    assert {"sister", "two boys", "nan"} <= {v for v, _ in got}, got
    # (not after another list: "… our 2 lads 👋 our youngest son has …" names no one more)
    got = whose(garden_rules, "me, the wife and our 2 lads 👋 our youngest son has a nut allergy", "Visit.Companions")
    assert "youngest" not in {v for v, _ in got}, got


def test_make_that_names_the_new_value(garden_rules):
    """ "actually make that 45 mins not an hour" denied the hour and stored nothing for 45 minutes: "that"
    before a value is a thing ("that sculpture"), but not in a correction's "make that"."""
    got = facts_of(garden_rules, "sorry make that 90 mins, not two hours")
    assert ("Visit.TimeBudget", "90 minutes", "asserted", "self") in got, got


@pytest.mark.parametrize(
    "message", ["we've got 3 hours, actually make that 45 mins", "we have 3 hours, no make that 45 mins"]
)
def test_a_slip_taken_back_after_a_comma(museum_rules, message):
    """ "we've got 2 hours, actually make that 90 mins" kept the 2 hours (one clause: the slip was read in
    it), and "…, no make that 90 mins" denied the 90 minutes (its "no" opened the slip)."""
    got = {(v, p) for c, v, p, _ in facts_of(museum_rules, message) if c == "VisitPlan.TimeBudget"}
    assert got == {("45 minutes", "asserted"), ("3 hours", "negated")}, got
