"""When a question asks about: the day ("on Saturday", "Christmas", "tomorrow"), the month ("in June", "next
month"), the part of the day ("early tomorrow morning", "at 3", "later"), read against `now` (the venue's
local time); and how a day is said back. Split from timing.py, whose answers read them."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from .lexicon import WEEKDAYS

MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
HOLIDAYS = {
    "christmas eve": (12, 24),
    "christmas": (12, 25),
    "boxing day": (12, 26),
    "new year's eve": (12, 31),
    "new year": (1, 1),
    "new years": (1, 1),
}


def _dated(month: int, day: int, now: datetime) -> date | None:
    try:
        found = date(now.year, month, day)
        return found if found >= now.date() else date(now.year + 1, month, day)
    except ValueError:
        return None


def day_asked(folded: str, now: datetime) -> date | None:
    """The day a question names: a date ("24 December", "Christmas"), a weekday (the next one, today
    included), tomorrow, or today; None if no day."""
    for name, (month, day) in HOLIDAYS.items():
        if re.search(rf"\b{name}\b", folded):
            return _dated(month, day, now)
    months = "|".join(MONTHS)
    m = re.search(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({months})\b|\b({months}) (\d{{1,2}})(?:st|nd|rd|th)?\b", folded
    )
    if m:
        day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return _dated(MONTHS.index(month) + 1, int(day), now)
    for i, day in enumerate(WEEKDAYS):
        if re.search(rf"\b{day}s?\b", folded):
            return now.date() + timedelta(days=(i - now.weekday()) % 7)
    if "tomorrow" in folded:
        return now.date() + timedelta(days=1)
    if re.search(r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b", folded):
        return now.date()
    return None


def month_asked(folded: str, now: datetime) -> date | None:
    """The middle of a month a question names without a day ("is the kiosk open in June?"), the next such
    month (this one included); None if no month, or a day is named too."""
    months = "|".join(MONTHS)
    m = re.search(rf"\b(?:in|during|through|throughout|over)\s+(?:the month of\s+)?({months})\b", folded)
    if m is None or day_asked(folded, now) is not None:
        return None
    month = MONTHS.index(m.group(1)) + 1
    return now.date() if month == now.month else _dated(month, 15, now)


def month_range(folded: str, now: datetime) -> tuple[date, date] | None:
    """The first and last day of the month a question names as a whole ("what's on in March?", "next
    month"); None for no month, or a day named too."""
    if re.search(r"\bnext month\b", folded) and day_asked(folded, now) is None:
        first = (now.date().replace(day=1) + timedelta(days=32)).replace(day=1)
    elif (middle := month_asked(folded, now)) is not None:
        first = middle.replace(day=1)
    else:
        return None
    return first, (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)


def weekend_asked(folded: str, now: datetime) -> tuple[date, date] | None:
    """The Saturday and Sunday a question names ("this weekend", "at the weekend": the coming one, or the one
    under way; "next weekend": the one after); None if none."""
    m = re.search(r"\b(?:(this|next|the|at the|over the|for the) )?weekend\b(?!s)", folded)
    if m is None:
        return None
    saturday = now.date() + timedelta(days=(5 - now.weekday()) % 7)
    if now.weekday() == 6:  # a Sunday: the weekend under way
        saturday -= timedelta(days=1)
    if m.group(1) == "next":
        saturday += timedelta(days=7)
    return saturday, saturday + timedelta(days=1)


# parts of a day a question may name, as (from, to) wall-clock minutes
PARTS = (
    (
        re.compile(r"\bearly (?:tomorrow |today |on \w+day )?morning\b|\bfirst thing\b|\bearly\b"),
        (0, 10 * 60 + 30),
        "in the early morning",
    ),
    (re.compile(r"\bmorning\b"), (0, 12 * 60), "in the morning"),
    (re.compile(r"\blunch ?time\b|\baround lunch\b"), (11 * 60 + 30, 14 * 60), "around lunchtime"),
    (re.compile(r"\bafternoon\b"), (12 * 60, 17 * 60 + 30), "in the afternoon"),
    (re.compile(r"\bevening\b|\btonight\b"), (17 * 60, 24 * 60), "in the evening"),
)
AT_HOUR = re.compile(r"\b(?:at|around|about|for) (\d{1,2})(?:[:.](\d{2}))? ?(am|pm|o'?clock)?\b")
LATER = re.compile(r"\blater(?: on| today)?\b")


def window(folded: str, now: datetime) -> tuple[date, int, int, str] | None:
    """The day and the span of it (minutes from midnight) a question asks about, and how to say the span:
    "early tomorrow morning", "this afternoon", "at 3", "later", "on Saturday"; None when it names no time."""
    day = day_asked(folded, now)
    span, said = next(((bounds, label) for pattern, bounds, label in PARTS if pattern.search(folded)), (None, ""))
    at = AT_HOUR.search(folded)
    if span is None and at:
        hour, minute = int(at.group(1)), int(at.group(2) or 0)
        if at.group(3) == "pm" or (at.group(3) is None and 1 <= hour <= 7):  # "at 3": the afternoon
            hour = hour % 12 + 12
        if hour < 24 and minute < 60:
            span, said = (hour * 60 + minute - 30, hour * 60 + minute + 60), f"around {hour:02d}:{minute:02d}"
    if span is None and LATER.search(folded):
        span, day, said = (0, 24 * 60), day or now.date(), "later"
    if span is None and day is None:
        return None
    day = day or now.date()
    start, end = span or (0, 24 * 60)
    if day == now.date():
        start = max(start, now.hour * 60 + now.minute)
    return day, start, end, said


def weekday(day: date, now: datetime) -> str:
    if day == now.date():
        return f"today ({day:%A})"
    if day == now.date() + timedelta(days=1):
        return f"tomorrow ({day:%A})"
    return f"on {day:%A} {day.day} {day:%B}" if (day - now.date()).days > 6 else f"on {day:%A}"
