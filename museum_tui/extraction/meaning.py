"""The second chance: a clause no cue recognised, matched by meaning to the lexicon's words.

Every term and value of every concept about the visitor becomes an entry keyed by (concept, value). A
clause that gave no fact (and is not a question, a hypothetical or about a stranger) is searched phrase by
phrase (its content words, one to three at a time); the nearest entry counts when its similarity clears the
concept's bar. A sensitive concept's bar is higher: a wrong need is worse than a missed one. The bars are
chosen by measurement on the labelled sets (tests/benchmarks/bench_extraction.py prints them), per backend:
characters only catch spelling the speller missed; the static vectors catch words never listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from museum_tui.language.clauses import Clause
from museum_tui.language.party import OTHER, SELF
from museum_tui.language.semantic import Backend, SemanticIndex
from museum_tui.language.text import STOPWORDS
from museum_tui.memory import Ontology

from .cues import ConceptCues
from .reading import unregex

# (plain, sensitive) similarity a phrase must reach, per backend. Measured on the five labelled sets (gold,
# heldout 1-3, the party tuning set), P/R against the rules alone: characters change nothing at any bar
# (the speller already has spelling); the vectors at (0.90, off) cost gold 0.993 → 0.991 and the party set
# 0.925 → 0.902 for no recall; at (0.75, 0.85) they found "stairs are out for me" and "I've got aids now"
# but cost precision on every set (gold 0.976, heldout 0.863, heldout3 0.935), and without a lexicon they
# lowered precision at every bar (gold 0.761 → 0.742 at 0.90). So RuleExtractor leaves the pass off;
# these are the least harmful bars, for whoever calibrates it next (a better reading needs the clause's
# grammar: negation scope and subject were its errors).
BARS = {"characters": (0.93, 0.97), "vectors": (0.90, 1.01)}
MAX_WORDS = 3
# Issue 26's precision guard: the nearest concept must lead the next one by MARGIN, and the clause must say
# what the visitor is, has, feels or likes, or be a bare phrase (not what they do: "having a wander"). Measured with
# the guard (bars as above, margin 0.10): the museum and garden blind tuning sets, gold, heldout 1-3 and the
# party set read exactly as without the pass; labels-only it found 1-2 more facts on the museum and the
# garden but cost the held-out aquarium precision (0.821 -> 0.809). So it stays off.
MARGIN = 0.10
STATIVE = re.compile(r"\b(?:i am|we are|i have|we have|i feel|we feel|(?:is|are|r) my|love|into|fan|favourite|fave)\b")


@dataclass(frozen=True)
class Meant:
    concept: str
    value: str
    polarity: str
    about: str


class MeaningPass:
    def __init__(self, ontology: Ontology, cues: list[ConceptCues], backend: Backend) -> None:
        entries = []
        for c in cues:
            if c.subject != "self" or c.question == "need":  # needs of the moment are asked, not described
                continue
            for regex, value in c.terms:
                entries.append((unregex(regex.pattern), (c.concept, value)))
        self.index = SemanticIndex(entries, backend)
        self.known = {text for text, _ in entries}
        self.sensitive = {cid for cid, concept in ontology.concepts.items() if concept.sensitive}
        self.party = {c.concept for c in cues if c.party}
        self.bars = BARS.get(backend.name, (1.01, 1.01))

    def read(self, clause: Clause) -> list[Meant]:
        if clause.question or clause.hypothetical or clause.about == OTHER:
            return []
        words = clause.text.replace(",", " ").split()
        best = None
        for size in range(1, MAX_WORDS + 1):
            for start in range(len(words) - size + 1):
                phrase = words[start : start + size]
                if set(phrase) <= STOPWORDS or phrase[0] in STOPWORDS or phrase[-1] in STOPWORDS:
                    continue
                if " ".join(phrase) in self.known:
                    # a word the lexicon has, which its cues did not take here: they had a reason ("the
                    # deaf composer", "that sculpture"); the second chance is for words it lacks
                    return []
                ranked = self.index.runners_up(" ".join(phrase), lambda key: key[0])  # type: ignore[index]
                if ranked and (best is None or ranked[0].score > best[0].score):
                    margin = ranked[0].score - (ranked[1].score if len(ranked) > 1 else 0.0)
                    best = (ranked[0], start, margin)
        if best is None:
            return []
        found, start, margin = best
        concept, value = found.key  # type: ignore[misc]
        plain_bar, sensitive_bar = self.bars
        if found.score < (sensitive_bar if concept in self.sensitive else plain_bar) or margin < MARGIN:
            return []
        if len(words) > MAX_WORDS and not STATIVE.search(clause.text):
            return []  # "having a wander", "before i go": doing, not being or liking (a bare phrase may stand)
        if clause.about != SELF and concept not in self.party:
            return []
        offset = len(" ".join(words[:start]))
        negated = clause.retraction or clause.negated_before(offset)
        return [Meant(concept, value, "negated" if negated else "asserted", clause.about)]
