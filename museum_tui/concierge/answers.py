"""Answers about one kind of venue entry, composed from the data and personalised from memory: where a
show is and who made it, the toilet that suits, the menu items that fit, today's hours, tours, facilities.
"""

from __future__ import annotations

import re
from datetime import datetime

from museum_tui.safetext import md as markdown_escaped

from . import timing
from .index import Hit
from .knowledge import (
    Known,
    allergen_tags,
    clash,
    diet_tags,
    floor_in,
    interest_score,
    item_problem,
    pick_restroom,
)
from .lexicon import DIET_WORDS, fold, tokens
from .model import Cafe, Exhibition, Facility, Gallery, MenuItem, Tour, Venue
from .question import Question

GENERIC_MENU_WORDS = {"food", "drink", "menu", "cafe", "eat", "snack"}
SWEET = re.compile(
    r"\b(?:cakes?|tortes?|scones?|cookies?|brownies?|flapjacks?|croissants?|muffins?|banana bread|ice creams?|"
    r"sorbets?|tarts?|puddings?|biscuits?|pastry|pastries|buns?|desserts?|sweets?|treats?|chocolate)\b"
)
# an allergen said in the question itself: "nut-free", "without dairy", "allergic to nuts", "a nut allergy"
ALLERGY_SAID = re.compile(r"\b(\w+)[- ]free\b|\bwithout (\w+)|\ballergic to (\w+)|\b(\w+) allerg(?:y|ies)\b")


def md(text: str) -> str:
    """Visitor-derived text made inert for Markdown (the project's one escaping, uncut)."""
    return markdown_escaped(text, None)


def cap(text: str) -> str:
    """A name that starts a sentence ('the east lift' → 'The east lift')."""
    return text[:1].upper() + text[1:]


def be(name: str) -> str:
    """'is' or 'are' after a name: 'Audio guides are', 'Lockers are', 'The shop is'."""
    last = fold(name).split()[-1] if name.strip() else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and last != "wifi"
    return "are" if plural else "is"


def the(name: str) -> str:
    """A facility's name with its article, bold: 'The **Cloakroom**'; none before a name that has one."""
    if fold(name).startswith(("the ", "a ", "an ")):
        return f"**{cap(name)}**"
    rest = name.split()[1:]
    common = all(w.islower() for w in rest) and not any(ch.isupper() for ch in name[1:2])
    return f"The **{name[:1].lower() + name[1:] if common else name}**"


def listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


