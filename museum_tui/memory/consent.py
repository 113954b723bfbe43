"""The kiosk consent policy (`sensitive_consent`) over a visitor's memory, the same for every store.

With the policy on, facts of `sensitive` concepts in the kept tiers are saved only once the visitor agreed
(`Consent.answer` True). Until they answer, the sensitive facts already saved stay and new ones are not
written; after a "no", none are. Pure: the store that saves asks here what to leave out.

A party member's need ("your son: peanuts") shapes every answer of this visit but is never saved, under any
policy: the visitor cannot consent for someone else, and next time they may come with other people.
"""

from __future__ import annotations

from collections.abc import Callable

from .facts import SELF, Fact
from .snapshot import Consent
from .store import MemoryStore
from .tiers import KEPT_TIERS


def sensitive(store: MemoryStore) -> list[Fact]:
    """The visitor's own facts of the kept tiers whose concept is `sensitive`: what their answer is about."""
    concepts = store.ontology.concepts
    return [
        f
        for f in store.facts.values()
        if f.persistence_class in KEPT_TIERS and concepts[f.concept].sensitive and f.about == SELF
    ]


def withheld(store: MemoryStore, consent: Consent, *, ask: bool, stored: Callable[[Fact], bool]) -> list[Fact]:
    """Facts of the kept tiers a save leaves out: the party's (always), and sensitive ones not agreed to.
    `ask`: the policy is on; `stored(fact)`: the store held the fact when it last read or wrote (kept until
    the visitor answers)."""
    party = [f for f in store.facts.values() if f.persistence_class in KEPT_TIERS and f.about != SELF]
    if not ask or consent.answer:
        return party
    return party + [f for f in sensitive(store) if consent.answer is False or not stored(f)]
