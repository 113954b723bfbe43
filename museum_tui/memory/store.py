"""The tiered fact store: upsert, reinforce, negate, evict, decay, prune, forget.

Everything a turn does to memory goes through `upsert` and `tick`, and both report what they changed as a
list of `Change`s, so a UI can animate the panel without diffing. Order is deterministic everywhere: ties
are broken by the order in which facts were last mentioned, never by hashing or wall-clock time.
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from .facts import SELF, Change, Fact, Mention, id_number, normalize, value_mentions, visible
from .ontology import Concept, Ontology, as_ontology
from .redact import redact, redacts
from .tiers import DECAY, PERSISTENCE_CLASSES, PRUNE_THRESHOLD, TIER, turns_until_faded
from .timestamps import system_now_iso
from .views import context_block, dump, find

REINFORCEMENT = 0.3  # a re-mention adds this × the concept's salience_weight
POLARITIES = ("asserted", "negated")
HISTORY_LIMIT = 8  # mentions and superseded values kept per fact, newest last


class MemoryStore:
    """Tiered, decaying memory for one visitor, shaped by an ontology.

    `similarity_threshold` < 1.0 merges near-identical values within a concept (rapidfuzz WRatio on
    lower-stripped strings unless `similarity_fn(a, b) -> [0, 1]` is given). `decay` and
    `prune_threshold` override the module defaults for this store only. `clock` returns ISO timestamps
    for provenance; tests pass a fixed one.
    """

    def __init__(
        self,
        ontology: Ontology | Mapping[str, Any],
        similarity_threshold: float = 1.0,
        similarity_fn: Callable[[str, str], float] | None = None,
        *,
        decay: Mapping[str, float] | None = None,
        prune_threshold: float | None = None,
        clock: Callable[[], str] | None = None,
    ) -> None:
        self.ontology = as_ontology(ontology)
        for cid in self.ontology.legacy_concepts:
            policy = self.ontology.concepts[cid].legacy_policy
            warnings.warn(
                f"concept {cid!r} uses deprecated update_policy={policy!r}; declare cardinality and "
                "eviction instead (superseded → 1 + recency; mutable/monotonic → unlimited + salience)",
                DeprecationWarning,
                stacklevel=2,
            )
        if not 0.0 <= similarity_threshold <= 1.0:
            raise ValueError(f"similarity_threshold must be in [0, 1], got {similarity_threshold!r}")
        self.similarity_threshold = float(similarity_threshold)
        self.similarity_fn = similarity_fn
        self.decay = dict(DECAY)
        if decay:
            for cls, factor in decay.items():
                if cls not in PERSISTENCE_CLASSES or not 0.0 < float(factor) <= 1.0:
                    raise ValueError(f"decay override {cls}={factor!r}: need a known class and a factor in (0, 1]")
                self.decay[cls] = float(factor)
        self.prune_threshold = PRUNE_THRESHOLD if prune_threshold is None else float(prune_threshold)
        self.clock = clock or system_now_iso
        self.facts: dict[str, Fact] = {}
        self.turn = 0
        self.next_id = 1
        self._seq = 0

    # ---- lookups -------------------------------------------------------------------------------------

    def fades_in(self, fact: Fact) -> int | None:
        """Turns until `fact` is pruned if nobody mentions it again (1: the next turn); None if it never is."""
        if not TIER[fact.persistence_class].prunable:
            return None
        return turns_until_faded(fact.salience, self.decay.get(fact.persistence_class, 1.0), self.prune_threshold)

    def facts_for(self, concept_id: str, about: str | None = None) -> list[Fact]:
        """The facts of one concept: everyone's, or only the visitor's (`about="self"`) or one member's."""
        return [f for f in self.facts.values() if f.concept == concept_id and (about is None or f.about == about)]

    def similarity(self, a: str, b: str) -> float:
        """Similarity in [0, 1]; equal normalized strings are always 1.0, and strict mode stops there."""
        na, nb = normalize(a), normalize(b)
        if na == nb:
            return 1.0
        if self.similarity_threshold >= 1.0:
            return 0.0
        if self.similarity_fn is not None:
            return float(self.similarity_fn(a, b))
        from rapidfuzz import fuzz

        return fuzz.WRatio(na, nb) / 100.0

    def matches(self, concept_id: str, value: str, about: str = SELF) -> list[Fact]:
        """Facts of `concept_id` that `value` refers to, best match first (ties: oldest mention first), of
        the same person: the son's peanut allergy is not the visitor's."""
        return self._rank(self.facts_for(concept_id, about), value)

    def _rank(self, candidates: list[Fact], value: str) -> list[Fact]:
        key = normalize(value)
        if self.similarity_threshold >= 1.0:
            return [f for f in candidates if normalize(f.value) == key]
        if self.similarity_fn is None and candidates:
            from rapidfuzz import fuzz, process

            cutoff = self.similarity_threshold * 100.0
            scored = process.extract(
                key,
                [normalize(f.value) for f in candidates],
                scorer=fuzz.WRatio,
                processor=None,
                score_cutoff=cutoff,
                limit=None,
            )
            ranked = sorted(((-score, candidates[i].seq, i) for _, score, i in scored))
            return [candidates[i] for _, _, i in ranked]
        ranked_facts = []
        for f in candidates:
            score = self.similarity(f.value, value)
            if score >= self.similarity_threshold:
                ranked_facts.append((-score, f.seq, f))
        ranked_facts.sort(key=lambda t: (t[0], t[1]))
        return [f for _, _, f in ranked_facts]

    # ---- the turn ------------------------------------------------------------------------------------

    def _touch(self) -> int:
        self._seq += 1
        return self._seq

    def upsert(
        self,
        concept: str,
        value: str,
        polarity: str = "asserted",
        evidence: str = "",
        *,
        source: str = "",
        about: str = SELF,
    ) -> list[Change]:
        """Apply one extracted fact. Unknown concepts and empty values are ignored (closed world); control and
        invisible characters are dropped, so whatever memory holds it can save, load and show; personal data
        in the evidence is redacted (see `redact`), and a value that is itself such data is not kept."""
        spec = self.ontology.concepts.get(concept)
        value = visible(str(value)).strip()
        if spec is None or not value or redacts(value):  # a fact is never an e-mail, a phone number or a key
            return []
        if polarity not in POLARITIES:
            raise ValueError(f"polarity must be one of {POLARITIES}, got {polarity!r}")
        evidence = redact(visible(str(evidence)).strip())  # the fact is kept, contact details around it are not
        about = " ".join(visible(str(about or SELF)).lower().split()) or SELF
        if polarity == "negated":
            return self._negate(spec, value, about)
        found = self.matches(concept, value, about)
        if found:
            return [self._reinforce(spec, found[0], value, evidence, source)]
        return self._create(spec, value, evidence, source, about)

    def _negate(self, spec: Concept, value: str, about: str = SELF) -> list[Change]:
        changes = []
        for fact in self.matches(spec.id, value, about):
            del self.facts[fact.id]
            changes.append(Change("negated", fact, fact.salience, 0.0, f"visitor said: not {value!r}"))
        return changes

    def _reinforce(self, spec: Concept, fact: Fact, value: str, evidence: str, source: str) -> Change:
        before = fact.salience
        fact.salience = min(1.0, fact.salience + REINFORCEMENT * spec.salience_weight)
        fact.last_seen_turn = self.turn
        fact.last_seen_at = self.clock()
        fact.mentions += 1
        fact.seq = self._touch()
        if evidence:
            fact.evidence = evidence
        if source:
            fact.source = source
        fact.history = [*fact.history, Mention(self.turn, value, evidence)][-HISTORY_LIMIT:]
        return Change("reinforced", fact, before, fact.salience)

    def _create(self, spec: Concept, value: str, evidence: str, source: str, about: str = SELF) -> list[Change]:
        now = self.clock()
        fact = Fact(
            id=f"f{self.next_id}",
            concept=spec.id,
            value=value,
            polarity="asserted",
            evidence=evidence,
            persistence_class=spec.persistence_class,
            salience=spec.salience_weight,
            created_turn=self.turn,
            last_seen_turn=self.turn,
            source=source,
            created_at=now,
            last_seen_at=now,
            history=[Mention(self.turn, value, evidence)],
            about=about,
            seq=self._touch(),
        )
        self.next_id += 1
        self.facts[fact.id] = fact
        return [Change("created", fact, 0.0, fact.salience), *self._enforce_capacity(spec, keep=fact)]

    def _enforce_capacity(self, spec: Concept, keep: Fact, same_concept: list[Fact] | None = None) -> list[Change]:
        """Evict until the concept fits its cardinality; the fact just said is never the one dropped.
        `same_concept` (the concept's facts, if the caller has them indexed) saves a scan of the store."""
        if spec.cardinality is None:
            return []
        pool = self.facts.values() if same_concept is None else same_concept
        others = [f for f in pool if f.concept == spec.id and f.about == keep.about and f is not keep]
        excess = len(others) + 1 - spec.cardinality
        if excess <= 0:
            return []
        if spec.eviction == "salience":
            others.sort(key=lambda f: (f.salience, f.seq))
        else:
            others.sort(key=lambda f: (f.last_seen_turn, f.seq))
        changes = []
        for victim in others[:excess]:
            del self.facts[victim.id]
            if spec.cardinality == 1:
                kept = [m for m in victim.history if m.kind == "replaced"]
                replaced = Mention(victim.last_seen_turn, victim.value, victim.evidence, "replaced")
                keep.history = [*kept, replaced, *keep.history][-HISTORY_LIMIT:]
                note = f"replaced by {keep.value!r}"
            else:
                weakest = "weakest" if spec.eviction == "salience" else "least recently mentioned"
                note = f"{weakest} of more than {spec.cardinality}"
            changes.append(Change("evicted", victim, victim.salience, 0.0, note))
        return changes

    def tick(self) -> list[Change]:
        """Advance one turn: decay every fact by its tier, prune those of prunable tiers under the threshold."""
        self.turn += 1
        changes: list[Change] = []
        threshold = self.prune_threshold
        decay = self.decay
        pruned = []
        for fact in self.facts.values():
            factor = decay.get(fact.persistence_class, 1.0)
            if factor == 1.0:
                continue
            before = fact.salience
            fact.salience = before * factor
            if fact.salience < threshold and TIER[fact.persistence_class].prunable:
                pruned.append(fact)
                changes.append(Change("pruned", fact, before, 0.0, "faded below the threshold"))
            else:
                changes.append(Change("decayed", fact, before, fact.salience))
        for fact in pruned:
            del self.facts[fact.id]
        return changes

    def preview(self, facts: Iterable[tuple[str, ...]]) -> MemoryStore:
        """A throwaway copy with `(concept, value, polarity, evidence[, about])` facts upserted and one tick: what
        memory will be once this turn commits, for a prompt that must already know it. The store itself
        is untouched, so a reply that fails still commits nothing."""
        clone = copy.copy(self)
        clone.facts = {fid: replace(f, history=list(f.history)) for fid, f in self.facts.items()}
        for concept, value, polarity, evidence, *about in facts:
            clone.upsert(concept, value, polarity, evidence, about=about[0] if about else SELF)
        clone.tick()
        return clone

    # ---- views (seed API) ------------------------------------------------------------------------------

    def context_block(self) -> str:
        """Every surviving fact, grouped by tier, for a system prompt."""
        return context_block(self)

    def dump(self) -> str:
        """Debug listing in the seed library's format."""
        return dump(self)

    # ---- forgetting on request -----------------------------------------------------------------------

    def forget(
        self,
        *,
        fact_id: str | None = None,
        fact_ids: Iterable[str] | None = None,
        concept: str | None = None,
        value: str | None = None,
        everything: bool = False,
    ) -> list[Change]:
        """Remove facts the visitor asked to forget; pass the returned changes to `restore` to undo.

        Selectors combine: `concept` and `value` together forget that value of that concept only. A value
        matches when equal after normalization or when it appears in the stored value as whole words.
        """
        ids = set(fact_ids) if fact_ids is not None else None
        if fact_id is not None:
            ids = {fact_id} if ids is None else ids | {fact_id}
        if ids is None and not (concept or value or everything):
            raise ValueError("forget needs fact_id(s), concept, value or everything=True")
        chosen: list[Fact] = []
        if ids is not None and len(ids) == 1 and concept is None and value is None:
            # one fact by its id (a merge forgets them one at a time): a lookup, not a scan of every fact
            chosen = [fact] if (fact := self.facts.get(next(iter(ids)))) is not None else []
        for fact in self.facts.values() if not chosen else ():
            if ids is not None and fact.id not in ids:
                continue
            if concept is not None and fact.concept != concept:
                continue
            if value is not None and not value_mentions(fact.value, value):
                continue
            chosen.append(fact)
        for fact in chosen:
            del self.facts[fact.id]
        return [Change("forgotten", f, f.salience, 0.0, "forgotten on request") for f in chosen]

    def find(self, target: str) -> list[Fact]:
        """Facts a visitor's words point at (see `views.find`)."""
        return find(self, target)

    def recall(self, facts: Iterable[Fact]) -> list[Change]:
        """Bring back facts the visitor referred to without restating them: a faded one returns at its
        concept's full strength (unless the same value was said again meanwhile), a live one is reinforced."""
        changes: list[Change] = []
        for fact in facts:
            spec = self.ontology.concepts.get(fact.concept)
            live = self.facts.get(fact.id)
            if spec is None:
                continue
            if live is not None:
                before = live.salience
                live.salience = min(1.0, before + REINFORCEMENT * spec.salience_weight)
                live.last_seen_turn, live.seq = self.turn, self._touch()
                changes.append(Change("recalled", live, before, live.salience))
                continue
            back = replace(fact, salience=min(1.0, spec.salience_weight), last_seen_turn=self.turn)
            for change in self.restore([back]):
                kind = "recalled" if change.kind == "restored" else change.kind
                changes.append(Change(kind, change.fact, change.before, change.after, change.note))
        return changes

    def restore(self, facts: Iterable[Fact | Change], *, fresh: bool = False) -> list[Change]:
        """Put facts back (undo of forget, or loading a saved file). A fact whose value is already
        stored again is skipped; capacity is enforced against the others, never the restored fact.

        Linear in the facts restored: exact duplicates are a set lookup, similar values are only looked
        for among the facts that were there before (a saved file was already merged when it was written),
        and capacity works on a per-concept index instead of scanning the store for every fact.
        `fresh`: the facts were made for this call (read from a file) and are taken as they are, not copied."""
        changes: list[Change] = []
        strict = self.similarity_threshold >= 1.0
        keys = {(f.concept, normalize(f.value), f.about) for f in self.facts.values()}
        by_concept: dict[str, list[Fact]] = {}
        for f in self.facts.values():
            by_concept.setdefault(f.concept, []).append(f)
        earlier = {concept: list(group) for concept, group in by_concept.items()} if not strict else {}
        for item in facts:
            fact = item.fact if isinstance(item, Change) else item
            spec = self.ontology.concepts.get(fact.concept)
            key = (fact.concept, normalize(fact.value), fact.about)
            if spec is None or key in keys:
                continue
            same = [f for f in earlier.get(fact.concept, ()) if f.id in self.facts and f.about == fact.about]
            if not strict and self._rank(same, fact.value):
                continue
            keys.add(key)
            if not fresh:
                fact = replace(fact, history=list(fact.history))
            fact.persistence_class = spec.persistence_class
            if fact.id in self.facts:
                fact.id = f"f{self.next_id}"
            number = id_number(fact.id)
            if number is not None and number >= self.next_id:
                self.next_id = number + 1
            fact.seq = self._touch()
            self.facts[fact.id] = fact
            changes.append(Change("restored", fact, 0.0, fact.salience))
            group = by_concept.setdefault(fact.concept, [])
            group.append(fact)
            evicted = self._enforce_capacity(spec, keep=fact, same_concept=group)
            if evicted:
                gone = {c.fact.id for c in evicted}
                group[:] = [f for f in group if f.id not in gone]
                keys.difference_update((c.fact.concept, normalize(c.fact.value), c.fact.about) for c in evicted)
                changes.extend(evicted)
        return changes
