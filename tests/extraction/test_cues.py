"""`check_cues`: an ontology author learns every problem in the cues at once, by concept and field."""

from __future__ import annotations

import json
import re

import pytest

from museum_tui.extraction import check_cues
from museum_tui.extraction.cues import THE_ONE, compile_cues, phrase_regex, term_pattern
from museum_tui.memory import OntologyError, parse_ontology
from museum_tui.memory.lexicon_schema import FIELDS


def _copy(ontology) -> tuple[dict, dict]:
    """The ontology's JSON and its lexicon, to edit."""
    return json.loads(json.dumps(ontology.raw)), json.loads(json.dumps(ontology.lexicon))


def test_the_shipped_cues_are_clean_and_every_concept_has_some(museum_ontology) -> None:
    assert check_cues(museum_ontology) == []
    assert all(concept.cues for concept in museum_ontology.concepts.values())
    assert len(compile_cues(museum_ontology)) == len(museum_ontology.concepts)


def test_new_fields_are_checked(museum_ontology) -> None:
    raw, lexicon = _copy(museum_ontology)
    cues = lexicon["ImmediateNeed.Rest"]
    cues["priority"] = "high"
    cues["claim"] = "yes"
    cues["denials"] = {"fine": 3}
    cues["veto"] = "waited"
    cues["answer_patterns"] = ["(unclosed"]
    cues["proper_patterns"] = ["no value group"]
    cues["colour"] = "blue"
    with pytest.raises(OntologyError) as refused:  # loading refuses them: the app's load as the check command's
        parse_ontology(raw, lexicon=lexicon)
    problems = refused.value.problems
    fields = sorted(p.field.removeprefix("cues.") for p in problems)
    assert fields == sorted(["priority", "claim", "denials", "veto", "answer_patterns", "proper_patterns", "colour"]), (
        problems
    )
    assert all(p.concept == "ImmediateNeed.Rest" for p in problems)
    assert "colour" not in FIELDS


def test_a_term_that_folds_into_another_is_reported(museum_ontology) -> None:
    raw, lexicon = _copy(museum_ontology)
    lexicon["SpecialNeed.HearingImpairment"]["terms"]["very deaf"] = "profoundly deaf"
    lexicon["Mood.Current"]["triggers"].append("really")
    problems = check_cues(parse_ontology(raw, lexicon=lexicon))
    assert len(problems) == 2
    assert "'SpecialNeed.HearingImpairment', cues field 'terms': found 'very deaf'" in problems[0]
    assert "'Mood.Current', cues field 'triggers': found 'really'" in problems[1]


@pytest.mark.parametrize(
    ("phrase", "kind"),
    [("gluten-free", False), ("large print", False), ("wildflower meadow", True), ("deaf", False), ("o'keeffe", False)],
)
def test_a_term_compiled_when_its_first_word_is_seen_reads_as_its_regex(phrase: str, kind: bool) -> None:
    """A term's regex is compiled only when a text holds its first word: it must find what the regex finds."""
    term = term_pattern(phrase, kind)
    regex = re.compile((THE_ONE if kind else "") + phrase_regex(phrase))
    texts = [
        "we need gluten free food",
        "anything glutenfree?",
        "is it gluten-free",
        "large-print guide please",
        "a large  print map",
        "we love a wildflower meadow",
        "the wildflower meadow",
        "i am deaf",
        "deafening music",
        "o'keeffe please",
        "nothing here",
    ]
    for text in texts:
        assert bool(term.search(text)) == bool(regex.search(text)), text
        assert [m.span() for m in term.finditer(text)] == [m.span() for m in regex.finditer(text)], text
        assert term.sub(" ", text) == regex.sub(" ", text), text
    assert any(term.search(text) for text in texts)
