"""Who may go in and what it costs, for one show or tour, from its own fields: "can my 10 year old go in?"
reads its `min_age` and `age_note`; "how much for Dreamers?" its `ticket`; "do I need a ticket for it?"
on a show without a ticket of its own says entry covers it and what entry costs (the venue's prices, from
the entry that says most about them). With no show named, an age question lists the age limits there are.
Nothing here names a venue: every answer is read from the venue file's fields."""

from __future__ import annotations

import re
from datetime import datetime

from museum_tui.language.clauses import split_clauses

from . import timing
from .index import Hit, Index
from .kinds import PRICE, at_place, kind_asked, priced
from .lexicon import focus, fold, phrase_in
from .model import Exhibition, Tour
from .question import Question
from .wording import cap

# an age said in years ("my 10 year old", "a 7-yr-old", "aged 4", "she's 9 years old")
# (and "they're 9-10", "she's 6"; a school's "Year 5" class, in England, is 9 to 10: year + 4)
AGE = re.compile(
    r"\b(\d{1,2})\s*[- ]?\s*(?:years?|yrs?|yo)\b(?:[- ]?old)?|\baged? (\d{1,2})\b"
    r"|\b(?:they'?re|they are|he'?s|he is|she'?s|she is) (\d{1,2})\b(?!\s*(?:am|pm|:|o'?clock))"
)
SCHOOL_YEAR = re.compile(r"\byear (\d{1,2})s?\b(?! (?:ago|old))")
# a very young child said by a word (ages as a rule of thumb)
YOUNG = {"baby": 1, "babies": 1, "toddler": 2, "toddlers": 2, "infant": 1}
# the question asks whether someone may go in or it suits them
ALLOWED = re.compile(
    r"\b(?:go in|get in|come in|allowed|let in|admitted|suitable|ok for|okay for|too young|old enough|age limit|"
    r"ages?|minimum age|can (?:my|our|a|the) \w+(?: \w+)?(?: year old)? (?:go|see|come|do|join))\b"
)
# "free" of something, not of charge
FREE_OF = re.compile(
    r"\b\w+-free\b|\b(?:step|barrier|stair|nut|peanut|gluten|dairy|milk|egg|wheat|lactose|sugar|alcohol|smoke) free\b"
)
TICKET = re.compile(r"\btickets?\b|\bbook(?:ing)?\b")
# who a price is for: a group the ticket texts name ("students", "seniors", "under-18s")
GROUP = re.compile(
    r"\b(?:students?|seniors?|pensioners?|oaps?|retired|over.?60s?|over.?65s?|concessions?|carers?|disabled|"
    r"unwaged|unemployed|members?|under.?\d+s?|children|child|kids?|families|family)\b"
)
# how price texts name a group said another way (the words a clause about it uses)
GROUP_WORDS = {
    "pensi": ("senior", "over", "concession"),
    "oap": ("senior", "over", "concession"),
    "retir": ("senior", "over", "concession"),
    "over": ("senior", "over"),
    "kid": ("child", "under", "kid"),
    "child": ("child", "under", "kid"),
    "unwag": ("unwaged", "unemployed", "concession"),
    "unemp": ("unwaged", "unemployed", "concession"),
}


def age_in(folded: str) -> int | None:
    """The age the question says (in years), or None."""
    m = AGE.search(folded)
    if m:
        return int(m.group(1) or m.group(2) or m.group(3))
    if (school := SCHOOL_YEAR.search(folded)) is not None and int(school.group(1)) <= 13:
        return int(school.group(1)) + 4
    return next((age for word, age in YOUNG.items() if re.search(rf"\b{word}\b", folded)), None)


def asks_age(folded: str) -> bool:
    """Whether the question is about someone's age being allowed in ("can my 10 year old go in?")."""
    if re.search(r"\bage limits?\b|\bhow old\b|\bminimum age\b|\bold enough\b", folded):
        return True
    if re.search(r"\bhow much\b|\bcosts?\b|\bprices?\b|\bfees?\b", folded):
        return False  # "how much is it to get in? I'm bringing my year 8s": what it costs them
    return age_in(folded) is not None and bool(ALLOWED.search(folded))


