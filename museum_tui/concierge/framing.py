"""Where a question sits in what the visitor said around it: a message that only says a feeling, a room
named as the cause of one, a need told with the question (its words are not what to look up), a question
about everything on, a toilet matched by a feature word alone, the venue's access information. A mixin of
the responder (it reads the venue and the index)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from museum_tui.language import content_words
from museum_tui.language.clauses import split_clauses

from . import admission, fit, overview
from .entries import VENUE_KINDS, Entry
from .index import Hit, Index
from .kinds import AUDIENCE, kind_asked
from .knowledge import Known
from .lexicon import ACCESSIBLE, FEELINGS, STOPWORDS, fold
from .model import Venue
from .question import Question

PLACE_ASKING = frozenset("anywhere somewhere where place spot can could please need help any some".split())  # noqa: SIM905


SEMANTIC_MIN = 0.6  # the nearest entry in meaning answers a question BM25 cannot, from this cosine up
SEMANTIC_MARGIN = 0.04  # and only ahead of the next entry of another kind by this much


class Framing:
    venue: Venue
    index: Index

    def _overview(self, q: Question, now: datetime) -> str:
        """An answer about everything on (`overview`), when the question names no one entry or kind."""
        hits = self.index.search(q.ask)
        if (hits and hits[0].named) or kind_asked(self.index, q.ask) is not None:
            return ""
        if admission.by_own_word(hits, q.folded) is not None:  # "how long does the orchid display take to get round?"
            return ""
        shows = [e for e in self.venue.exhibitions if e.on(now.date())]
        rooms = tuple(self.venue.galleries.values())
        return overview.answer(q, shows, now.date(), self.venue.floors, rooms, upcoming=self.venue.upcoming(now.date()))

    def _feature_only(self, hit: Hit, q: Question) -> bool:
        """A toilet matched only by a feature word ("can I get a wheelchair?"): not a question about toilets."""
        if hit.entry.kind != "restroom":
            return False
        return not (self._matched_by(hit, q) - {"wheelchair", "accessible"})

    def _matched_by(self, hit: Hit, q: Question) -> set[str]:
        """The question's words (stems) that this entry holds."""
        return set(self.index.query_tokens(q.ask)) & set(self.index.docs[self.index.entries.index(hit.entry)])

    def _audience_only(self, hit: Hit, q: Question) -> bool:
        """An entry matched only by who something is for ("a kids menu" → the families desk by "kids")."""
        said = self._matched_by(hit, q)
        return bool(said) and all(AUDIENCE.fullmatch(w) for w in said)

    def _two_places(self, q: Question) -> list[Question]:
        """ "Where are the toilets and the café?": two where-questions, when each half alone clearly names a
        different entry; [] otherwise ("fish and chips" is one thing)."""
        if "where" not in q.focus:
            return []
        halves = re.split(r"\s+(?:and|&)\s+(?=(?:the|a|an|some)\b)", q.folded, maxsplit=1)
        if len(halves) != 2:
            return []
        lead = re.match(r"^.*?\bwhere(?:'s| is| are)?\b", halves[0])
        second = f"{lead.group(0)} {halves[1]}" if lead else halves[1]
        asks = [Question.read(h, self.venue) for h in (halves[0], second)]
        tops = [self.index.search(a.ask)[:1] for a in asks]
        found = [t[0].entry.key for t in tops if t and (t[0].named or t[0].coverage >= 0.5)]
        return asks if len(found) == 2 and found[0] != found[1] else []

    def _outdoors(self, hit: Hit) -> bool:
        """A show marked outdoors, or a room whose every show is."""
        if hit.entry.kind == "exhibition":
            return "outdoor" in hit.entry.obj.notes
        if hit.entry.kind == "gallery":
            shows = self.venue.shows_in(hit.entry.obj)
            return bool(shows) and all("outdoor" in e.notes for e in shows)
        return False

    def _access_facility(self):
        """The facility a step-free need's rule gives as its advice (the venue's access information)."""
        ids = [fid for r in self.venue.rules("need") if r.step_free for fid in r.facilities]
        return next((f for f in self.venue.facilities if f.id in ids), None)

    def _of_the_venue(self, q: Question) -> bool:
        """Does the question ask about the whole place ("is the garden …", "is this place …", "is it all …")?"""
        kinds = "|".join(w for w in fold(self.venue.name).split() if w in VENUE_KINDS) or "venue"
        return bool(
            re.search(
                rf"\b(?:the|this|your) (?:{kinds}|place|site)\b|\b(?:everywhere|everything|all of it|it all)\b",
                q.folded,
            )
        )

    def _only_feeling(self, q: Question) -> bool:
        """The message asks nothing beyond its feeling ("is there anywhere to sit down?"): its words, less
        the feeling's phrases and the words of asking for a place, name nothing; the feeling's answer is
        the answer."""
        rest = q.folded
        for topic in q.feelings:
            for phrase in (*FEELINGS.get(topic, ()), *self.venue.feelings.get(topic, ())):
                rest = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", " ", rest)
        return not (content_words(rest) - STOPWORDS - PLACE_ASKING)

    def _the_cause(self, q: Question, known: Known) -> bool:
        """Whether what the message names is the place that does not suit the party (its shows clash with
        a need or a dislike): said as the cause of a feeling, not asked about."""
        hits = self.index.search(q.ask)
        top = hits[0] if hits else None
        if top is None or top.entry.kind not in ("gallery", "exhibition"):
            return False
        room = top.entry.obj if top.entry.kind == "gallery" else top.entry.obj.gallery
        shows = self.venue.shows_in(room)
        return any(fit.unsuited(e, known) for e in shows)

    def _asked_only(self, q: Question, used: set[str]) -> list[Hit]:
        """The entries the clauses that ask find, when they alone find one clearly and the whole message
        did not (its statement only says why: "he's starting to melt down, …"); [] otherwise."""
        asked = " ".join(fold(c.original) for c in split_clauses(q.text) if c.question)
        if not asked or asked == fold(q.ask):
            return []
        hits = [h for h in self.index.search(asked) if h.entry.key not in used]
        return hits if self._specific(hits) else []

    @staticmethod
    def _for_their_needs(hits: list[Hit], known: Known) -> list[Hit]:
        """A facility the visitor's needs point to comes first when it matches the question nearly as well as
        the best, which names nothing ("the normal ones are too small for me": the large-print maps)."""
        theirs = {fid for rule, _ in known.role("need") for fid in rule.facilities}
        if not hits or hits[0].named or not theirs or hits[0].entry.kind == "lift":
            return hits  # (a lift is the step-free way: "…can't do steps. how do we get down to the lake terrace?")
        best = next((h for h in hits[1:4] if h.entry.kind == "facility" and h.entry.obj.id in theirs), None)
        return [best, *[h for h in hits if h is not best]] if best and best.score >= 0.4 * hits[0].score else hits

    def _meant(self, q: Question, used: set[str]) -> Hit | None:
        near = [(s, e) for s, e in self.index.semantic(q.ask) if e.key not in used]
        if not near or near[0][0] < SEMANTIC_MIN:
            return None
        best, entry = near[0]
        rival = next((s for s, e in near[1:] if e.kind != entry.kind and not _same_place(e, entry)), 0.0)
        if best - rival < SEMANTIC_MARGIN:
            return None
        return Hit(best * self.index.rarest, entry, named=False, coverage=best)


