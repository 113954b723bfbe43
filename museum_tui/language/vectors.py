"""Static word vectors shipped with the package: a meaning for words no cue list was given.

`data/vectors.npz` was distilled once, at development time, from all-MiniLM-L6-v2 by
tools/distill_vectors.py (model2vec's method: each vocabulary entry run alone through the model, PCA,
frequency weighting). At run time a text is the normalised mean of its words' rows, so a clause can be
matched to a concept's label and examples, or a value to a vocabulary, with numpy alone and in
microseconds. A word the table lacks (a typo, a rare word) falls back to BERT's own wordpieces, which the
table also holds; before that, a word one edit from a known word (two for long words) is read as that
word ("wheelchiar" -> "wheelchair"), since a typo's wordpieces rarely mean what the word did.

The table is loaded on first use, once per process, never on import: `StaticVectors.load()`.
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parent / "data" / "vectors.npz"
_WORD = re.compile(r"[a-z0-9]+")
_MAX_PIECE = 24  # longest wordpiece worth trying; BERT's are shorter
_MIN_TYPO = 5  # shorter words are never corrected: "deff" could be deaf, deft or Jeff
_ALPHA = re.compile(r"[a-z]+")
_LOCK = threading.Lock()
_LOADED: dict[Path, StaticVectors] = {}


def fold(text: str) -> str:
    """Lower case without accents ("Café" -> "cafe"), as the vocabulary was built."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The words of a text as the table knows them: folded, split at anything not a letter or digit."""
    return _WORD.findall(fold(text))


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@dataclass(frozen=True)
class Match:
    """One candidate's score for a query: its best cosine similarity over the candidate's texts."""

    key: str
    score: float
    text: str  # which of the candidate's texts scored best


