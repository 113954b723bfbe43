"""The learned reader: the words of a clause read as a concept's value by a model trained on what visitors wrote.

Rules read what a lexicon lists, and every blind round showed a new writer's wording slipping past them
(round 33's museum and garden read byte-identically before and after thirty rule fixes). This reader was
trained once, at development time (tools/train_reader.py), on every labelled set in tests/data/blind/ for
an ontology: thousands of messages from many writers, each fact's value found among the message's words.
For each candidate span of a clause (one to four words, not opening or closing on a stop word) it gives a
probability per concept and one for "no concept", from the span's own static word vectors, the three words
either side of it, and hashed words of both (a softmax; numpy at run time, about a millisecond a message).

It is the rules' second reader, not their replacement: it is asked only about concepts the rules found
nothing for in the message, and only for what a clause asserts of the visitor or of a party member whose
need it names; a question, a hypothetical, a stranger, a negation or a retraction gives nothing from it,
and a span the rules already read as something else stays theirs (`extraction/learned_pass.py`). Its bar is
higher for a sensitive concept: a wrong need is worse than a missed one.

A model applies to an ontology that declares every concept it was trained for (the shipped museum and
garden ontologies, and a venue's copy of them); a venue's own ontology has none and reads as before.
"""

from __future__ import annotations

import copy
import logging
import re
import threading
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from museum_tui.language.text import STOPWORDS

if TYPE_CHECKING:
    from museum_tui.memory import Ontology

DATA = Path(__file__).resolve().parent / "data"
SHARED = "shared"  # the model of the concepts every venue shares (reader-shared.npz)
HASHED = 1 << 14  # rows of hashed word features; collisions among ~10k seen features cost little
DIM = 128
MAX_WORDS = 4
CONTEXT = 3
TOKEN = re.compile(r"[a-z0-9]+")
NEGATION = frozenset({"not", "no", "never", "dont", "isnt", "arent", "cant", "cannot", "wont", "without", "nothing"})
log = logging.getLogger(__name__)
_LOCK = threading.Lock()
_READERS: list[Reader] | None = None


@dataclass(frozen=True)
class Proposal:
    """One span read as a concept: where it is in the clause's text, its words, and how sure."""

    concept: str
    start: int
    end: int
    value: str
    p: float


def _hash(feature: str) -> int:
    return zlib.crc32(feature.encode()) % HASHED


def tokens(text: str) -> list[tuple[str, int, int]]:
    """The words of a folded text with their offsets."""
    return [(m.group(0), m.start(), m.end()) for m in TOKEN.finditer(text)]


def spans(text: str, found: list[tuple[str, int, int]]) -> list[tuple[int, int]]:
    """Candidate spans (word offsets), one to MAX_WORDS long, not opening or closing on a stop word, and
    not across a mark ("hour, hour and a half": no value spans the comma)."""
    out = []
    for i, (first, _, _) in enumerate(found):
        if first in STOPWORDS:
            continue
        for j in range(i + 1, min(i + MAX_WORDS, len(found)) + 1):
            if j > i + 1 and text[found[j - 2][2] : found[j - 1][1]].strip():
                break
            if found[j - 1][0] not in STOPWORDS:
                out.append((i, j))
    return out


def hashed_features(words: list[str], i: int, j: int, question: bool) -> tuple[list[int], list[int]]:
    """A span's hashed features: its own words, and the words around it."""
    said, left, right = words[i:j], words[max(0, i - CONTEXT) : i], words[j : j + CONTEXT]
    own = [f"s:{w}" for w in said] + ["S:" + " ".join(said)]
    around = [f"n:{j - i}", f"l1:{words[i - 1] if i else '^'}", f"r1:{words[j] if j < len(words) else '$'}"]
    if i >= 2:
        around.append(f"l2:{words[i - 2]} {words[i - 1]}")
    around += [f"lc:{w}" for w in left] + [f"rc:{w}" for w in right]
    if question:
        around.append("q")
    if any(w in NEGATION for w in words[max(0, i - 4) : i]):
        around.append("neg")
    return sorted({_hash(f) for f in own}), sorted({_hash(f) for f in around})


def dense_features(rows: np.ndarray, candidates: list[tuple[int, int]]) -> np.ndarray:
    """Every candidate span's dense features at once: its words', the left and the right context's mean
    vectors (zeros where a side has no words), as differences of running sums, so a message costs a few
    array operations, not a few per span. Training (tools/train_reader.py) reads spans with it too."""
    n = rows.shape[0]
    sums = np.vstack([np.zeros(DIM), np.cumsum(rows, 0)])
    i, j = (np.array(x, dtype=np.intp) for x in zip(*candidates, strict=True))
    lo, hi = np.maximum(i - CONTEXT, 0), np.minimum(j + CONTEXT, n)

    def mean(a: np.ndarray, b: np.ndarray) -> np.ndarray:  # rows a..b, zeros where there are none
        return (sums[b] - sums[a]) / np.maximum(b - a, 1)[:, None]

    return np.hstack([mean(i, j), mean(lo, i), mean(j, hi)])


