"""The kiosk consent policy (`sensitive_consent`) as every store applies it, files and database alike.

With `ask_sensitive`, facts of `sensitive` concepts in the kept tiers are written only once the visitor
agreed (`keep_sensitive` True, saved with the time of the answer). Until they answer, the sensitive facts
already saved stay and new ones are not written; after a "no", none are.

A party member's need ("your son: peanuts") shapes every answer of this visit but is never written, under
any policy: the visitor cannot consent for someone else, and next time they may come with other people.
"""

from __future__ import annotations

from .clock import now
from .facts import SELF, Fact
from .store import MemoryStore
from .tiers import KEPT_TIERS


class SensitiveConsent:
    ask_sensitive: bool = False
    keep_sensitive: bool | None = None  # the visitor's answer; None: not asked (yet)
    consent_at: str = ""

    def _stored(self, fact: Fact) -> bool:
        """Whether the store held this fact when it last read or wrote it."""
        raise NotImplementedError

    def set_consent(self, agreed: bool) -> None:
        """Record the visitor's answer about keeping sensitive facts; the next save writes it."""
        self.keep_sensitive = agreed
        self.consent_at = now().isoformat()

    def sensitive(self, store: MemoryStore) -> list[Fact]:
        """The visitor's own facts of the kept tiers whose concept is `sensitive`: what their answer is about."""
        concepts = store.ontology.concepts
        return [
            f
            for f in store.facts.values()
            if f.persistence_class in KEPT_TIERS and concepts[f.concept].sensitive and f.about == SELF
        ]

    def withheld(self, store: MemoryStore) -> list[Fact]:
        """Facts of the kept tiers that a save leaves out: the party's (always), and the visitor's sensitive
        facts they did not agree to keep."""
        party = [f for f in store.facts.values() if f.persistence_class in KEPT_TIERS and f.about != SELF]
        if not self.ask_sensitive or self.keep_sensitive:
            return party
        return party + [f for f in self.sensitive(store) if self.keep_sensitive is False or not self._stored(f)]

    def awaiting_consent(self, store: MemoryStore) -> list[Fact]:
        """The visitor's own facts left out only until they answer: what the consent question is for."""
        return [f for f in self.withheld(store) if f.about == SELF]
