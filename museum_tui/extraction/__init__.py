"""Turning a visitor's words into validated, ontology-grounded facts."""

from .prompt import EXTRACTOR_SYSTEM, build_concept_catalog

__all__ = ["EXTRACTOR_SYSTEM", "build_concept_catalog"]
