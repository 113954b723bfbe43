"""Turning a visitor's words into validated, ontology-grounded facts: by rules (offline) or by an LLM.

Names are loaded on first use: the rule extractor's modules compile hundreds of regular expressions on
import, which neither an LLM-backed session nor the app's first screen needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import FactSource
    from .builtin import BuiltinFactSource
    from .cues import check_cues
    from .floor import FlooredExtractor
    from .llm_extractor import LLMExtractor, fact_schema
    from .prompt import EXTRACTOR_SYSTEM, build_concept_catalog
    from .rules import RuleExtractor
    from .validate import ExtractedFact, ExtractionResult, Rejection, validate_facts

_HOMES = {
    "BuiltinFactSource": "builtin",
    "FlooredExtractor": "floor",
    "ExtractionResult": "validate",
    "FactSource": "base",
    "check_cues": "cues",
    "LLMExtractor": "llm_extractor",
    "fact_schema": "llm_extractor",
    "EXTRACTOR_SYSTEM": "prompt",
    "build_concept_catalog": "prompt",
    "RuleExtractor": "rules",
    "ExtractedFact": "validate",
    "Rejection": "validate",
    "validate_facts": "validate",
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


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value
