"""merge(): the model's valid facts first; the rules' only for what the model said nothing valid about."""

from __future__ import annotations

from museum_tui.extraction.floor import merge
from museum_tui.extraction.validate import ExtractedFact, ExtractionResult, Rejection

MESSAGE = "my son is allergic to peanuts and I'm deaf"


def test_the_rules_fill_only_the_concepts_and_people_the_model_missed(museum_ontology) -> None:
    model = ExtractionResult([ExtractedFact("SpecialNeed.Allergy", "peanut", "asserted", "allergic to peanuts")])
    rules = ExtractionResult(
        [
            ExtractedFact("SpecialNeed.Allergy", "peanuts", "asserted", "my son is allergic to peanuts", "son"),
            ExtractedFact("SpecialNeed.Allergy", "peanuts", "asserted", "allergic to peanuts"),
            ExtractedFact("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf"),
        ]
    )
    merged = merge(model, rules, museum_ontology, MESSAGE)
    assert [(f.value, f.about) for f in merged.facts] == [("peanut", "self"), ("peanuts", "son"), ("deaf", "self")]
    assert merged.model_rejected is False and merged.floor_facts == 2


def test_a_refused_reading_is_flagged_and_the_floor_stands(museum_ontology) -> None:
    model = ExtractionResult([], [Rejection({"concept": "X"}, "concept 'X' is not in the ontology")])
    rules = ExtractionResult([ExtractedFact("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")])
    merged = merge(model, rules, museum_ontology, MESSAGE)
    assert [f.value for f in merged.facts] == ["deaf"] and merged.model_rejected is True
    assert merge(ExtractionResult(), rules, museum_ontology, MESSAGE).model_rejected is False, "an empty list is honest"
