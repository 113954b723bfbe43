"""Follow-ups: a question read in the light of what the visitor asked before ("where is it?", "is there a
loo up there?", "and for my nan?", "and after that one?"). Split from responder.py."""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import admission, intents
from .answers import Answers
from .index import Hit, Index
from .kinds import kind_asked
from .knowledge import Known
from .lexicon import fold
from .question import Question

MIN_SCORE = 0.5  # below this share of the rarest word's weight, a match is too weak to answer from
PLACES = ("facility", "gallery", "entrance")  # where a tour may meet
# a statement before the comma that opens the question ("…, can he get down there?"): not what is asked
TURNED = re.compile(
    r"^(?=.*\b(?:i|i'm|im|we|we're|my|our|he|she|they|he's|she's)\b).*,\s*"
    r"(?=(?:can|could|is|are|will|would|do|does|how|where|what|which)\b)"
)


def follow_up(q: Question, known: Known, earlier: Sequence[str], index: Index, answers: Answers) -> Question:
    """A question pointing back ("where is it?") asked about the last thing discussed, unless it refers
    to a live need ("where can I get one?") or names its own subject."""
    # the question's own sentences: "can I get there step-free? I use a wheelchair" asks the first
    asked = " ".join(p for p in re.split(r"(?<=[.!?])\s+", q.folded) if p.endswith("?")) or q.folded
    asked = TURNED.sub("", asked)  # "ah, my dad's on a mobility scooter, can he get down there?": the question
    if earlier and intents.AFTER_THAT.match(asked.strip()):  # "and after that one?": what the last one asked
        return Question.read(earlier[-1], index.venue)
    # "the nearest loo to there", "is there a loo up there?" (after a place; else "there" points back)
    near, there = intents.NEAR_IT.search(asked), intents.A_THING_THERE.search(asked)
    found = intents.last_subject(index, earlier, MIN_SCORE * index.rarest) if near or there else None
    if near:
        return Question.read(intents.resolved(q.text, found[0]), index.venue) if found else q
    if there and found and found[0].entry.kind in (*PLACES, "exhibition"):
        return Question.read(intents.THERE.sub(f"near {found[0].entry.name}", q.text), index.venue)
    if earlier and (also := intents.AND_FOR.match(q.folded)) and not index.search(asked)[:1]:
        # "how much is Light & Shadow?" … "and for my nan? she's 82": the same question, for her
        return Question.read(f"{earlier[-1].rstrip(' ?')} {q.folded[also.end() :]}", index.venue)
    pointing = (
        intents.points_back(asked)
        or admission.asks_age(asked)  # "can my 10 year old go in?"
        or intents.bare_aspect(asked)  # "what floor?", "how much?"
    )
    if not earlier or not pointing or not intents.only_about_a_subject(asked, index):
        return q
    hits = index.search(q.ask)
    if hits and hits[0].named:
        return q
    if intents.vague_need(q.folded) and any(r.query for r, _ in known.role("want")):
        return q
    last = earlier[-1]  # "…a tour for deaf visitors?" listed two: both are "it"
    if kind_asked(index, last) == "tour" and len(answers.tours_for_need(fold(last), known)) > 1:
        return Question.read(f"{last} {q.text}", index.venue)
    found = found or intents.last_subject(index, earlier, MIN_SCORE * index.rarest)
    if found is None:
        return q
    subject, message = found
    if subject.entry.kind == "facility" and kind_asked(index, message) == "tour":
        # "is there a tour for deaf people?" was answered with the tours the support lists: one of them
        tours = {t.name for t in index.venue.tours_supporting(subject.entry.obj.id)}
        subject = next((h for h in index.search(message) if h.entry.name in tours), None) or next(
            (Hit(1.0, e) for e in index.entries if e.kind == "tour" and e.name in tours), subject
        )
    return Question.read(intents.resolved(q.text, subject), index.venue)