def asks_admission(q: Question) -> bool:
    """A question about the ticket or price of something ("do I need a ticket for it?", "how much is it?")."""
    plain = FREE_OF.sub(" ", q.folded)  # "step-free", "nut free": no price
    return "price" in focus(plain) or bool(TICKET.search(q.folded))


def subject(hits: list[Hit], folded: str = "") -> Exhibition | Tour | None:
    """The show or tour the question names (a room named like its one show counts as the show), or names by
    the opening words of a longer name ("a go on the miniature railway": the Miniature railway ride)."""
    for hit in hits[:4]:
        if not hit.named:
            continue
        if hit.entry.kind in ("exhibition", "tour"):
            return hit.entry.obj
    opening = [h for h in hits[:4] if h.entry.kind in ("exhibition", "tour") and _opens(h.entry.name, folded)]
    if len(opening) == 1:
        return opening[0].entry.obj
    if (own := by_own_word(hits, folded)) is not None:
        return own
    top = hits[0] if hits else None
    clear = top is not None and top.coverage >= 1.0 and (len(hits) < 2 or top.score >= CLEAR * hits[1].score)
    if clear and top.entry.kind in ("exhibition", "tour"):  # "the surrealism exhibition": Dreamers, by its words
        return top.entry.obj
    return None


def by_own_word(hits: list[Hit], folded: str) -> Exhibition | Tour | None:
    """ "the surrealism exhibition": the one show or tour among the best hits whose name has a word of the
    question that no other entry found has in its name."""
    shows = [h for h in hits[:4] if h.entry.kind in ("exhibition", "tour")]
    said = set(re.findall(r"[a-z]{5,}", folded)) - timing.GENERIC
    own = [h for h in shows if said & _own_words(h, hits[:4])]
    return own[0].entry.obj if len(own) == 1 else None


def _own_words(hit: Hit, others: list[Hit]) -> set[str]:
    """The words of a show's name that no other entry among `others` has in its name ("audio" is no
    show's own beside the audio guides)."""
    words = set(re.findall(r"[a-z]{5,}", fold(hit.entry.name)))
    return words - {w for h in others if h is not hit for w in re.findall(r"[a-z]{5,}", fold(h.entry.name))}


def _opens(name: str, folded: str) -> bool:
    """Whether `folded` says the first two words of a name of three or more."""
    said = fold(name).split()
    return bool(folded) and len(said) >= 3 and phrase_in(" ".join(said[:2]), folded)


CLEAR = 3.0  # how far the best match must lead the next to be the one meant without its name


def age_verdict(thing: Exhibition | Tour, age: int | None) -> str:
    """Whether a child of `age` may go in, from the show's age limit and note."""
    name = getattr(thing, "title", None) or thing.name
    note = f" ({thing.age_note.rstrip('.')})" if thing.age_note else ""
    if thing.min_age:
        limit = f"**{name}** is for ages {thing.min_age} and over{note}"
        if age is None:
            return f"{limit}."
        if age < thing.min_age:
            return f"{limit}, so not for {_a(age)}-year-old, I'm afraid."
        return f"{limit}, so {_a(age)}-year-old can go in."
    if thing.age_note:
        return f"**{name}**: {cap(thing.age_note.rstrip('.'))}."
    return f"**{name}** has no age limit: all ages are welcome."


