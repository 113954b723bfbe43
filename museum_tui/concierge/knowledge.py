"""What the offline concierge knows for one turn: the agent's memory slice plus this turn's facts,
and the venue questions answered from it (which toilet, which café items are safe, which shows fit).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from museum_tui.memory import MemoryStore

from .agents import Agent
from .venue import Exhibition, MenuItem, Restroom, Venue


class FactLike(Protocol):
    concept: str
    value: str
    polarity: str


ALLERGENS = {
    "peanut": {"peanuts"},
    "nut": {"peanuts", "tree nuts"},
    "tree nut": {"tree nuts"},
    "almond": {"tree nuts"},
    "cashew": {"tree nuts"},
    "walnut": {"tree nuts"},
    "hazelnut": {"tree nuts"},
    "pistachio": {"tree nuts"},
    "milk": {"milk"},
    "dairy": {"milk"},
    "lactose": {"milk"},
    "egg": {"egg"},
    "gluten": {"gluten"},
    "wheat": {"gluten"},
    "coeliac": {"gluten"},
    "celiac": {"gluten"},
    "shellfish": {"crustaceans", "molluscs"},
    "prawn": {"crustaceans"},
    "shrimp": {"crustaceans"},
    "crab": {"crustaceans"},
    "fish": {"fish"},
    "soy": {"soya"},
    "soya": {"soya"},
    "sesame": {"sesame"},
    "mustard": {"mustard"},
    "celery": {"celery"},
    "sulphite": {"sulphites"},
    "lupin": {"lupin"},
    "oat": {"oats"},
}


@dataclass
class Known:
    """Facts visible to the answering agent this turn: concept → values, strongest first."""

    values: dict[str, list[str]] = field(default_factory=dict)
    said_now: set[tuple[str, str]] = field(default_factory=set)  # asserted in this very message
    retracted: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def build(cls, agent: Agent, store: MemoryStore, pending: Sequence[FactLike]) -> Known:
        known = cls()
        for fact in sorted(agent.memory(store), key=lambda f: (-f.salience, -f.seq)):
            known.values.setdefault(fact.concept, []).append(fact.value)
        for fact in pending:
            if not agent.subscribes(fact.concept):
                continue
            values = known.values.setdefault(fact.concept, [])
            if fact.polarity == "negated":
                values[:] = [v for v in values if v.lower() != fact.value.lower()]
                known.retracted.append((fact.concept, fact.value))
            elif fact.value.lower() not in (v.lower() for v in values):
                values.insert(0, fact.value)
                known.said_now.add((fact.concept, fact.value))
            else:
                known.said_now.add((fact.concept, fact.value))
        return known

    def get(self, concept: str) -> list[str]:
        return self.values.get(concept, [])

    def first(self, concept: str) -> str | None:
        values = self.get(concept)
        return values[0] if values else None

    def has(self, prefix: str) -> bool:
        return any(k.startswith(prefix) and v for k, v in self.values.items())

    def new(self, prefix: str) -> list[tuple[str, str]]:
        return sorted((c, v) for c, v in self.said_now if c.startswith(prefix))


def minutes_in(budget: str | None) -> int | None:
    """'1 hour' → 60, '1.5 hours' → 90, '45 minutes' → 45, 'all afternoon' → 240; None if unknown."""
    if not budget:
        return None
    text = budget.lower()
    m = re.search(r"(\d+(?:\.\d+)?)\s*(hour|hr|h\b|minute|min)", text)
    if m:
        amount = float(m.group(1))
        return round(amount * 60) if m.group(2).startswith("h") else round(amount)
    if "day" in text:
        return 420
    if any(w in text for w in ("afternoon", "morning", "evening", "plenty", "no rush", "no hurry")):
        return 240
    if any(w in text for w in ("hurry", "rush", "quick", "short", "not long", "pressed")):
        return 45
    return None


def floor_of(venue: Venue, place: str | None) -> int | None:
    """The floor a described place is on ('second floor', 'gallery 3', 'café'), if it can be told."""
    if not place:
        return None
    text = place.lower()
    ordinals = {
        "lower ground": -1,
        "basement": -1,
        "garden": -1,
        "ground": 0,
        "first": 1,
        "1st": 1,
        "second": 2,
        "2nd": 2,
        "third": 3,
        "3rd": 3,
        "top": max(venue.floors, default=0),
    }
    for word, level in ordinals.items():
        if word in text:
            return level
    for gallery in venue.galleries.values():
        if gallery.name.lower() in text or re.search(rf"\b{re.escape(gallery.id.lower())}\b", text):
            return gallery.floor
    m = re.search(r"(?:floor|level)\s*(-?\d)", text)
    if m:
        return int(m.group(1))
    for cafe in venue.cafes:
        if cafe.name.lower() in text:
            return cafe.floor
    if any(
        w in text
        for w in (
            "hall",
            "foyer",
            "lobby",
            "entrance",
            "café",
            "cafe",
            "shop",
            "reception",
            "cloakroom",
            "information",
        )
    ):
        return 0
    return None


def needs_step_free(known: Known) -> bool:
    return known.has("SpecialNeed.MobilityImpairment")


def pick_restroom(venue: Venue, known: Known, floor: int | None, baby: bool) -> Restroom:
    """The toilet to send someone to: on their floor if it suits them, else the nearest that does."""

    def suits(r: Restroom) -> bool:
        return (not needs_step_free(known) or r.accessible) and (not baby or r.baby_changing)

    here = 0 if floor is None else floor
    candidates = [r for r in venue.restrooms if suits(r)] or list(venue.restrooms)
    return min(candidates, key=lambda r: (abs(r.floor - here), r.floor))


def avoid_allergens(known: Known) -> dict[str, str]:
    """Allergen keys to avoid → the visitor's own word for it."""
    out: dict[str, str] = {}
    for value in known.get("SpecialNeed.Allergy"):
        low = value.lower()
        word = next((w for w in sorted(ALLERGENS, key=len, reverse=True) if w in low), None)
        for key in ALLERGENS.get(word, {low}) if word else {low}:
            out.setdefault(key, value)
    for value in known.get("SpecialNeed.DietaryRestriction"):
        low = value.lower()
        if "gluten" in low or "coeliac" in low:
            out.setdefault("gluten", value)
        if "lactose" in low or "dairy" in low:
            out.setdefault("milk", value)
    return out


