"""Questions about the whole of what is on rather than one show, answered from every exhibition's fields:
how long it takes to see everything (their `minutes`), what is newest (the latest `opens` date so far),
what ends soonest (the nearest `closes` date), and how many floors there are (with what is on each)."""

from __future__ import annotations

import re
from datetime import date

from .entries import VENUE_KINDS
from .model import Exhibition
from .question import Question

# the whole place, however it is said ("see everything", "go round", "the whole museum")
WHOLE = re.compile(
    # "go round" alone, or round the place itself: "go round the mid-century one" goes round one show
    r"\b(?:everything|all of it|the lot|it all|(?:go|get|walk|look) (?:a)?round"
    rf"(?! (?:the|that|this) (?!(?:whole|place|gardens|site|venue|{'|'.join(sorted(VENUE_KINDS))})\b)\w)|"
    r"the whole(?: \w+)?|"
    r"whole (?:place|thing|visit)|a (?:full|whole) visit|see all)\b"
)
NEWEST = re.compile(r"\b(?:newest|latest|most recent|new(?:ly)? opened|just opened|brand new)\b")
UPCOMING = re.compile(
    r"\b(?:coming (?:up|soon)|opening (?:soon|later|next)|opens? (?:soon|next)|next exhibitions?|"
    r"future (?:exhibitions?|shows?)|anything new (?:later|soon|coming))\b"
)
ENDING = re.compile(
    r"\b(?:clos(?:es|ing) soon|end(?:s|ing) soon|finish(?:es|ing) soon|last chance|about to (?:close|end)|"
    r"leaving soon|final (?:days|weeks))\b"
)


def asks_total(q: Question) -> bool:
    """ "How long does it take to see everything?" (how long, of the whole place, not one show)."""
    return "long" in q.focus and bool(WHOLE.search(q.folded))


def total_time(shows: list[Exhibition]) -> str:
    """The time to see every show on today, from their minutes."""
    if not shows:
        return ""
    minutes = sum(e.minutes for e in shows)
    hours, rest = divmod(minutes, 60)
    said = f"{hours} hour{'s' if hours != 1 else ''}" + (f" {rest} minutes" if rest else "") if hours else f"{rest} min"
    longest = max(shows, key=lambda e: e.minutes)
    return (
        f"Seeing everything on today takes about {said} ({len(shows)} exhibitions, without breaks); "
        f"the longest is **{longest.title}** (about {longest.minutes} min)."
    )


def newest(shows: list[Exhibition], today: date) -> str:
    """The show that opened most recently ('' when no show has an opening date)."""
    dated = [e for e in shows if e.opens and e.opens <= today]
    if not dated:
        return ""
    e = max(dated, key=lambda e: e.opens)
    until = f", until {e.closes.day} {e.closes:%B}" if e.closes else ""
    since = f"{e.opens.day} {e.opens:%B}"
    return f"The newest is **{e.title}**, open since {since}{until}: {e.description} ({e.gallery.name})."


def ending(shows: list[Exhibition], today: date) -> str:
    """The shows that end soonest ('' when none has a closing date)."""
    dated = sorted((e for e in shows if e.closes and e.closes >= today), key=lambda e: e.closes)
    if not dated:
        return ""
    rows = [f"**{e.title}** (until {e.closes.day} {e.closes:%B})" for e in dated[:3]]
    return "Ending soonest: " + "; ".join(rows) + "."


FLOORS = re.compile(r"\bhow many (?:floors|levels|storeys|stories)\b|\bwhat (?:floors|levels)\b")


def floors(shows: list[Exhibition], names: dict[int, str]) -> str:
    """The floors, lowest first, each with the shows on it."""
    rows = []
    for level in sorted(names):
        here = [f"**{e.title}**" for e in shows if e.gallery.floor == level]
        rows.append(f"- {names[level]}" + (f": {', '.join(here)}" if here else ""))
    return f"There are {len(names)} levels:\n" + "\n".join(rows)


ROOMS = r"(?:areas|rooms|galleries|places|zones|halls|parts|spaces|sections)"  # the rooms, in the plural
NOISE = re.compile(
    rf"\b(?:quiet\w*|calm\w*|loud\w*|noisy|noisiest)\b(?:\s+\w+)?\s+{ROOMS}\b|\b{ROOMS}\b.*\b(?:quiet\w*|calm\w*|loud\w*|noisy)\b"
)


def by_noise(rooms: list, floor_name) -> str:
    """The rooms by how loud they are (their `noise`): the quiet ones and the loud ones."""
    quiet = [f"**{g.name}** ({floor_name(g.floor)})" for g in rooms if g.noise == "quiet"]
    loud = [f"**{g.name}** ({floor_name(g.floor)})" for g in rooms if g.noise == "loud"]
    if not quiet and not loud:
        return ""
    parts = [f"Quiet: {'; '.join(quiet)}." if quiet else "", f"Loud: {'; '.join(loud)}." if loud else ""]
    return " ".join(p for p in parts if p)


def answer(
    q: Question, shows: list[Exhibition], today: date, names: dict[int, str] | None = None, rooms=(), upcoming=()
) -> str:
    """The answer to a question about everything on, or ''. `upcoming`: the shows that open later, soonest
    first ("anything new coming up later on?")."""
    if rooms and NOISE.search(q.folded):
        found = by_noise(list(rooms), lambda level: (names or {}).get(level, f"floor {level}").lower())
        if found:
            return found
    if names and FLOORS.search(q.folded):
        return floors(shows, names)
    if asks_total(q):
        return total_time(shows)
    if UPCOMING.search(q.folded):
        said = "; ".join(f"**{e.title}** (from {e.opens.day} {e.opens:%B %Y})" for e in upcoming)
        return f"Coming up: {said}." if said else "No new exhibition is announced yet."
    if NEWEST.search(q.folded):
        return newest(shows, today)
    if ENDING.search(q.folded):
        return ending(shows, today)
    return ""
