"""The rule extractors the word tests read with, built once per test process (compiling is cached per
ontology anyway: compiled.py), and the one shape they compare facts in."""

from __future__ import annotations

from pathlib import Path

import pytest

from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology

ROOT = Path(__file__).resolve().parents[2]

Fact = tuple[str, str, str, str]  # (concept, value, polarity, about)


@pytest.fixture(scope="session")
def museum_rules(museum_ontology) -> RuleExtractor:
    return RuleExtractor(museum_ontology)


@pytest.fixture(scope="session")
def garden_rules() -> RuleExtractor:
    return RuleExtractor(load_ontology(ROOT / "ontologies" / "garden.json"))


def facts_of(extractor: RuleExtractor, message: str, bot: str | None = None) -> set[Fact]:
    return {(f.concept, f.value, f.polarity, f.about) for f in extractor.extract(message, bot)}
