"""The one merge every store uses: a live memory and what another instance saved meanwhile, reconciled.

`merge(base, ours, theirs)` runs inside a store's save (under the file's lock, or the visitor's row lock
in one transaction), between reading what is stored now (`theirs`, a `VisitorSnapshot`) and writing.
`base` is what this instance last read or wrote, per fact key.

The rule, per fact (concept and normalised value): **the latest statement wins**. A copy said later
(`last_seen_at`) replaces an older one; a forget is a statement too. Stores that keep tombstones
(PostgreSQL) know when a fact was forgotten, and the later of forget and mention wins. The memory files
keep no tombstones: a fact in `base` and no longer stored was forgotten elsewhere at an unknown time
after we synced, so our copy goes unless it was said again here since (more mentions or a later
`last_seen_at` than `base`). A fact stored elsewhere and unknown to `base` was added there and is
adopted; one in `base` that we no longer hold was forgotten here and is not.

Why times and tombstones rather than mention counts alone: counts kept by two processes are not
comparable (both at base + 1 means both said it), and a save whose base is unknown (a database that could
not be reached at start-up) can still be merged by time. Clocks of two kiosks may disagree by seconds;
a tie goes to this instance, whose copy is the one just said.

Where a concept holds only so many values, the facts compete by the same rule (`settle_capacity`).
Pure: no files, no database; the caller holds the lock.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .facts import Change, Fact, normalize
from .snapshot import Consent, Synced, VisitorSnapshot
from .store import MemoryStore
from .tiers import KEPT_TIERS
from .timestamps import parse_time
from .visits import KEPT_VISITS, Visit

ADOPTED_FIELDS = ("evidence", "salience", "mentions", "last_seen_at", "source", "history")


def fact_key(concept: str, value: str, about: str = "self") -> str:
    """A fact's key in every store: a digest of concept, normalised value and (for a party member's fact)
    whose, so a tombstone keeps no words. The visitor's own facts keep the keys they had before `about`."""
    whose = "" if about == "self" else f"\x00{about}"
    return hashlib.sha256(f"{concept}\x00{normalize(value)}{whose}".encode()).hexdigest()


def key_of(fact: Fact) -> str:
    return fact_key(fact.concept, fact.value, fact.about)


def kept(store: MemoryStore) -> dict[str, Fact]:
    """The facts of the kept tiers, by key: what a store saves."""
    return {key_of(f): f for f in store.facts.values() if f.persistence_class in KEPT_TIERS}


def synced(facts: list[Fact]) -> dict[str, Synced]:
    """The base a store keeps after reading or writing `facts`."""
    return {key_of(f): Synced(f.mentions, f.last_seen_at) for f in facts}


@dataclass
class Merged:
    """What the merge did: facts taken from the other instance, facts dropped here, and the visitor-level
    state to write (visits, consent), already reconciled."""

    adopted: list[Change] = field(default_factory=list)
    dropped: list[Change] = field(default_factory=list)
    visits: list[Visit] = field(default_factory=list)
    consent: Consent = field(default_factory=Consent)


def _changed(base: dict[str, Synced], key: str, fact: Fact) -> bool:
    """Said (again) here since the store last read or wrote it."""
    was = base.get(key)
    return was is None or fact.mentions > was.mentions or fact.last_seen_at > was.last_seen_at


def merge(
    base: dict[str, Synced],
    ours: MemoryStore,
    theirs: VisitorSnapshot,
    *,
    visits: list[Visit],
    consent: Consent,
    own_tombstones: dict[str, str] | None = None,
) -> Merged:
    """Bring what another instance saved (`theirs`) into `ours` (changed in place) by the rule above.
    `visits` and `consent` are this instance's; `own_tombstones`: forgets this instance wrote itself."""
    own_tombstones = own_tombstones or {}
    merged = Merged(consent=theirs.consent if theirs.consent.later_than(consent) else consent)
    mine = {v.started_at for v in visits}
    merged.visits = sorted([*visits, *(v for v in theirs.visits if v.started_at not in mine)],
                           key=lambda v: v.started_at)[-KEPT_VISITS:]  # fmt: skip
    ours.turn, ours.next_id = max(ours.turn, theirs.turn), max(ours.next_id, theirs.next_id)
    if not theirs.known:
        return merged
    live = {key_of(f): f for f in theirs.facts}
    ours_by_key = kept(ours)
    for key, fact in ours_by_key.items():
        if ours.facts.get(fact.id) is not fact:
            continue  # gone already (evicted by a later value; its id may be reused)
        if key in live:
            other = live[key]
            if other.last_seen_at > fact.last_seen_at:  # said later elsewhere: their copy is the newer one
                before = fact.salience
                for name in ADOPTED_FIELDS:
                    setattr(fact, name, getattr(other, name))
                fact.last_seen_turn = max(fact.last_seen_turn, other.last_seen_turn)
                merged.adopted.append(Change("reinforced", fact, before, fact.salience, "said in another window"))
            continue
        forgotten = theirs.tombstones.get(key)
        if forgotten is not None:
            if own_tombstones.get(key) == forgotten or fact.last_seen_at > forgotten:
                continue
            if fact.last_seen_at == forgotten and _changed(base, key, fact):
                continue
        elif key not in base or _changed(base, key, fact):
            continue  # new here, or said again here since another instance forgot it
        merged.dropped.extend(ours.forget(fact_id=fact.id))
    added = [f for key, f in live.items() if key not in ours_by_key and key not in base]
    if added:
        added.sort(key=lambda f: (f.last_seen_turn, f.created_turn))
        added = settle_capacity(ours, added, merged.dropped)
        merged.adopted += [c for c in ours.restore(added, fresh=True) if c.kind == "restored"]
    return merged


def _when(stamp: str) -> datetime:
    """A fact's ISO time as an aware datetime (the oldest possible when missing or unreadable)."""
    return parse_time(stamp) or datetime.min.replace(tzinfo=UTC)


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