def diet_ok(item: MenuItem, diets: list[str]) -> str | None:
    """None if the item suits every diet, else the first diet it breaks."""
    for diet in diets:
        low = diet.lower()
        for tag in ("vegan", "vegetarian", "halal", "kosher"):
            if tag in low:
                wanted = {"vegetarian": {"vegetarian", "vegan"}}.get(tag, {tag})
                if not wanted & set(item.diet):
                    return diet
    return None


def score_exhibition(e: Exhibition, known: Known) -> float:
    """How well a show matches the visitor's interests (0: not at all); dislikes make it negative."""
    text = " ".join([*e.media, *e.styles, *e.artists, e.title, e.description]).lower()
    score = 0.0
    for concept, weight in (
        ("ArtInterest.Artist", 3.0),
        ("ArtInterest.Medium", 2.0),
        ("ArtInterest.Style", 1.5),
    ):
        for value in known.get(concept):
            if _mentions(text, value):
                score += weight
    for value in known.get("ArtInterest.Dislike"):
        if _mentions(text, value):
            score -= 5.0
    return score


def _mentions(text: str, value: str) -> bool:
    words = [w for w in re.findall(r"[a-z0-9-]+", value.lower()) if len(w) > 2 and w not in ("art", "the")]
    stems = [w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words]
    return bool(stems) and all(re.search(rf"\b{re.escape(s)}", text) for s in stems)


def sensory_clash(e: Exhibition, known: Known) -> str | None:
    for value in known.get("SpecialNeed.SensorySensitivity"):
        low = value.lower()
        if e.flashing and ("flash" in low or "epilep" in low or "light" in low):
            return "it has flashing lights"
        if e.loud and ("noise" in low or "loud" in low or "sound" in low or "autis" in low):
            return "it is loud"
    return None


def plan(
    venue: Venue, known: Known, budget: int | None, exclude: set[Exhibition] | frozenset = frozenset()
) -> tuple[list[Exhibition], list[tuple[Exhibition, str]]]:
    """Shows to suggest (best first, fitting the time if known) and shows skipped for a sensory reason.
    With `exclude` (the visitor asked for something else), interest no longer narrows the choice."""
    ranked = sorted(
        (e for e in venue.exhibitions if e not in exclude),
        key=lambda e: (-score_exhibition(e, known), e.minutes, e.title),
    )
    interested = not exclude and any(
        known.get(c) for c in ("ArtInterest.Medium", "ArtInterest.Style", "ArtInterest.Artist")
    )
    chosen, skipped, used = [], [], 0
    for e in ranked:
        s = score_exhibition(e, known)
        if s < 0 or (interested and s == 0 and chosen):
            continue
        clash = sensory_clash(e, known)
        if clash:
            skipped.append((e, clash))
            continue
        if budget is not None and used + e.minutes > budget:
            continue
        chosen.append(e)
        used += e.minutes
        if len(chosen) == 3 or (budget is None and len(chosen) == 2 and interested):
            break
    return chosen, skipped
