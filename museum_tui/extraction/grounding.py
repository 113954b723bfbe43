"""A value captured by a frame read from an ontology's examples must mean something its concept names.

A concept with no lexicon reads open values through frames its examples give ("I love *orchids*" gives
"i love …" to the plants). Such a frame catches anything said that way: "I love Hockney" is no medium and
"I love the café" no plant. So a value a derived frame captured is kept only when, by the static vectors,
it lies near the concept's own vocabulary (the values its label lists and its examples name): at least
`BAR`, and nearer to it than to any other derived concept's. Without the vectors, such values are not kept:
a missed interest is better than a wrong one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BAR = 0.30


class Grounding:
    def __init__(self, vocabulary: Mapping[str, Sequence[str]], vectors: Any | None) -> None:
        import numpy as np

        self.vectors = vectors
        self.rows = {}
        if vectors is not None:
            self.rows = {cid: np.stack([vectors.embed(w) for w in words]) for cid, words in vocabulary.items() if words}

    def fits(self, concept: str, value: str) -> bool:
        """Does `value` mean something `concept`'s vocabulary names, more than another concept's?"""
        if self.vectors is None or concept not in self.rows:
            return False
        q = self.vectors.embed(value)
        if not q.any():
            return False
        score = {cid: float((rows @ q).max()) for cid, rows in self.rows.items()}
        mine = score.pop(concept)
        return mine >= BAR and all(mine > other for other in score.values())


def grounding(derived: Sequence[Any]) -> Grounding | None:
    """The grounding of the derived concepts' open values (`ConceptCues` with a `vocabulary`), with the
    shipped vectors when they load; None when no concept needs one."""
    if not derived:
        return None
    try:
        from museum_tui.language.vectors import StaticVectors

        vectors = StaticVectors.load()
    except Exception:  # no numpy, a damaged table: open values from derived frames are not kept
        vectors = None
    return Grounding({c.concept: c.vocabulary for c in derived}, vectors)