# the question is about handling a thing the visitor has: "where can we leave it?", "can I charge it?"
HANDLED = re.compile(r"\b(?:leave|park|store|put|keep|charge|bring|take|hire|borrow|rent|fold)\s+(?:it|them|one)\b")


WAY_WORDS = frozenset("way best quickest easiest fastest route get go down up there here how".split())  # noqa: SIM905
PUSHING = re.compile(r"\b(?:pushing|push|wheeling)\b")


def without_needs(q: Question, known: Known) -> Question:
    """The question without the words of a need told in the same message ("the heat gets to me, anything
    cool indoors?" asks for somewhere cool, not about the heat): the need is answered by its own advice and
    chooses what suits; its words would only find the entries about the need again. Unchanged when
    nothing else would be left to look up."""
    values = [v for rule, v in known.new("need")]
    if HANDLED.search(q.ask):  # "we've got a pushchair, where can we leave it?": the need's thing is asked about
        return q
    ask = q.ask
    # "how do I get to the café? can't do stairs", "Tom can't manage steps - where's the cafe?": the clauses
    # that ask are what is looked up (the language layer's clauses: a statement and a question are two)
    clauses = split_clauses(q.text)
    asked = [fold(c.original) for c in clauses if c.question]
    # "…wants to see the Hepworth sculptures, we're on the ground floor. best way down?": a way with no
    # place of its own is the way to what the statement named
    bare_way = not content_words(" ".join(asked)) - STOPWORDS - WAY_WORDS
    if values and asked and len(asked) < len(clauses) and not bare_way:
        ask = " ".join(asked)
        if q.here is not None and q.where_text:  # where they are is not what is looked up ("from gallery 3")
            ask = re.sub(rf"\b(?:from|in|at|on|by) (?:the )?{re.escape(q.where_text)}\b", " ", ask)
    for value in values:
        ask = re.sub(rf"(?<![a-z0-9]){re.escape(fold(value))}(?![a-z0-9])", " ", ask)
    if "where" in q.focus and q.accessible:  # "how do we get up to the roses with mum's wheelchair?": the roses
        for word in {w for v in values for w in re.findall(r"[a-z]{4,}", fold(v))}:
            ask = re.sub(rf"(?<![a-z0-9]){word}s?(?![a-z0-9])", " ", ask)
        ask = ACCESSIBLE.sub(" ", PUSHING.sub(" ", ask))  # the way is step-free anyway: the place is looked up
    if ask == q.ask or not content_words(ask) - STOPWORDS:
        return q
    return replace(q, ask=" ".join(ask.split()))


def _same_place(a: Entry, b: Entry) -> bool:
    """An exhibition and the gallery it is in (the same answer, either way)."""
    shows = [e.obj for e in (a, b) if e.kind == "exhibition"]
    rooms = [e.obj for e in (a, b) if e.kind == "gallery"]
    return bool(shows and rooms) and shows[0].gallery == rooms[0]
