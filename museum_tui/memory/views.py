"""Read-only renderings of a store: the debug dump, the LLM context block, per-agent filtered views.

All views sort the same way (strongest first, ties by the order of last mention), so a block is stable
from turn to turn and prompt caches stay warm.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from museum_tui.language.party import member_phrase

from .facts import id_number, normalize, value_mentions
from .tiers import BUCKETS, PERSISTENCE_CLASSES, TIER

if TYPE_CHECKING:
    from .facts import Fact
    from .ontology import Ontology


class Remembered(Protocol):
    """What a view reads of a store (a `MemoryStore`, which renders itself through these functions)."""

    facts: dict[str, Fact]
    ontology: Ontology
    turn: int


EMPTY_BLOCK = "(nothing remembered about the visitor yet)"
FADING = 0.25  # a non-permanent fact under this salience is flagged as fading
_SEQ, _SALIENCE = attrgetter("seq"), attrgetter("salience")


def ordered(facts: Iterable[Fact]) -> list[Fact]:
    """Strongest first; equal salience keeps the most recently mentioned first."""
    # Two stable C-keyed sorts beat one sort on a Python tuple key by ~2x: this runs every turn on every fact.
    result = sorted(facts, key=_SEQ, reverse=True)
    result.sort(key=_SALIENCE, reverse=True)
    return result


def by_tier(facts: Iterable[Fact]) -> dict[str, list[Fact]]:
    """Every tier in fixed order (empty ones too), each ordered strongest first."""
    groups: dict[str, list[Fact]] = {cls: [] for cls in PERSISTENCE_CLASSES}
    for fact in facts:
        groups.setdefault(fact.persistence_class, []).append(fact)
    return {cls: ordered(group) for cls, group in groups.items()}


def select(
    store: Remembered, concept_prefixes: Sequence[str] | None = None, classes: Sequence[str] | None = None
) -> list[Fact]:
    """Facts whose concept starts with one of `concept_prefixes` and whose tier is in `classes`."""
    prefixes = tuple(concept_prefixes) if concept_prefixes else None
    wanted = set(classes) if classes else None
    return [
        f
        for f in store.facts.values()
        if (prefixes is None or f.concept.startswith(prefixes)) and (wanted is None or f.persistence_class in wanted)
    ]


def render_block(store: Remembered, facts: Iterable[Fact]) -> str:
    """Facts in the prompt's buckets (core constraints, active concerns, preferences and background), one
    line per concept (tier order, then values strongest first), for a system prompt."""
    lines: list[str] = []
    tiers = by_tier(facts)
    for bucket, heading in BUCKETS:
        group = [f for cls, group in tiers.items() if cls in TIER and TIER[cls].bucket == bucket for f in group]
        if not group:
            continue
        lines.append(f"{heading}:")
        per_concept: dict[str, list[str]] = {}
        for fact in group:
            fading = fact.salience < FADING and TIER[fact.persistence_class].prunable
            # a party member's need counts too: "(their son's)", "(Tom's)"
            whose = f" ({member_phrase(fact.about, 'their')}'s)" if fact.about != "self" else ""
            per_concept.setdefault(fact.concept, []).append(fact.value + whose + (" (fading)" if fading else ""))
        for concept_id, values in per_concept.items():
            concept = store.ontology.concepts.get(concept_id)
            name = concept.short_label if concept else concept_id
            guidance = f" — {concept.guidance}" if concept and concept.guidance else ""
            lines.append(f"- {name}: {'; '.join(values)}{guidance}")
    return "\n".join(lines) if lines else EMPTY_BLOCK


def context_block(store: Remembered) -> str:
    """Every surviving fact, grouped by tier."""
    return render_block(store, store.facts.values())


def filtered_block(
    store: Remembered, concept_prefixes: Sequence[str] | None = None, classes: Sequence[str] | None = None
) -> str:
    """One agent's slice of memory: only the concepts and tiers it subscribes to."""
    return render_block(store, select(store, concept_prefixes, classes))


def dump(store: Remembered) -> str:
    """The seed library's debug format: one line per fact with concept, salience, tier and evidence."""
    facts = sorted(store.facts.values(), key=lambda f: -f.salience)
    lines = [f"(turn {store.turn}) {len(facts)} fact(s):"]
    for f in facts:
        lines.append(
            f"  • [{f.concept}] {f.value}{'' if f.about == 'self' else f' (about: {f.about})'} "
            f'(sal={f.salience:.2f}, {f.persistence_class})  [from: "{f.evidence}"]'
        )
    return "\n".join(lines)


def find(memory: Remembered, target: str) -> list[Fact]:
    """Facts a visitor's words point at: `all`, an id (`f3`, `#3`, `3`), a concept ID or prefix, a
    concept label (or its short form), else a value. Case does not matter; order is by fact id."""
    query = normalize(target).lstrip("#")
    if not query:
        return []
    facts = sorted(memory.facts.values(), key=lambda f: (id_number(f.id) or 0, f.id))
    if query in ("all", "everything", "*"):
        return facts
    number = id_number(query)
    if number is not None:
        by_id = [f for f in facts if id_number(f.id) == number]
        if by_id:
            return by_id
    concepts = memory.ontology.concepts.values()
    named = {
        c.id
        for c in concepts
        if query in (c.id.lower(), normalize(c.label), normalize(c.short_label))
        or (query.endswith(".") and c.id.lower().startswith(query))
        or query == c.domain.lower()
    }
    if named:
        return [f for f in facts if f.concept in named]
    return [f for f in facts if value_mentions(f.value, query)]