def age_limits(shows: list[Exhibition], tours: list[Tour], age: int | None) -> str:
    """With no show named: the age limits there are, and what a child of `age` cannot go in to."""
    limited = [(getattr(t, "title", None) or t.name, t.min_age) for t in [*shows, *tours] if t.min_age]
    if not limited:
        return "There are no age limits here: everything is open to all ages."
    rows = "; ".join(f"**{name}** {age_}+" for name, age_ in limited)
    text = f"Age limits: {rows}; everything else is open to all ages."
    notes = dict.fromkeys(t.age_note.rstrip(".") for t in [*shows, *tours] if t.min_age and t.age_note)
    notes = {n: None for n in notes if not any(n != other and n in other for other in notes)}  # each said once
    if notes:  # "children must be 5 or over and at least 1 metre tall": what the limit means, said once
        text += " " + " ".join(f"{cap(n)}." for n in notes)
    if age is not None:
        barred = [name for name, age_ in limited if age < age_]
        text += f" For {_a(age)}-year-old that rules out {', '.join(barred)}." if barred else ""
    return text


def ticket_answer(thing: Exhibition | Tour, q: Question, index: Index) -> str:
    """What going in to one show or tour costs: its own ticket, or that entry covers it and what entry
    costs; the clause of the venue's price text that names the visitor's group ("students") is quoted."""
    name = getattr(thing, "title", None) or thing.name
    prices = priced(index)
    general = prices.entry.obj.text if prices is not None else ""
    if thing.ticket:
        text = f"**{name}** needs its own ticket: {thing.ticket.rstrip('.')}."
    else:
        first = re.split(r"(?<=[.;])\s+", general)[0].rstrip(";") if general else ""
        covered = f" {first.rstrip('.')}." if first and PRICE.search(first) else ""
        text = f"**{name}** needs no ticket of its own: it is included in general admission.{covered}"
    if thing.booking:
        text += f" {thing.booking.rstrip('.')}."
    group = GROUP.search(q.folded)
    if group and general:
        word = fold(group.group(0)).rstrip("s")[:5]
        said = next((w for key, w in GROUP_WORDS.items() if word.startswith(key)), (word,))
        clauses = re.split(r"(?<=[.;])\s+", general)
        clause = next((c for w in said for c in clauses if w in fold(c)), "")
        if clause and fold(clause) not in fold(text):
            text += f" {cap(clause.rstrip(';').rstrip('.'))}."
    return text


def _a(age: int) -> str:
    """'a 10', 'an 8', 'an 11', 'an 18': the article as the number is said."""
    return f"an {age}" if age in (8, 11, 18) or 80 <= age <= 89 else f"a {age}"


def answer(q: Question, hits: list[Hit], index: Index, now: datetime) -> str:
    """Who may go in or what it costs, when the question asks it of a show or tour (named, or the tours
    that meet at a place named: "can my 4 year old go to the planetarium?"); '' otherwise."""
    said = subject(hits, q.folded)
    asked = " ".join(c.text for c in split_clauses(q.text) if c.question)
    if said is None and asked and asked != q.ask:  # "I'm a student, how much is …?": the question's own words
        said = subject(index.search(asked))
    things: list = [said] if said is not None else []
    if not things:
        place = next((h for h in hits[:3] if h.named and h.entry.kind in ("facility", "gallery")), None)
        things = at_place(index.venue.tours, place.entry.name) if place else []
    if not things and asks_admission(q) and kind_asked(index, q.ask) == "tour" and not q.plan:
        # "are the shows free?"; "does the underground tour cost extra?": the tours whose names say so
        return tickets_list(timing.named_by(list(index.venue.tours), q.folded) or list(index.venue.tours))
    age = age_in(q.folded)
    if things and asks_age(q.folded):
        return "\n".join(age_verdict(t, age) for t in things[:4])
    if things and asks_admission(q) and not q.plan:
        return "\n".join(ticket_answer(t, q, index) for t in things[:4])
    if asks_age(q.folded) and not any(h.named for h in hits[:3]):
        shows = [e for e in index.venue.exhibitions if e.on(now.date())]
        return age_limits(shows, list(index.venue.tours), age)
    return ""


def tickets_list(tours: list[Tour]) -> str:
    """Each tour with its own ticket, or that general admission covers it."""
    rows = [
        f"- **{t.name}**: "
        + (t.ticket.rstrip(".") if t.ticket else "included in general admission (no ticket of its own)")
        for t in tours
    ]
    return "\n".join(rows)
