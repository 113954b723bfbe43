"""Reading the time-bound parts of a venue file: opening hours (the venue's, a café's, a facility's), tour
times, and an exhibition's dates, tickets, booking and age limit. Every problem goes to the checker's
list, so the whole file is reported at once (see venue.py)."""

from __future__ import annotations

import itertools
import re
from datetime import date
from typing import Any, Protocol

from .hours import MONTH_NAMES, MONTHS_OSM, SEASON, SPAN, Schedule, legacy_span, legacy_week, problem

LEGACY = re.compile(r"\d[:.]\d\d\s*(?:–|—|to)\s*\d")
CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


class Checker(Protocol):
    problems: list[str]

    def get(self, data: Any, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any: ...

    def strings(self, data: Any, key: str, where: str) -> tuple[str, ...]: ...


def schedule(c: Checker, spec: str, where: str) -> Schedule | None:
    """`spec` in opening_hours syntax, or an older "10:00–17:30 (note)" text; a problem otherwise."""
    if problem(spec) is None:
        return Schedule(spec)
    span = legacy_span(spec) if LEGACY.search(spec) else None  # older files: "10:00–17:30 (note)"
    if span and problem(span) is None:
        days = other_days(spec)  # "… daily (Saturdays and Sundays 09:30–17:00)": those days' own hours
        both = span.split(' "')[0] + "; " + days
        return Schedule(both if days and problem(both) is None else span)
    c.problems.append(f'{where}: {spec!r} is {problem(spec)}; e.g. "Mo-Fr 10:00-17:30; Sa,Su 09:00-18:00"')
    return None


def hours_of(c: Checker, data: dict, key: str, where: str) -> Schedule | None:
    """A `hours` field: an opening_hours text, `{"opening_hours": …, "notes": …}`, or (older files) one text
    per weekday."""
    value = data.get(key)
    if value is None:
        return None
    w = f"{where} {key}" if " " not in where else f"{where}.{key}"
    if isinstance(value, str):
        return schedule(c, value, w)
    if not isinstance(value, dict):
        c.problems.append(f"{w}: expected an opening_hours text or an object")
        return None
    notes = value.get("notes", "")
    if not isinstance(notes, str):
        c.problems.append(f"{w}: 'notes' must be a text")
        notes = ""
    if "opening_hours" in value:
        spec = value["opening_hours"]
        if not isinstance(spec, str):
            c.problems.append(f"{w}: 'opening_hours' must be a text")
            return None
    else:
        spec = legacy_week(value)
    found = schedule(c, spec, w)
    return Schedule(found.spec, notes) if found else None


def tour_schedule(c: Checker, t: dict, where: str, minutes: int) -> tuple[Schedule | None, str]:
    """A tour's start times as open spans (each lasting the tour), and how to say when it runs."""
    times = c.strings(t, "times", where)
    days = c.get(t, "days", str, where, "")
    when = c.get(t, "when", str, where, "")
    if not times:
        if days:
            c.problems.append(f"{where}: 'days' needs 'times' (start times such as [\"12:00\", \"15:00\"])")
        if not when:
            c.problems.append(f"{where}: missing 'times' (or a 'when' text)")
            return None, ""
        days, times = read_when(when)  # an older file: "daily at 11:00 and 14:00", "Saturdays at 09:00"
        if not times:
            return None, when
    begins = []
    for start in times:
        m = CLOCK.match(start.strip())
        if not m:
            c.problems.append(f"{where}: time {start!r} is not HH:MM")
            continue
        begins.append(int(m.group(1)) * 60 + int(m.group(2)))
    begins = sorted(set(begins))
    spans = []
    for i, begin in enumerate(begins):
        # each start its own span: back-to-back tours (13:30 for an hour, then 14:30) would otherwise be
        # joined into one by the parser, and the 14:30 start lost
        end = min(begin + max(minutes, 1), begins[i + 1] - 1 if i + 1 < len(begins) else 24 * 60)
        spans.append(f"{begin // 60:02d}:{begin % 60:02d}-{end // 60:02d}:{end % 60:02d}")
    if not spans:
        return None, when or ""
    spec = f"{days} {','.join(spans)}" if days else ",".join(spans)
    found = schedule(c, spec, f"{where} days {days!r}")
    if not when:
        when = f"{said_days(days)} at {_and([s.strip() for s in times])}"
    return found, when


DAY_WORDS = (
    ("monday", "Mo"),
    ("tuesday", "Tu"),
    ("wednesday", "We"),
    ("thursday", "Th"),
    ("friday", "Fr"),
    ("saturday", "Sa"),
    ("sunday", "Su"),
)
NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}


