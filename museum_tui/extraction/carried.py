"""A liking said just after the thing it is about: "roses. love them.", "where are the orchids? I'm
obsessed", "CARNIVOROUS PLANTS!!! been obsessed since I was 8". The clause that says the liking names no
term; the clause before it names one, whatever kind of clause it is (a bare phrase, a question). Only for
the visitor's own likings (a concept about the visitor, not a need, whose lexicon has words of liking that a
retraction takes back), and only when the clause before gave nothing else, names exactly one
of the concept's terms and is about no one else.
"""

from __future__ import annotations

import re
from itertools import pairwise

from museum_tui.language.clauses import Clause
from museum_tui.language.negation import NEGATION
from museum_tui.language.party import SELF

from .cues import ConceptCues
from .hits import Hit

# a short clause that says only the liking: its trigger, a pronoun or "I am", a few words of how long
MAX_WORDS = 7


def liked_after(message: str, clauses: list[Clause], cues: list[ConceptCues], said: dict[int, list[Hit]]) -> list[Hit]:
    """The terms a liking that names none is about, read from the clause before it."""
    out: list[Hit] = []
    for before, clause in pairwise(clauses):
        if said.get(id(clause)) or clause.question or clause.hypothetical or clause.about != SELF:
            continue
        if before.about != SELF or len(clause.text.split()) > MAX_WORDS or NEGATION.search(clause.text):
            continue
        if said.get(id(before)):
            continue  # a clause already read ("I'm in the rose garden. love it") is no thing left for a liking
        if re.search(rf"{re.escape(clause.original)}\s*:", clause.sentence):
            continue  # "Likes: Hockney. Dislikes: anything religious": a heading, its things after the colon
        for c in cues:
            # the words a retraction takes back ("not into X any more") are the concept's words of liking
            liking = c.retraction_triggers
            if c.subject != "self" or c.party or liking is None or not liking.search(clause.text):
                continue
            if any(regex.search(clause.text) for regex, _ in c.terms):
                continue  # it names its own thing, which its own reading had
            values = {value for regex, value in c.terms if regex.search(before.text)}
            if len(values) != 1:
                continue
            start, end = message.find(before.original), message.find(clause.original)
            evidence = message[start : end + len(clause.original)] if 0 <= start <= end else clause.sentence
            out.append(Hit(c.concept, values.pop(), "asserted", evidence.strip(), clause.sentence))
    return out
