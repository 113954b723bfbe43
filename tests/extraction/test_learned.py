"""The learned reader (extraction/learned.py): words no cue lists, read by a model trained on labelled
visitors' messages, and kept only where the rules' grammar says the visitor (or a member) asserts them
(extraction/learned_pass.py). The messages here are in no labelled set the models were trained on."""

from __future__ import annotations

import logging
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor, learned
from museum_tui.extraction.borrowed import SHARED, shared_meanings
from museum_tui.extraction.compiled import compiled_for
from museum_tui.extraction.learned import Proposal, Reader
from museum_tui.extraction.learned_pass import learned_hits
from museum_tui.language.clauses import split_clauses
from museum_tui.language.vectors import StaticVectors
from museum_tui.memory import load_ontology

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def museum():
    return load_ontology(ROOT / "ontologies" / "museum.json")


def read(ontology, message: str, bot: str | None = None, learned_reader: bool = True) -> set[tuple[str, str, str, str]]:
    extractor = RuleExtractor(ontology, learned=learned_reader)
    return {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message, bot)}


@pytest.mark.parametrize(
    ("venue", "message", "fact"),
    [
        ("museum", "sesame knocks me for six", ("SpecialNeed.Allergy", "sesame", "asserted", "self")),
        ("museum", "mustard wrecks me", ("SpecialNeed.Allergy", "mustard", "asserted", "self")),
        ("museum", "kiwi turns me into a tomato", ("SpecialNeed.Allergy", "kiwi", "asserted", "self")),
        ("museum", "I go all wheezy around sesame", ("SpecialNeed.Allergy", "sesame", "asserted", "self")),
        ("museum", "my son goes all wheezy around sesame", ("SpecialNeed.Allergy", "sesame", "asserted", "son")),
        ("garden", "I'm all about the orchids", ("Interest.Plant", "orchids", "asserted", "self")),
    ],
)
def test_words_no_cue_lists_are_read_by_the_trained_model(venue, message, fact):
    """Messages the rules miss and the shipped models read. A retrained model may read another set of
    them (these were chosen with the models of round 35; round 34's read "pistachios turn me into a balloon",
    "I'm a sucker for magnolias" and "pollen wrecks me", round 35's do not); how far it generalises is measured by leaving
    sets out of its training (docs/development.md), not here."""
    ontology = load_ontology(ROOT / "ontologies" / f"{venue}.json")
    assert fact in read(ontology, message)
    assert fact not in read(ontology, message, learned_reader=False)  # the rules alone miss it


@pytest.mark.parametrize(
    "message",
    [
        "my date goes all wheezy around sesame",  # a need of someone the rules do not know is of the party
        "I don't go wheezy around sesame",  # negated
        "does sesame send people to hospital?",  # a question
        "It's Rosa, not Gwendolyn",  # a correction: the rules' to read
        "I had a sesame bagel for breakfast",  # the word alone is no allergy
    ],
)
def test_the_rules_grammar_keeps_what_the_model_reads_only_where_it_is_asserted(museum, message):
    assert read(museum, message) == read(museum, message, learned_reader=False)


def test_an_answer_to_the_assistants_question_is_read_by_the_rules(museum):
    assert read(museum, "It's Ngozi.", "Which gallery are you in?") == set()
    assert ("Profile.Name", "Ngozi", "asserted", "self") in read(museum, "It's Ngozi.")


@dataclass
class Said:
    """A stand-in model that reads one word as one concept, to check the pass's grammar alone."""

    word: str
    concept: str

    def read(self, text: str, question: bool) -> list[Proposal]:
        at = text.find(self.word)
        return [] if at < 0 else [Proposal(self.concept, at, at + len(self.word), self.word, 0.99)]


@pytest.mark.parametrize(
    ("message", "word", "concept", "kept"),
    [
        ("shellfish sends me reeling", "shellfish", "SpecialNeed.Allergy", True),
        ("if shellfish sent me reeling", "shellfish", "SpecialNeed.Allergy", False),  # after "if"
        ("can I eat shellfish here?", "shellfish", "SpecialNeed.Allergy", False),  # a question
        ("It's shellfish, not eggs", "shellfish", "SpecialNeed.Allergy", False),  # a correction
        ("I'm not bothered by shellfish", "shellfish", "SpecialNeed.Allergy", False),  # negated
        ("I think my date is wheezy with shellfish", "shellfish", "SpecialNeed.Allergy", False),  # someone else's
        (
            "we're 7 altogether, Priya's halal and me and Sam are vegan",
            "halal",
            "SpecialNeed.DietaryRestriction",
            False,
        ),
        ("wheezy with shellfish, me", "shellfish", "SpecialNeed.Allergy", True),
        ("we brought gore along", "gore", "VisitPlan.Companions", False),  # who came along is presence.py's
        ("my son loves sculpture", "sculpture", "ArtInterest.Medium", False),  # a member's liking: not recorded
        ("my son is wheezy with shellfish", "shellfish", "SpecialNeed.Allergy", True),  # a member's need
    ],
)
def test_the_pass_keeps_a_proposal_only_where_the_clause_asserts_it(museum, message, word, concept, kept):
    compiled = compiled_for(museum)
    cues = {c.concept: c for c in compiled.cues}
    clauses = split_clauses(message, compiled.speller, compiled.speller.knows)
    hits = learned_hits(Said(word, concept), clauses, {}, [], cues, compiled.term_owner)
    assert bool(hits) == kept, hits


def test_no_candidate_value_spans_a_mark():
    text = "an hour, hour and a half"
    found = learned.tokens(text)
    said = {text[found[i][1] : found[j - 1][2]] for i, j in learned.spans(text, found)}
    assert "hour" in said and "hour and a half" in said
    assert not any("," in s for s in said)


