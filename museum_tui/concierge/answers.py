"""Answers about one kind of venue entry, composed from the data and personalised from memory: where a
show is and who made it, the toilet that suits, the menu items that fit, today's hours, tours, facilities.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from . import timing
from .food import ALLERGY_SAID, FoodAnswers
from .index import Hit
from .knowledge import (
    Known,
    clash,
    floor_in,
    floor_named,
    interest_score,
    pick_restroom,
)
from .lexicon import fold, phrase_in
from .model import Exhibition, Facility, Gallery, Venue
from .on_answers import OnAnswers
from .question import Question
from .time_answers import TimeAnswers
from .wording import be, cap, listing, md, people, placed, the

__all__ = ["ALLERGY_SAID", "Answers", "cap", "listing", "md"]


class Answers(TimeAnswers, FoodAnswers, OnAnswers):
    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def floor(self, level: int) -> str:
        return self.venue.floor_name(level).lower()

    def here(self, q: Question, known: Known) -> int | None:
        return q.here if q.here is not None else floor_in(self.venue, known.first("position"))

    def route_to(self, floor: int, q: Question, known: Known, place: str = "") -> str:
        """How to reach `floor` (where `place`, an id, is) from where the visitor is: a lift only when the
        level changes, and the lift nearest the place or the visitor when there are several."""
        here = self.here(q, known)
        name = self.floor(floor)
        if here is not None and here == floor:
            return f"It's on this floor ({name})."
        lifts = [lift for lift in self.venue.lifts if floor in lift.floors and (here is None or here in lift.floors)]
        step_free = known.party_step_free or q.accessible  # the party's needs, not only the visitor's
        if here is None and floor == self.entry_level():
            room = self.venue.galleries.get(place)
            level = ": step-free" if room is None or room.step_free else ""  # (a room down steps says so apart)
            return f"It's on the {name}, the same level as the main entrance{level}." if step_free else ""
        near = {place, *self.places_in(q.where_text or known.first("position") or "")} - {""}
        lift = max(lifts, key=lambda lift: len(near & set(lift.near)), default=None)
        if step_free and lift:
            if here is None:
                return f"**{cap(lift.name)}** ({lift.location}) takes you to the {name} step-free."
            way = "down" if here > floor else "up"
            return f"From the {self.floor(here)}, take **{lift.name}** {way} to the {name} — the way is step-free."
        if lift and here is not None:
            return f"From the {self.floor(here)}, take the stairs or {lift.name} to the {name}."
        if lift and "where" in q.focus:
            return f"Take the stairs or {lift.name} ({lift.location}) to the {name}."
        chain = self._lift_chain(here, floor) if here is not None and not lifts else []
        if chain:  # no one lift joins the two levels: one after another
            legs = [f"**{lift.name}** {'down' if a > b else 'up'} to the {self.floor(b)}" for lift, a, b in chain]
            how = "take " + ", then ".join(legs)
            tail = " — the way is step-free." if step_free else " (or the stairs)."
            return f"From the {self.floor(here)}, {how}{tail}"
        return ""

    def _lift_chain(self, start: int, end: int) -> list:
        """The fewest lifts, one after another, from level `start` to `end`: [(lift, from, to), …]; [] if none."""
        paths: dict[int, list] = {start: []}
        frontier = [start]
        while frontier and end not in paths:
            nxt = []
            for level in frontier:
                for lift in self.venue.lifts:
                    if level not in lift.floors:
                        continue
                    for other in lift.floors:
                        if other not in paths:
                            paths[other] = [*paths[level], (lift, level, other)]
                            nxt.append(other)
            frontier = nxt
        return paths.get(end, [])

    def entry_level(self) -> int:
        """The level visitors come in at: the first step-free entrance's, else 0."""
        entrance = next((e for e in self.venue.entrances if e.step_free), None)
        return entrance.floor if entrance else 0

    def places_in(self, text: str) -> set[str]:
        """Ids of the galleries and facilities a described place names ('by the east hall' → its id)."""
        low = fold(text)
        if not low:
            return set()
        found = {g.id for g in self.venue.galleries.values() if fold(g.name) in low}
        return found | {f.id for f in self.venue.facilities if f.name and fold(f.name) in low}

    # ---- exhibitions and galleries -------------------------------------------------------------------

    def exhibition(self, e: Exhibition, q: Question, known: Known, today: date | None = None) -> str:
        where = f"{e.gallery.name}, {self.floor(e.gallery.floor)}"
        when = self.dates(e, q, today)
        if when and not e.on(today):  # "is Ice Worlds on?": not yet, or no longer
            return f"**{e.title}** ({where}): {when} {cap(e.description)}."
        by = f" by {people(e.artists)}" if e.artists else ""
        if "who" in q.focus:
            text = f"**{e.title}** ({where}) shows work{by}: {e.description}."
        elif "long" in q.focus:
            text = f"Allow about {e.minutes} minutes for **{e.title}** ({where}): {e.description}."
        else:
            text = f"**{e.title}** is in {where}: {e.description}{by} (about {e.minutes} min)."
        text += self.show_notes(e, known) + (f" {when}" if when else "")
        score, why = interest_score(e, known)
        if score > 0 and why:
            text += f" I think you'll like it, because {md(why)}."
        steps = self.not_step_free(e.gallery, q, known)
        if steps:
            return f"{text} {steps}"
        if "where" in q.focus or known.party_step_free or q.accessible:
            text = f"{text} {self.route_to(e.gallery.floor, q, known, e.gallery.id)}".strip()
        return text

    def not_step_free(self, g: Gallery, q: Question, known: Known) -> str:
        """For a party that needs step-free ways, a room that is not: said plainly, with what the venue's
        step-free advice says about it (its sentences naming the room: the way round, where to view it)."""
        if g.step_free or not (known.party_step_free or q.accessible):
            return ""
        ids = {fid for r in self.venue.rules("need") if r.step_free for fid in r.facilities}
        texts = [f.text for f in self.venue.facilities if f.id in ids]
        name = fold(g.name).removeprefix("the ")
        said = [x.rstrip(";,") + "." * x.endswith((";", ",")) for t in texts for x in re.split(r"(?<=[.!?;])\s+", t)]
        said = [x for x in said if name in fold(x)]
        return " ".join([f"**{g.name}** is not step-free, I'm afraid.", *said])

    @staticmethod
    def dates(e: Exhibition, q: Question, today: date | None) -> str:
        """When a show is on, said when it matters: it is not on `today` (not yet, or no longer), or the
        question asks when or until when ("how long is it on for?", "when does it finish?")."""
        if today is None:
            return ""
        if e.opens and today < e.opens:
            until = f", until {_day(e.closes, today)}" if e.closes else ""
            return f"It is not on yet: it opens on {_day(e.opens, today)}{until}."
        if e.closes and today > e.closes:
            return f"It has closed (it ended on {_day(e.closes, today)})."
        said = r"\b(?:until|till|finish\w*|end\w*|last day|how long is it on|on for|still (?:on|running|showing))\b"
        asks = "when" in q.focus or re.search(said, q.folded)
        if e.closes and asks:
            return f"It runs until {_day(e.closes, today)}."
        return ""

    def show_notes(self, e: Exhibition, known: Known) -> str:
        """What to know before going in: access notes, admission, and a clash with the visitor's needs."""
        text = f" Good to know: {', '.join(e.access)}." if e.access else ""
        text += self.admission(e)
        reason = clash(e, known)
        return text + (f" Heads up: {reason}." if reason else "")

    @staticmethod
    def admission(e: Exhibition) -> str:
        """Ticket, booking and age limit, each said once ('' when entry covers it)."""
        parts = []
        if e.ticket:
            parts.append(f"It needs a separate ticket: {e.ticket.rstrip('.')}.")
        if e.booking:
            parts.append(e.booking if e.booking.endswith(".") else e.booking + ".")
        if e.min_age:
            note = f" ({e.age_note})" if e.age_note else ""
            parts.append(f"For ages {e.min_age} and over{note}.")
        elif e.age_note:
            parts.append(cap(e.age_note.rstrip(".")) + ".")
        return "".join(f" {p}" for p in parts)

    def about_venue(self, now: datetime) -> str:
        text = f"**{self.venue.name}**" + (f": {self.venue.description}" if self.venue.description else ".")
        if not text.endswith("."):
            text += "."
        today = timing.venue_hours(self.venue, "open today", now)
        return f"{text} {today}".strip()

    def exhibitions(self, shows: list[Exhibition], q: Question, known: Known) -> str:
        rows = []
        for e in shows:
            by = f"; {people(e.artists)}" if e.artists else ""
            rows.append(
                f"- **{e.title}** — {e.description} ({e.gallery.name}, {self.floor(e.gallery.floor)}, "
                f"about {e.minutes} min{by})"
            )
        return "These match:\n" + "\n".join(rows)

    def gallery(self, g: Gallery, q: Question, known: Known, today: date | None = None) -> str:
        """A room: its floor, noise, what is on there (on `today`; what opens later is said as later)."""
        here = self.venue.shows_in(g)
        shows = [e for e in here if today is None or e.on(today)]
        later = [e for e in here if today is not None and e.opens and e.opens > today]
        text = f"**{g.name}** is on the {self.floor(g.floor)}" + (" and is step-free." if g.step_free else ".")
        # "how long does it take?" of a room, or whether it fits the time the visitor has: its shows' time first
        if ("long" in q.focus or q.budget) and shows:
            text = f"Allow about {sum(e.minutes for e in shows)} minutes for {self.what_is_on(shows)}. {text}"
        if g.noise in ("loud", "quiet"):
            text += f" It is a {g.noise} space."
        if shows:
            text += " On there now: " + "; ".join(
                f"**{e.title}**" + (f" ({people(e.artists)})" if e.artists else "") for e in shows
            )
            text += "."
        if len(shows) == 1:  # a room with one show: what it is and what to know about it are said too
            text = text.rstrip(".") + f" — {shows[0].description}."
            text += self.show_notes(shows[0], known)
        if later:
            text += " Coming later: " + "; ".join(f"**{e.title}** (from {_day(e.opens, today)})" for e in later) + "."
        steps = self.not_step_free(g, q, known)
        return f"{text} {steps or self.route_to(g.floor, q, known, g.id)}".strip()

    @staticmethod
    def what_is_on(shows: list[Exhibition]) -> str:
        return (
            ", ".join(f"**{e.title}** ({e.minutes} min)" for e in shows) if len(shows) > 1 else f"**{shows[0].title}**"
        )

    # ---- toilets, lifts, facilities, entrances -------------------------------------------------------

    def on_floor(self, level: int, q: Question, known: Known) -> str:
        shows = [e for e in self.venue.exhibitions if e.gallery.floor == level]
        if not shows:
            return f"There is nothing on the {self.floor(level)} at the moment."
        return f"On the {self.floor(level)}:\n" + "\n".join(
            f"- **{e.title}** — {e.description} ({e.gallery.name}, about {e.minutes} min)" for e in shows
        )

    def restroom(self, q: Question, known: Known) -> str:
        here = self.here(q, known)
        if q.near and here is None:
            here = floor_in(self.venue, q.near)
        step_free = known.party_step_free or q.accessible
        near = q.near or q.where_text or known.first("position") or ""
        changing = bool(re.search(r"\bchanging places\b|\bhoist\b", q.folded))
        room = pick_restroom(self.venue, here, step_free, q.baby and not changing, near, changing)
        kind = "accessible toilets" if room.accessible and step_free else "nearest toilets"
        extras = [
            x
            for x, ok in (("baby changing", room.baby_changing), ("a Changing Places room", room.changing_places))
            if ok
        ]
        extra = f" (with {' and '.join(extras)})" if extras else ""
        text = f"The {kind} are on the {self.floor(room.floor)}, {room.location}{extra}."
        if step_free and not room.accessible:
            text += " There is no accessible toilet, I'm afraid; staff at the information desk can help."
        return f"{text} {self.route_to(room.floor, q, known)}".strip()

    def lifts(self, q: Question, known: Known) -> str:
        """The lifts, each with where it is and the floors it reaches; only those that reach the level the
        question names ("down to the lake") and, when known, the visitor's own level, if any do."""
        every = set(self.venue.floors)
        rows = []
        to = self.level_named(q.ask)
        here = self.here(q, known)
        lifts = [lift for lift in self.venue.lifts if to is None or to in lift.floors]
        lifts = [lift for lift in lifts if here is None or here == to or here in lift.floors] or lifts
        for lift in lifts or self.venue.lifts:
            reach = (
                "every floor"
                if every and every <= set(lift.floors)
                else "the " + listing([self.floor(f) for f in lift.floors])
            )
            rows.append(f"**{cap(lift.name)}** is {lift.location} and reaches {reach}")
        return "; ".join(rows) + "." if rows else "There is no lift, I'm afraid."

    def level_named(self, text: str) -> int | None:
        """The level a question names: a floor by name or number, or a place by its whole name, or a floor's
        distinctive word ("down to the lake" → the lake terrace)."""
        level = floor_named(self.venue, text)
        if level is not None:
            return level
        low = fold(text)
        end = re.search(r"\b(top|highest|bottom|lowest) (?:floor|level)\b", low)  # "right up to the top floor"
        if end and self.venue.floors:
            return max(self.venue.floors) if end.group(1) in ("top", "highest") else min(self.venue.floors)
        places = [(g.name, g.floor) for g in self.venue.galleries.values()]
        places += [(f.name, f.floor) for f in self.venue.facilities if f.floor is not None]
        named = [floor for name, floor in places if phrase_in(fold(name), low)]
        if named:
            return named[0]
        said = set(re.findall(r"[a-z]{4,}", low)) - {"floor", "level", "lift", "lifts", "where", "there"}
        hits = [lv for lv, name in self.venue.floors.items() if said & set(re.findall(r"[a-z]{4,}", fold(name)))]
        return hits[0] if len(hits) == 1 else None

    def lift_near(self, place_id: str, name: str, floor: int | None) -> str:
        """The lift nearest a place: one the venue lists as `near` it, else one reaching its floor."""
        lifts = [lift for lift in self.venue.lifts if place_id in lift.near]
        lifts = lifts or [lift for lift in self.venue.lifts if floor is not None and floor in lift.floors]
        if not lifts:
            return f"There is no lift near {name}, I'm afraid."
        lift = lifts[0]
        reach = listing([self.floor(f) for f in lift.floors])
        return f"The nearest lift to {name} is **{lift.name}**, {lift.location}; it reaches the {reach}."

    def facility(self, f: Facility, q: Question, known: Known, now: datetime | None = None) -> str:
        if f.location:
            said = f.floor is not None and self.floor(f.floor) in fold(f.location)
            floor = f" ({self.floor(f.floor)})" if f.floor is not None and not said else ""
            # "Families and children" is whom it is for, not a place: "**Families and children**: at the desk"
            lead = f"**{f.name}**:" if TOPIC.search(fold(f.name)) else f"{the(f.name)} {be(f.name)}"
            text = f"{lead} {placed(f.location)}{floor}. {f.text}".strip()
        else:
            text = f"**{f.name}**: {f.text}"
        if not text.endswith((".", "!", "?")):
            text += "."
        if f.hours is not None and now is not None:  # a place with its own hours: open now, or when next
            text += f" It is {timing.hours_status(f.hours, now)}."
        if f.floor is not None and ("where" in q.focus or known.party_step_free or q.accessible):
            text = f"{text} {self.route_to(f.floor, q, known, f.id)}".strip()
        return text

    def entrance(self, hits: list[Hit], q: Question, known: Known) -> str:
        rows = []
        for e in self.venue.entrances:
            access = "step-free" if e.step_free else "not step-free"
            rows.append(f"**{e.name}** ({self.floor(e.floor)}, {access}){': ' + e.notes if e.notes else ''}")
        return "; ".join(rows) + "."


# a facility named for whom or what it serves ("Families and children", "Support for deaf visitors")
TOPIC = re.compile(r"\band\b|^(?:support|help|for|access|information for)\b|^\w+ \w+ing$")  # "Baby feeding"


def _day(day: date, today: date) -> str:
    """'13 March', with the year when it is not this one's ('2 January 2027')."""
    return f"{day.day} {day:%B}" + (f" {day.year}" if day.year != today.year else "")
