"""Facts to and from plain data (str, int, float, lists and dicts of them), refusing anything malformed.

Format-neutral: the memory files write these records as TOML tables, PostgreSQL as JSON (`jsonb`). Fields
that say nothing (the sole first mention, an empty source) are left out, so a record stays small either way.
"""

from __future__ import annotations

import math
from typing import Any

from .facts import SELF, Fact, Mention, has_hidden
from .redact import redact


def encode_fact(fact: Fact) -> dict[str, Any]:
    """A fact as a record. Fields that say nothing are left out: the file stays readable and, with a
    pure-Python TOML writer, every key costs save time."""
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
    if fact.about != SELF:  # a party member's fact; files from before `about` hold only the visitor's
        table["about"] = fact.about
    if fact.history != [Mention(fact.created_turn, fact.value, fact.evidence)]:
        table["history"] = [
            {"turn": m.turn, "value": m.value, "evidence": m.evidence, "kind": m.kind} for m in fact.history
        ]
    return table


class InvalidEntry(ValueError):
    pass


def _text(entry: dict[str, Any], name: str, required: bool = True) -> str:
    value = entry.get(name, "")
    if value.__class__ is not str or (required and not value.strip()):
        raise InvalidEntry(f"{name!r} is missing or not text")
    if not value.isprintable() and has_hidden(value):  # the common case stays one C call
        raise InvalidEntry(f"{name!r} holds control or invisible characters")
    return value


def _whole(entry: dict[str, Any], name: str, default: Any) -> int:
    value = entry.get(name, default)
    if value.__class__ is not int or value < 0:  # `bool` is a subclass of int, so not `isinstance`
        raise InvalidEntry(f"{name!r} is not a whole number ≥ 0")
    return value


def _history(entry: dict[str, Any]) -> list[Mention]:
    raw = entry.get("history")
    if raw is None:  # the usual case: one mention, the first, implied by the fact itself
        turn = entry.get("created_turn", 0)
        return [Mention(turn, entry.get("value", ""), redact(entry.get("evidence", "")))]
    if not isinstance(raw, list):
        raise InvalidEntry("'history' is not a list")
    history = []
    for item in raw:
        if not isinstance(item, dict) or item.get("kind", "said") not in ("said", "replaced"):
            raise InvalidEntry("a history entry is malformed")
        turn, value, evidence = item.get("turn", 0), item.get("value", ""), item.get("evidence", "")
        if turn.__class__ is not int or value.__class__ is not str or evidence.__class__ is not str:
            raise InvalidEntry("a history entry is malformed")
        if has_hidden(value) or has_hidden(evidence):
            raise InvalidEntry("a history entry holds control or invisible characters")
        history.append(Mention(turn, value, redact(evidence), item.get("kind", "said")))
    return history


def _about(entry: dict[str, Any]) -> str:
    about = _text(entry, "about", False) or SELF
    if len(about) > 30 or len(about.split()) > 3:
        raise InvalidEntry("'about' is not 'self' or a word for a member of the party")
    return " ".join(about.lower().split())


def decode_fact(entry: Any) -> Fact:
    """Rebuild a fact from its record, refusing anything malformed (the caller keeps the file).
    Plain helper functions and exact type checks: a visitor's file loads every start-up."""
    if not isinstance(entry, dict):
        raise InvalidEntry("an entry is not a table")
    salience = entry.get("salience")
    if salience.__class__ is int:  # an integer beyond a float's range would overflow `isfinite`
        salience = float(min(salience, 2))
    if salience.__class__ is not float or not math.isfinite(salience) or salience <= 0:
        raise InvalidEntry("'salience' is not a positive number")
    if entry.get("polarity", "asserted") != "asserted":
        raise InvalidEntry("'polarity' is not 'asserted'")
    created_turn = _whole(entry, "created_turn", 0)
    created_at = _text(entry, "created_at", False)
    return Fact(
        id=_text(entry, "id"),
        concept=_text(entry, "concept"),
        value=_text(entry, "value"),
        polarity="asserted",
        evidence=redact(_text(entry, "evidence", False)),  # files from before redaction are cleaned on load
        persistence_class=_text(entry, "persistence_class", False) or "long_term",
        salience=min(1.0, float(salience)),
        created_turn=created_turn,
        last_seen_turn=_whole(entry, "last_seen_turn", created_turn),
        mentions=max(1, _whole(entry, "mentions", 1)),
        source=_text(entry, "source", False),
        created_at=created_at,
        last_seen_at=_text(entry, "last_seen_at", False) or created_at,
        history=_history(entry),
        about=_about(entry),
    )
