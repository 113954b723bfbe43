"""A liking said just after the thing it is about (extraction/carried.py): round 27's garden set had
"roses. love them." and "where are the orchids? I'm obsessed" with no interest read."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology


@pytest.fixture(scope="module")
def garden() -> RuleExtractor:
    return RuleExtractor(load_ontology(Path(__file__).parents[2] / "ontologies" / "garden.json"))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("roses. love them. which way?", {("Interest.Plant", "roses")}),
        ("thinking lunch soon-ish, but first where are the orchids? I'm obsessed", {("Interest.Plant", "orchids")}),
        ("CARNIVOROUS PLANTS!!! been obssessed since I was 8", {("Interest.Plant", "carnivorous plants")}),
        ("roses. hate them tbh", {("Interest.Dislike", "roses")}),
        # no liking of the visitor's, or nothing left for one
        ("where are the roses? my mum loves them", set()),
        ("the palm house. mostly just looking", set()),
        ("where are the orchids? not really into them", set()),
        ("I'm in the rose garden. love it", set()),  # being somewhere is no liking of it
    ],
)
def test_a_liking_after_the_thing_is_about_that_thing(garden: RuleExtractor, message: str, expected: set) -> None:
    facts = garden.extract(message)
    assert {(f.concept, f.value) for f in facts if f.concept.startswith("Interest.")} == expected
    assert all(f.polarity == "asserted" and f.about == "self" for f in facts)
