"""The offline concierge: grounded, deterministic replies from the venue data and the agent's memory slice.

A message is read once (`Question`); what the visitor just told us is acknowledged (a retraction says what
was dropped, a need brings the venue's advice for it); a question is answered by retrieval over the venue's
entries, the best entry's kind choosing how the answer is reasoned (the nearest suitable toilet, the menu
items that fit, today's hours), personalised from what the agent may see. Same input, same words, always.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from museum_tui import clock
from museum_tui.memory import MemoryStore

from . import admission, fit, intents, timing
from .agents import Agent
from .answers import Answers
from .entries import KIND_WORDS, Entry
from .follow_up import MIN_SCORE, PLACES, follow_up
from .food import allergy_said
from .framing import Framing, without_needs
from .index import Hit, Index, load_vectors
from .kinds import (
    AMOUNT,
    HOURS_ASKED,
    PRICE,
    SKIP,
    SUITS,
    WAY_IN,
    asks_time,
    at_place,
    by_kind,
    for_audience,
    kind_asked,
    still_on,
    timed_tour,
    to_skip,
    to_suit,
    weather_only,
)
from .knowledge import FactLike, Known, diet_tags, floor_named
from .lexicon import PAYING, stem, tokens, words
from .model import Venue
from .question import Question
from .recommend import INDOORS, recommend
from .talk import Talk
from .together import time_for_all
from .told import Told
from .wording import once

MIN_COVERAGE = 0.32  # nor when it explains less than this share of the question's words
MAX_PARTS = 4
OPEN = re.compile(r"\bopen\b|\bclos(?:e|es|ed|ing)\b")
CHANGING = re.compile(r"\b(?:baby )?chang(?:e|ing)\b|\bnapp(?:y|ies)\b")  # at the toilets
# whether the venue itself is open, asked of "you" ("are you open on Christmas Day?", "when do you close?")
OWN_TIMES = re.compile(  # (or runs to a timetable: "every 20 minutes from 10:15")
    r"\b(?:open|opens|closes)\b[^.;]{0,20}?\d{1,2}[:.]\d{2}|\bevery \d+ (?:minutes|mins|hours)\b", re.IGNORECASE
)
VENUE_OPEN = re.compile(r"^(?:\w+ )?(?:are|r) (?:you|u) (?:\w+ ){0,2}open\b|\bwhen (?:are|do) you (?:open|close|shut)")


class BuiltinResponder(Told, Talk, Framing):
    def __init__(self, venue: Venue, vectors: object = ...) -> None:
        self.venue = venue
        self._index: Index | None = None
        self._vectors = vectors  # ...: the installed static vectors, loaded with the index
        self.answers = Answers(venue)

    @property
    def index(self) -> Index:
        """The venue's retrieval index, built at the first question (or by `warm_up`), not at start-up."""
        if self._index is None:
            vectors = load_vectors() if self._vectors is ... else self._vectors
            self._index = Index.build(self.venue, vectors)
        return self._index

    def warm_up(self) -> None:
        """Build the index and load the word vectors (about half a second) before the first question."""
        assert self.index.entries is not None

    def reply(
        self,
        text: str,
        agent: Agent,
        store: MemoryStore,
        pending: Sequence[FactLike] = (),
        *,
        now: datetime | None = None,
        earlier: Sequence[str] = (),
    ) -> str:
        """The answer to `text`; `earlier`: the visitor's earlier messages, oldest first (for follow-ups)."""
        now = now or clock.local_now()
        known = Known.build(self.venue, agent, store, pending)
        acts = intents.small_talk(text)
        if acts and not known.said_now and not known.retracted:  # small talk gets a short reply, nothing else
            return self.small_talk(acts, known, store, now)
        q = follow_up(Question.read(text, self.venue), known, earlier, self.index, self.answers)
        banned = self._banned(known)
        parts: list[str] = []
        if q.greeting:
            parts.append(self.greeting(known, store, now, pick=not (q.is_question or q.plan)))
        parts += self.statements(known, banned, q)
        food_told = bool(known.new("need")) and self._asks_food(q)  # "lunch ideas, I'm allergic to milk"
        used = set(banned)
        felt = [part for topic in q.feelings for part in self.feeling(topic, q, known, used)]
        parts += felt
        told_plan = known.new("interest") or known.new("time_budget")
        if told_plan and not (q.is_question or q.plan):
            parts.append(self.recommend(q, known))
        elif felt and (self._the_cause(q, known) or self._only_feeling(q)):
            pass  # "anywhere calm? the play area is too much": the calm places answer; the loud one is the cause
        elif q.is_question or not parts or q.plan or food_told:
            for ask in self._two_places(q) or [without_needs(q, known)]:  # "the toilets and the café?"
                answer = self.answer(ask, known, used, now)
                if answer and answer not in parts:
                    parts.append(answer)
        for rule, value in known.new("want"):
            if rule.query and not q.is_question:
                wanted = Question.read(rule.query.format(value=value), self.venue)
                answer = self.answer(wanted, known, used, now, wants=[value])
                if answer and answer not in parts:
                    parts.append(answer)
        parts = parts[: MAX_PARTS + 1]
        if q.goodbye:
            parts.append(self.farewell())
        elif q.thanks and len(parts) < 2:
            parts.append("You're welcome! Anything else I can help with?")
        if not parts and known.new("position"):
            parts.append("Got it — I'll give directions from there. Where would you like to go?")
        if not parts and known.said_now:
            parts.append("Thanks — I'll keep that in mind. What can I help you with?")
        if not parts:
            parts.append(self.fallback())
        elif q.greeting and len(parts) == 1:
            parts.append("What would you like to see or do today?")
        return "\n\n".join(once(parts))

    # ---- questions -----------------------------------------------------------------------------------

    def _between_levels(self, hits: list[Hit], place: Entry | None, q: Question, known: Known) -> str | None:
        """ "we're up on the walkway and want to go down to the lake, a way without steps?": from the visitor's
        level to the one named, with the lift (or lifts one after another) that joins them; a lift matched by
        its words alone had answered with itself."""
        if place is not None or not hits or hits[0].entry.kind != "lift" or hits[0].named:
            return None
        to, here = self.answers.level_named(q.ask), self.answers.here(q, known)
        if to is None or here is None or to == here or not (q.accessible or "where" in q.focus):
            return None
        return self.answers.route_to(to, q, known) or None

    def _specific(self, hits: list[Hit]) -> bool:
        top = hits[0] if hits else None
        return top is not None and (
            top.named or (top.score >= MIN_SCORE * self.index.rarest and top.coverage >= MIN_COVERAGE)
        )

    def answer(self, q: Question, known: Known, used: set[str], now: datetime, wants: list[str] | None = None) -> str:
        # the venue's own words for another kind win over the generic ones ("show" is a tour at an aquarium)
        theirs = {w for k, text in self.venue.words.items() if k != "exhibition" for w in text.split()}
        generic = [w for w in KIND_WORDS["exhibition"].split() if w not in theirs]
        kind_words = " ".join([*generic, self.venue.words.get("exhibition", "")])
        if any(VENUE_OPEN.search(part) for part in intents.asking_sentences(q.folded)):
            return self.answers.hours(q, now)  # "Are you open on Christmas Day? …walk off the dinner": the venue
        whole = self._overview(q, now)  # "how long to see it all?", "the newest exhibition?"
        if whole:
            return whole
        if intents.whats_on(q.folded, kind_words, self.index, frozenset(theirs)) and not q.budget:
            return self.answers.whats_on(known, now, q.folded)
        if kind := intents.shows_of_a_kind(q.folded, [e for e in self.venue.exhibitions if e.on(now.date())]):
            return self.answers.whats_on(known, now, q.folded, only=kind)
        skip = to_skip(self.answers, q, known, now) if SKIP.search(q.folded) else ""
        skip = skip or (to_suit(self.answers, self.index, q, known, now) if SUITS.search(q.folded) else "")
        if skip:  # "anywhere we should skip?", "which one is best for her?": by the party's needs
            return skip
        if intents.leave_unknown(q.ask, self.index):
            return ""  # "can I fly my drone?": not in the venue's data (staff know: the fallback says who)
        hits = [h for h in self.index.search(q.ask) if h.entry.key not in used and not self._feature_only(h, q)]
        if weather_only(self.index, q, hits):  # "is there anything indoors if it rains?": what's on, under cover
            return self.answers.whats_on(known, now, q.folded)
        if WAY_IN.search(q.folded) and kind_asked(self.index, q.ask) == "entrance":  # "a way in from this side?"
            return self.answers.entrance(hits, q, known)
        if "price" in q.focus:  # a price question wants an entry that has prices
            for hit in hits:
                if any(PRICE.search(text) for text, _ in hit.entry.fields):
                    hit.score *= 1.5
            hits.sort(key=lambda h: -h.score)
        hits = self._for_their_needs(hits, known)  # "a map I can actually read?" with low vision: the sight support
        if INDOORS.search(q.folded):  # "anything inside?": what is marked outdoors is no answer
            hits = [h for h in hits if h.named or not self._outdoors(h)] or hits
        room = next((h for h in hits[:3] if h.named and h.entry.kind in ("gallery", "exhibition")), None)
        if q.accessible and room is not None and not hits[0].named:  # "is it step free?" of a room named
            hits = [room, *[h for h in hits if h is not room]]
        entry = admission.answer(q, hits, self.index, now)  # "can my 10 year old go in?", "how much for X?"
        if entry:
            return entry
        said = admission.subject(hits)
        unpriced = hits and not hits[0].named and not any(AMOUNT.search(text) for text, _ in hits[0].entry.fields)
        if said is None and unpriced and "price" in q.focus and admission.asks_admission(q):
            return by_kind(self.answers, self.index, [], q, known, now)  # no price there: where prices are
        place = next((h.entry for h in hits[:3] if h.named and h.entry.kind in (*PLACES, "exhibition")), None)
        if kind_asked(self.index, q.ask) == "lift":
            if place is not None:  # "which lift is nearest the east hall?"
                room = place.obj.gallery if place.kind == "exhibition" else place.obj
                return self.answers.lift_near(getattr(room, "id", room.name), room.name, place.floor)
            if self.answers.level_named(q.ask) is not None:  # "is there a lift to the third floor?"
                return self.answers.lifts(q, known)
        if (route := self._between_levels(hits, place, q, known)) is not None:
            return route
        specific = self._specific(hits)
        if not specific and not q.plan:  # the lexical evidence is weak: the nearest entry in meaning
            meant = self._meant(q, used)
            if meant is not None:
                hits, specific = [meant, *[h for h in hits if h.entry is not meant.entry]], True
        narrow = [] if specific or q.plan else self._asked_only(q, used)
        if narrow:  # "he's starting to melt down, is there somewhere calm we can go?"
            hits, specific = narrow, True
        top = hits[0] if hits else None
        food = next((h for h in hits[:6] if h.entry.kind in ("cafe", "menu")), None)
        foodish = q.food or q.drink or allergy_said(self.venue, q.folded) or bool(diet_tags(self.venue, q.folded))
        # "can my son have one of those cookies?": a dish named by what it is (its last word) is a food question;
        # "what's good for kids?" matching "Kids' lunch box" by a word before it is not
        dish = top.entry.obj[1].item if top is not None and top.entry.kind == "menu" else ""
        foodish = foodish or bool(dish and stem(words(dish)[-1]) in self.index.query_tokens(q.ask))
        hours_of_cafe = (
            top is not None and top.entry.kind == "cafe" and ("when" in q.focus or timing.NOW_WORDS.search(q.folded))
        )
        asked = tokens(q.ask, self.venue.synonyms)
        cafe_asked = q.food or q.drink or "cafe" in asked
        foodish = foodish or ("cafe" in asked and bool(PAYING.search(q.folded)))  # "can i pay cash in the cafe"
        if q.near and cafe_asked and top and top.named and top.entry.kind not in ("cafe", "menu"):
            # "a coffee near the east hall?": the place named is where to look from, not the answer
            here = q.here if q.here is not None else top.entry.floor
            return self.answers.food(hits, replace(q, here=here), known, wants or [], "where" in q.focus, now)
        kids_menu = top is not None and q.food and self._audience_only(top, q)  # "a kids menu?": food
        if (
            foodish
            and not hours_of_cafe
            and not (top and top.named and top.entry.kind not in ("cafe", "menu"))
            and (food is None or top is food or not specific or top.score <= 2 * food.score or kids_menu or q.food)
        ):  # "what food can I buy?" is food, not the shop; "any hot food?" not the hot glasshouse
            return self.answers.food(hits, q, known, wants or [], "where" in q.focus, now)
        if q.near and top and top.entry.kind != "restroom" and ("toilet" in asked or CHANGING.search(q.folded)):
            return self.answers.restroom(q, known)  # "the toilet (baby change) nearest the east room": the place
        if together := time_for_all(self.index, q, now.date()):  # "the orchids and then the desert house?"
            return together
        named_show = top is not None and top.named and top.entry.kind in ("exhibition", "gallery", "tour")
        if (q.plan or (q.budget and not (top and (top.named or narrow)) and not asks_time(q))) and not named_show:
            floor = floor_named(self.venue, q.ask)
            if floor is not None and not q.budget:
                return self.answers.on_floor(floor, q, known)
            return self.recommend(q, known)
        live = [v for rule, v in known.role("want") if rule.query]
        if not specific and live and wants is None and intents.vague_need(q.folded):
            rule = next(r for r, _ in known.role("want") if r.query)
            wanted = Question.read(rule.query.format(value=live[0]), self.venue)
            wanted.focus = q.focus
            return self.answer(wanted, known, used, now, wants=live[:1])
        if timed_tour(self.index, q):  # "the next planetarium show?", "the next walk from the gate?"
            place = next((h for h in self.index.search(q.folded)[:3] if h.named and h.entry.kind in PLACES), None)
            there = at_place(self.venue.tours, place.entry.name) if place else []
            if there:
                return self.answers.tours([], q, known, now, pool=there)
        if timed_tour(self.index, q) and not (top and top.named):  # "when's the next feeding?"
            return self.answers.tours([h for h in hits if h.entry.kind == "tour"], q, known, now)
        if (show := still_on(hits, q)) is not None:  # "is the lighthouse photo exhibition still on?": its dates
            return self.answers.exhibition(show, q, known, now.date())
        # a facility with hours of its own, as data or in its words ("Open 10:00–17:45: catalogues, …")
        own_hours = (
            top is not None
            and top.entry.kind == "facility"
            and bool(top.entry.obj.hours or OWN_TIMES.search(top.entry.obj.text))
        )
        timely = asks_time(q) and "price" not in q.focus  # "do I still have to pay?" asks the price
        if timely and (titled := intents.titled_show(hits, q.folded)):  # "is the surrealism exhibition open yet?"
            hits, top = [titled, *[h for h in hits if h is not titled]], titled
        if timely and not (top and (top.named or own_hours or top.entry.kind in ("tour", "cafe", "menu", "hours"))):
            # "can we still come in?": no entry is open or closed but the venue ("is the gift shop still open?":
            # a facility with hours of its own is)
            return self.answers.hours(q, now)
        room_time = top is not None and top.named and top.entry.kind in ("gallery", "exhibition")
        # "is the glasshouse still open?": the venue's hours (a show not on today says its own dates instead)
        if room_time and top.entry.kind == "exhibition" and not top.entry.obj.on(now.date()):
            room_time = "when" in q.focus
        if asks_time(q) and room_time:
            if own := self.answers.room_hours(top.entry.obj, q, now):  # a note times it: the glasshouses
                return own
            name = top.entry.name  # "when does the palm house close?": a room keeps the venue's hours
            return f"**{name}** has no hours of its own; ours: {self.answers.hours(q, now)}"
        hours_asked = timely and top is not None and top.entry.kind == "hours"  # "open yet? … she's in a wheelchair"
        venue_access = q.accessible and not (top and top.named) and self._of_the_venue(q) and not hours_asked
        if venue_access and (access := self._access_facility()):
            return self.answers.facility(access, q, known)  # "is the garden ok for wheelchairs?"
        if not specific or top is None:
            return by_kind(self.answers, self.index, hits, q, known, now)
        kind = top.entry.kind
        a = self.answers
        if kind == "menu" and not (foodish or top.named):  # "what's good for kids?" matched "Kids' lunch box"
            audience = for_audience(a, self.index, q, known)
            if audience:
                return audience
        if kind in ("menu", "cafe"):
            # "is the kiosk by the penguins open?": the café named (a dish of it may score higher)
            cafe = top if kind == "cafe" else next((h for h in hits[:4] if h.entry.kind == "cafe" and h.named), None)
            if (
                cafe is not None
                and (cafe.named or OPEN.search(q.folded))
                and ("when" in q.focus or timing.NOW_WORDS.search(q.folded) or OPEN.search(q.folded))
            ):
                return a.opening(cafe.entry.obj, now, q.folded)
            return a.food(hits, q, known, wants or [], "where" in q.focus, now)
        if kind == "restroom":
            return a.restroom(q, known)
        if kind == "hours" and (place := next((h for h in hits[1:4] if h.named and h.entry.kind == "facility"), None)):
            return a.facility(place.entry.obj, q, known, now)  # "what time does the shop close?": the shop's hours
        if kind == "hours" and not (asks_time(q) or "when" in q.focus or HOURS_ASKED.search(q.folded)):
            return by_kind(a, self.index, hits, q, known, now)  # "anything for a 5 year old?" ("new year")
        if kind == "hours":
            cafe_words = bool({"cafe", "kiosk", "coffee"} & set(tokens(q.ask, self.venue.synonyms)))
            cafe = next(
                (h for h in hits[1:6] if h.entry.kind == "cafe" and (cafe_words or h.score >= 0.5 * top.score)), None
            )
            return a.opening(cafe.entry.obj, now, q.folded) if cafe else a.hours(q, now)
        if kind == "tour":
            return a.tours(hits, q, known, now)
        if kind == "lift":
            return a.lifts(q, known)
        if kind == "entrance":
            return a.entrance(hits, q, known)
        if kind == "facility":
            used.add(top.entry.key)
            asked_tour = "tour" in tokens(q.ask, self.venue.synonyms)
            tours = self.venue.tours_supporting(top.entry.obj.id) if asked_tour else []
            if tours:  # "a tour for blind visitors": the tours the need that names this support lists
                return "\n".join(timing.tour_line(t, now) for t in tours)
            return a.facility(top.entry.obj, q, known, now)
        if kind == "gallery":
            return a.gallery(top.entry.obj, q, known, now.date())
        if kind == "venue":
            access = self._access_facility() if q.accessible else None  # "is the aquarium accessible?"
            return a.facility(access, q, known) if access else a.about_venue(now)
        shows, left = fit.answering(hits, known)
        if len(shows) > 1 and (on_today := [e for e in shows if e.on(now.date())]):
            shows = on_today  # "any photography exhibitions on?": not the one that has closed
        one = a.exhibition(shows[0], q, known, now.date()) if len(shows) == 1 else ""
        text = (one or a.exhibitions(shows, q, known)) if shows else ""
        return (text + "".join(f"\nI've left out **{e.title}**: {why}." for e, why in left)).strip()

    def recommend(self, q: Question, known: Known) -> str:
        return recommend(self.venue, self.answers, q, known)
