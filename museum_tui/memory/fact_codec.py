"""Facts to and from the TOML tables of a memory file, refusing anything malformed."""

from __future__ import annotations

import math
from typing import Any

from .facts import Fact, Mention


def fact_to_toml(fact: Fact) -> dict[str, Any]:
    """A fact as a TOML table. Fields that say nothing (the sole first mention, an empty source) are left
    out: the file stays readable and, with a pure-Python TOML writer, every key costs save time."""
    table: dict[str, Any] = {
        "id": fact.id,
        "concept": fact.concept,
        "value": fact.value,
        "evidence": fact.evidence,
        "persistence_class": fact.persistence_class,
        "salience": round(fact.salience, 6),
        "created_turn": fact.created_turn,
        "created_at": fact.created_at,
    }
    if fact.mentions != 1:
        table["mentions"] = fact.mentions
    if fact.last_seen_turn != fact.created_turn:
        table["last_seen_turn"] = fact.last_seen_turn
    if fact.last_seen_at != fact.created_at:
        table["last_seen_at"] = fact.last_seen_at
    if fact.source:
        table["source"] = fact.source
    if fact.history != [Mention(fact.created_turn, fact.value, fact.evidence)]:
        table["history"] = [
            {"turn": m.turn, "value": m.value, "evidence": m.evidence, "kind": m.kind} for m in fact.history
        ]
    return table


class InvalidEntry(ValueError):
    pass


def fact_from_toml(entry: Any) -> Fact:
    """Rebuild a fact from its TOML table, refusing anything malformed (the caller keeps the file)."""
    if not isinstance(entry, dict):
        raise InvalidEntry("an entry is not a table")

    def text(name: str, *, required: bool = True) -> str:
        value = entry.get(name, "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise InvalidEntry(f"{name!r} is missing or not text")
        return value

    def integer(name: str, default: int | None = None) -> int:
        value = entry.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidEntry(f"{name!r} is not a whole number ≥ 0")
        return value

    salience = entry.get("salience")
    if (
        isinstance(salience, bool)
        or not isinstance(salience, int | float)
        or not math.isfinite(salience)
        or salience <= 0
    ):
        raise InvalidEntry("'salience' is not a positive number")
    history_raw = entry.get("history")
    if history_raw is None:
        history_raw = [
            {
                "turn": entry.get("created_turn", 0),
                "value": entry.get("value", ""),
                "evidence": entry.get("evidence", ""),
            }
        ]
    if not isinstance(history_raw, list):
        raise InvalidEntry("'history' is not a list")
    history = []
    for item in history_raw:
        if not isinstance(item, dict) or item.get("kind", "said") not in ("said", "replaced"):
            raise InvalidEntry("a history entry is malformed")
        turn, value, evidence = item.get("turn", 0), item.get("value", ""), item.get("evidence", "")
        if (
            isinstance(turn, bool)
            or not isinstance(turn, int)
            or not isinstance(value, str)
            or not isinstance(evidence, str)
        ):
            raise InvalidEntry("a history entry is malformed")
        history.append(Mention(turn, value, evidence, item.get("kind", "said")))
    polarity = entry.get("polarity", "asserted")
    if polarity != "asserted":
        raise InvalidEntry("'polarity' is not 'asserted'")
    return Fact(
        id=text("id"),
        concept=text("concept"),
        value=text("value"),
        polarity="asserted",
        evidence=text("evidence", required=False),
        persistence_class=text("persistence_class", required=False) or "long_term",
        salience=min(1.0, float(salience)),
        created_turn=integer("created_turn", 0),
        last_seen_turn=integer("last_seen_turn", entry.get("created_turn", 0)),
        mentions=max(1, integer("mentions", 1)),
        source=text("source", required=False),
        created_at=text("created_at", required=False),
        last_seen_at=text("last_seen_at", required=False) or text("created_at", required=False),
        history=history,
    )
