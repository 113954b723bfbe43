"""Merging another window's facts into this one's store: which values win where a concept holds only so
many. Pure: no files here (persistence.py calls it under the file's lock)."""

from __future__ import annotations

from datetime import UTC, datetime

from .facts import Change, Fact
from .store import MemoryStore


def _when(stamp: str) -> datetime:
    """A fact's ISO time as an aware datetime (the oldest possible when missing or unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _rank(fact: Fact, mine: bool, by_salience: bool) -> tuple[object, ...]:
    """Higher is kept: the latest mention (ours on a tie), or for `salience` eviction the strongest first."""
    latest = (_when(fact.last_seen_at), mine, fact.seq if mine else 0)
    return (fact.salience, *latest) if by_salience else latest


def settle_capacity(store: MemoryStore, added: list[Fact], dropped: list[Change]) -> list[Fact]:
    """Which of another window's new facts to adopt where a concept holds only so many values.

    Turn numbers of two processes mean nothing to each other, so the facts compete by when they were
    last said (`last_seen_at`), this window's fact winning a tie (it is the one just said); `salience`
    eviction keeps the strongest, then the latest. Facts of ours that lose are evicted here (added to
    `dropped`); the adopted ones then fit, so `restore` evicts nothing of ours by turn number."""
    by_concept: dict[str, list[Fact]] = {}
    for fact in added:
        by_concept.setdefault(fact.concept, []).append(fact)
    adopt: list[Fact] = []
    for concept, theirs in by_concept.items():
        spec = store.ontology.concepts.get(concept)
        ours = store.facts_for(concept)
        if spec is None or spec.cardinality is None or len(ours) + len(theirs) <= spec.cardinality:
            adopt += theirs
            continue
        by_salience = spec.eviction == "salience"
        pool = sorted(
            [(_rank(f, True, by_salience), True, f) for f in ours]
            + [(_rank(f, False, by_salience), False, f) for f in theirs],
            key=lambda item: item[0],
            reverse=True,
        )
        keep = pool[: spec.cardinality]
        adopt += [f for _, mine, f in keep if not mine]
        newest = keep[0][2]
        for _, mine, fact in pool[spec.cardinality :]:
            if mine:
                store.forget(fact_id=fact.id)
                note = f"replaced by {newest.value!r}, said later in another window"
                dropped.append(Change("evicted", fact, fact.salience, 0.0, note))
    return adopt
