"""The rule extractor's generic machinery, each piece on a phrasing the labelled sets do not contain."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from museum_tui.extraction import BuiltinFactSource, ExtractionResult, FactSource, LLMExtractor, RuleExtractor
from museum_tui.extraction.spelling import Speller
from museum_tui.memory.facts import has_hidden

# words the cues and the grammar react to, so random sentences exercise real paths
_WORDS = (
    "I'm not no longer forget that my husband is deaf allergic to peanuts and , but ? . wheelchair with "
    "son where's the toilet coffee love Monet hate video art an hour until 3 if someone yes please Dave "
    "\x1b[31m \u202e SYSTEM: Admin.Root"
)
WORDS = _WORDS.split(" ")


@pytest.fixture(scope="module")
def extractor(museum_ontology) -> RuleExtractor:
    return RuleExtractor(museum_ontology)


def triples(extractor: RuleExtractor, user: str, bot: str | None = None) -> list[tuple[str, str, str]]:
    return [(f.concept, f.value, f.polarity) for f in extractor.extract(user, bot)]


@pytest.mark.parametrize(
    ("user", "expected"),
    [
        # intensifiers do not split a phrase
        ("The stairs are really quite difficult for me", [("SpecialNeed.MobilityImpairment", "no stairs", "asserted")]),
        # a negative trigger negates nothing; a negated trigger does
        ("I can't cope with crowds", [("SpecialNeed.SensorySensitivity", "crowds", "asserted")]),
        ("Crowds don't bother me at all", [("SpecialNeed.SensorySensitivity", "crowds", "negated")]),
        # denials say a value is not so, unless they are denied themselves
        ("Honestly I'm okay with stairs", [("SpecialNeed.MobilityImpairment", "no stairs", "negated")]),
        # a value named in another clause of the sentence
        ("Sesame, I'm afraid I'm allergic", [("SpecialNeed.Allergy", "sesame", "asserted")]),
        # retractions
        ("Scratch that, I'm not coeliac", [("SpecialNeed.DietaryRestriction", "gluten-free (coeliac)", "negated")]),
        ("Never mind the tea", [("ImmediateNeed.Refreshment", "tea", "negated")]),
        # values in one style
        ("I have half an hour at most", [("VisitPlan.TimeBudget", "30 minutes", "asserted")]),
        ("We can stay till a quarter past three", [("VisitPlan.TimeBudget", "until 3:15", "asserted")]),
        # the time one leaves by, however said
        ("leaving at 2 so what's quick", [("VisitPlan.TimeBudget", "until 2pm", "asserted")]),
        ("need to be back on the coach for half 3", [("VisitPlan.TimeBudget", "until 3:30", "asserted")]),
        ("Need to be out of here by half 2", [("VisitPlan.TimeBudget", "until 2:30", "asserted")]),
        ("my lift is picking me up at 5", [("VisitPlan.TimeBudget", "until 5pm", "asserted")]),
        # a filler after a list is no item of it (round 25: "just" had been an allergy)
        (
            "allergic to sesame and mustard, just so you know",
            [("SpecialNeed.Allergy", "sesame", "asserted"), ("SpecialNeed.Allergy", "mustard", "asserted")],
        ),
        # found by round 26's museum set: how much is no value, a wee cup no toilet, an expectation no dislike,
        # and "scrap what I said" takes it back
        ("allergic to sesame, quite badly", [("SpecialNeed.Allergy", "sesame", "asserted")]),
        # a wee is no toilet here; the tea is wanted (read by the learned reader, extraction/learned.py)
        ("A wee cup of tea would go down a treat right now", [("ImmediateNeed.Refreshment", "tea", "asserted")]),
        ("I need a wee", [("ImmediateNeed.Restroom", "toilet", "asserted")]),
        ("I thought I'd hate the video stuff but actually I love it", []),
        (
            "scrap what I said about having all day, I need to go by 1",
            [("VisitPlan.TimeBudget", "all day", "negated"), ("VisitPlan.TimeBudget", "until 1pm", "asserted")],
        ),
        # round 26's museum set: a ferry to catch, a need for the loo said as "bursting", a "hot choc", and a
        # diet given up
        ("last ferry's at 4:15 so we're a bit tight on time", [("VisitPlan.TimeBudget", "until 4:15", "asserted")]),
        ("been on a coach since 6 and I'm absolutely bursting", [("ImmediateNeed.Restroom", "toilet", "asserted")]),
        ("dying for a hot choc", [("ImmediateNeed.Refreshment", "hot chocolate", "asserted")]),
        ("Gave up being vegan last month", [("SpecialNeed.DietaryRestriction", "vegan", "negated")]),
        # time already spent is no time left (round 25)
        ("I've been stood up for two hours", []),
        # a lunch break is when one is free, not a want of lunch or of a rest
        ("I've got 45 mins on my lunch break", [("VisitPlan.TimeBudget", "45 minutes", "asserted")]),
    ],
)
def test_generic_grammar(extractor: RuleExtractor, user: str, expected: list) -> None:
    assert triples(extractor, user) == expected


@pytest.mark.parametrize(
    "user",
    [
        "The portrait of the blind harpist is beautiful.",  # an adjective about someone else
        "I'm with a colleague who is hard of hearing.",  # a relative clause about the companion (theirs)
        "If I get hungry later, where's the café?",  # the consequence of an if-clause
        "Our neighbour's boy is autistic.",
        "Would a visitor who is allergic to nuts be safe in the café?",
        "Do you have wheelchairs to borrow?",
        "I tried the coffee earlier.",  # "tried" is not a typo of "tired"
        "I love looking at the stars.",  # nor "stars" of "stairs"
    ],
)
def test_not_about_the_visitor_or_not_a_fact(extractor: RuleExtractor, user: str) -> None:
    """Nothing here is the visitor's own: a companion may be named, and a companion's need is theirs."""
    found = [(f.concept, f.about) for f in extractor.extract(user)]
    assert all(concept == "VisitPlan.Companions" or about != "self" for concept, about in found), found


def test_a_companion_keeps_their_own_words(extractor: RuleExtractor) -> None:
    """The companion's need is theirs (issue 26: someone come along is one of the party), never the visitor's."""
    found = [(f.concept, f.value, f.about) for f in extractor.extract("I'm with a colleague who is hard of hearing.")]
    assert found == [
        ("VisitPlan.Companions", "colleague", "self"),
        ("SpecialNeed.HearingImpairment", "hard of hearing", "colleague"),
    ]


@pytest.mark.parametrize(
    ("user", "name"),
    [
        ("Hiya, I'm Siobhan.", "Siobhan"),
        ("Morning! Kwame here.", "Kwame"),
        ("My friends call me Dee.", "Dee"),
        # a name signing on opens a longer clause; chat shorthand and a dropped apostrophe still frame one
        ("Hi! Priya here, first time at the museum", "Priya"),
        ("Im sam btw", "Sam"),
        ("My names Marta, my english is not so good", "Marta"),
    ],
)
def test_names_need_a_capital_or_an_explicit_frame(extractor: RuleExtractor, user: str, name: str) -> None:
    assert ("Profile.Name", name, "asserted") in triples(extractor, user)


@pytest.mark.parametrize(
    "user",
    ["I'm tired, by the way.", "I'm French.", "Hi, I'm Deaf.", "Tired here, need a seat", "Everyone here is lovely"],
)
def test_a_capitalised_word_that_is_another_concept_is_not_a_name(extractor: RuleExtractor, user: str) -> None:
    assert not [c for c, _, _ in triples(extractor, user) if c == "Profile.Name"]


def test_a_name_answers_the_assistants_question(extractor: RuleExtractor) -> None:
    assert triples(extractor, "It's Ngozi.", "Lovely! And what's your name?") == [("Profile.Name", "Ngozi", "asserted")]
    assert triples(extractor, "It's Ngozi.", "Which gallery are you in?") == []


def test_unknown_artist_by_capitalised_name(extractor: RuleExtractor) -> None:
    assert triples(extractor, "I adore Lubaina Himid's work.") == [("ArtInterest.Artist", "Lubaina Himid", "asserted")]
    assert triples(extractor, "I adore london in the spring.") == []


def test_typos_are_read_as_the_cue_word(extractor: RuleExtractor) -> None:
    assert set(triples(extractor, "Im alergic to cashews and use a wheelchiar")) == {
        ("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted"),
        ("SpecialNeed.Allergy", "cashews", "asserted"),
    }


def test_speller_is_conservative() -> None:
    speller = Speller(["wheelchair", "allergic", "tired", "stairs", "toilet"])
    assert speller("wheelchiar alergic toliet") == "wheelchair allergic toilet"
    assert speller("tried stars deaf") == "tried stars deaf"  # common words and short words stay
    assert speller("toilets") == "toilets"  # an inflection is not a typo
    # the plural of a word known to be spelt right is spelt right, whatever cue word it is near
    assert Speller(["bothers"], known=["brother"])("my brothers") == "my brothers"


def test_a_real_word_is_a_typo_only_of_a_far_commoner_one(extractor: RuleExtractor) -> None:
    """Found by round 25's blind sets: "I'm flagging" was read as flashing lights (a sensitive need
    invented), "I'm Sofia" as a sofa (the name lost). A real word nearly as common as the cue word is kept;
    one far rarer ("exited") is still the cue word it misspells."""
    frequency = {"flagging": 2.8, "flashing": 3.7, "exited": 3.4, "excited": 4.7}.get
    speller = Speller(["flashing", "excited"], frequency=lambda w: frequency(w, 0.0))
    assert speller("flagging exited flashin") == "flagging excited flashing"
    assert all(f.concept != "SpecialNeed.SensorySensitivity" for f in extractor.extract("yes please, I'm flagging"))
    names = [f.value for f in extractor.extract("I'm Sofia — how do I get to the Print Room?")]
    assert names == ["Sofia"]


def test_a_yes_to_an_offer_to_note_something_says_it(extractor: RuleExtractor) -> None:
    """ "Shall I note that you're vegetarian?" - "yes pls": what would be noted is said (round 25)."""
    assert triples(extractor, "yes pls", "Shall I note that you're vegetarian?") == [
        ("SpecialNeed.DietaryRestriction", "vegetarian", "asserted")
    ]
    assert triples(extractor, "no thanks", "Shall I note that you're vegetarian?") == []


def test_a_yes_needs_a_question_and_a_no_asserts_nothing(extractor: RuleExtractor) -> None:
    bot = "Shall I plan a route with lifts only?"
    assert triples(extractor, "Yes please, that would help", bot) == [
        ("SpecialNeed.MobilityImpairment", "needs step-free access", "asserted")
    ]
    assert triples(extractor, "Nope, I'm fine", bot) == []
    assert triples(extractor, "Yes please", "There is a lift by the shop.") == []


def test_one_value_concepts_keep_the_first_value_per_clause(extractor: RuleExtractor) -> None:
    assert triples(extractor, "Is there a bench or a chair where I could rest?") == [
        ("ImmediateNeed.Rest", "sit down", "asserted")
    ]


def test_both_engines_are_fact_sources_with_one_result_type(museum_ontology) -> None:
    async def complete_json(messages: list[dict], schema: dict) -> dict:
        return {"facts": [{"concept": "Nope.Unknown", "value": "x", "polarity": "asserted", "evidence": "I'm vegan"}]}

    builtin, llm = BuiltinFactSource(museum_ontology), LLMExtractor(museum_ontology, complete_json)
    assert isinstance(builtin, FactSource) and isinstance(llm, FactSource)
    result = asyncio.run(builtin.extract("I'm vegan"))
    assert isinstance(result, ExtractionResult)
    assert [(f.concept, f.value) for f in result.facts] == [("SpecialNeed.DietaryRestriction", "vegan")]
    checked = asyncio.run(llm.extract("I'm vegan"))
    assert isinstance(checked, ExtractionResult) and checked.facts == []
    assert len(checked.rejected) == 1 and "Nope.Unknown" in checked.rejected[0].reason  # the reason is kept


def test_a_broken_cue_does_not_stop_the_extractor(museum_ontology, caplog: pytest.LogCaptureFixture) -> None:
    import json

    from museum_tui.memory import parse_ontology

    raw, lexicon = json.loads(json.dumps(museum_ontology.raw)), json.loads(json.dumps(museum_ontology.lexicon))
    lexicon["SpecialNeed.Allergy"]["patterns"].append("allergic to (?P<value>[a-z")
    broken = RuleExtractor(parse_ontology(raw, lexicon=lexicon))
    assert not broken.ready and not caplog.text, "cues compile on first use (or warm_up), not on construction"
    assert [(f.concept, f.value) for f in broken.extract("I'm vegan and allergic to nuts")] == [
        ("SpecialNeed.DietaryRestriction", "vegan")
    ]
    assert broken.ready and "SpecialNeed.Allergy" in caplog.text
    caplog.clear()
    again = RuleExtractor(parse_ontology(raw, lexicon=lexicon))  # the same broken ontology: compiled once
    again.warm_up()
    assert again.cues is broken.cues and "SpecialNeed.Allergy" in caplog.text, "reported on every use"


def test_an_ontology_is_compiled_once_per_process_and_an_edited_one_afresh(museum_ontology) -> None:
    """Every session builds an extractor (a kiosk switching visitors, `/user`): one over an ontology equal to
    one compiled before reuses that compile (about 0.3 s); an edited ontology is compiled for what it says."""
    import json

    from museum_tui import config
    from museum_tui.memory import load_ontology, parse_ontology

    first, again = RuleExtractor(museum_ontology), RuleExtractor(load_ontology(config.default_ontology_path()))
    first.warm_up()
    again.warm_up()
    assert again.cues is first.cues and again.speller is first.speller and again.term_owner is first.term_owner
    raw, lexicon = json.loads(json.dumps(museum_ontology.raw)), json.loads(json.dumps(museum_ontology.lexicon))
    lexicon["SpecialNeed.DietaryRestriction"]["terms"]["fruitarian"] = "fruitarian"
    edited = RuleExtractor(parse_ontology(raw, lexicon=lexicon))
    assert triples(edited, "I'm fruitarian") == [("SpecialNeed.DietaryRestriction", "fruitarian", "asserted")]
    assert edited.cues is not first.cues and triples(first, "I'm fruitarian") == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    user=st.text(max_size=200) | st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join),
    bot=st.none() | st.text(max_size=60) | st.sampled_from(["Do you need the lift?", "Any allergies?"]),
)
@example(user="JI\U00018d09", bot=None).via("found by this test")
@example(user="I'm deaf\x1b[31m\u202e", bot=None).via("hidden characters")
def test_any_text_gives_only_clean_ontology_facts(extractor: RuleExtractor, museum_ontology, user, bot) -> None:
    for fact in extractor.extract(user, bot):
        assert fact.concept in museum_ontology.concepts
        assert fact.polarity in ("asserted", "negated")
        # clean as memory defines it (facts.has_hidden): no control, format or separator character; a code
        # point Unicode has not assigned yet (U+18D09, found by this test) is no such thing
        assert fact.value.strip() and not has_hidden(fact.value) and len(fact.value) <= 80
        assert not has_hidden(fact.evidence)


@pytest.mark.parametrize("answer", ["Just Bea is fine", "Bea's fine", "Bea will do", "Bea please"])
def test_a_name_given_in_answer_with_a_word_of_assent(museum_ontology, answer: str) -> None:
    """ "What should I call you?" — "Just Bea is fine": the name, not "Bea is fine"."""
    from museum_tui.extraction import RuleExtractor

    facts = RuleExtractor(museum_ontology).extract(answer, "Lovely to meet you! What should I call you?")
    assert [(f.concept, f.value) for f in facts] == [("Profile.Name", "Bea")]


def test_a_message_written_in_another_language_says_the_visitor_speaks_it(museum_ontology) -> None:
    from museum_tui.extraction import RuleExtractor

    facts = RuleExtractor(museum_ontology).extract("Ich bin im Rollstuhl. Wo ist der Aufzug?")
    assert ("Profile.Language", "German", "asserted") in {(f.concept, f.value, f.polarity) for f in facts}


@pytest.mark.parametrize(
    ("bot", "message", "expected"),
    [
        # an answer with hedges around it, or a landmark after a comma
        (
            "Where are you in the building right now?",
            "outside gallery 4 i think",
            ("Position.CurrentArea", "gallery 4"),
        ),
        ("Where are you right now?", "top floor, by the prints", ("Position.CurrentArea", "top floor")),
        ("Where are you right now?", "hmm by the gift shop i think", ("Position.CurrentArea", "gift shop")),
        # what follows a comma sharpens it; a floor in digits is that floor
        (
            "Where are you right now?",
            "uhh near the big stairs, 1st floor I think",
            ("Position.CurrentArea", "first floor"),
        ),
        # "What name shall I use?" asks for a name as "what should I call you?" does
        ("What name shall I use for you?", "Jas is fine", ("Profile.Name", "Jas")),
    ],
)
def test_an_answer_to_the_assistants_question_with_hedges_and_commas(museum_ontology, bot, message, expected):
    facts = RuleExtractor(museum_ontology).extract(message, bot)
    assert [(f.concept, f.value) for f in facts] == [expected]


def test_a_floor_in_digits_is_folded_but_a_date_is_not():
    from museum_tui.language.folding import fold

    assert fold("I'm on the 2nd floor") == "i am on the second floor"
    assert "1st of may" in fold("we came on the 1st of May")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("haven't eaten since breakfast and it's nearly 3", [("ImmediateNeed.Refreshment", "food", "asserted")]),
        ("we haven't had lunch yet", [("ImmediateNeed.Refreshment", "food", "asserted")]),
        ("I have not eaten meat since 2010", []),  # a diet's history, not hunger
    ],
)
def test_not_having_eaten_since_a_meal_is_hunger_not_that_meal(museum_ontology, message, expected):
    """Round 25 and 26's sets: "haven't eaten since breakfast" was a wish for breakfast, and denied."""
    facts = RuleExtractor(museum_ontology).extract(message)
    assert [(f.concept, f.value, f.polarity) for f in facts if f.concept.startswith("ImmediateNeed")] == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm pescatarian btw, in case you're recommending food later", [("pescatarian", "asserted")]),
        ("I'm vegan, just in case", [("vegan", "asserted")]),
        ("in case I get hungry, where's the café?", []),
    ],
)
def test_in_case_is_a_what_if_apart_from_the_statement_before_it(museum_ontology, message, expected):
    """Round 25's museum set: "I'm pescatarian btw, in case you're recommending food later" gave nothing,
    the whole clause read as a hypothetical; the "in case" part is one of its own."""
    facts = RuleExtractor(museum_ontology).extract(message)
    assert [(f.value, f.polarity) for f in facts if f.concept == "SpecialNeed.DietaryRestriction"] == expected


