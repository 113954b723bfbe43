"""Extraction by an LLM: the prompt, a strict JSON schema, and the same validation as every extractor.

The model call is injected (`complete_json(messages, schema)`), so this module needs no HTTP and tests can
pass a plain async function. Exceptions from the call propagate: the Session decides what a failed
extraction means (a notice, never a failed turn).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from museum_tui.memory import Ontology

from .negation_check import drop_unnamed_negations
from .prompt import EXTRACTOR_SYSTEM, build_concept_catalog
from .validate import ExtractionResult, validate_facts

CompleteJSON = Callable[[list[dict[str, str]], dict[str, Any]], Awaitable[Any]]


def fact_schema(ontology: Ontology) -> dict[str, Any]:
    """JSON schema for `{"facts": [...]}`, strict-mode compatible: the concept is an enum of the ontology."""
    fact = {
        "type": "object",
        "properties": {
            "concept": {"type": "string", "enum": list(ontology.concepts)},
            "value": {"type": "string"},
            "polarity": {"type": "string", "enum": ["asserted", "negated"]},
            "evidence": {"type": "string"},
            # whose: "self", or a party member in the visitor's word ("son"); validation checks the evidence
            "about": {"type": "string"},
        },
        "required": ["concept", "value", "polarity", "evidence", "about"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {"facts": {"type": "array", "items": fact}},
        "required": ["facts"],
        "additionalProperties": False,
    }


def extractor_messages(ontology: Ontology, user_msg: str, bot_msg: str | None) -> list[dict[str, str]]:
    """The system prompt with the catalog, and the turn with each speaker clearly labelled."""
    system = EXTRACTOR_SYSTEM.format(catalog=build_concept_catalog(ontology))
    parts = []
    if bot_msg:
        parts.append(f'Assistant\'s previous message (context only, not facts):\n"""\n{bot_msg}\n"""')
    parts.append(f'Visitor\'s message (extract facts about the visitor from this):\n"""\n{user_msg}\n"""')
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n\n".join(parts)}]


class LLMExtractor:
    """A `FactSource` backed by a model. Errors of the model call (`LLMError`) pass through unchanged."""

    def __init__(self, ontology: Ontology, complete_json: CompleteJSON, name: str = "llm") -> None:
        self.ontology = ontology
        self.complete_json = complete_json
        self.name = name
        self.schema = fact_schema(ontology)

    async def extract(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult:
        raw = await self.complete_json(extractor_messages(self.ontology, user_msg, bot_msg), self.schema)
        checked = drop_unnamed_negations(validate_facts(raw, self.ontology, user_msg), self.ontology)
        checked.raw = raw
        return checked

    async def warm_up(self) -> None:
        """Nothing to prepare: the model is on the other side of the connection."""
