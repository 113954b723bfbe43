"""When no one entry answers, the kind of thing asked for does: "any tours left today?" asks about tours,
"how much is it to get in?" about what things cost, "can I still get in?" about the hours. A kind is known by
its own words (and the venue's `words` for it), a price by the prices in the venue's text, a time question
by its time words: never by one question's phrasing."""

from __future__ import annotations

import re
from datetime import datetime

from . import timing
from .answers import Answers
from .index import Hit, Index
from .knowledge import Known
from .lexicon import stem, words
from .question import Question

# the words that name each kind of entry itself (not its features: "step-free" names no lift)
KIND_NAMES = {"tour": "tour guided", "restroom": "toilet", "lift": "lift", "entrance": "entrance door"}
PRICE = re.compile(r"[£$€]\s?\d|\d\s?(?:€|eur|usd)\b|\bfree\b", re.IGNORECASE)
TIME = re.compile(r"\b(?:still|yet|until|till|late|early|open|opens|close|closes|closing|last entry)\b")


def asks_time(q: Question) -> bool:
    """The question is about opening and closing ("still", "until", "open", "last entry")."""
    return bool(TIME.search(q.folded))


def timed_tour(index: Index, q: Question) -> bool:
    """A question about when the tours (or talks, shows: the venue's words) run: the next, today's."""
    when = "when" in q.focus or timing.NEXT.search(q.folded) or timing.LEFT.search(q.folded)
    return bool(when) and kind_asked(index, q.ask) == "tour"


def kind_asked(index: Index, ask: str) -> str | None:
    """The kind of entry the question names by its kind word, if the venue has any of it."""
    said = _stems(ask)
    for kind, names in KIND_NAMES.items():
        words = _stems(f"{names} {index.venue.words.get(kind, '')}")
        if said & words and any(e.kind == kind for e in index.entries):
            return kind
    return None


def _stems(text: str) -> set[str]:
    """Every word's stem, stop words too: a kind may be named by one ("show" at an aquarium)."""
    return {stem(w) for w in words(text)}


def priced(index: Index) -> Hit | None:
    """The entry that says most about prices (the tickets, admission): where "how much?" is answered."""
    best = max(
        ((sum(len(PRICE.findall(text)) for text, _ in e.fields), e) for e in index.entries if e.kind == "facility"),
        key=lambda p: p[0],
        default=(0, None),
    )
    return Hit(1.0, best[1]) if best[0] else None


def by_kind(a: Answers, index: Index, hits: list[Hit], q: Question, known: Known, now: datetime) -> str:
    """The answer about the kind asked for when no entry is specific; '' when there is none."""
    kind = kind_asked(index, q.ask)
    if kind == "tour":
        return a.tours([h for h in hits if h.entry.kind == "tour"], q, known, now)
    if kind == "restroom":
        return a.restroom(q, known)
    if kind == "lift":
        return a.lifts(q, known)
    if kind == "entrance":
        return a.entrance(hits, q, known)
    if "price" in q.focus:
        hit = priced(index)
        if hit is not None:
            return a.facility(hit.entry.obj, q, known)
    if index.venue.hours and ("when" in q.focus or timing.NOW_WORDS.search(q.folded) or asks_time(q)):
        return a.hours(q, now)
    return ""