@pytest.mark.parametrize("message", ["Restroom? Need one bad", "Loo? quick", "Restroom? thanks"])
def test_a_bare_request_with_more_said_after_it(extractor: RuleExtractor, message: str) -> None:
    """Round 27's museum set: "Restroom? Need one bad" gave nothing (the one-word clause was its evidence,
    which validation refuses unless it is all the visitor said); it stands with the rest of the message."""
    result = extractor.extract_validated(message)
    assert [(f.concept, f.value, f.evidence) for f in result.facts] == [("ImmediateNeed.Restroom", "toilet", message)]
    assert result.rejected == []


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("I'm Tomasz, from Poland, my english little bad, you have audio guide in polish?", "Polish"),
        ("do you have an audio guide in Polish?", None),  # a question alone: about the guides
        ("I come from Japan, Japanese audio guide is exist?", "Japanese"),
        ("Sorry my english is bad. I speak arabic better, is possible?", "Arabic"),
        ("Bonjour, je m'appelle Amélie, my english is so-so, French is more easy for me", "French"),
        ("I love the Japanese prints", None),  # a style, not a language asked for
    ],
)
def test_a_language_asked_for_or_managed_better_than_english(extractor, message, language):
    """Rounds 27 and 28: a visitor from abroad who asks for an audio guide in Polish, or says their English is
    weak and names the language they manage, prefers it; it had been read only from "I speak …"
    statements. The question alone stays a question (the earlier gold's distractors)."""
    said = [f.value for f in extractor.extract(message) if f.concept == "Profile.Language"]
    assert said == ([language] if language else [])


@pytest.mark.parametrize(
    ("message", "bot", "name"),
    [
        ("Bonjour, je m'appelle Amélie, my english is so-so", None, "Amélie"),  # a frame only French has
        ("Siobhán 😊", "What should I call you?", "Siobhán"),  # a name with an accent answers the question
        ("my name is Zoë", None, "Zoë"),
    ],
)
def test_names_with_accents_and_in_other_languages(extractor, message, bot, name):
    assert [f.value for f in extractor.extract(message, bot) if f.concept == "Profile.Name"] == [name]