class StaticVectors:
    """The vector table and what is computed from it. Build with `load()`; instances are immutable."""

    def __init__(
        self, vectors: np.ndarray, scales: np.ndarray, entries: list[str], zipf: np.ndarray, meta: dict
    ) -> None:
        self._vectors = vectors  # int8 rows; row i times scales[i] is entry i's vector
        self._scales = scales
        self._entries = entries
        self._zipf = zipf  # wordfreq Zipf frequency x 10 per entry, 0 for pieces
        self._index = dict(zip(entries, range(len(entries)), strict=True))
        self._by_length: dict[int, list[str]] | None = None  # whole words by length, built on first typo
        self.meta = meta
        self.dims = int(vectors.shape[1])
        self._embed = lru_cache(maxsize=4096)(self._embed_uncached)
        self.correct = lru_cache(maxsize=8192)(self._correct_uncached)

    @classmethod
    def load(cls, path: Path | None = None) -> StaticVectors:
        """The table at `path` (default: the shipped one), read once per process and shared; thread-safe."""
        path = path or DATA
        table = _LOADED.get(path)
        if table is None:
            with _LOCK:
                table = _LOADED.get(path)
                if table is None:
                    table = _LOADED[path] = cls._read(path)
        return table

    @classmethod
    def preload(cls, path: Path | None = None) -> threading.Thread:
        """Start loading in a daemon thread, so the first screen never waits for the table."""
        thread = threading.Thread(target=cls.load, args=(path,), name="vectors-preload", daemon=True)
        thread.start()
        return thread

    @classmethod
    def _read(cls, path: Path) -> StaticVectors:
        """Raises ValueError, saying which file and why, for a missing, truncated or malformed table."""
        try:
            with np.load(path, allow_pickle=False) as data:
                vectors, scales, zipf = data["vectors"], data["scales"].astype(np.float32), data["zipf"]
                entries = data["words"].tobytes().decode("ascii").split("\n")
                meta = json.loads(data["meta"].tobytes().decode())
        except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path}: cannot read the vector table ({error})") from error
        if vectors.ndim != 2 or not len(entries) == len(vectors) == len(scales) == len(zipf):
            raise ValueError(f"{path}: the vector table is malformed")
        return cls(vectors, scales, entries, zipf, meta)

    def __contains__(self, word: str) -> bool:
        return word in self._index

    def frequency(self, word: str) -> float:
        """How common a whole word is in English (wordfreq's Zipf scale: 'the' about 7.7, 'leave' 5.3,
        'rucksack' absent); 0.0 for a word the table lacks."""
        row = self._index.get(word)
        return float(self._zipf[row]) / 10.0 if row is not None else 0.0

    def _correct_uncached(self, word: str) -> str | None:
        """The known word a misspelt one most likely meant, or None.

        Only for words of five letters or more that the table lacks; one edit (a swap of two letters
        counts as one) up to seven letters, two beyond. Among equally near words: one that starts with
        the same two letters (typos are rarely there: "sculture" is sculpture, not culture; "shelfish"
        shellfish, not selfish), then the most common.
        """
        if len(word) < _MIN_TYPO or word in self._index or not _ALPHA.fullmatch(word):
            return None
        from rapidfuzz import process  # here, not at import: most messages need no correction
        from rapidfuzz.distance import OSA

        if self._by_length is None:
            by_length: dict[int, list[str]] = {}
            for entry in self._entries:
                if len(entry) >= _MIN_TYPO - 1 and _ALPHA.fullmatch(entry):
                    by_length.setdefault(len(entry), []).append(entry)
            self._by_length = by_length
        limit = 1 if len(word) <= 7 else 2
        near = [
            (
                distance,
                -min(_common_prefix(word, choice), 2),
                -int(self._zipf[self._index[choice]]),
                choice,
            )
            for n in range(len(word) - limit, len(word) + limit + 1)
            for choice, distance, _ in process.extract(
                word, self._by_length.get(n, ()), scorer=OSA.distance, score_cutoff=limit, limit=None
            )
        ]
        return min(near)[-1] if near else None

    def rows(self, word: str) -> list[int]:
        """The table rows that stand for one folded word: its own, a near known word's, its wordpieces."""
        own = self._index.get(word)
        if own is not None:
            return [own]
        corrected = self.correct(word)
        if corrected is not None:
            return [self._index[corrected]]
        pieces: list[int] = []
        start = 0
        while start < len(word):
            for end in range(min(len(word), start + _MAX_PIECE), start, -1):
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                row = self._index.get(piece)
                if row is not None:
                    pieces.append(row)
                    start = end
                    break
            else:
                return []  # a character no piece covers: BERT would read the whole word as unknown
        return pieces

    def word_vector(self, word: str) -> np.ndarray | None:
        """One folded word's vector (a word made of pieces is their mean), or None when nothing covers it."""
        rows = self.rows(word)
        if not rows:
            return None
        return (self._vectors[rows].astype(np.float32) * self._scales[rows, None]).mean(axis=0)

    def embed(self, text: str) -> np.ndarray:
        """Unit vector for a text (the mean of its words' vectors); all zeros when no word is known.

        The result is cached and read-only: copy it before changing it.
        """
        return self._embed(text)

    def _embed_uncached(self, text: str) -> np.ndarray:
        found = [v for v in map(self.word_vector, words(text)) if v is not None]
        if not found:
            out = np.zeros(self.dims, dtype=np.float32)
        else:
            out = np.mean(found, axis=0)
            norm = float(np.linalg.norm(out))
            out = out / norm if norm > 0 else out
        out.flags.writeable = False
        return out

    def similarity(self, a: str, b: str) -> float:
        """Cosine similarity of two texts, in [-1, 1]; 0 when either has no known word."""
        return float(self.embed(a) @ self.embed(b))

    def nearest(self, query: str, candidates: Mapping[str, Iterable[str]], k: int = 3) -> list[Match]:
        """The `k` candidates whose texts (e.g. a concept's label and examples) come nearest `query`.

        A candidate scores its best text's similarity, so one close example is enough. Ties keep the
        candidates' order. Empty when the query has no known word.
        """
        q = self.embed(query)
        if not q.any():
            return []
        scored: list[Match] = []
        for key, texts in candidates.items():
            best: Match | None = None
            for text in texts:
                score = float(q @ self.embed(text))
                if best is None or score > best.score:
                    best = Match(key, score, text)
            if best is not None:
                scored.append(best)
        scored.sort(key=lambda m: m.score, reverse=True)
        return scored[:k]
