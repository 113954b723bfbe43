"""Answers that read the clock: the venue's hours (today, a named day, now, the late opening), whether a
café is open now, and tours (the next one after now, today's, one tour's times). Every answer takes `now`
(the venue's local time) so the same question at the same moment gets the same words."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from .hours import Schedule, Span, clock
from .lexicon import fold, tokens
from .model import Cafe, Tour, Venue
from .when import day_asked, weekday
from .wording import the_named

NOW_WORDS = re.compile(r"\b(?:now|right now|at the moment|currently|still|yet|too late)\b")
LATE = re.compile(r"(?<!\btoo )\b(?:late|evening|tonight|night)\b")  # not "is it too late to come in?"
LEFT = re.compile(r"\b(?:left|remaining|still to come|later|rest of the day|any more|anymore)\b")
NEXT = re.compile(r"\b(?:next|soonest|upcoming|coming up)\b")
CLOSE = re.compile(r"\bclos\w*\b|\bshut(?:s|ting)?\b|\buntil when\b|\bhow late\b")


def runs_between(tours: list[Tour], day: date, start: int, end: int) -> list[tuple[Span, Tour]]:
    """The tours starting on `day` between the two times (minutes from midnight), by time."""
    found = [
        (s, t)
        for t in tours
        if t.schedule
        for s in t.schedule.spans(day)
        if start <= s.start.hour * 60 + s.start.minute <= end
    ]
    return sorted(found, key=lambda p: p[0].start)


def venue_hours(venue: Venue, folded: str, now: datetime) -> str:
    hours = venue.hours
    if hours is None:
        return ""
    notes = f" {hours.notes}" if hours.notes else ""
    day = day_asked(folded, now)
    if LATE.search(folded) and day is None:  # "is there a late opening?"
        late = [(d, t) for d, t in hours.week(now.date()) if any(s.end.time() > _evening() for s in hours.spans(d))]
        if late:
            said = "; ".join(f"{d:%A} {t}" for d, t in late)
            return f"Late opening: {said}.{notes}"
        for offset in range(7, 366):  # none this week: the next one, in its season
            later = now.date() + timedelta(days=offset)
            spans = [s for s in hours.spans(later) if s.end.time() > _evening()]
            if spans:
                note = f" ({spans[0].note})" if spans[0].note else ""
                return (
                    f"No late opening this week; the next is {weekday(later, now)}, until "
                    f"{clock(spans[0].end)}{note}. This week: {hours.week_text(now.date())}.{notes}"
                )
    general = re.search(r"\b(?:week|hours|opening times)\b", folded) or not re.search(r"\bopen\b", folded)
    if day is None and not NOW_WORDS.search(folded) and not CLOSE.search(folded) and general:
        return f"Opening hours: {hours.week_text(now.date())}.{notes}"
    day = day or now.date()
    plain = f"{folded} {' '.join(tokens(folded))}"  # "the greenhouses": the notes' "glasshouses"
    on_day = f" {hours.notes_on(day, plain)}" if hours.notes else ""  # "last entry one hour before closing (17:00)"
    if day == now.date():
        text = _today(venue, hours, now, folded)
        if LATE.search(folded) and not any(s.end.time() > _evening() for s in hours.spans(day)):
            text += _next_late(hours, day, now, "today")  # "open late on Wednesdays?" on one out of season
        return text + on_day
    if not hours.spans(day):
        after = datetime.combine(day, datetime.max.time())
        return f"We're closed {weekday(day, now)}.{_next_open(hours, after, now)}{notes}"
    text = f"{_cap(weekday(day, now))} we're open {hours.day_text(day)}."
    if LATE.search(folded) and not any(s.end.time() > _evening() for s in hours.spans(day)):
        text += _next_late(hours, day, now)
    return text + on_day


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _next_late(hours: Schedule, day: date, now: datetime, then: str = "then") -> str:
    """When the same weekday next has a late opening (seasonal hours), if within a year."""
    for weeks in range(1, 53):
        later = day + timedelta(weeks=weeks)
        late = [s for s in hours.spans(later) if s.end.time() > _evening()]
        if late:
            note = f" ({late[0].note})" if late[0].note else ""
            return f" No late opening {then}; the next is {weekday(later, now)}, until {clock(late[0].end)}{note}."
    return ""


def _evening():
    from datetime import time

    return time(19, 0)


def _today(venue: Venue, hours: Schedule, now: datetime, folded: str) -> str:
    spans = hours.spans(now.date())
    if hours.open_at(now):
        close = hours.closes(now)
        until = clock(close) if close and close.date() == now.date() else "late"
        late = [s.note for s in spans if s.note]
        day = f"{now:%A}{'; ' + late[0] if late else ''}"
        if CLOSE.search(folded) and not NOW_WORDS.search(folded):  # "what time do you close?"
            return f"We close at {until} today ({day})."
        return f"Yes — we're open now, until {until} today ({day})."
    if spans and now < spans[0].start:
        return f"We open at {clock(spans[0].start)} today ({now:%A}), until {clock(spans[-1].end)}."
    if spans:
        return f"We closed at {clock(spans[-1].end)} today ({now:%A}).{_next_open(hours, now, now)}"
    return f"We're closed today ({now:%A}).{_next_open(hours, now, now)}"


def _next_open(hours: Schedule, after: datetime, now: datetime) -> str:
    span = hours.next_opening(after)
    return f" We open again {weekday(span.start.date(), now)} at {clock(span.start)}." if span else ""


# ---- cafés and kiosks ----------------------------------------------------------------------------------


def open_now(cafe: Cafe, venue: Venue, now: datetime) -> bool:
    hours = cafe.hours or venue.hours
    return hours is None or hours.open_at(now)


def open_today(cafe: Cafe, venue: Venue, now: datetime) -> bool:
    """Open at some point today from now on (a kiosk closed for the season or on weekdays is not)."""
    hours = cafe.hours or venue.hours
    if hours is None:
        return True
    return any(s.end > now for s in hours.spans(now.date()))


def cafe_hours(cafe: Cafe, venue: Venue, now: datetime) -> str:
    """'open now until 17:30', 'opens at 11:00 today', 'closed today; next open Saturday 11:00–16:00'."""
    return hours_status(cafe.hours or venue.hours, now)


def hours_status(hours: Schedule | None, now: datetime) -> str:
    """Whether a place with these hours is open now and until when, or when it next opens ('' unknown)."""
    if hours is None:
        return ""
    if hours.open_at(now):
        close = hours.closes(now)
        return f"open now until {clock(close)}" if close and close.date() == now.date() else "open now"
    spans = [s for s in hours.spans(now.date()) if s.start > now]
    if spans:
        return f"opens at {clock(spans[0].start)} today, until {clock(spans[0].end)}"
    nxt = hours.next_opening(now)
    if nxt is None:
        return "closed"
    season = f" — it is open {hours.season}" if hours.season and (nxt.start.date() - now.date()).days > 6 else ""
    return f"closed now{season}; next open {weekday(nxt.start.date(), now)}, {nxt.text()}"


# ---- tours -----------------------------------------------------------------------------------------------


def next_run(t: Tour, now: datetime, days: int = 60) -> Span | None:
    return t.schedule.next_opening(now, days) if t.schedule else None


def runs_today(t: Tour, now: datetime) -> list[Span]:
    return t.schedule.spans(now.date()) if t.schedule else []


def tour_facts(t: Tour) -> str:
    """Booking, ticket and age notes, each said once."""
    parts = []
    if t.ticket:
        parts.append(f"Tickets: {t.ticket.rstrip('.')}.")
    if t.booking:
        parts.append(t.booking if t.booking.endswith(".") else t.booking + ".")
    if t.min_age:
        parts.append(f"For ages {t.min_age} and over.")
    return " ".join(parts)


# words that start a `when` text and are no name ("Daily at 11:30" reads "runs daily at 11:30")
COMMON = frozenset("daily every each weekends weekdays hourly twice once".split())  # noqa: SIM905


def next_one(t: Tour, now: datetime) -> str:
    """ " The next one is tomorrow (Tuesday) at 10:30." (a seasonal tour's next run may be months away), or ""."""
    nxt = next_run(t, now, 366)
    return f" The next one is {weekday(nxt.start.date(), now)} at {clock(nxt.start)}." if nxt else ""


def tour_line(t: Tour, now: datetime) -> str:
    """One tour: when it runs, how long, where it meets, the next time, what to know."""
    when = t.when[:1].lower() + t.when[1:] if t.when.split()[:1] and t.when.split()[0].lower() in COMMON else t.when
    text = f"{the_named(t.name)} runs {when} ({t.minutes} min), from {t.meets}." + next_one(t, now)
    if t.description:
        said = t.description[:1].upper() + t.description[1:]
        text += f" {said}" + ("" if said.endswith((".", "!", "?")) else ".")
    facts = tour_facts(t)
    return f"{text} {facts}".strip()


def next_tours(tours: list[Tour], now: datetime, word: str = "tour") -> str:
    """The next tour after now (and today's others), not every time of every tour; `word`: what the venue
    calls them ("show")."""
    upcoming = sorted(((s, t) for t in tours for s in [next_run(t, now)] if s), key=lambda p: p[0].start)
    if not upcoming:
        return ""
    span, t = upcoming[0]
    text = (
        f"The next {word} is the **{t.name}**, {weekday(span.start.date(), now)} at {clock(span.start)} "
        f"({t.minutes} min, from {t.meets})."
    )
    facts = tour_facts(t)
    if facts:
        text += f" {facts}"
    later = [
        f"the **{o.name}** at {clock(s.start)}"
        for o in tours
        for s in runs_today(o, now)
        if s.start > now and (o, s.start) != (t, span.start)
    ]
    if later:
        text += " Later today: " + "; ".join(later[:4]) + "."
    return text


def todays_tours(tours: list[Tour], now: datetime, word: str = "tour") -> str:
    """The tours (the venue's `word` for them) still to come today, each with its times."""
    today = [(t, [s for s in runs_today(t, now) if s.start > now]) for t in tours]
    today = [(t, spans) for t, spans in today if spans]
    if not today:
        nxt = next_tours(tours, now, word)
        return f"No more {word}s today ({now:%A}). {nxt}".strip()
    rows = [f"- **{t.name}** at {', '.join(clock(s.start) for s in spans)} ({t.minutes} min)" for t, spans in today]
    return f"{word.capitalize()}s still to come today ({now:%A}):\n" + "\n".join(rows)


def tours_on(tours: list[Tour], day: date, now: datetime) -> str:
    """The tours that run on `day`, with their times."""
    rows = [
        f"- **{t.name}** at {', '.join(clock(s.start) for s in t.schedule.spans(day))} "
        f"({t.minutes} min, from {t.meets})"
        for t in tours
        if t.schedule and t.schedule.spans(day)
    ]
    when = weekday(day, now)
    return f"Tours {when}:\n" + "\n".join(rows) if rows else f"There are no tours {when}."


GENERIC = frozenset(["tour", "tours", "show", "shows", "cost", "extra", "long", "last", "take", "takes", "does"])


def named_by(tours: list[Tour], folded: str) -> list[Tour]:
    """The tours whose names share a word of the question ("the underground tour": every tour with
    "underground" in its name), in the venue's order."""
    words = set(re.findall(r"[a-z]{4,}", folded)) - GENERIC
    return [t for t in tours if words & set(re.findall(r"[a-z]{4,}", t.name.lower()))]


def minutes_in(budget: str | None) -> int | None:
    """'1 hour' → 60, '1.5 hours' → 90, '45 minutes' → 45, 'all afternoon' → 240; None if unknown."""
    if not budget:
        return None
    text = fold(budget)
    m = re.search(r"(\d+(?:\.\d+)?)\s*(hour|hr|h\b|minute|min)", text)
    if m:
        amount = float(m.group(1))
        return round(amount * 60) if m.group(2).startswith("h") else round(amount)
    if re.search(r"\bhalf an hour\b", text):
        return 30
    if re.search(r"\b(?:an|one) hour and a half\b|\ban hour and a half\b", text):
        return 90
    if re.search(r"\b(?:an|one) hour\b", text):
        return 60
    if re.search(r"\btwo hours\b", text):
        return 120
    if "day" in text:
        return 420
    if any(w in text for w in ("afternoon", "morning", "evening", "plenty", "no rush", "no hurry")):
        return 240
    if any(w in text for w in ("hurry", "rush", "quick", "short", "not long", "pressed")):
        return 45
    return None
