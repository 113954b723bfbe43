"""Cues borrowed by meaning: an ontology without a lexicon still reads the needs every venue shares.

Allergies, diets, hearing, sight, mobility, sensory needs, a name, a language, the time a visit has, who
came along, a mood, the toilet, a drink, a seat: visitors talk about these the same way in a museum, a
garden or an aquarium, and the shipped museum lexicon knows hundreds of ways they do. A venue concept with
no cues of its own borrows the cues of the one shared concept its label and examples mean (by the static
word vectors: each of its texts' best cosine against the shared concept's texts, averaged), when that
match clears `BAR` and beats the second-best shared concept by `MARGIN`, and both are sensitive or both
not. Everything else is left to its labels and examples (`derived.py`). Borrowed values keep the museum's
wording ("wheelchair user"); the concept, its tier and its rules stay the venue's.

Measured (tests/benchmarks/bench_extraction.py): the garden, written with the museum's concept wording,
maps every shared concept at 0.80-1.00; a third venue written from docs/ alone mapped its 16 shared
concepts but one at 0.44-0.90 with margins 0.27-0.57, its own (animals, activities, where) below 0.30.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from museum_tui.memory import Concept, Ontology, load_ontology

log = logging.getLogger("museum_tui.extraction")

SHARED = (
    "SpecialNeed.HearingImpairment",
    "SpecialNeed.VisualImpairment",
    "SpecialNeed.MobilityImpairment",
    "SpecialNeed.SensorySensitivity",
    "SpecialNeed.Allergy",
    "SpecialNeed.DietaryRestriction",
    "Profile.Language",
    "Profile.Name",
    "VisitPlan.TimeBudget",
    "VisitPlan.Companions",
    "ImmediateNeed.Refreshment",
    "ImmediateNeed.Restroom",
    "ImmediateNeed.Rest",
    "Mood.Current",
)
BAR, MARGIN = 0.40, 0.20
_SOURCE: list[Ontology | None] = []


def shipped_source() -> Ontology | None:
    """The museum ontology with its lexicon, as shipped (inside the package, or the source tree's
    `ontologies/`); None when it cannot be read. Read once per process."""
    if not _SOURCE:
        here = Path(__file__).resolve().parent.parent
        for folder in (here / "ontologies", here.parent / "ontologies"):
            if (folder / "museum.json").is_file():
                try:
                    _SOURCE.append(load_ontology(folder / "museum.json"))
                except Exception as exc:  # a damaged install: the labels and examples still serve
                    log.warning("shared cues unavailable (%s)", exc)
                break
        if not _SOURCE:
            _SOURCE.append(None)
    return _SOURCE[0]


def texts(concept: Concept) -> list[str]:
    """What a concept means, in words: its label's name (before its list and its advice), the list in its
    parentheses, and its examples."""
    listed = re.findall(r"\(([^()]*)\)", concept.label)
    return [re.split(r"\s*[:(]", concept.label, maxsplit=1)[0], *listed[:1], *concept.examples]


def borrow(
    ontology: Ontology, vectors: Any, source: Ontology | None = None, own: bool = False
) -> dict[str, dict[str, Any]]:
    """Cues for the concepts of `ontology` that have none and mean one shared concept of `source`
    (default: the shipped museum's), keyed by the venue's concept id. `vectors`: a `StaticVectors`.
    With `own`, for the concepts that do have cues instead (their fallback: `fallback_cues`)."""
    source = source or shipped_source()
    if source is None:
        return {}
    shared = {cid: source.concepts[cid] for cid in SHARED if cid in source.concepts and source.concepts[cid].cues}

    def borrows(cid: str, concept: Concept) -> bool:
        itself = own and cid in shared and concept.cues == shared[cid].cues  # the shipped museum itself
        return bool(concept.cues) == own and not itself

    chosen = meanings(ontology, vectors, shared, borrows)
    return {
        cid: not_anothers(in_their_words(shared[theirs].cues, ontology.concepts[cid].label), ontology, cid)
        for theirs, cid in chosen.items()
    }


def meanings(
    ontology: Ontology, vectors: Any, shared: Mapping[str, Concept], which: Callable[[str, Concept], bool]
) -> dict[str, str]:
    """Which concept of `ontology` (among those `which` accepts) means each shared concept: by its label and
    examples, at least `BAR`, `MARGIN` ahead of the next shared concept, as sensitive as it; one each."""
    import numpy as np

    def embed(lines: Sequence[str]) -> Any:
        return np.stack([vectors.embed(t) for t in lines])

    theirs = {cid: embed(texts(c)) for cid, c in shared.items()}
    best: dict[str, tuple[float, str]] = {}  # shared concept -> (score, venue concept)
    for cid, concept in ontology.concepts.items():
        if not which(cid, concept) or len(theirs) < 2:
            continue
        mine = embed(texts(concept))
        scores = sorted(((float((mine @ t.T).max(axis=1).mean()), s) for s, t in theirs.items()), reverse=True)
        (top, chosen), (second, _) = scores[0], scores[1]
        if top < BAR or top - second < MARGIN or concept.sensitive != shared[chosen].sensitive:
            continue
        if chosen not in best or best[chosen][0] < top:
            best[chosen] = (top, cid)
    return {chosen: cid for chosen, (_, cid) in best.items()}


def shared_meanings(ontology: Ontology, vectors: Any) -> dict[str, str]:
    """Each shared concept's counterpart in `ontology` (whatever its cues), for the learned reader trained on
    the shared concepts (extraction/learned.py); the shipped museum's own ids are their own."""
    source = shipped_source()
    if source is None:
        return {}
    shared = {cid: source.concepts[cid] for cid in SHARED if cid in source.concepts}
    same = {cid: cid for cid in shared if cid in ontology.concepts}
    rest = meanings(
        ontology, vectors, {k: v for k, v in shared.items() if k not in same}, lambda cid, _: cid not in same.values()
    )
    return same | rest


def not_anothers(cues: Mapping[str, Any], ontology: Ontology, cid: str) -> dict[str, Any]:
    """Borrowed terms without the values another concept of the venue is named by: where a castle has its own
    "Has a pushchair or buggy along", the museum's mobility value "pushchair" is not borrowed for mobility."""
    heads = {
        w
        for other, concept in ontology.concepts.items()
        if other != cid
        for w in re.findall(r"[a-z-]{4,}", re.split(r"[(:]", concept.label)[0].lower())
    }
    terms = cues.get("terms")
    if not isinstance(terms, Mapping):
        return dict(cues)
    return {**cues, "terms": {p: v for p, v in terms.items() if not (isinstance(v, str) and v.lower() in heads)}}


def in_their_words(cues: Mapping[str, Any], label: str) -> dict[str, Any]:
    """Borrowed cues whose one-word values take the venue label's form of the same word: the museum's
    "autistic" is the label's "autism" (the one listed word sharing its first five letters)."""
    from .derived import items

    listed = [item for item in items(label) if " " not in item]
    terms = cues.get("terms")
    if not isinstance(terms, Mapping) or not listed:
        return dict(cues)

    def theirs(value: Any) -> Any:
        if not isinstance(value, str) or " " in value or len(value) < 5 or value in listed:
            return value
        same = [item for item in listed if len(item) >= 5 and item[:5] == value[:5]]
        return same[0] if len(same) == 1 else value

    return {**cues, "terms": {phrase: theirs(value) for phrase, value in terms.items()}}


def borrowed_cues(ontology: Ontology) -> dict[str, dict[str, Any]]:
    """`borrow` with the shipped vectors, for an ontology with concepts lacking cues; {} when every concept
    has its own or the vectors cannot load (labels and examples alone then)."""
    if all(c.cues for c in ontology.concepts.values()):
        return {}
    try:
        from museum_tui.language.vectors import StaticVectors

        return borrow(ontology, StaticVectors.load())
    except Exception as exc:  # no numpy, a damaged table
        log.info("no shared cues borrowed (%s)", exc)
        return {}


def fallback_cues(ontology: Ontology) -> dict[str, dict[str, Any]]:
    """The shared cues a concept with a lexicon of its own falls back on, in a clause its own cues found
    nothing in: a venue author lists the ways they thought of ("I use a wheelchair"), the shipped museum's
    lexicon hundreds more ("my legs aren't what they were"). Chosen as `borrow` chooses; {} without vectors.
    Measured: see docs/extraction-cues.md ("Fallback")."""
    source = shipped_source()
    if not any(c.cues for c in ontology.concepts.values()) or source is None or source == ontology:
        return {}
    try:
        from museum_tui.language.vectors import StaticVectors

        return borrow(ontology, StaticVectors.load(), own=True)
    except Exception as exc:  # no numpy, a damaged table
        log.info("no fallback cues (%s)", exc)
        return {}