class Answers:
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
        step_free = known.step_free or q.accessible
        if here is None and floor == self.entry_level():
            return f"It's on the {name}, the same level as the main entrance." if step_free else ""
        near = {place, *self.places_in(q.where_text or known.first("position") or "")} - {""}
        lift = max(lifts, key=lambda lift: len(near & set(lift.near)), default=None)
        if step_free and lift:
            if here is None:
                return f"**{cap(lift.name)}** ({lift.location}) gets you there step-free."
            way = "down" if here > floor else "up"
            return f"From the {self.floor(here)}, take **{lift.name}** {way} to the {name} — the way is step-free."
        if lift and here is not None:
            return f"From the {self.floor(here)}, take the stairs or {lift.name} to the {name}."
        return ""

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

    def exhibition(self, e: Exhibition, q: Question, known: Known) -> str:
        where = f"{e.gallery.name}, {self.floor(e.gallery.floor)}"
        by = f" by {listing(list(e.artists))}" if e.artists else ""
        if "who" in q.focus:
            text = f"**{e.title}** ({where}) shows work{by}: {e.description}."
        elif "long" in q.focus:
            text = f"Allow about {e.minutes} minutes for **{e.title}** ({where}): {e.description}."
        else:
            text = f"**{e.title}** is in {where}: {e.description}{by} (about {e.minutes} min)."
        if e.access:
            text += f" Good to know: {', '.join(e.access)}."
        text += self.admission(e)
        reason = clash(e, known)
        if reason:
            text += f" Heads up: {reason}."
        score, why = interest_score(e, known)
        if score > 0 and why:
            text += f" I think you'll like it, because {md(why)}."
        if "where" in q.focus or known.step_free:
            text = f"{text} {self.route_to(e.gallery.floor, q, known, e.gallery.id)}".strip()
        return text

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

    def whats_on(self, known: Known, now: datetime) -> str:
        """Every exhibition on today, by floor, with what the visitor should know (tickets, ages, clashes)."""
        shows = sorted(
            (e for e in self.venue.exhibitions if e.on(now.date())), key=lambda e: (e.gallery.floor, e.title)
        )
        if not shows:
            return f"Nothing is on at {self.venue.short_name} today, I'm afraid."
        rows = []
        for e in shows:
            notes = []
            if e.ticket:
                notes.append("separate ticket")
            if e.min_age:
                notes.append(f"ages {e.min_age}+")
            reason = clash(e, known)
            if reason:
                notes.append(f"heads up: {reason}")
            score, why = interest_score(e, known)
            if score > 0 and why:
                notes.append(md(why))
            extra = f" — {'; '.join(notes)}" if notes else ""
            rows.append(
                f"- **{e.title}** — {e.description} ({e.gallery.name}, {self.floor(e.gallery.floor)}, "
                f"about {e.minutes} min){extra}"
            )
        n = len(shows)
        head = f"On now at {self.venue.short_name} ({n} exhibition{'s' if n != 1 else ''}):"
        return "\n".join([head, *rows])

    def about_venue(self, now: datetime) -> str:
        text = f"**{self.venue.name}**" + (f": {self.venue.description}" if self.venue.description else ".")
        if not text.endswith("."):
            text += "."
        today = timing.venue_hours(self.venue, "open today", now)
        return f"{text} {today}".strip()

    def exhibitions(self, shows: list[Exhibition], q: Question, known: Known) -> str:
        rows = []
        for e in shows:
            by = f"; {listing(list(e.artists))}" if e.artists else ""
            rows.append(
                f"- **{e.title}** — {e.description} ({e.gallery.name}, {self.floor(e.gallery.floor)}, "
                f"about {e.minutes} min{by})"
            )
        return "These match:\n" + "\n".join(rows)

    def gallery(self, g: Gallery, q: Question, known: Known) -> str:
        shows = [e for e in self.venue.exhibitions if e.gallery == g]
        text = f"**{g.name}** is on the {self.floor(g.floor)}" + (" and is step-free." if g.step_free else ".")
        if g.noise in ("loud", "quiet"):
            text += f" It is a {g.noise} space."
        if shows:
            text += " On there now: " + "; ".join(
                f"**{e.title}**" + (f" ({listing(list(e.artists))})" if e.artists else "") for e in shows
            )
            text += "."
        return f"{text} {self.route_to(g.floor, q, known, g.id)}".strip()

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
        step_free = known.step_free or q.accessible
        near = q.near or q.where_text or known.first("position") or ""
        room = pick_restroom(self.venue, here, step_free, q.baby, near)
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
        every = set(self.venue.floors)
        rows = []
        for lift in self.venue.lifts:
            reach = (
                "every floor"
                if every and every <= set(lift.floors)
                else "the " + listing([self.floor(f) for f in lift.floors])
            )
            rows.append(f"**{cap(lift.name)}** is {lift.location} and reaches {reach}")
        return "; ".join(rows) + "." if rows else "There is no lift, I'm afraid."

    def facility(self, f: Facility, q: Question, known: Known) -> str:
        if f.location:
            floor = f" ({self.floor(f.floor)})" if f.floor is not None and self.floor(f.floor) not in f.location else ""
            text = f"{the(f.name)} {be(f.name)} {f.location}{floor}. {f.text}".strip()
        else:
            text = f"**{f.name}**: {f.text}"
        if not text.endswith((".", "!", "?")):
            text += "."
        if f.floor is not None and ("where" in q.focus or known.step_free):
            text = f"{text} {self.route_to(f.floor, q, known, f.id)}".strip()
        return text

    def entrance(self, hits: list[Hit], q: Question, known: Known) -> str:
        rows = []
        for e in self.venue.entrances:
            access = "step-free" if e.step_free else "not step-free"
            rows.append(f"**{e.name}** ({self.floor(e.floor)}, {access}){': ' + e.notes if e.notes else ''}")
        return "; ".join(rows) + "."

    # ---- time ----------------------------------------------------------------------------------------

    def hours(self, q: Question, now: datetime) -> str:
        return timing.venue_hours(self.venue, q.folded, now)

    def opening(self, cafe: Cafe, now: datetime) -> str:
        when = timing.cafe_hours(cafe, self.venue, now)
        return f"The **{cafe.name}** is {when}; it is {cafe.location}." if when else self._cafe_where(cafe)

    def _cafe_where(self, cafe: Cafe) -> str:
        return f"The **{cafe.name}** is {cafe.location}."

    def tours(self, hits: list[Hit], q: Question, known: Known, now: datetime) -> str:
        tour_hits = [h for h in hits if h.entry.kind == "tour"]
        top = tour_hits[0] if tour_hits else None
        if top and (top.named or len(tour_hits) == 1 or top.score >= 1.5 * tour_hits[1].score):
            return timing.tour_line(top.entry.obj, now)
        tours = list(self.venue.tours)
        if timing.NEXT.search(q.folded) or timing.NOW_WORDS.search(q.folded):
            return timing.next_tours(tours, now) or self._all_tours(tours)
        if "today" in q.folded:
            return timing.todays_tours(tours, now)
        return self._all_tours(tours) + "\n\n" + (timing.next_tours(tours, now) or "")

    def _all_tours(self, tours: list[Tour]) -> str:
        rows = [f"- **{t.name}**: {t.when}, {t.minutes} min, from {t.meets}" for t in tours]
        return "Tours:\n" + "\n".join(rows) if rows else "There are no tours, I'm afraid."

    # ---- food ----------------------------------------------------------------------------------------

    def food(self, hits: list[Hit], q: Question, known: Known, wants: list[str], where: bool, now: datetime) -> str:
        if not self.venue.cafes:
            return "There is no café here, I'm afraid."
        open_cafes = [c for c in self.venue.cafes if timing.open_today(c, self.venue, now)] or list(self.venue.cafes)
        asked = " ".join([q.folded, *(fold(w) for w in wants)])
        drink = q.drink or bool(re.search(r"coffee|tea|drink|water|juice|thirst", asked))
        food = q.food or bool(re.search(r"food|eat|hungry|snack|lunch|starv|peckish", asked))
        kinds = {"drink"} if drink and not food else {"food"} if food and not drink else {"drink", "food"}
        diet_words = " ".join([*DIET_WORDS, *self.venue.diet_words])
        words = set(tokens(asked, self.venue.synonyms)) - GENERIC_MENU_WORDS - set(tokens(diet_words))
        overlap = {
            (c, m): len(words & set(tokens(m.item, self.venue.synonyms))) for c in self.venue.cafes for m in c.menu
        }
        most = max(overlap.values(), default=0)
        named = [pair for pair, n in overlap.items() if n and n == most]
        if named and not any(c in open_cafes for c, _ in named):  # only a café closed today has it
            cafe = named[0][0]
            return (
                f"The {named[0][1].item.lower()} is sold at the **{cafe.name}** ({cafe.location}), which is "
                f"{timing.cafe_hours(cafe, self.venue, now)}."
            )
        named = [(c, m) for c, m in named if c in open_cafes]
        named_cafe = next((h.entry.obj for h in hits if h.entry.kind == "cafe" and h.named), None)
        avoid = dict(known.avoid_allergens())
        for m in re.finditer(ALLERGY_SAID, q.folded):
            word = next(g for g in m.groups() if g)
            if word != "gluten" or not diet_tags(self.venue, q.folded):
                for tag in allergen_tags(self.venue, word):
                    avoid.setdefault(tag, word)
        asked_diet = diet_tags(self.venue, q.folded)
        diets = list(known.diets())
        if asked_diet and not any(set(t) == set(asked_diet) for _, t in diets):
            word = next(w for w in sorted(asked_diet, key=len) if w)
            diets.append((word, asked_diet))
        if named_cafe or named:
            cafe: Cafe = named_cafe or named[0][0]
        else:  # the café open today with the most that fits (the first on a tie)
            cafe = max(
                open_cafes,
                key=lambda c: len(self._sort([m for m in c.menu if m.kind in kinds], avoid, diets)[0]),
            )
        pool = [m for c, m in named if c == cafe] or [m for m in cafe.menu if m.kind in kinds]
        safe, unsafe = self._sort(pool, avoid, diets)
        note = ""
        if named and not safe:
            item, why = unsafe[0]
            note = (
                f"The {item.item.lower()} is {why}, sorry."
                if why.startswith("not ")
                else f"The {item.item.lower()} has {why} in it, sorry."
            )
            safe, unsafe = self._sort([m for m in cafe.menu if m.kind in kinds], avoid, diets)
        if "coffee" in asked:
            safe.sort(key=lambda i: not re.search(r"coffee|white|espresso|latte", i.item.lower()))
        elif SWEET.search(asked):  # asked for a cake: the sweet things that fit come first
            safe.sort(key=lambda i: not SWEET.search(fold(i.item)))
        lines = [self._cafe_line(cafe, q, known, wants, where, now)]
        if note:
            lines.append(note)
        if avoid or diets:
            needs = ", ".join(md(known.whose(v)) for v in dict.fromkeys([*avoid.values(), *(w for w, _ in diets)]))
            lines.append(f"With {needs} in mind, good choices are: {self._picks(safe, kinds)}.")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            if risky:
                avoided = ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3])
                lines.append(f"Avoid {avoided}. {cafe.notes}".strip())
            elif unsafe:
                lines.append(f"The rest of the menu isn't marked {md(diets[-1][0])}.")
        elif named:
            lines.append("On the menu: " + ", ".join(m.item for m in safe[:4]) + ".")
        elif not where or wants:
            lines.append(f"You could try: {self._picks(safe, kinds, 3)}.")
        return " ".join(lines)

    @staticmethod
    def _picks(safe: list[MenuItem], kinds: set[str], per_kind: int = 4) -> str:
        """What fits, food and drinks each named (a long drinks list must not hide the food that fits)."""
        if not safe:
            return "nothing on the menu, sadly"
        groups = [(k, [m.item for m in safe if m.kind == k]) for k in ("food", "drink") if k in kinds]
        groups = [(k, items) for k, items in groups if items]
        if len(groups) == 1 or not groups:
            return ", ".join(m.item for m in safe[:per_kind])
        return "; ".join(
            f"to {'eat' if k == 'food' else 'drink'}, {', '.join(items[:per_kind])}" for k, items in groups
        )

    def _cafe_line(self, cafe: Cafe, q: Question, known: Known, wants: list[str], where: bool, now: datetime) -> str:
        when = timing.cafe_hours(cafe, self.venue, now)
        hours = f" ({when})" if when else ""
        if where and wants:
            line = f"You can get one at the **{cafe.name}** — it's {cafe.location}{hours}."
        else:
            line = f"The **{cafe.name}** is {cafe.location}{hours}."
        if where:
            line = f"{line} {self.route_to(cafe.floor, q, known)}".strip()
        return line

    @staticmethod
    def _sort(pool, avoid, diets) -> tuple[list[MenuItem], list[tuple[MenuItem, str]]]:
        safe, unsafe = [], []
        for item in pool:
            problem = item_problem(item, avoid, diets)
            if problem:
                unsafe.append((item, problem))
            else:
                safe.append(item)
        return safe, unsafe

    def menu_check(self, known: Known) -> str:
        """After an allergy or diet is told: per café, what fits (food first) and what to avoid."""
        avoid, diets = known.avoid_allergens(), known.diets()
        parts = []
        for cafe in self.venue.cafes:
            safe, unsafe = self._sort(cafe.menu, avoid, diets)
            safe.sort(key=lambda m: m.kind != "food")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            said = []
            if diets and safe:
                said.append("good choices are " + listing([m.item.lower() for m in safe[:4]]))
            if risky:
                said.append("avoid " + ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3]))
            if said:
                parts.append(f"at the **{cafe.name}**, " + "; ".join(said))
        if not parts:
            return ""
        notes = self.venue.cafes[0].notes
        text = ". ".join(p[0].upper() + p[1:] for p in parts)
        return text + "." + (f" {notes}" if notes else "")
