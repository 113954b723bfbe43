"""The kiosk consent policy (`sensitive_consent`) as every store applies it, files and database alike.

With `ask_sensitive`, facts of `sensitive` concepts in the kept tiers are written only once the visitor
agreed (`keep_sensitive` True, saved with the time of the answer). Until they answer, the sensitive facts
already saved stay and new ones are not written; after a "no", none are.
"""

from __future__ import annotations

from .clock import now
from .facts import Fact
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
        """Facts of the kept tiers whose concept is `sensitive`: what the visitor's answer is about."""
        concepts = store.ontology.concepts
        return [f for f in store.facts.values() if f.persistence_class in KEPT_TIERS and concepts[f.concept].sensitive]

    def withheld(self, store: MemoryStore) -> list[Fact]:
        """Facts of the kept tiers that a save leaves out (sensitive, not agreed to)."""
        if not self.ask_sensitive or self.keep_sensitive:
            return []
        return [f for f in self.sensitive(store) if self.keep_sensitive is False or not self._stored(f)]
