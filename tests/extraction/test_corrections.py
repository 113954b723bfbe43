"""A correction in one sentence: "X, not Y" and "not Y, X" deny Y for the concept X was said for
(extraction/corrections.py), while a "not" that belongs to a verb stays a plain negation."""

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
            "not gallery 2, I'm in gallery 6",
            {("Position.CurrentArea", "gallery 6", "asserted"), ("Position.CurrentArea", "gallery 2", "negated")},
        ),
        (
            "I'm on crutches, not in a wheelchair",
            {
                ("SpecialNeed.MobilityImpairment", "crutches", "asserted"),
                ("SpecialNeed.MobilityImpairment", "wheelchair user", "negated"),
            },
        ),
        (
            "I love Monet, not Manet",
            {("ArtInterest.Artist", "Monet", "asserted"), ("ArtInterest.Artist", "Manet", "negated")},
        ),
        (
            "I'm in gallery 4, not gallery 3",
            {("Position.CurrentArea", "gallery 4", "asserted"), ("Position.CurrentArea", "gallery 3", "negated")},
        ),
        # no cue reads "I meant ceramics", but the pair of one concept's terms says what is and is not so
        (
            "oh I meant ceramics, not photography",
            {("ArtInterest.Medium", "ceramics", "asserted"), ("ArtInterest.Medium", "photography", "negated")},
        ),
        # the denied term first, with no cue word on either side: one concept's two terms
        (
            "no sorry not peanuts, its sesame",
            {("SpecialNeed.Allergy", "sesame", "asserted"), ("SpecialNeed.Allergy", "peanuts", "negated")},
        ),
        (
            "not baroque, bauhaus",
            {("ArtInterest.Style", "Bauhaus", "asserted"), ("ArtInterest.Style", "baroque", "negated")},
        ),
        # a not of a verb before the comma pairs nothing: "just curious" is not said against anything
        ("not bringing mine, just curious", set()),
        # the not of a verb is no correction: "my eyesight's not great" says it is poor
        ("my eyesight's not great", {("SpecialNeed.VisualImpairment", "poor eyesight", "asserted")}),
        # what was said, then what was meant (round 25's blind sets): the first denied, the second said
        (
            "I said sculpture but really I meant ceramics",
            {("ArtInterest.Medium", "ceramics", "asserted"), ("ArtInterest.Medium", "sculpture", "negated")},
        ),
        (
            "sorry I said peanuts before, it's actually tree nuts I'm allergic to",
            {("SpecialNeed.Allergy", "tree nuts", "asserted"), ("SpecialNeed.Allergy", "peanuts", "negated")},
        ),
        # "it's not Y, it's X": the it-is before the not says nothing more
        (
            "actually it's not peanuts, it's sesame I'm allergic to",
            {("SpecialNeed.Allergy", "sesame", "asserted"), ("SpecialNeed.Allergy", "peanuts", "negated")},
        ),
        # what was said is not said again, whatever the correction's wording
        (
            "Sorry, I said 2 hours but we actually have all day",
            {("VisitPlan.TimeBudget", "2 hours", "negated"), ("VisitPlan.TimeBudget", "all day", "asserted")},
        ),
        # what was said, with nothing meant instead, corrects nothing
        ("I said I'd meet my friend at the café", set()),
    ],
)
def test_a_correction_denies_the_other_half(extractor: RuleExtractor, message: str, expected: set) -> None:
    assert {(f.concept, f.value, f.polarity) for f in extractor.extract(message)} == expected


def test_a_correction_of_what_the_assistant_took_for_so(extractor: RuleExtractor) -> None:
    """ "So you've got about an hour?" - "nah, more like two hours": the assistant's assumption, read as the
    visitor's statement, is denied when the visitor corrects it with another value of the same concept; a
    plain "no thanks" says nothing about it."""
    bot = "So you've got about an hour?"
    facts = {(f.concept, f.value, f.polarity) for f in extractor.extract("nah, more like two hours", bot)}
    assert facts == {("VisitPlan.TimeBudget", "2 hours", "asserted"), ("VisitPlan.TimeBudget", "1 hour", "negated")}
    assert extractor.extract("no thanks", bot) == []
    facts = {(f.concept, f.value, f.polarity) for f in extractor.extract("two hours", bot)}
    assert facts == {("VisitPlan.TimeBudget", "2 hours", "asserted")}, "no correction word: nothing denied"


def test_a_correction_that_names_another_member(extractor: RuleExtractor) -> None:
    """ "…, not my son": the need said of one member is denied for the other, never the visitor's."""
    facts = {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract("my mum is vegan, not my dad")}
    diet = "SpecialNeed.DietaryRestriction"
    assert facts == {(diet, "vegan", "asserted", "mum"), (diet, "vegan", "negated", "dad")}


