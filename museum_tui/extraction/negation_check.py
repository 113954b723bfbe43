"""A model's negation must name what it takes back.

A negation erases a fact, permanent ones included, so a model's `negated` fact is kept only when its
evidence names what it negates: its value (or a word of it), one of the concept's cue terms (a variant
such as "hard of hearing"), or a word of the concept's own label ("hearing", "allergy"). `negated: deaf`
with the evidence "my name is Bob" names nothing of it and is dropped. Words match on their first four
letters, so "allergic" names "allergy" and "peanut" names "peanuts".
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from museum_tui.memory import Ontology
from museum_tui.memory.facts import normalize

from .validate import ExtractedFact, ExtractionResult, Rejection

STEM = 4
_WORD = re.compile(r"\w+")
# Label words that name no particular thing.
_GENERIC = {"visitor", "visitors", "need", "needs", "other", "something", "current", "preference", "preferences"}


def _stems(text: str) -> set[str]:
    return {w[:STEM] for w in _WORD.findall(normalize(text)) if len(w) >= STEM and w not in _GENERIC}


def names_what_it_negates(fact: ExtractedFact, ontology: Ontology) -> bool:
    """True when the evidence of `fact` names its value, a cue term of its concept, or its label."""
    evidence = normalize(fact.evidence)
    value = normalize(fact.value)
    if value and value in evidence:
        return True
    concept = ontology.concepts[fact.concept]
    terms = concept.cues.get("terms") if isinstance(concept.cues, Mapping) else None
    if isinstance(terms, Mapping) and any(isinstance(t, str) and normalize(t) in evidence for t in terms):
        return True
    return bool(_stems(evidence) & (_stems(fact.value) | _stems(concept.short_label)))


def drop_unnamed_negations(result: ExtractionResult, ontology: Ontology) -> ExtractionResult:
    """`result` without the negations whose evidence does not name what they negate (each explained)."""
    kept = []
    for fact in result.facts:
        if fact.polarity == "negated" and not names_what_it_negates(fact, ontology):
            result.rejected.append(
                Rejection(fact, f"{fact.concept}: a negation whose evidence does not name {fact.value!r}")
            )
            continue
        kept.append(fact)
    result.facts = kept
    return result
