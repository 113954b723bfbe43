"""When a place is open or a tour runs, as data: the OpenStreetMap `opening_hours` syntax
(https://wiki.openstreetmap.org/wiki/Key:opening_hours), which venue staff already meet on maps.

`Mo-Sa 10:00-18:00; Fr 10:00-21:00 "late opening"; Su 11:00-17:00; Dec 24-26 off` holds per-day hours,
seasons (`Apr-Oct Sa,Su 11:00-17:00`), exceptions (`Dec 25 off`, `We[1]` = the first Wednesday) and notes
(quoted comments). Parsing and evaluation are the `opening-hours-py` package's (a maintained parser of the
whole syntax); this module only turns its answers into what the concierge says. Times are the venue's
local wall-clock time (naive datetimes).

Older venue files wrote `"10:00–18:00 (late opening)"` per weekday; `legacy_week` turns those into the
same syntax, so one code path reads both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cached_property
from typing import Any

from .lexicon import WEEKDAYS

OSM_DAYS = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")
MONTHS_OSM = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()  # noqa: SIM905
MONTH_NAMES = [m.lower() for m in MONTHS_OSM]
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
SEASON = re.compile(rf"\b{_MONTH}\s*(?:to|-|–|until|till)\s*{_MONTH}\b(?:\s+only)?", re.IGNORECASE)
SPAN = re.compile(r"(\d{1,2})[:.](\d{2})\s*(?:–|-|—|to)\s*(\d{1,2})[:.](\d{2})")


def problem(spec: str) -> str | None:
    """Why `spec` is not valid `opening_hours` syntax, or None."""
    from opening_hours import OpeningHours, ParserError  # ~10 ms; only when a venue is loaded

    try:
        OpeningHours(spec)
    except ParserError as exc:  # "… --> 1:4 … = expected wday": say where and what was expected
        text = str(exc)
        at = re.search(r"--> \d+:(\d+)", text)
        expected = re.search(r"= (.+)", text)
        where = f" at character {at.group(1)}" if at else ""
        return f"not valid opening_hours syntax{where}" + (f" ({expected.group(1).strip()})" if expected else "")
    except Exception as exc:  # the parser's other refusals (a bad range) are reported too
        return str(exc)[:160] or type(exc).__name__
    return None


def legacy_span(text: str) -> str | None:
    """`"10:00–21:00 (late opening)"` → `10:00-21:00 "late opening"`; None without a time span."""
    m = SPAN.search(text)
    if not m:
        return None
    h1, m1, h2, m2 = m.groups()
    rest = text[m.end() :].strip().strip("()").strip().replace('"', "'")
    span = f"{int(h1):02d}:{m1}-{int(h2):02d}:{m2}"
    season = SEASON.search(rest)  # "April to October only": the months it is open, as data
    if season:
        first, last = (MONTHS_OSM[MONTH_NAMES.index(g[:3].lower())] for g in season.groups())
        span = f"{first}-{last} {span}"
        rest = (rest[: season.start()] + rest[season.end() :]).strip(" ,;.-–()")
    return f'{span} "{rest}"' if rest else span


def legacy_week(days: dict[str, Any]) -> str:
    """A per-weekday dict of texts as one `opening_hours` rule; a day without a span is closed."""
    rules = []
    for day, osm in zip(WEEKDAYS, OSM_DAYS, strict=True):
        value = days.get(day)
        span = legacy_span(value) if isinstance(value, str) else None
        rules.append(f"{osm} {span}" if span else f"{osm} off")
    return "; ".join(rules)


@dataclass(frozen=True)
class Span:
    start: datetime
    end: datetime
    note: str = ""

    def text(self) -> str:
        return f"{clock(self.start)}–{clock(self.end)}"


def clock(moment: datetime) -> str:
    return "24:00" if moment.time() == time(0) and moment.second == 0 and moment.minute == 0 else f"{moment:%H:%M}"


# "one hour before closing", "30 minutes before the gates", "15 minutes before we close"
BEFORE_CLOSING = re.compile(
    r"(?P<amount>(?:an?|one|two|half an?|\d+(?:\.\d+)?)\s*(?:hours?|hrs?|minutes?|mins?))\s+before\s+"
    r"(?:closing(?: time)?|close|the (?:gates|park|garden|site|venue|museum|zoo|aquarium|centre|center) closes?"
    r"|the (?:gates|park)|we close|it closes)",
    re.IGNORECASE,
)


def _names(sentence: str, asked: str) -> bool:
    """Does `asked` name the subject of a note's sentence ("the glasshouses close …": "glasshouse", "glass
    houses")? Compounds written apart count."""
    subject = set(re.findall(r"[a-z]{4,}", sentence)) - {"close", "closes", "start", "starts", "before", "closing"}
    joined = asked.replace(" ", "")
    return any(w.rstrip("s") in asked or w.rstrip("s") in joined for w in subject)


ENTERING = re.compile(r"\b(?:entry|admission|(?:go|get|come|let us|let me) in|still (?:go|get|come))\b")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2}


def _minutes(amount: str) -> int:
    """Minutes in "one hour", "30 minutes", "half an hour" (0 when unreadable)."""
    low = amount.lower()
    if low.startswith("half"):
        return 30
    m = re.match(r"(\S+)\s*(h|m)", low)
    if not m:
        return 0
    n = _NUMBERS.get(m.group(1))
    number = float(m.group(1)) if n is None and re.fullmatch(r"\d+(?:\.\d+)?", m.group(1)) else n or 0
    return int(number * (60 if m.group(2) == "h" else 1))