def word_rows(words: list[str], vectors: Any) -> np.ndarray:
    rows = np.zeros((max(len(words), 1), DIM))
    for k, w in enumerate(words):
        v = _word_vector(vectors, w)
        if v is not None:
            rows[k] = v
    return rows


@lru_cache(maxsize=16384)
def _word_vector(vectors: Any, word: str) -> np.ndarray | None:
    """A word's vector, once per process: most of a message's words were in earlier messages (read-only)."""
    return vectors.word_vector(word)


class Reader:
    """A trained model for one ontology's concepts (index 0 is "no concept")."""

    vectors: Any = None  # the static word vectors it reads with (reader_for gives them)

    def __init__(self, name: str, concepts: list[str], dense: Any, hashed: Any, bias: Any, bars: Any) -> None:
        self.name = name
        self.concepts = concepts
        self.dense = np.asarray(dense, dtype=np.float32)
        self.hashed = np.asarray(hashed, dtype=np.float32)
        self.bias = np.asarray(bias, dtype=np.float32)
        self.bars = {c: float(b) for c, b in zip(concepts, bars, strict=True)}

    @classmethod
    def load(cls, path: Path) -> Reader:
        with np.load(path, allow_pickle=False) as data:
            return cls(
                path.stem.removeprefix("reader-"),
                [str(c) for c in data["concepts"]],
                data["dense"],
                data["hashed"],
                data["bias"],
                data["bars"],
            )

    def fits(self, concept_ids: set[str]) -> bool:
        return all(c in concept_ids for c in self.concepts[1:])

    def reading_with(self, vectors: Any, meant: dict[str, str] | None = None) -> Reader:
        """This model reading with `vectors`, and, given `meant`, for another ontology: each concept as the
        one `meant` maps it to; a concept without one is read and dropped (its spans are no other concept's)."""
        clone = copy.copy(self)  # the weights are shared, never written
        clone.vectors = vectors
        if meant is not None:
            clone.concepts = [self.concepts[0]] + [meant.get(c, "") for c in self.concepts[1:]]
            clone.bars = {meant[c]: bar for c, bar in self.bars.items() if c in meant}
        return clone

    def scores(self, text: str, question: bool) -> tuple[list[tuple[str, int, int]], list, np.ndarray]:
        """Each candidate span's probabilities over (no concept, the concepts)."""
        found = tokens(text)
        words = [w for w, _, _ in found]
        candidates = spans(text, found)
        if not candidates:
            return found, [], np.zeros((0, len(self.concepts)))
        hashed = [own + around for own, around in (hashed_features(words, i, j, question) for i, j in candidates)]
        starts = np.cumsum([0] + [len(h) for h in hashed[:-1]])
        z = dense_features(word_rows(words, self.vectors), candidates).astype(np.float32) @ self.dense + self.bias
        z += np.add.reduceat(self.hashed[[k for h in hashed for k in h]], starts)
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        return found, candidates, p / p.sum(1, keepdims=True)

    def read(self, text: str, question: bool) -> list[Proposal]:
        """The spans of a clause's folded text that clear their concept's bar, the surest first, none
        overlapping another."""
        found, candidates, p = self.scores(text, question)
        best: list[Proposal] = []
        for (i, j), row in zip(candidates, p, strict=True):
            k = int(row[1:].argmax()) + 1
            concept = self.concepts[k]
            if concept and row[k] >= self.bars[concept]:
                start, end = found[i][1], found[j - 1][2]
                best.append(Proposal(concept, start, end, text[start:end], float(row[k])))
        best.sort(key=lambda x: -x.p)
        kept: list[Proposal] = []
        for prop in best:
            if all(prop.end <= k.start or prop.start >= k.end for k in kept):
                kept.append(prop)
        return kept


def readers() -> list[Reader]:
    """Every shipped model, loaded once per process (on the first message, off the first screen's path)."""
    global _READERS
    with _LOCK:
        if _READERS is None:
            _READERS = [Reader.load(path) for path in sorted(DATA.glob("reader-*.npz"))]
        return _READERS


def reader_for(ontology: Ontology) -> Reader | None:
    """The model for this ontology, reading with the shipped word vectors: one trained for its concepts (all
    of them declared) if one was shipped, else the shared one (trained on the needs, names, time and company
    every venue's labelled sets share) with its concepts renamed to the ones this ontology means by them
    (extraction/borrowed.py); None without either (or without numpy or the vectors: the rules read alone)."""
    try:
        from museum_tui.language.vectors import StaticVectors

        vectors = StaticVectors.load()
        ids = set(ontology.concepts)
        own = next((r for r in readers() if r.name != SHARED and r.fits(ids)), None)
        if own is not None:
            return own.reading_with(vectors)
        shared = next((r for r in readers() if r.name == SHARED), None)
        if shared is None:
            return None
        from .borrowed import shared_meanings

        meant = shared_meanings(ontology, vectors)
        return shared.reading_with(vectors, meant) if meant else None
    except Exception as exc:  # a damaged file: the rules still read
        log.warning("the learned reader is not available (%s)", exc)
        return None