def test_the_pass_reads_only_concepts_the_rules_found_nothing_for_in_the_clause(museum):
    """The rules' reading of a clause stands; another clause may say a second value of a concept that takes
    several, never of one that takes one (the message's rules' value stands)."""
    compiled = compiled_for(museum)
    cues = {c.concept: c for c in compiled.cues}
    (clause,) = split_clauses("shellfish sends me reeling")
    extractor = RuleExtractor(museum, learned=False)
    extractor.warm_up()
    rules = extractor._hits("I'm allergic to eggs", None)
    shellfish = Said("shellfish", "SpecialNeed.Allergy")
    assert learned_hits(shellfish, [clause], {}, rules, cues, {})  # another clause's allergy: a second one
    assert not learned_hits(shellfish, [clause], {id(clause): rules}, rules, cues, {})  # this clause's
    assert not learned_hits(shellfish, [clause], {}, rules, cues, {}, {"SpecialNeed.Allergy"})  # one value
    both = read(museum, "I'm allergic to eggs, and shellfish sends me reeling")
    assert {("SpecialNeed.Allergy", v, "asserted", "self") for v in ("eggs", "shellfish")} <= both
    assert read(museum, "I'm allergic to eggs, and shellfish sends me reeling", learned_reader=False) == {
        ("SpecialNeed.Allergy", "eggs", "asserted", "self")
    }


def test_a_value_said_again_in_another_form_is_not_a_second_value():
    garden = load_ontology(ROOT / "ontologies" / "garden.json")
    said = read(garden, "Konnichiwa. I am from Japan. My english is little. Japanese please if can?")
    assert {v for c, v, _, _ in said if c == "Visitor.Language"} == {"Japanese"}
    assert ("Interest.Plant", "moss", "asserted", "self") in read(garden, "we love ferns. and mosses make us happy")


def test_another_venues_ontology_reads_with_the_shared_model_in_its_own_concepts():
    """The castle (written from docs/ alone, its own concept ids) has no model of its own: the shared one
    reads for it, each shared concept as the castle's concept that means it."""
    castle = load_ontology(ROOT / "tests" / "data" / "blind" / "castle.json")
    extractor = RuleExtractor(castle)
    extractor.warm_up()
    assert extractor.reader is not None and extractor.reader.name == "shared"
    assert {"Food.Allergy", "Access.Sensory"} <= set(extractor.reader.concepts)
    assert ("Food.Allergy", "sesame", "asserted", "son") in read(castle, "my son goes all wheezy around sesame")
    assert ("Access.Sensory", "crowds", "asserted", "self") in read(castle, "crowds make me panicky")
    assert read(castle, "crowds make me panicky", learned_reader=False) == set()


def test_an_ontology_that_means_none_of_the_shared_concepts_reads_with_the_rules_alone(tmp_path):
    (tmp_path / "stars.json").write_text(
        '{"version": "1", "concepts": {"Sky.Constellation": {"label": "A constellation the visitor wants to '
        'find (Orion, Cassiopeia)", "examples": ["where is Orion?"], "persistence_class": "session", '
        '"salience_weight": 0.5, "cardinality": 1, "eviction": "recency"}}}',
        encoding="utf-8",
    )
    extractor = RuleExtractor(load_ontology(tmp_path / "stars.json"))
    extractor.warm_up()
    assert extractor.reader is None
    museum = RuleExtractor(load_ontology(ROOT / "ontologies" / "museum.json"))
    museum.warm_up()
    assert museum.reader is not None and museum.reader.name == "museum"


def test_a_damaged_model_leaves_the_rules_reading_and_says_why(tmp_path, monkeypatch, museum, caplog):
    (tmp_path / "reader-museum.npz").write_bytes(b"not a model")
    monkeypatch.setattr(learned, "DATA", tmp_path)
    monkeypatch.setattr(learned, "_READERS", None)
    with caplog.at_level(logging.WARNING, logger="museum_tui.extraction.learned"):
        assert learned.reader_for(museum) is None
    assert "learned reader is not available" in caplog.text
    monkeypatch.setattr(learned, "_READERS", None)
    assert ("SpecialNeed.Allergy", "eggs", "asserted", "self") in read(museum, "I'm allergic to eggs")


@pytest.mark.parametrize(("kind", "keep", "venue"), [("museum", "museum12", "museum"), ("shared", "castle", "castle")])
def test_the_training_tool_writes_a_model_the_extractor_loads(tmp_path, kind, keep, venue):
    """tools/train_reader.py, on one labelled set: a model that loads, fits its ontology and reads; the
    shared model learns another venue's set in the shared concepts' names."""
    blind = ROOT / "tests" / "data" / "blind"
    others = [p.name.split("_")[0] for p in blind.glob("*_extraction.jsonl") if p.name.split("_")[0] != keep]
    tool = [sys.executable, str(ROOT / "tools" / "train_reader.py"), kind, "--epochs", "2", "--out", str(tmp_path)]
    done = subprocess.run(
        [*tool, "--leave-out", ",".join(others)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("1 sets,") and " 0 marked" not in done.stderr
    model = Reader.load(tmp_path / f"reader-{kind}.npz")
    assert model.dense.shape == (3 * learned.DIM, len(model.concepts))
    ontology = load_ontology(ROOT / "ontologies" / "museum.json")
    assert model.fits(set(ontology.concepts))
    if kind == "shared":
        assert model.concepts[1:] == list(SHARED)
        castle = load_ontology(blind / "castle.json")
        assert model.reading_with(None, shared_meanings(castle, StaticVectors.load())).fits(set(castle.concepts) | {""})
