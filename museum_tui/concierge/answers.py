"""Answers about one kind of venue entry, composed from the data and personalised from memory: where a
show is and who made it, the toilet that suits, the menu items that fit, today's hours, tours, facilities.
"""

from __future__ import annotations

import re
from datetime import datetime

from museum_tui.safetext import md as markdown_escaped

from .index import Hit
from .knowledge import (
    Known,
    allergen_tags,
    clash,
    day_named,
    diet_tags,
    floor_in,
    interest_score,
    item_problem,
    pick_restroom,
    runs_on,
    times_in,
)
from .lexicon import DIET_WORDS, WEEKDAYS, fold, tokens
from .model import Cafe, Exhibition, Facility, Gallery, MenuItem, Tour, Venue
from .question import Question

GENERIC_MENU_WORDS = {"food", "drink", "menu", "cafe", "eat", "snack"}


def md(text: str) -> str:
    """Visitor-derived text made inert for Markdown (the project's one escaping, uncut)."""
    return markdown_escaped(text, None)


def cap(text: str) -> str:
    """A name that starts a sentence ('the east lift' → 'The east lift')."""
    return text[:1].upper() + text[1:]


def listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


class Answers:
    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def floor(self, level: int) -> str:
        return self.venue.floor_name(level).lower()

    def here(self, q: Question, known: Known) -> int | None:
        return q.here if q.here is not None else floor_in(self.venue, known.first("position"))

    def route_to(self, floor: int, q: Question, known: Known) -> str:
        """How to reach `floor` from where the visitor is (by lift for anyone who needs step-free)."""
        here = self.here(q, known)
        name = self.floor(floor)
        if here is not None and here == floor:
            return f"It's on this floor ({name})."
        lifts = [lift for lift in self.venue.lifts if floor in lift.floors and (here is None or here in lift.floors)]
        lift = lifts[0] if lifts else None
        if (known.step_free or q.accessible) and lift:
            if here is None:
                return f"**{cap(lift.name)}** ({lift.location}) gets you there step-free."
            way = "down" if here > floor else "up"
            return f"From the {self.floor(here)}, take **{lift.name}** {way} to the {name} — the way is step-free."
        if lift and here is not None:
            return f"From the {self.floor(here)}, take the stairs or {lift.name} to the {name}."
        return ""

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
        reason = clash(e, known)
        if reason:
            text += f" Heads up: {reason}."
        score, why = interest_score(e, known)
        if score > 0 and why:
            text += f" I think you'll like it, because {md(why)}."
        if "where" in q.focus or known.step_free:
            text = f"{text} {self.route_to(e.gallery.floor, q, known)}".strip()
        return text

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
        return f"{text} {self.route_to(g.floor, q, known)}".strip()

    # ---- toilets, lifts, facilities, entrances -------------------------------------------------------

    def opening(self, cafe: Cafe) -> str:
        return f"The **{cafe.name}** is open {cafe.hours}; it is {cafe.location}."

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
            floor = f" ({self.floor(f.floor)})" if f.floor is not None else ""
            text = f"The **{f.name}** is {f.location}{floor}. {f.text}".strip()
        else:
            text = f"**{f.name}**: {f.text}"
        if not text.endswith((".", "!", "?")):
            text += "."
        if f.floor is not None and ("where" in q.focus or known.step_free):
            text = f"{text} {self.route_to(f.floor, q, known)}".strip()
        return text

    def entrance(self, hits: list[Hit], q: Question, known: Known) -> str:
        rows = []
        for e in self.venue.entrances:
            access = "step-free" if e.step_free else "not step-free"
            rows.append(f"**{e.name}** ({self.floor(e.floor)}, {access}){': ' + e.notes if e.notes else ''}")
        return "; ".join(rows) + "."

    # ---- time ----------------------------------------------------------------------------------------

    def hours(self, q: Question, now: datetime) -> str:
        hours = self.venue.hours
        today = WEEKDAYS[now.weekday()]
        day = day_named(q.folded, today)
        notes = hours.get("notes", "")
        if day not in hours or (
            day == today and re.search(r"\b(?:week|opening hours|hours)\b", q.folded) and "today" not in q.folded
        ):
            week = "; ".join(f"{d.capitalize()} {t}" for d, t in hours.items() if d != "notes")
            return f"Opening hours: {week}. {notes}".strip()
        value = hours[day]
        span = times_in(value)
        if day == today:
            text = f"Today ({day.capitalize()}) we're open {value}."
            if span:
                close = span[1].replace(".", ":")
                if now.strftime("%H:%M") >= close.zfill(5):
                    text = f"We closed at {close} today ({day.capitalize()})."
                elif re.search(r"\bclos", q.folded):
                    text = f"Today ({day.capitalize()}) we close at {close} (open {value})."
        else:
            text = f"On {day.capitalize()} we're open {value}."
        return f"{text} {notes}".strip()

    def tours(self, hits: list[Hit], q: Question, known: Known, now: datetime) -> str:
        tour_hits = [h for h in hits if h.entry.kind == "tour"]
        top = tour_hits[0] if tour_hits else None
        if top and (top.named or len(tour_hits) == 1 or top.score >= 1.5 * tour_hits[1].score):
            t: Tour = top.entry.obj
            return f"The **{t.name}** runs {t.when} ({t.minutes} min), from {t.meets}." + (
                f" {t.description}" if t.description else ""
            )
        today = WEEKDAYS[now.weekday()]
        on = [t for t in self.venue.tours if runs_on(t.when, today)]
        rows = [f"- **{t.name}**: {t.when}, {t.minutes} min, from {t.meets}" for t in self.venue.tours]
        head = (
            f"Today ({today.capitalize()}): " + listing([f"the **{t.name}** ({t.when})" for t in on]) + "."
            if on
            else f"There are no tours today ({today.capitalize()})."
        )
        return head + " All tours:\n" + "\n".join(rows)

    # ---- food ----------------------------------------------------------------------------------------

    def food(self, hits: list[Hit], q: Question, known: Known, wants: list[str], where: bool) -> str:
        if not self.venue.cafes:
            return "There is no café here, I'm afraid."
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
        named_cafe = next((h.entry.obj for h in hits if h.entry.kind == "cafe" and h.named), None)
        avoid = dict(known.avoid_allergens())
        for m in re.finditer(r"\b(\w+)[- ]free\b|\bwithout (\w+)|\ballergic to (\w+)", q.folded):
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
        else:  # the café with the most that fits (the first on a tie)
            cafe = max(
                self.venue.cafes,
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
        lines = [self._cafe_line(cafe, q, known, wants, where)]
        if note:
            lines.append(note)
        if avoid or diets:
            needs = ", ".join(md(v) for v in dict.fromkeys([*avoid.values(), *(w for w, _ in diets)]))
            picks = ", ".join(i.item for i in safe[:4]) or "nothing on the menu, sadly"
            lines.append(f"With {needs} in mind, good choices are: {picks}.")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            if risky:
                avoided = ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3])
                lines.append(f"Avoid {avoided}. {cafe.notes}".strip())
            elif unsafe:
                lines.append(f"The rest of the menu isn't marked {md(diets[-1][0])}.")
        elif named:
            lines.append("On the menu: " + ", ".join(m.item for m in safe[:4]) + ".")
        elif not where or wants:
            lines.append("You could try: " + ", ".join(i.item for i in safe[:3]) + ".")
        return " ".join(lines)

    def _cafe_line(self, cafe: Cafe, q: Question, known: Known, wants: list[str], where: bool) -> str:
        hours = f" (open {cafe.hours})" if cafe.hours else ""
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