@dataclass(frozen=True)
class Schedule:
    """A place's hours (or a tour's times) in `opening_hours` syntax, with notes said beside them."""

    spec: str
    notes: str = ""

    @cached_property
    def _oh(self) -> Any:
        from opening_hours import OpeningHours

        return OpeningHours(self.spec)

    def spans(self, day: date) -> list[Span]:
        """The open spans that start on `day`, in order."""
        start = datetime.combine(day, time(0))
        out = []
        for begin, end, state, comment in self._oh.intervals(start, start + timedelta(days=1)):
            if str(state).upper().endswith("OPEN") and begin.date() == day:
                out.append(Span(begin, end, comment or ""))
        merged: list[Span] = []
        for span in out:  # the parser splits a span at midnight: join what runs on
            if merged and merged[-1].end == span.start and merged[-1].note == span.note:
                merged[-1] = Span(merged[-1].start, span.end, span.note)
            else:
                merged.append(span)
        return merged

    def open_at(self, moment: datetime) -> bool:
        return bool(self._oh.is_open(moment))

    def closes(self, moment: datetime) -> datetime | None:
        """When the open span holding `moment` ends (None when closed)."""
        if not self.open_at(moment):
            return None
        change = self._oh.next_change(moment)
        return change

    def notes_on(self, day: date, asked: str) -> str:
        """The notes, where one asked about (`asked`, the folded question, names its subject: "last entry",
        "the glasshouses"; or asks about getting in) gives a time relative to closing as the clock time it
        is on `day`: "Last entry one hour before closing (17:00)"."""
        spans = self.spans(day)
        if not spans or not self.notes:
            return self.notes
        closing = spans[-1].end
        entering = bool(ENTERING.search(asked))

        def at(m: re.Match[str]) -> str:
            minutes = _minutes(m.group("amount"))
            sentence = self._said_before(m)
            about = _names(sentence, asked) or (entering and "entry" in sentence)
            if not minutes or not about:
                return m.group(0)
            return f"{m.group(0)} ({clock(closing - timedelta(minutes=minutes))})"

        return BEFORE_CLOSING.sub(at, self.notes)

    def _said_before(self, m: re.Match[str]) -> str:
        """The words of a note before its "… before closing" (its subject), folded."""
        return re.split(r"[.;]", self.notes[: m.start()])[-1].lower()

    def closing_of(self, day: date, words: str) -> tuple[datetime, str] | None:
        """When a note times what `words` (a room's and its shows', folded) name from closing ("the glasshouses
        close 30 minutes before the gates", asked of a room whose shows are in one): that time on `day`, with
        the note's words. None when no note is about it or the venue is closed that day."""
        spans = self.spans(day)
        for m in BEFORE_CLOSING.finditer(self.notes) if spans else ():
            sentence = self._said_before(m)
            if (minutes := _minutes(m.group("amount"))) and "entry" not in sentence and _names(sentence, words):
                said = f"{sentence.strip()} {m.group(0)}"
                return spans[-1].end - timedelta(minutes=minutes), said
        return None

    def next_opening(self, moment: datetime, days: int = 400) -> Span | None:
        """The next open span starting after `moment` (within `days`)."""
        day = moment.date()
        for offset in range(days):
            for span in self.spans(day + timedelta(days=offset)):
                if span.start > moment:
                    return span
        return None

    def runs_on(self, day: date) -> bool:
        return bool(self.spans(day))

    def day_text(self, day: date) -> str:
        """'10:00–18:00', '10:00–21:00 (late opening)', or 'closed'."""
        spans = self.spans(day)
        if not spans:
            return "closed"
        notes = [s.note for s in spans if s.note]
        text = ", ".join(s.text() for s in spans)
        return f"{text} ({'; '.join(dict.fromkeys(notes))})" if notes else text

    @cached_property
    def season(self) -> str:
        """'April to October' when every rule of the spec is for the same months, else ''."""
        months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()  # noqa: SIM905
        names = "|".join(months)
        pattern = re.compile(rf"\s*({names})(?:\s*-\s*({names}))?\b(?!\s*\d{{1,2}}\b(?!:))")
        found = {m.groups() if m else None for m in map(pattern.match, self.spec.split(";"))}
        if len(found) != 1 or None in found:
            return ""
        first, last = next(iter(found))
        name = [date(2000, months.index(x) + 1, 1).strftime("%B") for x in (first, last or first)]
        return name[0] if not last else f"{name[0]} to {name[1]}"

    def week(self, start: date) -> list[tuple[date, str]]:
        """Each of the seven days from `start` with its hours text."""
        return [(start + timedelta(days=i), self.day_text(start + timedelta(days=i))) for i in range(7)]

    def week_text(self, start: date) -> str:
        """The week from `start` in one line, days with the same hours grouped ('Mon–Thu 10:00–18:00')."""
        rows = sorted(self.week(start), key=lambda d: d[0].weekday())
        groups: list[list] = []
        for day, text in rows:
            if groups and groups[-1][2] == text and groups[-1][1].weekday() + 1 == day.weekday():
                groups[-1][1] = day
            else:
                groups.append([day, day, text])
        parts = []
        for first, last, text in groups:
            name = f"{first:%a}" if first == last else f"{first:%a}–{last:%a}"
            parts.append(f"{name} {text}")
        return "; ".join(parts)
