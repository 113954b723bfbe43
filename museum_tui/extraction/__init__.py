"""Turning a visitor's words into validated, ontology-grounded facts: by rules (offline) or by an LLM.

Names are loaded on first use: the rule extractor's modules compile hundreds of regular expressions on
import, which neither an LLM-backed session nor the app's first screen needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from museum_tui.lazy_names import lazy_exports

if TYPE_CHECKING:
    from .base import FactSource
    from .builtin import BuiltinFactSource
    from .cues import check_cues
    from .floor import FlooredExtractor
    from .llm_extractor import LLMExtractor, fact_schema
    from .prompt import EXTRACTOR_SYSTEM, build_concept_catalog
    from .rules import RuleExtractor
    from .validate import ExtractedFact, ExtractionResult, Rejection, validate_facts

_EXPORTS = {
    "base": ("FactSource",),
    "builtin": ("BuiltinFactSource",),
    "cues": ("check_cues",),
    "floor": ("FlooredExtractor",),
    "llm_extractor": ("LLMExtractor", "fact_schema"),
    "prompt": ("EXTRACTOR_SYSTEM", "build_concept_catalog"),
    "rules": ("RuleExtractor",),
    "validate": ("ExtractedFact", "ExtractionResult", "Rejection", "validate_facts"),
}

__all__ = [
    "EXTRACTOR_SYSTEM",
    "BuiltinFactSource",
    "ExtractedFact",
    "ExtractionResult",
    "FactSource",
    "FlooredExtractor",
    "LLMExtractor",
    "Rejection",
    "RuleExtractor",
    "build_concept_catalog",
    "check_cues",
    "fact_schema",
    "validate_facts",
]

__getattr__ = lazy_exports(__name__, globals(), _EXPORTS)
