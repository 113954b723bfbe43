"""The second chance by meaning: a clause no cue read, matched to the lexicon's words (off by default)."""

from __future__ import annotations

from museum_tui.extraction import RuleExtractor
from museum_tui.extraction.meaning import MeaningPass
from museum_tui.language.clauses import split_clauses
from museum_tui.language.semantic import CharBackend, SemanticIndex


def test_the_index_finds_the_nearest_entry() -> None:
    index = SemanticIndex([("wheelchair", "a"), ("hearing aids", "b")], CharBackend())
    found = index.best("hearing aid")
    assert found is not None and found.key == "b" and 0.9 < found.score < 1.0


def test_a_word_the_lexicon_lacks_is_read_and_a_word_it_has_is_left_to_the_cues(museum_ontology) -> None:
    rules = RuleExtractor(museum_ontology)
    rules.warm_up()
    meaning = MeaningPass(museum_ontology, rules.cues, CharBackend())
    meaning.bars = (0.9, 0.9)
    (clause,) = split_clauses("cochlear implnts")
    assert [(m.concept, m.value, m.polarity) for m in meaning.read(clause)] == [
        ("SpecialNeed.HearingImpairment", "cochlear implant", "asserted")
    ]
    (known,) = split_clauses("that sculpture is stunning")  # the cues left it on purpose: a thing, not a taste
    assert meaning.read(known) == []
    (question,) = split_clauses("any cochlear implnts?")
    assert meaning.read(question) == []
    assert RuleExtractor(museum_ontology).semantic is False


def test_a_long_clause_must_say_what_the_visitor_is_or_likes(museum_ontology) -> None:
    """The precision guard (issue 26): beyond a bare phrase, the clause must be stative ("I have …",
    "… is my thing"): what the visitor does ("keep taking …", "having a wander") is no fact about them."""
    rules = RuleExtractor(museum_ontology)
    rules.warm_up()
    meaning = MeaningPass(museum_ontology, rules.cues, CharBackend())
    meaning.bars = (0.9, 0.9)
    (doing,) = split_clauses("the man kept taking cochlear implnts apart")
    assert meaning.read(doing) == []
    (having,) = split_clauses("i have had cochlear implnts for years")
    assert [m.value for m in meaning.read(having)] == ["cochlear implant"]
