"""Ontology loading: every problem reported at once, each naming concept, field, found and allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from museum_tui.cli import main
from museum_tui.memory import OntologyError, load_ontology, parse_ontology

REQUIRED = {
    "permanent": [
        "SpecialNeed.HearingImpairment",
        "SpecialNeed.VisualImpairment",
        "SpecialNeed.MobilityImpairment",
        "SpecialNeed.SensorySensitivity",
        "SpecialNeed.Allergy",
        "SpecialNeed.DietaryRestriction",
        "Profile.Language",
    ],
    "long_term": [
        "Profile.Name",
        "ArtInterest.Medium",
        "ArtInterest.Style",
        "ArtInterest.Artist",
        "ArtInterest.Dislike",
    ],
    "session": ["VisitPlan.TimeBudget", "VisitPlan.Companions", "VisitPlan.Goal", "Position.CurrentArea"],
    "ephemeral": [
        "ImmediateNeed.Refreshment",
        "ImmediateNeed.Restroom",
        "ImmediateNeed.Rest",
        "Mood.Current",
    ],
}


def good_concept(**overrides: object) -> dict:
    spec = {
        "label": "A thing",
        "examples": ["x", "y"],
        "persistence_class": "session",
        "salience_weight": 0.5,
        "cardinality": 1,
        "eviction": "recency",
    }
    spec.update(overrides)
    return spec


def test_museum_ontology_declares_the_required_concepts_and_tiers(museum_ontology) -> None:
    for pclass, ids in REQUIRED.items():
        for cid in ids:
            concept = museum_ontology[cid]
            assert concept.persistence_class == pclass, cid
            assert 2 <= len(concept.examples) <= 4, cid
            assert concept.label and len(concept.label) < 200
    assert museum_ontology.warnings == ()


def test_allergies_and_diets_are_never_evicted(museum_ontology) -> None:
    for cid in ("SpecialNeed.Allergy", "SpecialNeed.DietaryRestriction"):
        assert museum_ontology[cid].cardinality is None


def test_all_errors_are_reported_at_once_with_concept_field_found_allowed() -> None:
    data = {
        "concepts": {
            "A.Bad": good_concept(persistence_class="forever", salience_weight=2),
            "B.Bad": good_concept(cardinality=0, eviction="random", label=""),
            "C.Good": good_concept(),
        }
    }
    with pytest.raises(OntologyError) as err:
        parse_ontology(data, "x.json")
    problems = {(p.concept, p.field): p for p in err.value.problems}
    assert set(problems) == {
        ("A.Bad", "persistence_class"),
        ("A.Bad", "salience_weight"),
        ("B.Bad", "cardinality"),
        ("B.Bad", "eviction"),
        ("B.Bad", "label"),
    }
    text = str(err.value)
    assert "x.json: 5 problem(s)" in text
    assert (
        "concept 'A.Bad', field 'persistence_class': found 'forever' (str); allowed: permanent | "
        "long_term | session | ephemeral" in text
    )
    assert "found 2 (int); allowed: a number in (0, 1]" in text
    assert 'allowed: a positive integer or "unlimited"' in text


def test_unknown_fields_warn_but_load() -> None:
    onto = parse_ontology({"concepts": {"A.B": good_concept(colour="blue")}, "author": "me"})
    assert {(w.concept, w.field) for w in onto.warnings} == {("A.B", "colour"), ("", "author")}


@pytest.mark.parametrize("bad", [None, [], "text", {"concepts": {}}, {"concepts": []}])
def test_structural_garbage_is_an_error_not_a_crash(bad: object) -> None:
    with pytest.raises(OntologyError):
        parse_ontology(bad)


def test_booleans_are_not_numbers() -> None:
    with pytest.raises(OntologyError) as err:
        parse_ontology({"concepts": {"A.B": good_concept(salience_weight=True, cardinality=True)}})
    assert {p.field for p in err.value.problems} == {"salience_weight", "cardinality"}


def test_load_reports_missing_file_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(OntologyError, match="no such file"):
        load_ontology(tmp_path / "nope.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"concepts": {', encoding="utf-8")
    with pytest.raises(OntologyError, match="invalid JSON at line 1"):
        load_ontology(broken)


def test_labels_give_short_names_and_guidance(museum_ontology) -> None:
    mobility = museum_ontology["SpecialNeed.MobilityImpairment"]
    assert mobility.short_label == "Mobility need"
    assert mobility.guidance == "give step-free routes and lifts"
    assert museum_ontology["Profile.Name"].guidance == ""


def test_ontology_check_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str], museum_ontology) -> None:
    assert main(["ontology", "check", str(museum_ontology.source)]) == 0
    assert "OK, 20 concepts" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"concepts": {"A.B": good_concept(eviction="lru", extra=1)}}), encoding="utf-8")
    assert main(["ontology", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "error: concept 'A.B', field 'eviction': found 'lru'" in err


def test_ontology_show_lists_what_can_be_remembered(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ontology", "show"]) == 0
    out = capsys.readouterr().out
    assert "SpecialNeed.Allergy: Allergy (any number" in out
    assert out.index("Permanent") < out.index("Long-term") < out.index("Session") < out.index("Ephemeral")


def test_an_ontology_loaded_again_is_the_one_kept_and_an_edited_one_is_read_afresh(tmp_path: Path) -> None:
    """Every session loads its ontology; validating one takes milliseconds, so the last few are kept, found
    by the files' own text: editing the ontology or its lexicon is seen at the next load."""
    shipped = Path(__file__).resolve().parents[2] / "ontologies"
    path = tmp_path / "venue.json"
    path.write_text((shipped / "museum.json").read_text(encoding="utf-8"), encoding="utf-8")
    lexicon = tmp_path / "venue.lexicon.json"
    lexicon.write_text((shipped / "museum.lexicon.json").read_text(encoding="utf-8"), encoding="utf-8")
    first = load_ontology(path)
    assert load_ontology(path) is first
    data = json.loads(path.read_text(encoding="utf-8"))
    data["description"] = "edited"
    path.write_text(json.dumps(data), encoding="utf-8")
    edited = load_ontology(path)
    assert edited is not first and edited.description == "edited"
    cues = json.loads(lexicon.read_text(encoding="utf-8"))
    del cues["concepts"]["SpecialNeed.Allergy"]
    lexicon.write_text(json.dumps(cues), encoding="utf-8")
    assert not load_ontology(path).concepts["SpecialNeed.Allergy"].cues, "the lexicon's edit is read too"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(OntologyError):
        load_ontology(path)
