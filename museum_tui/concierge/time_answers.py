"""Answers that read the clock for one thing: the venue's hours, whether a café is open (and which is open
instead), tours (one tour's times, the next, today's, those for a need). A mixin of `Answers`."""

from __future__ import annotations

import re
from datetime import datetime

from museum_tui.language.party import member_named

from . import timing
from .hours import clock
from .index import Hit
from .knowledge import Known, clash_with
from .lexicon import fold, phrase_in
from .model import Cafe, Tour, Venue
from .question import Question
from .when import day_asked, month_asked, weekday
from .wording import cap, listing, the_named

# a clock time named in a question: "the 3 o'clock tour", "the 3pm one", "the 15:00 tour"
TIME_NAMED = re.compile(
    r"\b(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?:o'?clock|(?P<pm>pm|p\.m\.)|(?P<am>am|a\.m\.))"
    r"|\b(?P<h2>\d{1,2})[:.](?P<m2>\d{2})\b"
)
# "the last land train", not "how long does the walk last?" (the verb)
LAST_ONE = re.compile(r"\blast\b(?!\s*(?:for\b|\?|$))")
# the question asks for whom a thing suits: "for my husband", "for us", "would suit me"
FOR_SOMEONE = re.compile(r"\bfor (?:my|me|us|him|her|them|our)\b|\bsuit|\bwork for\b|\bgood for\b")


