"""A statement that is nothing but things a liking concept names says the visitor likes them ("ferns and
mosses", "saturn!! and black holes"), in any venue whose lexicon has such a concept; not a question, not a
need, not what is refused or someone else's liking (round 30's sets, after their first scores)."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory.ontology import load_ontology

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def venues() -> dict[str, RuleExtractor]:
    paths = {
        "garden": ROOT / "ontologies" / "garden.json",
        "museum": ROOT / "ontologies" / "museum.json",
        "planetarium": ROOT / "tests" / "data" / "blind" / "planetarium.json",
    }
    return {name: RuleExtractor(load_ontology(path)) for name, path in paths.items()}


@pytest.mark.parametrize(
    ("venue", "message", "expected"),
    [
        ("garden", "ferns and mosses", {("Interest.Plant", "ferns"), ("Interest.Plant", "moss")}),
        ("garden", "Bonsai. That's why I came.", {("Interest.Plant", "bonsai")}),
        (
            "museum",
            "warhol and lichtenstein, pop art all the way 🎨",
            {
                ("ArtInterest.Style", "pop art"),
                ("ArtInterest.Artist", "Andy Warhol"),
                ("ArtInterest.Artist", "Roy Lichtenstein"),
            },
        ),
        # a venue written from docs/ alone, whose lexicon never heard of this rule
        ("planetarium", "saturn!! and black holes", {("Cosmos.Topic", "saturn"), ("Cosmos.Topic", "black holes")}),
        # asked, refused, someone else's, a need, or the particular works (a goal): no liking
        ("garden", "roses?", set()),
        ("garden", "my son loves roses", set()),
        ("museum", "Anything but pop art please, I find it so shallow", set()),
        ("garden", "not being funny but I can't stand wasps. or bees tbh", set()),
        ("museum", "the Hepworth bronzes, my uni tutor says they're a must", set()),
        ("garden", "peanuts", set()),
    ],
)
def test_a_bare_list_of_things_liked(venues, venue, message, expected):
    got = {(f.concept, f.value) for f in venues[venue].extract(message) if f.polarity == "asserted"}
    likes = ("Interest.Plant", "Interest.Landscape", "ArtInterest.", "Cosmos.Topic", "Food.Allergy")
    assert {g for g in got if g[0].startswith(likes)} == expected


def test_a_sensitive_concept_is_never_read_from_a_bare_list(tmp_path: Path) -> None:
    """Even when its author gave it a trigger of liking ("love" for a diet), a need is no thing liked: a list
    holding one is no bare list of likes (the diet is read as itself)."""
    import json

    (tmp_path / "g.json").write_text((ROOT / "ontologies" / "garden.json").read_text(encoding="utf-8"))
    lexicon = json.loads((ROOT / "ontologies" / "garden.lexicon.json").read_text(encoding="utf-8"))
    lexicon["concepts"]["Food.Diet"]["triggers"].append("love")
    (tmp_path / "g.lexicon.json").write_text(json.dumps(lexicon), encoding="utf-8")
    facts = RuleExtractor(load_ontology(tmp_path / "g.json"), learned=False).extract("vegan and roses")
    assert {(f.concept, f.value) for f in facts} == {("Food.Diet", "vegan")}
    # the learned reader (extraction/learned.py) reads "roses" as a plant; the diet is still only "vegan"
    facts = RuleExtractor(load_ontology(tmp_path / "g.json")).extract("vegan and roses")
    assert {f.value for f in facts if f.concept == "Food.Diet"} == {"vegan"}


@pytest.mark.parametrize(
    ("venue", "message", "expected"),
    [
        ("garden", "Ancient woodland is my happy place", {("Interest.Landscape", "woodland")}),
        ("garden", "Orchids are my weakness — is the festival still on?", {("Interest.Plant", "orchids")}),
        ("museum", "rothko is literaly why i got the bus in this weather", {("ArtInterest.Artist", "Mark Rothko")}),
        ("garden", "roses are not my thing", {("Interest.Dislike", "roses")}),  # refused: no liking
        # round 32: who one is says what one likes ("an impressionism girl", "a succulent nerd")
        ("museum", "I'm an impressionism girl really", {("ArtInterest.Style", "impressionism")}),
        ("garden", "i'm a massive succulent nerd", {("Interest.Plant", "succulents")}),
        ("museum", "not really a sculpture person", set()),
    ],
)
def test_frames_of_liking_no_lexicon_lists(venues, venue, message, expected):
    got = {(f.concept, f.value) for f in venues[venue].extract(message) if f.polarity == "asserted"}
    assert {g for g in got if g[0].startswith(("Interest.", "ArtInterest."))} == expected
