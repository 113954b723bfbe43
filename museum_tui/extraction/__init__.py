"""Turning a visitor's words into validated, ontology-grounded facts: by rules (offline) or by an LLM."""

from .base import ExtractionResult, Extractor
from .cues import check_cues
from .llm_extractor import LLMExtractor, fact_schema
from .prompt import EXTRACTOR_SYSTEM, build_concept_catalog
from .rules import RuleExtractor
from .validate import ExtractedFact, Rejection, ValidationResult, validate_facts

__all__ = [
    "EXTRACTOR_SYSTEM",
    "ExtractedFact",
    "ExtractionResult",
    "Extractor",
    "LLMExtractor",
    "Rejection",
    "RuleExtractor",
    "ValidationResult",
    "build_concept_catalog",
    "check_cues",
    "fact_schema",
    "validate_facts",
]