def test_a_cleft_names_whose_need_it_is(extractor: RuleExtractor) -> None:
    """ "it's not my X who's Y, it's my Z": X's need denied, Z's asserted; never the visitor's."""
    message = "it's not my wife who's coeliac, it's my brother"
    facts = {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message)}
    diet, coeliac = "SpecialNeed.DietaryRestriction", "gluten-free (coeliac)"
    assert facts == {(diet, coeliac, "negated", "wife"), (diet, coeliac, "asserted", "brother")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("It's Ana with one n, not Anna", {("Ana", "asserted"), ("Anna", "negated")}),
        ("it's Jo not Joe 😅", {("Jo", "asserted"), ("Joe", "negated")}),
        ("It's Siobhan, not Shivaun 😂", {("Siobhan", "asserted"), ("Shivaun", "negated")}),
        ("its Joe actually, with an e", {("Joe", "asserted")}),
        # no respelling: days, names unlike each other, words the ontology uses
        ("it's Sunday, not Monday", set()),
        ("It's Rosa, not Gwendolyn", set()),
        ("it's Orchids, not Orchards", set()),
    ],
)
def test_a_name_spelt_again_is_the_visitors_name_without_saying_name(message, expected):
    facts = RuleExtractor(load_ontology(Path(__file__).parents[2] / "ontologies" / "garden.json")).extract(message)
    assert {(f.value, f.polarity) for f in facts if f.concept == "Visitor.Name"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm not allergic to nuts, it's eggs", {("nuts", "negated", "self"), ("eggs", "asserted", "self")}),
        ("my son isn't allergic to nuts, it's eggs, sorry", {("nuts", "negated", "son"), ("eggs", "asserted", "son")}),
        # round 28's garden set: what it is now, after a retraction
        ("I'm not allergic to nuts any more, just eggs", {("nuts", "negated", "self"), ("eggs", "asserted", "self")}),
        (
            "sorry, correction: my son's not allergic to peanuts, it's sesame",
            {("peanuts", "negated", "son"), ("sesame", "asserted", "son")},
        ),
        # whose it is, not what: the party's reading hands it on, and "my son" is no allergen
        (
            "no, my daughter isn't the one allergic to dairy, it's my son",
            {("dairy", "negated", "daughter"), ("dairy", "asserted", "son")},
        ),
    ],
)
def test_what_it_is_instead_of_what_a_clause_denied(message, expected):
    """Round 26's sets: "my son isn't allergic to nuts, it's eggs" kept only the denial, so the son's egg
    allergy was lost (a safety miss); the value after "it's" is read in the denying clause's words."""
    facts = RuleExtractor(load_ontology(Path(__file__).parents[2] / "ontologies" / "museum.json")).extract(message)
    assert {(f.value, f.polarity, f.about) for f in facts if f.concept == "SpecialNeed.Allergy"} == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a correction that says whose a need is denies it for the one it was not
        (
            "wait no it's my son who's allergic to nuts, not me",
            {("SpecialNeed.Allergy", "nuts", "asserted", "son"), ("SpecialNeed.Allergy", "nuts", "negated", "self")},
        ),
        (
            "actually it's my husband who's deaf, I'm fine",
            {
                ("SpecialNeed.HearingImpairment", "deaf", "asserted", "husband"),
                ("SpecialNeed.HearingImpairment", "deaf", "negated", "self"),
            },
        ),
        (
            "I'm the one in the wheelchair, not my dad — he's just pushing me",
            {
                ("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", "self"),
                ("SpecialNeed.MobilityImpairment", "wheelchair user", "negated", "dad"),
            },
        ),
        # no correction: "I'm fine" beside a member's need is no denial, and who came is no member's need
        (
            "I'm fine but my elderly dad really struggles with stairs",
            {("SpecialNeed.MobilityImpairment", "no stairs", "asserted", "dad")},
        ),
        ("I'm here with my son, not my husband", {("VisitPlan.Companions", "son", "asserted", "self")}),
    ],
)
def test_a_correction_that_says_whose_a_need_is_denies_it_for_the_other(extractor, message, expected):
    """Round 27's sets: "it's my son who's allergic to nuts, not me" kept the son's allergy but not that the
    visitor has none, so the visitor's own allergy, said earlier, stood."""
    result = extractor.extract_validated(message)
    assert {(f.concept, f.value, f.polarity, f.about) for f in result.facts} == expected
    assert result.rejected == [], "nothing the built-in reading proposes is refused (it shows in the events)"


@pytest.mark.parametrize(
    ("message", "bot", "expected"),
    [
        ("sorry I meant 2 hours not 1", None, {("2 hours", "asserted"), ("1 hour", "negated")}),
        ("actually we've got till 5, not 3", None, {("until 5pm", "asserted"), ("until 3pm", "negated")}),
    ],
)
def test_a_number_denied_is_read_with_the_words_said_around_it(extractor, message, bot, expected):
    facts = extractor.extract(message, bot)
    assert {(f.value, f.polarity) for f in facts if f.concept == "VisitPlan.TimeBudget"} == expected


