"""Matching words to a vocabulary by meaning: the second chance for a clause no cue recognised.

A `SemanticIndex` holds (text, key) entries, e.g. every term and value of a venue's lexicon keyed by
(concept, value), and answers `best(query)`: the nearest entry and its similarity in [0, 1]. Two backends
share the interface:

- `VectorBackend`: the static word vectors (`language/vectors.py`, distilled from all-MiniLM-L6-v2): words
  never listed that mean the same ("clay" → ceramics, "shattered" → exhausted). The entries' vectors are one
  matrix, so a query costs one embedding and one matrix product.
- `CharBackend`: character similarity (rapidfuzz), used when the vectors are not installed: spelling
  variants only, not meaning.

`load_backend()` picks the vectors when they can be loaded, else characters. Loading the vectors takes a
moment: the rule extractor does it in its warm-up thread, never on the first screen's path.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .text import plain

log = logging.getLogger("museum_tui.language")


@dataclass(frozen=True)
class Nearest:
    key: Hashable
    text: str  # the entry that came nearest
    score: float  # similarity in [0, 1]


class Backend(Protocol):
    name: str

    def index(self, texts: Sequence[str]) -> Any: ...

    def scores(self, prepared: Any, query: str) -> list[float]: ...


class CharBackend:
    """Character similarity of the folded texts (rapidfuzz's normalised Indel ratio)."""

    name = "characters"

    def index(self, texts: Sequence[str]) -> list[str]:
        return [plain(t) for t in texts]

    def scores(self, prepared: list[str], query: str) -> list[float]:
        from rapidfuzz import fuzz, process

        row = process.cdist([plain(query)], prepared, scorer=fuzz.ratio)[0]
        return [float(s) / 100.0 for s in row]


class VectorBackend:
    """Cosine similarity of static-vector embeddings, as one matrix product per query."""

    name = "vectors"

    def __init__(self, vectors: Any) -> None:
        self.vectors = vectors

    def index(self, texts: Sequence[str]) -> Any:
        import numpy as np

        return np.stack([self.vectors.embed(t) for t in texts]) if texts else np.zeros((0, self.vectors.dims))

    def scores(self, prepared: Any, query: str) -> list[float]:
        q = self.vectors.embed(query)
        if not q.any():
            return [0.0] * len(prepared)
        return [max(0.0, float(s)) for s in prepared @ q]


def load_backend() -> Backend:
    """The static vectors when they are installed and load, else character similarity."""
    try:
        from .vectors import StaticVectors  # type: ignore[import-not-found,unused-ignore]

        return VectorBackend(StaticVectors.load())
    except Exception as exc:  # not shipped yet, numpy missing, a damaged file: meaning falls back to spelling
        log.info("static vectors unavailable (%s); matching by characters", exc)
        return CharBackend()


class SemanticIndex:
    """Entries (text, key), searchable by meaning (or spelling, with the character backend)."""

    def __init__(self, entries: Sequence[tuple[str, Hashable]], backend: Backend) -> None:
        self.backend = backend
        self.texts = [t for t, _ in entries]
        self.keys = [k for _, k in entries]
        self.prepared = backend.index(self.texts)

    def best(self, query: str) -> Nearest | None:
        if not self.texts or not query.strip():
            return None
        scores = self.backend.scores(self.prepared, query)
        i = max(range(len(scores)), key=scores.__getitem__)
        return Nearest(self.keys[i], self.texts[i], scores[i])

    def runners_up(self, query: str, group: Callable[[Hashable], Hashable]) -> list[Nearest]:
        """The nearest entry of each group of keys (`group(key)`, e.g. a concept), nearest first: how far
        the best is ahead of the next group is the margin a careful reader asks for."""
        if not self.texts or not query.strip():
            return []
        scores = self.backend.scores(self.prepared, query)
        best: dict[Hashable, int] = {}
        for i, score in enumerate(scores):
            g = group(self.keys[i])
            if g not in best or score > scores[best[g]]:
                best[g] = i
        return sorted((Nearest(self.keys[i], self.texts[i], scores[i]) for i in best.values()), key=lambda n: -n.score)
