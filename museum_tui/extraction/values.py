"""Tidying captured values into one consistent style, so the same thing said twice is stored once.

Durations: under an hour in minutes ("45 minutes"), an hour or more in hours ("1 hour", "1.5 hours");
"the whole afternoon" → "all afternoon"; clock times as "until 4pm" / "until 4:30". Names in title case.
"""

from __future__ import annotations

import re

from museum_tui.language.clauses import fold

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty-five": 45,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
    "couple": 2,
    "a couple": 2,
    "a couple of": 2,
    "couple of": 2,
    "few": 3,
    "a few": 3,
}
NUMBER = (
    r"\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty-five|forty|fifty|sixty|ninety|(?:a )?couple(?: of)?|(?:a )?few"
)
DURATION = re.compile(
    rf"(?P<num>{NUMBER})\s*(?P<half>and a half\s*)?"
    r"(?P<unit>hours?|hrs?|h|minutes?|mins?|m)\b(?:\s*and a half)?"
)
CLOCK = re.compile(
    r"^(?:about |around |roughly |approximately |approx |say )?"
    r"(?:(?P<half>half(?: past)?) |(?:a )?(?P<quarter>quarter (?:past|to)) )?"
    r"(?P<hour>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:[:.](?P<min>\d{2}))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.|o'clock|oclock)?$"
)
WHOLE = re.compile(r"^(?:the )?(?:whole|entire|all)(?: of the)? (?P<part>day|afternoon|morning|evening)$")
LEADING = re.compile(r"^(?:the|a|an|some|my|our|any|more|just|to|for|of|about)\s+")


def _amount(raw: str) -> float:
    return float(raw) if raw[0].isdigit() else float(NUMBER_WORDS.get(raw, 1))


def normalize_duration(text: str) -> str:
    """'an hour' → '1 hour', 'ninety minutes' → '90 minutes' (in the visitor's unit; '120 mins' → '2
    hours'), 'half an hour' → '30 minutes', 'till half four' → 'until 4:30', 'the whole day' → 'all day';
    anything else comes back tidied."""
    t = fold(text).strip(" ,")
    if re.search(r"\bhalf an? hour\b", t) and not re.search(r"\d|hours", t):
        return "30 minutes"
    whole = WHOLE.match(t)
    if whole:
        return f"all {whole.group('part')}"
    m = DURATION.search(t)
    if m:
        amount = _amount(m.group("num"))
        if m.group("half") or "and a half" in m.group(0) or t[m.end() :].startswith(" and a half"):
            amount += 0.5
        minutes = amount * 60 if m.group("unit").startswith("h") else amount
        if minutes >= 60 and (m.group("unit").startswith("h") or minutes % 60 == 0):  # "90 mins" stays minutes
            hours = round(minutes / 60, 2)
            return f"{hours:g} hour{'' if hours == 1 else 's'}"
        return f"{minutes:g} minute{'' if minutes == 1 else 's'}"
    return normalize_clock(t)


def normalize_clock(text: str) -> str:
    """'4pm', '4 o'clock', 'half four', 'quarter to five', '16:30' → 'until 4pm', 'until 4:30', 'until
    4:45'; other text unchanged."""
    t = re.sub(r"^(?:until|till|til|by|before|at)\s+", "", fold(text))
    m = CLOCK.match(t)
    if not m:
        return text if not t.startswith(("closing", "close")) else "until closing"
    hour = int(_amount(m.group("hour")))
    minute = m.group("min") or ("30" if m.group("half") else "")
    if m.group("quarter"):
        minute = "15" if m.group("quarter").endswith("past") else "45"
        hour = hour if minute == "15" else (hour - 2) % 12 + 1
    ampm = (m.group("ampm") or "").replace(".", "")
    if ampm in ("oclock", "o'clock"):
        ampm = ""
    if hour > 12:
        hour, ampm = hour - 12, "pm"
    elif not ampm and 1 <= hour <= 7:  # a visit ends in the afternoon: "till 3" is 3pm
        ampm = "pm"
    clock = f"{hour}:{minute}" if minute else f"{hour}"
    return f"until {clock}{ampm if not minute else ''}"


def tidy(value: str, how: str) -> str:
    """A captured value in the house style: without leading articles, durations and names normalised."""
    value = value.strip(" .,;:!?\"'")
    if how == "duration":
        return normalize_duration(value)
    while True:
        stripped = LEADING.sub("", value)
        if stripped == value:
            break
        value = stripped
    if how == "title":
        return " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in value.split())
    return value
