"""Recall of what faded: facts pruned by decay stay findable for the rest of the visit.

A fact that fades (never one the visitor negated or asked to forget) moves to `FadedFacts`, a soft-deleted,
recoverable store. Each turn `recall_candidates` matches the visitor's message against faded and live facts
(value, concept label, evidence: exact words and typo-tolerant ones), and a vague "one / it / there" points
to whatever faded most recently. `MemoryStore.recall` then puts the matches back, reinforced.

Lookups go through an inverted index of words, so a turn costs the message's words, not the number of
faded facts; only words that match nothing exactly are compared fuzzily, against the index's vocabulary.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from museum_tui.language.text import WORD
from museum_tui.language.text import content_words as words

from .facts import Change, Fact

if TYPE_CHECKING:
    from .store import MemoryStore

# Words that point back at something said before ("where can I have one?"); the router uses them too.
VAGUE = frozenset({"one", "it", "there", "some", "any", "that", "those", "them", "somewhere"})
# Words that may stand beside a vague one without naming another subject ("where can I grab one nearby?").
ERRAND = frozenset({"grab", "buy", "find", "nearby", "near", "nearest", "closest", "around", "anywhere", "here"})
VAGUE_WINDOW = 3  # a vague word reaches a fact that faded at most this many turns ago
FUZZY = 86  # rapidfuzz ratio for a word to count as a misspelling of another
WEIGHTS = {"value": 1.0, "label": 0.5, "evidence": 0.25}  # a label counts only beside another hit
ENOUGH = 0.6  # a fact is recalled when its words in the message weigh this much


@lru_cache(maxsize=4096)  # live facts are indexed every turn; their words rarely change
def _keys(evidence: str, value: str) -> tuple[tuple[str, str], ...]:
    keys = dict.fromkeys(words(evidence), "evidence")
    keys.update(dict.fromkeys(words(value), "value"))  # a word of the value counts as the value
    return tuple(keys.items())


@lru_cache(maxsize=1024)
def _label_words(label: str) -> frozenset[str]:
    return frozenset(words(label))


@dataclass
class _Entry:
    fact: Fact
    label: frozenset[str]  # the words of the concept's short label
    faded_turn: int
    keys: dict[str, str] = field(default_factory=dict)  # word → "value" | "evidence"


class FadedFacts:
    """What faded this visit, indexed by word. Not saved: it ends with the visit."""

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self._entries: dict[str, _Entry] = {}
        self._index: dict[str, set[str]] = {}
        # The index's words by first and by last letter: a misspelling keeps one of the two, so a fuzzy
        # lookup compares against those words only, not the whole vocabulary.
        self._ends: dict[str, set[str]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, fact_id: object) -> bool:
        return fact_id in self._entries

    def facts(self) -> list[Fact]:
        return [e.fact for e in self._entries.values()]

    def add(self, store: MemoryStore, changes: Iterable[Change]) -> None:
        """Keep the facts a tick pruned; other departures (negated, forgotten, evicted) are not recallable."""
        for change in changes:
            if change.kind == "pruned":
                self._add(store, change.fact)
        while len(self._entries) > self.limit:
            self.discard(next(iter(self._entries)))

    def _add(self, store: MemoryStore, fact: Fact) -> None:
        self.discard(fact.id)
        concept = store.ontology.concepts.get(fact.concept)
        label = _label_words(concept.short_label if concept else fact.concept)
        entry = _Entry(fact, label, store.turn, dict(_keys(fact.evidence, fact.value)))
        self._entries[fact.id] = entry
        for word in entry.keys:
            ids = self._index.get(word)
            if ids is None:
                ids = self._index[word] = set()
                self._ends.setdefault("^" + word[0], set()).add(word)
                self._ends.setdefault(word[-1] + "$", set()).add(word)
            ids.add(fact.id)

    def discard(self, fact_id: str) -> Fact | None:
        entry = self._entries.pop(fact_id, None)
        if entry is None:
            return None
        for word in entry.keys:
            ids = self._index.get(word)
            if ids is not None:
                ids.discard(fact_id)
                if not ids:
                    del self._index[word]
                    self._ends["^" + word[0]].discard(word)
                    self._ends[word[-1] + "$"].discard(word)
        return entry.fact

    def clear(self) -> None:
        self._entries.clear()
        self._index.clear()
        self._ends.clear()

    def find(self, target: str) -> list[Fact]:
        """Faded facts a `/forget` target names (an id, a value or a concept), so forgetting reaches them."""
        wanted = target.strip().lower()
        return [
            e.fact
            for e in self._entries.values()
            if wanted in (e.fact.id.lower(), e.fact.value.lower()) or wanted in e.fact.concept.lower()
        ]

    def scores(self, said: set[str]) -> dict[str, tuple[float, Fact]]:
        """How strongly the message's words point at each fact they point at."""
        scores: dict[str, float] = {}
        unmatched = []
        for word in said:
            ids = self._index.get(word)
            if ids:
                for fact_id in ids:
                    scores[fact_id] = scores.get(fact_id, 0.0) + WEIGHTS[self._entries[fact_id].keys[word]]
            elif len(word) >= 4:
                unmatched.append(word)
        if unmatched:
            from rapidfuzz import fuzz, process  # only for words that match nothing exactly (start-up speed)
        for word in unmatched:
            near_words = self._ends.get("^" + word[0], set()) | self._ends.get(word[-1] + "$", set())
            if near_words:
                for near, _, _ in process.extract(word, near_words, scorer=fuzz.ratio, score_cutoff=FUZZY, limit=3):
                    for fact_id in self._index[near]:
                        kind = self._entries[fact_id].keys[near]
                        scores[fact_id] = scores.get(fact_id, 0.0) + 0.8 * WEIGHTS[kind]
        found = {}
        for fact_id, score in scores.items():
            entry = self._entries[fact_id]
            if not entry.label.isdisjoint(said):  # the concept named too ("my coffee order"): it adds up
                score += WEIGHTS["label"]
            if score >= ENOUGH:
                found[fact_id] = (score, entry.fact)
        return found

    def recent(self, turn: int) -> Fact | None:
        """The fact that faded last, if that was within `VAGUE_WINDOW` turns of `turn`."""
        if not self._entries:
            return None
        entry = next(reversed(self._entries.values()))  # entries are kept in the order they faded
        return entry.fact if turn - entry.faded_turn <= VAGUE_WINDOW else None


def recall_candidates(store: MemoryStore, faded: FadedFacts, text: str) -> list[Fact]:
    """The faded and live facts the message refers to, strongest match first (at most three). Pure: memory
    is changed only when the turn commits (`MemoryStore.recall`)."""
    said = words(text)
    live = FadedFacts()  # the live facts, indexed the same way (a few hundred at most)
    for fact in store.facts.values():
        live._add(store, fact)
    scored = {**faded.scores(said), **live.scores(said)}
    found = sorted(scored.values(), key=lambda item: (-item[0], -item[1].seq))
    if found:
        return [fact for _, fact in found[:3]]
    if VAGUE.isdisjoint(WORD.findall(text.lower())) or said - ERRAND:  # a vague word, and no other subject
        return []
    recent = faded.recent(store.turn)
    return [recent] if recent is not None else []