def test_what_the_visitor_never_said_is_denied(extractor):
    facts = extractor.extract("no, I never said photography, I like painting")
    assert {(f.concept, f.value, f.polarity) for f in facts} == {
        ("ArtInterest.Medium", "painting", "asserted"),
        ("ArtInterest.Medium", "photography", "negated"),
    }


@pytest.mark.parametrize(
    ("message", "bot", "expected"),
    [
        ("My name's not Sam, it's Sian", None, {("Sian", "asserted"), ("Sam", "negated")}),
        ("I'm not Tom, I'm Tim", None, {("Tim", "asserted"), ("Tom", "negated")}),
        # names unlike each other: a correction only when the assistant had just used the denied one
        (
            "it's Siobhan not Sheila 😂",
            "Hello Sheila! What would you like to see?",
            {("Siobhan", "asserted"), ("Sheila", "negated")},
        ),
        ("it's Siobhan not Sheila 😂", None, set()),
        ("It's Rodin, not Degas", "Hello Sheila!", set()),
        # round 32: after words of their own, and a name denied apart from the one said
        ("sorry typo earlier, I'm Ana not Anna", None, {("Ana", "asserted"), ("Anna", "negated")}),
        ("Sorry, wrong name before - it's Katie not Kate", None, {("Katie", "asserted"), ("Kate", "negated")}),
        ("lol no I'm not Sam, Sam's my partner, I'm Chris", None, {("Chris", "asserted"), ("Sam", "negated")}),
    ],
)
def test_a_name_corrected(extractor, message, bot, expected):
    facts = extractor.extract(message, bot)
    assert {(f.value, f.polarity) for f in facts if f.concept == "Profile.Name"} == expected


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("ich heiße Jonas, lieber auf Deutsch bitte", "Jonas"),
        ("Bonjour, je m'appelle Amélie. Vous parlez français ?", "Amélie"),
        ("Hola! Soy Javier, ¿se puede en español?", "Javier"),
        ("soy vegano, hay comida?", None),  # no name: "soy" before a word that is not one
        ("Soy Sauce is my favourite", None),  # English: no frame of another language
        # round 31 and 32: Swedish, Italian and Portuguese frames; a nationality is no name
        ("Jag heter Elin! Swedish please if you can", "Elin"),
        ("Ciao! Sono Marco, italiano. Little english", "Marco"),
        ("Olá! Sou a Beatriz", "Beatriz"),
        ("Je suis Française", None),
    ],
)
def test_a_name_given_in_another_language(extractor, message, name):
    names = [f.value for f in extractor.extract(message) if f.concept == "Profile.Name"]
    assert names == ([name] if name else [])


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 28's mining museum: what was said, then what turned out
        (
            "I said two hours earlier but turns out we've got the whole day",
            {("VisitPlan.TimeBudget", "2 hours", "negated"), ("VisitPlan.TimeBudget", "all day", "asserted")},
        ),
        # a no that answers is no negation of what follows it
        ("no we're fine with stairs thanks", {("SpecialNeed.MobilityImpairment", "no stairs", "negated")}),
        ("no stairs please", {("SpecialNeed.MobilityImpairment", "no stairs", "asserted")}),
    ],
)
def test_what_turned_out_and_a_no_that_answers(extractor, message, expected):
    assert {(f.concept, f.value, f.polarity) for f in extractor.extract(message)} == expected