class TimeAnswers:
    venue: Venue

    def hours(self, q: Question, now: datetime) -> str:
        return timing.venue_hours(self.venue, q.folded, now)

    def room_hours(self, room: object, q: Question, now: datetime) -> str:
        """Asked today when a room closes or whether it is still open, and a note of the venue's hours times
        rooms like it from closing ("the glasshouses close 30 minutes before the gates"; a room is one when its
        shows say so): the room's own closing time. "" when no note is about it."""
        hours, folded = self.venue.hours, q.folded
        day = day_asked(folded, now)
        gallery = getattr(room, "gallery", room)
        if hours is None or not hours.notes or day not in (None, now.date()) or not hours.open_at(now):
            return ""
        shows = [e for e in self.venue.exhibitions if e.gallery.id == getattr(gallery, "id", None) and e.on(now.date())]
        said = [getattr(gallery, "name", ""), *(w for e in shows for w in (*e.styles, *e.media, e.description))]
        found = hours.closing_of(now.date(), fold(" ".join(said)))
        if found is None:
            return ""
        at, note = found
        state = f"it closed at {clock(at)} today" if now >= at else f"it's open now, until {clock(at)} today"
        return f"**{gallery.name}**: {state} ({note}; we close at {clock(hours.spans(now.date())[-1].end)})."

    def opening(self, cafe: Cafe, now: datetime, folded: str = "") -> str:
        """Whether a café is open now and until when; a closed one says when it next opens (its season) and
        which café is open instead. Asked about another day ("on Saturdays?"), that day's hours."""
        day = day_asked(folded, now) if folded else None
        hours = cafe.hours or self.venue.hours
        month = month_asked(folded, now) if folded else None
        if month is not None and month != now.date() and hours is not None:  # "open in June?": that month
            said = "closed" if not hours.spans(month) else f"open {hours.day_text(month)}"
            season = f" (it is open {hours.season})" if hours.season else ""
            return f"{the_named(cafe.name)} is {said} in {month:%B}{season}; it is {cafe.location}."
        if day is not None and day != now.date() and hours is not None:
            said = hours.day_text(day)
            when = f"closed {weekday(day, now)}" if said == "closed" else f"open {weekday(day, now)}, {said}"
            season = f" (it is open {hours.season})" if hours.season else ""
            return f"{the_named(cafe.name)} is {when}{season}; it is {cafe.location}."
        when = timing.cafe_hours(cafe, self.venue, now)
        verb = "" if when.startswith("opens") else "is "
        text = f"{the_named(cafe.name)} {verb}{when}; it is {cafe.location}." if when else self._cafe_where(cafe)
        return f"{text} {self.open_instead(cafe, now)}".strip()

    def open_instead(self, closed: Cafe, now: datetime) -> str:
        """The cafés open now when `closed` is not ('' when it is open, or none is)."""
        if timing.open_now(closed, self.venue, now):
            return ""
        others = [c for c in self.venue.cafes if c is not closed and timing.open_now(c, self.venue, now)]
        said = [
            f"{the_named(c.name, mid=True)} is {timing.cafe_hours(c, self.venue, now).replace('open now', 'open')}, "
            f"{c.location}"
            for c in others
        ]
        return f"Instead, {listing(said)}." if said else ""

    def _cafe_where(self, cafe: Cafe) -> str:
        return f"{the_named(cafe.name)} is {cafe.location}."

    def tours_for_need(self, folded: str, known: Known, tours: list[Tour] | None = None) -> list[Tour]:
        """The tours a question asks for by a need it names ("a tour for deaf visitors": those whose access
        that need lists), not a need already known; only tours' names and times are their own words."""
        tours = list(tours or self.venue.tours)
        own = {w for t in tours for w in re.findall(r"[a-z]{4,}", fold(f"{t.name} {t.when}"))}
        named = known.tour_tags_named(folded, own)
        suiting = [t for t in tours if named & set(t.access)]
        return suiting if not known.tour_tags().keys() & named else []

    def _one_tour(self, t: Tour, known: Known, now: datetime) -> str:
        """A tour asked about by name: when it runs, what it is like ("Good to know: full darkness, …"), and
        whether that suits the visitor's needs ("is Black Hole Dive ok for me?" with motion sickness)."""
        text = timing.tour_line(t, now) + (f" Good to know: {', '.join(t.access)}." if t.access else "")
        why = clash_with(" ".join(t.access).lower(), known)
        return f"It may not suit you: {why}.\n\n{text}" if why else text

    def tours(self, hits: list[Hit], q: Question, known: Known, now: datetime, pool: list[Tour] | None = None) -> str:
        """One tour when the question picks one out, else the tours (of `pool`: those at one place) that fit
        the question: for a party member's need, still to come today, the next, on a day named."""
        tour_hits = [h for h in hits if h.entry.kind == "tour"]
        top = tour_hits[0] if tour_hits else None
        if (timed := self._tour_at(q.folded, pool)) is not None:  # "just missed the 3 o'clock tour, next one?"
            return timing.tour_line(timed, now)
        words = {self.tour_word(), "tour", *(self.venue.words.get("tour", "").split())}
        every = any(re.search(rf"\b{re.escape(w)}s\b", q.folded) for w in words if w)  # "what tours are there?"
        # "any falconry displays left?": that tour named in the plural is that tour, not every one
        plural = bool(top) and phrase_in(f"{fold(top.entry.obj.name)}s", q.folded)
        if top and (
            top.named or plural or (not every and (len(tour_hits) == 1 or top.score >= 1.5 * tour_hits[1].score))
        ):
            runs = timing.runs_today(top.entry.obj, now)
            if LAST_ONE.search(q.folded) and runs:  # "when is the last land train?"
                last, name = runs[-1].start, top.entry.obj.name
                if last > now:
                    return f"The last **{name}** today is at {timing.clock(last)}."
                # "did we just miss the last train tour??": gone, and when the next one is
                return f"The last **{name}** today left at {timing.clock(last)}.{timing.next_one(top.entry.obj, now)}"
            return self._one_tour(top.entry.obj, known, now)
        near = timing.named_by([h.entry.obj for h in tour_hits], q.folded)
        if "long" in q.focus and len(near) > 1 and all(t.minutes for t in near):
            # "how long does the underground tour last?" of three tours by that name: each one's length
            by_length: dict[int, list[str]] = {}
            for t in near:
                by_length.setdefault(t.minutes, []).append(f"**{t.name}**")
            said = [
                f"{listing(names)} take{'s' if len(names) == 1 else ''} {_length(m)}" for m, names in by_length.items()
            ]
            return cap("; ".join(said)) + "."
        tours = list(pool or self.venue.tours)
        if suiting := self.tours_for_need(q.folded, known, tours):  # "is there a show for deaf people?"
            return f"{cap(self.tour_word(q.folded))}s for that:\n" + "\n".join(
                f"- {timing.tour_line(t, now)}" for t in suiting
            )
        tags = known.tour_tags()
        fitting = [t for t in tours if tags.keys() & set(t.access)]
        member = member_named(q.folded)
        if fitting and (
            FOR_SOMEONE.search(q.folded) or q.accessible or (member and member in known.about.values())
        ):  # "a tour that works for my husband?"
            needs = [tags[g] for t in fitting for g in t.access if g in tags]
            whom = listing(list(dict.fromkeys(known.whom(v) for v in needs)))
            return f"Tours that suit {whom}:\n" + "\n".join(f"- {timing.tour_line(t, now)}" for t in fitting)
        if "today" in q.folded or timing.LEFT.search(q.folded):
            return timing.todays_tours(tours, now, self.tour_word(q.folded))
        if timing.NEXT.search(q.folded) or timing.NOW_WORDS.search(q.folded):
            return timing.next_tours(tours, now, self.tour_word(q.folded)) or self._all_tours(tours, q.folded)
        day = day_asked(q.folded, now)
        if day is not None and day != now.date():
            return timing.tours_on(tours, day, now)
        if "today" in q.folded:
            return timing.todays_tours(tours, now, self.tour_word(q.folded))
        return self._all_tours(tours, q.folded) + "\n\n" + (timing.next_tours(tours, now) or "")

    def _tour_at(self, folded: str, pool: list[Tour] | None) -> Tour | None:
        """The one tour that starts at the time the question names ("the 3 o'clock tour"), if just one does."""
        m = TIME_NAMED.search(folded)
        if not m:
            return None
        hour, minute = int(m.group("h") or m.group("h2")), m.group("m") or m.group("m2") or "00"
        hours = (
            {hour + 12} if m.group("pm") and hour < 12 else {hour} if m.group("am") or hour > 12 else {hour, hour + 12}
        )
        said = {f"{h:02d}:{minute}" for h in hours} | {f"{h}:{minute}" for h in hours}
        at = [t for t in pool or self.venue.tours if any(re.search(rf"(?<![\d:]){x}\b", t.when) for x in said)]
        return at[0] if len(at) == 1 else None

    def tour_word(self, asked: str = "") -> str:
        """What to call the venue's tours: the visitor's word when it is one of the venue's (`asked`: "what
        shows are on?"), else, of its `words` for them and "tour", the one most of its tours' names use
        ("show" at an aquarium; "tour" at a transport museum whose words start "ride rides talk"), the
        venue's first word on a tie."""
        words = [*self.venue.words.get("tour", "").split(), "tour"]
        if said := [w for w in words if re.search(rf"\b{re.escape(w)}s?\b", asked)]:
            return said[0]
        names = [fold(t.name) for t in self.venue.tours]
        return max(words, key=lambda w: sum(bool(re.search(rf"\b{re.escape(w)}\b", n)) for n in names))

    def _all_tours(self, tours: list[Tour], asked: str = "") -> str:
        rows = [f"- **{t.name}**: {t.when}, {t.minutes} min, from {t.meets}" for t in tours]
        word = self.tour_word(asked)
        return f"{word.capitalize()}s:\n" + "\n".join(rows) if rows else f"There are no {word}s, I'm afraid."


def _length(minutes: int) -> str:
    """'an hour (60 minutes)', '2 hours', '45 minutes'."""
    if minutes == 60:
        return "an hour (60 minutes)"
    return f"{minutes // 60} hours" if minutes % 60 == 0 else f"{minutes} minutes"
