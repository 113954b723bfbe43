"""Retrieval over the venue's entries: every exhibition, gallery, café, menu item, toilet, lift, tour,
facility, entrance and the opening hours is a small weighted document; a question is scored against all of
them with BM25 (fields weighted: names count most), a bonus when an entry's name or artist appears whole,
and typo-tolerant words (rapidfuzz). Built once per venue; a search is well under a millisecond.

Hybrid: when the language layer's static word vectors are installed (`museum_tui.language.vectors`), each
entry also has a meaning vector (its names and keywords), and `semantic` finds the entry nearest a
question's meaning, so words the venue never listed still match ("palm trees" → the glasshouse of palms). The
responder asks it when BM25's evidence is too weak to answer from.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from museum_tui.language.party import MEMBER_WORDS

from .entries import KIND_WORDS, Entry, venue_entries
from .lexicon import STOPWORDS, fold, name_said, stem, tokens, words
from .model import Venue

K1, B = 1.2, 0.5
SEMANTIC_FIELD = 1.5  # fields at least this heavy (names, keywords, media) make an entry's meaning
COMMON_ZIPF = 5.0  # an English word at least this common (Zipf scale) names nothing by itself
NAME_BONUS = 3.0
PHRASE_BONUS = 3.0
PLACE = re.compile(r"\b(?:where|somewhere|place|spot)\b")
# "which tour would suit me best?": one of a kind is asked for (not the quiet times "best" also names)
WHICH_KIND = re.compile(r"\bwhich (?P<kind>tour|exhibition|gallery|cafe)s?\b")


@dataclass
class Hit:
    score: float
    entry: Entry
    named: bool = False  # its name (or an artist) appears whole in the question
    coverage: float = 0.0  # the share of the question's words (by rarity) this entry explains


@dataclass
class Index:
    venue: Venue
    entries: list[Entry] = field(default_factory=list)
    docs: list[Counter] = field(default_factory=list)
    lengths: list[float] = field(default_factory=list)
    idf: dict[str, float] = field(default_factory=dict)
    vocabulary: list[str] = field(default_factory=list)
    vectors: Any = None  # StaticVectors, when installed
    meanings: Any = None  # one unit vector per entry (numpy), when `vectors` is set
    _cache: dict = field(default_factory=dict)

    @classmethod
    def build(cls, venue: Venue, vectors: Any = None) -> Index:
        index = cls(venue, vectors=vectors)
        for entry in venue_entries(venue):
            doc: Counter = Counter()
            for text, weight in entry.fields:
                for token in tokens(text, venue.synonyms):
                    doc[token] += weight
            index.entries.append(entry)
            index.docs.append(doc)
            index.lengths.append(sum(doc.values()))
        n = len(index.docs)
        df = Counter(t for doc in index.docs for t in doc)
        index.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        index.vocabulary = sorted(df)
        if vectors is not None:
            import numpy as np

            index.meanings = np.stack([vectors.embed(_meaning(e)) for e in index.entries])
        return index

    def semantic(self, text: str, kinds: tuple[str, ...] = ()) -> list[tuple[float, Entry]]:
        """Entries by closeness of meaning to `text`'s content words (cosine, best first); empty without
        vectors or when no word of `text` is known."""
        if self.vectors is None or self.meanings is None:
            return []
        said = " ".join(w for w in words(text) if w not in STOPWORDS)
        query = self.vectors.embed(said)
        if not query.any():
            return []
        scores = self.meanings @ query
        order = scores.argsort()[::-1][:8]
        out = [(float(scores[i]), self.entries[i]) for i in order]
        return [(score, e) for score, e in out if not kinds or e.kind in kinds]

    def memo(self, key: tuple, make: Callable[[], Any]) -> Any:
        """`make()`, computed once per index and `key`: what depends on the venue alone, or on one word."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def vocabulary_of(self, kinds: tuple[str, ...]) -> frozenset[str]:
        """The words the entries of these kinds use, without the generic words every one of a kind has."""

        def make() -> frozenset[str]:
            generic = set(tokens(" ".join(KIND_WORDS.get(k, "") + " " + self.venue.words.get(k, "") for k in kinds)))
            used = {t for e, doc in zip(self.entries, self.docs, strict=True) if e.kind in kinds for t in doc}
            return frozenset(used - generic)

        return self.memo(("vocabulary", kinds), make)

    @property
    def rarest(self) -> float:
        """The weight of the rarest word the venue uses: scores are judged against it."""
        return max(self.idf.values(), default=1.0)

    def _unknown(self, token: str) -> float:
        """What a word the venue never uses weighs in a question: like the rarest word (it may be what the
        question is about), but an everyday word ("leave", "big") like the commonest one, so it does not
        hide the word that names the thing ("can I leave my big rucksack somewhere?")."""
        frequency = getattr(self.vectors, "frequency", None)
        if token in MEMBER_WORDS:  # "to the roses with mum": who it is for, not what is asked about
            return min(self.idf.values(), default=1.0)
        if frequency is not None and frequency(token) >= COMMON_ZIPF:
            return min(self.idf.values(), default=1.0)
        return self.rarest

    def query_tokens(self, text: str) -> list[str]:
        """The question's words, each typo mapped to the nearest word the venue uses."""
        out = []
        # a real word the venue does not use is not a typo of one it does ("suit" is not "sit")
        known = getattr(self.vectors, "__contains__", None)
        english = {t for w in words(text) if known is not None and known(w) for t in tokens(w)}
        for token in tokens(text, self.venue.synonyms):
            if token not in self.idf and token not in english and len(token) >= 4 and not token.isdigit():
                from rapidfuzz import fuzz, process  # only for words the venue does not use

                match = process.extractOne(token, self.vocabulary, scorer=fuzz.ratio, score_cutoff=80)
                if match and match[0][0] == token[0]:
                    token = match[0]
            if token not in self.idf and len(token) >= 5 and token.isalpha():
                token = self.derived(token) or token  # "japan" → "japanese", a word the venue uses
            out.extend(self._compound(token) or [token])
        return out

    def _compound(self, token: str) -> list[str]:
        """A word the venue does not use, made of one it does and another word ("birdwatching" → "bird",
        "watch"): its parts; [] when it splits no such way."""
        if token in self.idf or len(token) < 7 or not token.isalpha():
            return []
        if self.vectors is None or token in self.vectors:  # a word of its own ("afternoon" is no "after noon")
            return []
        for cut in range(3, len(token) - 2):
            head, tail = token[:cut], stem(token[cut:])
            if stem(head) in self.idf and (tail in self.idf or tail in self.vectors):
                return [stem(head), tail]
        return []

    def derived(self, token: str) -> str | None:
        """The one word the venue uses that is `token` with a short ending ("japan" → "japanese",
        "china" → "chinese"): the same word made an adjective or a noun; None when none or several."""
        stem_ = token[:-1] if token.endswith("a") else token  # "china" → "chin(ese)"

        def make() -> str | None:
            found = [w for w in self.vocabulary if w.startswith(stem_) and 0 < len(w) - len(token) <= 4]
            return found[0] if len(found) == 1 else None

        return self.memo(("derived", token), make)

    def search(self, text: str, kinds: tuple[str, ...] = ()) -> list[Hit]:
        """Entries best first. A question after a place ('where', 'somewhere') prefers entries with one."""
        folded = fold(text)
        said = folded.replace(" & ", " and ")  # "light and shadow" names "Light & Shadow"
        place = bool(PLACE.search(folded))
        which = {m.group("kind")} if (m := WHICH_KIND.search(folded)) else set()  # (its words are kinds' names)
        query = self.query_tokens(text)
        avg = sum(self.lengths) / max(1, len(self.lengths))
        mass = sum(self.idf.get(token, self._unknown(token)) for token in query)
        hits = []
        for entry, doc, length in zip(self.entries, self.docs, self.lengths, strict=True):
            if kinds and entry.kind not in kinds:
                continue
            score = matched = 0.0
            for token in query:
                tf = doc.get(token)
                if tf:
                    score += self.idf[token] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg))
                    matched += self.idf[token]
            named = any(len(n) >= 3 and name_said(n.replace(" & ", " and "), said) for n in entry.names)
            if named:
                score += NAME_BONUS
            elif score and any(_runs(query, p) for p in entry.phrases):
                score += PHRASE_BONUS
            if place and entry.floor is not None:
                score *= 1.2
            if score > 0:
                hits.append(Hit(score, entry, named, matched / mass if mass else 0.0))
        hits.sort(key=lambda h: -h.score)
        if which and any(h.entry.kind in which for h in hits):  # "which tour …?": one of the tours
            hits = [h for h in hits if h.entry.kind in which]
        return hits


def _runs(query: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether the question's words hold the phrase's words together, in order ("guide dogs")."""
    n = len(phrase)
    return any(tuple(query[i : i + n]) == phrase for i in range(len(query) - n + 1))


def _meaning(entry: Entry) -> str:
    """What an entry is about, for its meaning vector: its heaviest fields (name, keywords, media, kind)."""
    return " ".join(text for text, weight in entry.fields if weight >= SEMANTIC_FIELD) or entry.name


def load_vectors() -> Any:
    """The language layer's static word vectors, or None where they are not installed (the seam: BM25 alone
    still answers)."""
    try:
        from museum_tui.language.vectors import StaticVectors
    except ImportError:
        return None
    try:
        return StaticVectors.load()
    except (OSError, ValueError, KeyError):
        return None
