"""The lexicon beside the ontology: the shipped ontologies are the small contract again, their cues load
from NAME.lexicon.json, inline cues still load (deprecated), and a broken lexicon is refused by the app's
load and by `museum-tui ontology check` alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.extraction import RuleExtractor
from museum_tui.memory import OntologyError, load_ontology
from tests.cli_process import museum

ONTOLOGIES = Path(__file__).resolve().parents[2] / "ontologies"
DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize(
    "path", [ONTOLOGIES / "museum.json", ONTOLOGIES / "garden.json", DATA / "garden_ontology.json"]
)
def test_the_shipped_ontologies_are_the_contract_and_their_cues_are_beside_them(path: Path) -> None:
    assert all("cues" not in spec for spec in json.loads(path.read_text(encoding="utf-8"))["concepts"].values())
    assert path.stat().st_size < 10_000, "read one small JSON file to know what the system can remember"
    ontology = load_ontology(path)
    assert ontology.lexicon_source == path.with_name(path.stem + ".lexicon.json")
    assert ontology.lexicon and not ontology.warnings


def test_cues_inside_an_ontology_still_load_as_its_lexicon_with_a_note(museum_ontology, tmp_path: Path) -> None:
    old = json.loads(json.dumps(museum_ontology.raw))
    for cid, cues in museum_ontology.lexicon.items():
        old["concepts"][cid]["cues"] = cues
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    ontology = load_ontology(tmp_path / "old.json")
    assert ontology.lexicon == museum_ontology.lexicon and ontology.lexicon_source is None
    assert any("deprecated" in str(w) for w in ontology.warnings)
    message = "I'm deaf and my son has a nut allergy"
    assert RuleExtractor(ontology).extract(message) == RuleExtractor(museum_ontology).extract(message)


def _broken(tmp_path: Path) -> Path:
    """The museum with one cue pattern that captures nothing (no `value` group)."""
    (tmp_path / "venue.json").write_text((ONTOLOGIES / "museum.json").read_text(encoding="utf-8"), encoding="utf-8")
    lexicon = json.loads((ONTOLOGIES / "museum.lexicon.json").read_text(encoding="utf-8"))
    lexicon["concepts"]["Profile.Name"]["patterns"].append("my name is ([a-z]+)")
    (tmp_path / "venue.lexicon.json").write_text(json.dumps(lexicon), encoding="utf-8")
    return tmp_path / "venue.json"


def test_a_pattern_without_a_value_group_is_refused_on_load(tmp_path: Path) -> None:
    with pytest.raises(OntologyError) as refused:
        load_ontology(_broken(tmp_path))
    (problem,) = refused.value.problems
    assert (problem.concept, problem.field) == ("Profile.Name", "cues.patterns")
    assert "venue.lexicon.json" in str(refused.value)


def test_the_app_and_the_check_command_refuse_it_alike(tmp_path: Path) -> None:
    path = _broken(tmp_path)
    check = museum("ontology", "check", str(path))
    chat = museum("chat", "--offline", "--plain", "--ontology", str(path), stdin="hello\n")
    for result in (check, chat):
        assert result.returncode == 1, result.stdout + result.stderr
        assert "'Profile.Name', field 'cues.patterns'" in result.stderr and "(?P<value>" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_lexicon_for_a_concept_the_ontology_lacks_is_refused(tmp_path: Path) -> None:
    (tmp_path / "v.json").write_text(config.default_ontology_path().read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "v.lexicon.json").write_text(json.dumps({"concepts": {"Nope.X": {"terms": {"a": "b"}}}}), "utf-8")
    with pytest.raises(OntologyError) as refused:
        load_ontology(tmp_path / "v.json")
    assert [p.concept for p in refused.value.problems] == ["Nope.X"]


def test_the_check_says_where_each_concepts_cues_come_from(tmp_path: Path) -> None:
    """A venue author cannot see which concepts the lexicon covers, which borrow the shipped needs' cues and
    which are read from labels and examples alone; the check says so."""
    ontology = tmp_path / "v.json"
    ontology.write_text(config.default_ontology_path().read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "museum.venue.json").write_text(
        config.default_ontology_path().with_name("museum.venue.json").read_text(encoding="utf-8"), encoding="utf-8"
    )
    bare = museum("ontology", "check", str(ontology))
    assert bare.returncode == 0, bare.stderr
    line = bare.stdout.splitlines()[-1]
    assert "0 concept(s) from no lexicon file" in line
    assert "borrowed by meaning" in line and "SpecialNeed.HearingImpairment" in line.split("borrowed")[1]
    assert "ArtInterest.Medium" in line.split("labels and examples only")[1]
    lexicon = json.loads(config.default_ontology_path().with_name("museum.lexicon.json").read_text(encoding="utf-8"))
    lexicon["concepts"] = {"ArtInterest.Medium": lexicon["concepts"]["ArtInterest.Medium"]}
    (tmp_path / "v.lexicon.json").write_text(json.dumps(lexicon), encoding="utf-8")
    partial = museum("ontology", "check", str(ontology)).stdout.splitlines()[-1]
    assert "1 concept(s) from v.lexicon.json" in partial and "ArtInterest.Medium" not in partial
