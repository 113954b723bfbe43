"""What is on: every exhibition on today, another day or in a month to come, by floor, with what the visitor
should know (tickets, ages, clashes), the tours that start in the span asked about, and those made for a
member the question names. A mixin of `Answers`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from museum_tui.language.party import member_phrase

from . import timing
from .knowledge import Known, clash, interest_score
from .lexicon import INDOORS, OUTDOORS
from .model import Exhibition, Venue
from .when import month_range, weekday, weekend_asked, window
from .wording import listing, md


class OnAnswers:
    venue: Venue

    def floor(self, level: int) -> str:  # (Answers.floor: how a level is named)
        raise NotImplementedError

    def whats_on(self, known: Known, now: datetime, folded: str = "", only: Sequence[Exhibition] = ()) -> str:
        """Every exhibition on today (or the day asked), by floor, with what the visitor should know
        (tickets, ages, clashes); asked about another day or a time of day, the tours and shows that start
        then come first ("anything on early tomorrow morning?")."""
        asked = window(folded, now)
        day = asked[0] if asked else now.date()
        weekend = weekend_asked(folded, now) if asked is None else None  # "anything on this weekend?"
        month = weekend or (month_range(folded, now) if asked is None else None)  # "what'll be on next month?"
        shows = sorted(
            (e for e in self.venue.exhibitions if (e.on_between(*month) if month else e.on(day))),
            key=lambda e: (e.gallery.floor, e.title),
        )
        where = kind = ""
        if only:  # "any photography shows on?": the shows of that kind
            shows, kind = [e for e in shows if e in only], " of that kind"
        if (INDOORS.search(folded) or OUTDOORS.search(folded)) and shows:  # "what can we see indoors?"
            inside = bool(INDOORS.search(folded))
            kept = [e for e in shows if ("outdoor" in e.notes) != inside]
            shows, where = (kept, " indoors" if inside else " outdoors") if kept else (shows, "")
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
        when = "now" if day == now.date() and not month else weekday(day, now)
        when = f"in {month[0]:%B %Y}" if month and month[0] > now.date() and not weekend else when
        when = f"at the weekend ({month[0].day}–{month[1].day} {month[1]:%B})" if weekend else when
        at, count = f"{where} at {self.venue.short_name}", f"({n} exhibition{'s' if n != 1 else ''}{kind})"
        head = f"On now{at} {count}:" if when == "now" else f"On{at} {when} {count}:"  # not "On on Sunday"
        if not shows:
            head = f"Nothing is on at {self.venue.short_name} {when}, I'm afraid."
        later = self.venue.upcoming(now.date())
        soon = (
            [f"**{e.title}** (from {e.opens.day} {e.opens:%B})" for e in later]
            if asked is None and month is None
            else []
        )
        lead = self._starting(asked, now) if asked and (asked[3] or day != now.date()) else []
        lead += [f"{timing.tours_on(list(self.venue.tours), d, now)}\n" for d in weekend or () if d >= now.date()]
        lead += self._for_member(known, folded, now)
        return "\n".join([*lead, head, *rows, *([f"Coming up: {'; '.join(soon)}."] if soon else [])])

    def _for_member(self, known: Known, folded: str, now: datetime) -> list[str]:
        """ "anything on for my dad?": the tours made for a need of the member the question names, first."""
        tags = known.tour_tags()
        named = {m for m in known.about.values() if re.search(rf"\b{re.escape(m)}\b", folded)}
        fitting = [
            t for t in self.venue.tours if any(known.about.get(tags[g].lower()) in named for g in t.access if g in tags)
        ]
        if not named or not fitting:
            return []
        whom = listing([md(member_phrase(m)) for m in sorted(named)])
        return [f"For {whom}:", *(f"- {timing.tour_line(t, now)}" for t in fitting), ""]

    def _starting(self, asked: tuple, now: datetime) -> list[str]:
        """The tours and shows starting in the span asked about, and the hours that day."""
        day, start, end, said = asked
        when = f"{weekday(day, now)} {said}".strip()
        runs = timing.runs_between(list(self.venue.tours), day, start, end)
        hours = self.venue.hours.day_text(day) if self.venue.hours else ""
        open_ = f" (we're open {hours})" if hours and hours != "closed" else " — we're closed then" if hours else ""
        if not runs:
            return [f"Nothing timed starts {when}{open_}.", ""]
        said_runs = [f"the **{t.name}** at {timing.clock(s.start)} ({t.minutes} min, from {t.meets})" for s, t in runs]
        lead = f"Still to come {weekday(day, now)}" if said == "later" else f"Starting {when}"
        return [f"{lead}{open_}: {'; '.join(said_runs[:5])}.", ""]