def read_when(when: str) -> tuple[str, tuple[str, ...]]:
    """Days (opening_hours day syntax) and start times from a `when` text: "daily at 11:00 and 14:00",
    "Saturdays at 09:00", "weekends at 10:30", "every hour from 10:30 to 15:30", "the first Wednesday of the
    month at 11:00". Empty times when it names none."""
    low = when.lower()
    found = [f"{int(h):02d}:{m}" for h, m in re.findall(r"\b(\d{1,2})[:.](\d{2})\b", low)]
    hourly = re.search(r"\b(?:every hour|hourly)\b", low)
    if hourly and len(found) >= 2:
        start, end = (int(t[:2]) * 60 + int(t[3:]) for t in found[:2])
        found = [f"{m // 60:02d}:{m % 60:02d}" for m in range(start, end + 1, 60)]
    nth = re.search(
        r"\b(first|second|third|fourth|last) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)", low
    )
    if nth:
        osm = dict(DAY_WORDS)[nth.group(2)]
        return f"{osm}[{NTH[nth.group(1)]}]", tuple(found)
    days = [osm for word, osm in DAY_WORDS if re.search(rf"\b{word}s?\b|\b{word[:3]}\b", low)]
    if "weekend" in low:
        days += ["Sa", "Su"]
    if "weekday" in low:
        days += ["Mo", "Tu", "We", "Th", "Fr"]
    season = SEASON.search(low)  # "…, April to October only": the months it runs, as data
    months = "-".join(MONTHS_OSM[MONTH_NAMES.index(g[:3])] for g in season.groups()) if season else ""
    return " ".join(x for x in (months, ",".join(dict.fromkeys(days))) if x), tuple(found)


def other_days(text: str) -> str:
    """Rules for the days an older hours text gives their own span after the first ("10:00–16:30 daily
    (Saturdays and Sundays 09:30–17:00)" → "Sa,Su 09:30-17:00"); '' when there are none."""
    spans = list(SPAN.finditer(text))
    rules = []
    for before, m in itertools.pairwise(spans):
        said = text[before.end() : m.start()].lower()
        days = [osm for word, osm in DAY_WORDS if re.search(rf"\b{word}s?\b|\b{word[:3]}\b", said)]
        days += ["Sa", "Su"] if "weekend" in said else []
        h1, m1, h2, m2 = m.groups()
        if days:
            rules.append(f"{','.join(dict.fromkeys(days))} {int(h1):02d}:{m1}-{int(h2):02d}:{m2}")
    return "; ".join(rules)


def said_days(days: str) -> str:
    """Opening_hours days as a visitor reads them: "Mo-Su" daily, "Sa,Su" weekends, "Mo-Fr" weekdays,
    "Tu" Tuesdays, "Sa,Su" … ; anything else (months, nth weekdays) as written."""
    names = dict((osm, word) for word, osm in DAY_WORDS)
    plain = {"": "daily", "Mo-Su": "daily", "Sa,Su": "weekends", "Sa-Su": "weekends", "Mo-Fr": "weekdays"}
    if days in plain:
        return plain[days]
    parts = days.split(",")
    if all(p in names for p in parts):
        return _and([f"{names[p].capitalize()}s" for p in parts])
    m = re.fullmatch(r"(\w\w)-(\w\w)", days)
    if m and m.group(1) in names and m.group(2) in names:
        return f"{names[m.group(1)].capitalize()} to {names[m.group(2)].capitalize()}"
    nth = re.fullmatch(r"(\w\w)\[(-?[1-5])\]", days)  # "Th[1]": the first Thursday of the month
    if nth and nth.group(1) in names:
        which = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "-1": "last"}[nth.group(2)]
        return f"on the {which} {names[nth.group(1)].capitalize()} of the month"
    return days


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def day_of(c: Checker, data: dict, key: str, where: str) -> date | None:
    value = c.get(data, key, str, where, "")
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        c.problems.append(f"{where}: {key!r} is {value!r}; expected a date such as 2026-11-23")
        return None


def admission(c: Checker, data: dict, where: str) -> dict[str, Any]:
    """The fields an exhibition and a tour share: ticket, booking, age limit."""
    min_age = c.get(data, "min_age", int, where, None)
    if isinstance(min_age, int) and not 0 <= min_age <= 120:
        c.problems.append(f"{where}: 'min_age' must be an age in years")
        min_age = None
    return {
        "ticket": c.get(data, "ticket", str, where, ""),
        "booking": c.get(data, "booking", str, where, ""),
        "min_age": min_age,
        "age_note": c.get(data, "age_note", str, where, ""),
    }
