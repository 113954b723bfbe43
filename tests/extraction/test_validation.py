"""Validation: whatever an extractor says, nothing invalid reaches memory."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from museum_tui.extraction import LLMExtractor, check_cues, fact_schema, validate_facts
from museum_tui.memory import OntologyError, parse_ontology

from .scoring import DATA, load

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def assert_clean(facts, ontology, user: str) -> None:
    from museum_tui.extraction.validate import grounded

    for fact in facts:
        assert fact.concept in ontology.concepts
        assert fact.polarity in ("asserted", "negated")
        assert fact.value.strip() and not CONTROL.search(fact.value) and len(fact.value) <= 80
        assert not CONTROL.search(fact.evidence)
        assert grounded(fact.evidence.rstrip("…"), user, fact.value)


def test_corpus_of_bad_outputs(museum_ontology) -> None:
    for row in load("bad_extractor_outputs.jsonl"):
        result = validate_facts(row["raw"], museum_ontology, row["user"])
        got = [[f.concept, f.value] for f in result.facts]
        assert got == row["expect"], row["note"]
        assert_clean(result.facts, museum_ontology, row["user"])
        if not row["expect"]:
            assert result.rejected, f"{row['note']}: a drop must say why"


def _tolerant(raw: str):
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, TypeError):
        match = re.search(r"\{.*\}", raw or "", re.DOTALL)
        if not match:
            return raw
        try:
            return json.loads(match.group(0))
        except json.JSONDecodeError:
            return raw


def test_real_tiny_model_output_is_contained(museum_ontology) -> None:
    """Real output of SmolLM2-135M (see tests/data/smollm2_README.md), when that corpus is present."""
    path = DATA / "smollm2_outputs.jsonl"
    if not path.exists():
        pytest.skip("no smollm2_outputs.jsonl recorded")
    rows = load(path.name)
    assert rows
    kept = []
    for row in rows:
        result = validate_facts(_tolerant(row["raw"]), museum_ontology, row["user"])
        assert_clean(result.facts, museum_ontology, row["user"])
        kept += [(row["user"], f) for f in result.facts]
    assert not [(user, f) for user, f in kept if "<" in f.value or f.value.lower() in ("yes", "no")]
    assert len(kept) <= len(rows) // 50, f"a 135M model's guesses should almost never pass: {kept}"


json_values = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=True) | st.integers() | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
fact_like = st.fixed_dictionaries(
    {
        "concept": st.sampled_from(["SpecialNeed.Allergy", "ArtInterest.Medium", "Nope.Concept", "", "x" * 200])
        | st.text(max_size=20),
        "value": st.text(max_size=120) | json_values,
        "polarity": st.sampled_from(["asserted", "negated", "positive", ""]) | json_values,
        "evidence": st.text(max_size=60) | json_values,
    }
)


@settings(max_examples=300, deadline=None)
@given(
    raw=json_values | st.lists(fact_like, max_size=6).map(lambda facts: {"facts": facts}),
    user=st.text(max_size=80),
)
def test_validation_never_raises_and_only_keeps_clean_facts(raw, user: str, museum_ontology) -> None:
    result = validate_facts(raw, museum_ontology, user)
    assert_clean(result.facts, museum_ontology, user)


def test_schema_is_strict_and_closed(museum_ontology) -> None:
    schema = fact_schema(museum_ontology)
    item = schema["properties"]["facts"]["items"]
    assert item["properties"]["concept"]["enum"] == list(museum_ontology.concepts)
    assert item["additionalProperties"] is False and schema["additionalProperties"] is False
    assert set(item["required"]) == {"concept", "value", "polarity", "evidence", "about"}
    assert item["properties"]["about"] == {"type": "string"}


async def test_llm_extractor_validates_what_the_model_says(museum_ontology) -> None:
    seen: list[list[dict]] = []

    async def complete_json(messages: list[dict], schema: dict) -> dict:
        seen.append(messages)
        return {
            "facts": [
                {
                    "concept": "SpecialNeed.Allergy",
                    "value": "peanuts",
                    "polarity": "asserted",
                    "evidence": "allergic to peanuts",
                },
                {
                    "concept": "SpecialNeed.Allergy",
                    "value": "milk",
                    "polarity": "asserted",
                    "evidence": "Do you have allergies?",
                },
                {"concept": "Admin.Root", "value": "1", "polarity": "asserted", "evidence": "peanuts"},
            ]
        }

    extractor = LLMExtractor(museum_ontology, complete_json)
    result = await extractor.extract("I'm allergic to peanuts", "Do you have allergies?")
    assert [(f.concept, f.value) for f in result.facts] == [("SpecialNeed.Allergy", "peanuts")]
    assert len(result.rejected) == 2
    system, user = seen[0]
    assert "SpecialNeed.Allergy [need]" in system["content"] and "{catalog}" not in system["content"]
    assert "ArtInterest.Artist:" in system["content"] and '"about": "self"' in system["content"]
    assert user["content"].index("Assistant's previous message") < user["content"].index("Visitor's message")


async def test_llm_extractor_lets_call_errors_propagate(museum_ontology) -> None:
    async def failing(messages: list[dict], schema: dict) -> dict:
        raise TimeoutError("too slow")

    with pytest.raises(TimeoutError):
        await LLMExtractor(museum_ontology, failing).extract("hi")


def test_check_cues_names_concept_and_field(museum_ontology, tmp_path: Path) -> None:
    assert check_cues(museum_ontology) == []
    raw, lexicon = json.loads(json.dumps(museum_ontology.raw)), json.loads(json.dumps(museum_ontology.lexicon))
    lexicon["SpecialNeed.Allergy"]["patterns"].append("allergic to (?P<value>[a-z")
    lexicon["Mood.Current"]["negation"] = "sometimes"
    lexicon["Profile.Name"]["patterns"].append("no group here")
    with pytest.raises(OntologyError) as refused:  # structure: refused on load
        parse_ontology(raw, lexicon=lexicon)
    found = {(p.concept, p.field, p.found) for p in refused.value.problems}
    assert found == {
        ("Mood.Current", "cues.negation", "'sometimes'"),
        ("Profile.Name", "cues.patterns", "'no group here'"),
    }
    del lexicon["Mood.Current"]["negation"]
    lexicon["Profile.Name"]["patterns"].pop()
    problems = check_cues(parse_ontology(raw, lexicon=lexicon))  # what only compiling finds: the check command
    assert len(problems) == 1
    assert "'SpecialNeed.Allergy', cues field 'patterns'" in problems[0] and "valid regex" in problems[0]


def test_a_model_rambling_past_the_cap_keeps_only_the_first_facts(museum_ontology) -> None:
    """More than MAX_FACTS grounded facts in one message: the first MAX_FACTS stand, the rest are refused
    with a reason (a model listing every artist it knows is not the visitor speaking)."""
    from museum_tui.extraction.validate import MAX_FACTS

    names = [f"Painter{chr(65 + i)}" for i in range(MAX_FACTS + 5)]
    user = "I love " + ", ".join(names)
    raw = {"facts": [{"concept": "ArtInterest.Artist", "value": n, "evidence": n} for n in names]}
    result = validate_facts(raw, museum_ontology, user)
    assert [f.value for f in result.facts] == names[:MAX_FACTS]
    assert len(result.rejected) == 5 and all("more than" in r.reason for r in result.rejected)