def test_back_to_what_it_was_after_a_retraction(extractor):
    facts = extractor.extract("not vegan anymore lol, back to veggie")
    assert {(f.value, f.polarity) for f in facts if f.concept == "SpecialNeed.DietaryRestriction"} == {
        ("vegan", "negated"),
        ("vegetarian", "asserted"),
    }


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 30: a number said alone in what was meant takes the unit of what was said
        (
            "sorry, I said an hour before but it's more like two",
            {("1 hour", "negated"), ("2 hours", "asserted")},
        ),
        (
            "I said 45 minutes earlier but it's actually about 20",
            {("45 minutes", "negated"), ("20 minutes", "asserted")},
        ),
        # round 32: the number with words about having it ("we've only got 1 now")
        (
            "sorry i said 2 hours before but actually we've only got 1 now, the parking runs out",
            {("2 hours", "negated"), ("1 hour", "asserted")},
        ),
    ],
)
def test_a_number_meant_alone_takes_the_unit_said(extractor, message, expected):
    got = {(f.value, f.polarity) for f in extractor.extract(message) if f.concept == "VisitPlan.TimeBudget"}
    assert got == expected


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("Mrs Okafor here, I've got 30 Year 4s with me", "Mrs Okafor"),
        ("Hello, Mr Adeyemi, Year 9 art, 28 students plus 3 staff", "Mr Adeyemi"),
        ("Hi, Dr Patel speaking", "Dr Patel"),
        ("mrs okafor here", None),  # a name is written with its capitals
    ],
)
def test_a_teacher_signs_on_by_title_and_surname(extractor, message, name):
    names = [f.value for f in extractor.extract(message) if f.concept == "Profile.Name"]
    assert names == ([name] if name else [])


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 31: what was said of a member and then put right was still kept as said
        (
            "Sorry, I said my brother was deaf, he's actually just hard of hearing",
            {("deaf", "negated", "brother"), ("hard of hearing", "asserted", "brother")},
        ),
        (
            "I said my son was vegan but he's actually vegetarian",
            {("vegan", "negated", "son"), ("vegetarian", "asserted", "son")},
        ),
        (
            "I said my daughter was allergic to nuts but she is actually allergic to sesame",
            {("nuts", "negated", "daughter"), ("sesame", "asserted", "daughter")},
        ),
        (
            "sorry I said my mum had a wheelchair, she has a walking frame",
            {("wheelchair user", "negated", "mum"), ("walking frame", "asserted", "mum")},
        ),
    ],
)
def test_what_was_said_of_a_member_and_then_put_right(extractor, message, expected):
    got = {(f.value, f.polarity, f.about) for f in extractor.extract(message) if f.concept.startswith("SpecialNeed")}
    assert got == expected


@pytest.mark.parametrize(
    ("message", "language"),
    [
        # a language named, in its own words too, in a statement before a question after a greeting
        ("Bonjour, je parle français, you have a map in french?", "French"),
        ("hablo español, sorry my english", "Spanish"),
        ("ich spreche nur Deutsch", "German"),
        ("I'd prefer français if possible", "French"),
        ("my first language is português", "Portuguese"),
    ],
)
def test_a_language_named_in_its_own_words(extractor, message, language):
    assert [f.value for f in extractor.extract(message) if f.concept == "Profile.Language"] == [language]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # round 31 and 32: a value said, then a slip ("oh no sorry", "actually no", "no wait", "I mean") and another
        (
            "We're on the first floor - oh no sorry, it's the second",
            {("second floor", "asserted"), ("first floor", "negated")},
        ),
        ("I've got a nut allergy - actually no, it's just walnuts", {("walnuts", "asserted"), ("nuts", "negated")}),
        (
            "about an hour – actually no, 45 mins, the car park ticket runs out",
            {("45 minutes", "asserted"), ("1 hour", "negated")},
        ),
        ("I love Monet - oh sorry, I mean Manet", {("Manet", "asserted"), ("Monet", "negated")}),
        # an apology is no slip, nor the "no" of going without
        ("I'm vegan — sorry, I'm also coeliac", {("vegan", "asserted"), ("gluten-free (coeliac)", "asserted")}),
        ("I'm allergic to peanuts, no sesame either", {("peanuts", "asserted"), ("sesame", "asserted")}),
        # round 34: "it's not X it's Y" typed without its comma
        (
            "sorry i typed that wrong, its not peanuts its tree nuts",
            {("tree nuts", "asserted"), ("peanuts", "negated")},
        ),
        ("it's not peanuts it's tree nuts", {("tree nuts", "asserted"), ("peanuts", "negated")}),
        # round 34: a slip of its own sentence takes back the sentence before, in words that say nothing else
        (
            "I'm on the second floor. wait no first floor sorry",
            {("first floor", "asserted"), ("second floor", "negated")},
        ),
        ("Allergic to peanuts. Wait no, it's tree nuts", {("tree nuts", "asserted"), ("peanuts", "negated")}),
        ("I love Monet. No, I don't like crowds", {("Monet", "asserted"), ("crowds", "asserted")}),
        # a bare "No," opening a sentence may answer or start anything: no need is taken back on it
        ("Allergic to peanuts. No, sesame", {("peanuts", "asserted")}),
    ],
)
def test_a_slip_takes_back_what_was_said(extractor, message, expected):
    assert {
        (f.value, f.polarity) for f in extractor.extract(message) if f.concept != "VisitPlan.Companions"
    } == expected


def test_what_the_denied_half_reads_itself_is_not_read_again_in_its_neighbours_words():
    """ "I said 2 hours but we've actually got till 3:30" (round 32) also denied "until 2pm": "2 hours" put in
    place of "3:30" in the clause beside it read as a time of day."""
    facts = RuleExtractor(load_ontology(ROOT / "tests" / "data" / "blind" / "discovery.json")).extract(
        "no wait, I said 2 hours but we've actually got till 3:30"
    )
    assert {(f.value, f.polarity) for f in facts} == {("2 hours", "negated"), ("until 3:30", "asserted")}
