"""When no one entry answers, the kind of thing asked for does: "any tours left today?" asks about tours,
"how much is it to get in?" about what things cost, "can I still get in?" about the hours. A kind is known by
its own words (and the venue's `words` for it), a price by the prices in the venue's text, a time question
by its time words: never by one question's phrasing."""

from __future__ import annotations

import re
from datetime import datetime
from itertools import pairwise

from museum_tui.language.party import member_named

from . import timing
from .answers import Answers
from .index import Hit, Index
from .knowledge import Known, party_clash
from .lexicon import INDOORS, OUTDOORS, STOPWORDS, fold, phrase_in, stem, tokens, words
from .model import Exhibition
from .question import Question
from .wording import listing

# the words that name each kind of entry itself (not its features: "step-free" names no lift)
KIND_NAMES = {"tour": "tour guided talk", "restroom": "toilet", "lift": "lift", "entrance": "entrance door exit"}
PRICE = re.compile(r"[£$€]\s?\d|\d\s?(?:€|eur|usd)\b|\bfree\b", re.IGNORECASE)
AMOUNT = re.compile(r"[£$€]\s?\d|\d\s?(?:€|eur|usd)\b", re.IGNORECASE)  # a sum of money, not "free"
# asking which shows to miss ("anywhere we should skip?"), not how to skip a queue
SKIP = re.compile(
    r"\b(?:anywhere|anything|which|what|where)\b.*\b(?:skip|avoid|stay away|steer clear|give (?:\w+ )?a miss)\b"
    r"|\bshould (?:i|we|they|he|she) (?:skip|avoid|miss)\b|\bbest (?:skipped|avoided)\b"
    r"|\b(?:anywhere|anything|which|what)\b.*\b(?:can ?not|can't|won't be able to|unable to) "
    r"(?:do|go|get|manage|visit)\b"
)
# who a thing may be for: children of any age, said any way
AUDIENCE = re.compile(
    r"\b(?:kids?|kiddies|children|child|toddlers?|little ones?|youngsters?|teens?|teenagers?|famil(?:y|ies)|"
    r"grandkids|grandchildren|grandsons?|granddaughters?|nephews?|nieces?|sons?|daughters?|teenage|boys?|girls?)\b"
    # a child by their age: "a 5 year old", "my two-year-old"
    r"|\b(?:[1-9]|1[0-5]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -](?:yr|year)s?[ -]olds?\b"
)
FAMILY = "kids children child family families"
HANDS_ON = "hands-on touch play interactive trail activity explore"
TIME = re.compile(
    r"\b(?:still|yet|until|till|late|early|open|opens|close|closes|closing|shut(?:s|ting)?|last entry)\b"
    r"|\b(?:come|get|go) in (?:now|yet)\b|\bhave to wait\b"  # "can we come in now or do we have to wait a bit?"
)


def asks_time(q: Question) -> bool:
    """The question is about opening and closing ("still", "until", "open", "last entry")."""
    return bool(TIME.search(q.folded))


def timed_tour(index: Index, q: Question) -> bool:
    """A question about when the tours (or talks, shows: the venue's words) run: the next, today's."""
    when = "when" in q.focus or timing.NEXT.search(q.folded) or timing.LEFT.search(q.folded)
    return bool(when) and kind_asked(index, q.ask) == "tour"


def at_place(tours, place: str) -> list:
    """The tours that meet at, or are named after, a place ("the Planetarium": the shows in its dome)."""
    name = fold(place).removeprefix("the ")
    return [t for t in tours if phrase_in(name, fold(t.meets)) or phrase_in(name, fold(t.name))]


# how long an exhibition runs, asked of it: "is it still on?", "on until when?", "when does it finish?"
STILL_ON = re.compile(
    r"\bstill (?:on|running|showing|there)\b|\bon (?:until|till|til) when\b|\b(?:finish|finishes|ends?|"
    r"(?:until|till|til) when\b.*\b(?:on|running|showing|open)|"  # "until when is the … exhibition running"
    r"closing date|last day|run until|running until|how long is it on)\b"
    # "when does the nativity exhibition open?": its dates, not the venue's hours
    r"|\bwhen (?:does|do|will) (?:the |that |this )?(?:[\w&-]+ ){0,5}(?:exhibition|exhibit|display)s? "
    r"(?:open|start|begin)\b"
)
# a show asked for by when it starts is a timed one, a tour's kind, not an exhibition ("when's the next show?")
TIMED_SHOW = re.compile(r"\b(?:next|starts?|begins?|what time)\b.*\bshows?\b|\bshows?\b.*\b(?:starts?|begins?|next)\b")


WAY_IN = re.compile(r"\b(?:way|ways) (?:in|into|out)\b|\bentry points?\b|\b(?:other|side|back) (?:gate|entrance)s?\b")


# a tour name's last word that says when, not what ("Dino story time"): "what time do you close?" asks no tour
NOT_A_HEAD = STOPWORDS | frozenset(["time", "times", "hour", "hours", "day", "days", "late", "lates"])


def kind_asked(index: Index, ask: str) -> str | None:
    """The kind of entry the question names by its kind word, if the venue has any of it."""
    if index.venue.tours and TIMED_SHOW.search(fold(ask)):
        return "tour"
    if WAY_IN.search(fold(ask)) and any(e.kind == "entrance" for e in index.entries):
        return "entrance"  # "is there a way in from this side?"
    said = _stems(ask)
    named = _inside_names(index, ask)
    for kind, names in KIND_NAMES.items():
        called = _stems(f"{names} {index.venue.words.get(kind, '')}")
        if kind == "tour":  # what the venue calls its tours: the head of their names ("walk", "talk", "show")
            called |= {stem(w) for t in index.venue.tours for w in words(t.name)[-1:] if w not in NOT_A_HEAD}
            called |= _tour_only_words(index)  # "when does the little train go next?": the land train tour
            called -= named
        if said & called and any(e.kind == kind for e in index.entries):
            return kind
    return None


def _tour_only_words(index: Index) -> frozenset[str]:
    """The word before a tour name's head that no other entry's name has ("train" of "Land train tour", not
    its "land"): what the tour is, said without the venue's tour word. Read once per index."""

    def make() -> frozenset[str]:
        others = {stem(w) for e in index.entries if e.kind != "tour" for w in words(e.name)}
        mine = {stem(w) for t in index.venue.tours for w in words(t.name)[-2:-1] if w not in STOPWORDS}
        return frozenset(mine - others)

    return index.memo(("tour-only words",), make)


def _inside_names(index: Index, ask: str) -> set[str]:
    """The stems of words said as part of a place's or a show's name, not of a tour's: "is the canopy walk
    open?" names a place called the Canopy Walkway, so its "walk" is no tour word there."""
    tours = [words(t.name) for t in index.venue.tours]
    pairs = [(a, b) for a, b in pairwise(words(ask)) if len(b) >= 3 and not any(a in t and b in t for t in tours)]
    out = set()
    for e in index.entries if pairs else ():
        if e.kind == "tour":
            continue
        name = words(e.name)
        out |= {stem(b) for a, b in pairs if any(x == a and y.startswith(b) for x, y in pairwise(name))}
    return out


def _stems(text: str) -> set[str]:
    """Every word's stem, stop words too: a kind may be named by one ("show" at an aquarium)."""
    return {stem(w) for w in words(text)}


def priced(index: Index) -> Hit | None:
    """The entry that says most about prices (the tickets, admission): where "how much?" is answered."""
    best = max(
        ((sum(len(PRICE.findall(text)) for text, _ in e.fields), e) for e in index.entries if e.kind == "facility"),
        key=lambda p: p[0],
        default=(0, None),
    )
    return Hit(1.0, best[1]) if best[0] else None


def to_skip(a: Answers, q: Question, known: Known, now: datetime) -> str:
    """ "Anywhere we should skip?": the shows on today that clash with a need of someone in the party."""
    shows = [e for e in a.venue.exhibitions if e.on(now.date())]
    found = [(e, c) for e in shows for c in [party_clash(e, known)] if c]
    if not found:  # nothing told clashes: what the question itself says to avoid ("scared of loud noises")
        member = member_named(q.folded)
        found = [(e, (reason, "")) for e in shows for reason in [said_clash(e, q, a.venue)] if reason]
        whom = f"your {member}" if member else "you"
        if found:
            rows = [
                f"- **{e.title}** ({e.gallery.name}, {a.floor(e.gallery.floor)}): {reason}, so maybe not for {whom}"
                for e, (reason, _) in found
            ]
            return "Best skipped:\n" + "\n".join(rows)
        avoiding = any(r.avoid and known.party_values.get(r.concept) for r in a.venue.rules("need"))
        return "Nothing on today clashes with what you've told me — enjoy it all!" if avoiding else ""
    rows = [
        f"- **{e.title}** ({e.gallery.name}, {a.floor(e.gallery.floor)}): {reason}, so maybe not for {known.whom(v)}"
        for e, (reason, v) in found
    ]
    return "Best skipped:\n" + "\n".join(rows)


# "which glasshouse would be best for her?", "which one suits my mum?"
SUITS = re.compile(r"\b(?:best|good|ok|okay|suitable|right|better) for (?:her|him|them|me|us|my \w+)\b|\bsuits? ")


def to_suit(a: Answers, index: Index, q: Question, known: Known, now: datetime) -> str:
    """ "Which glasshouse would be best for her?": of the places of the kind asked about (those whose names
    share a word the question uses), the shows on today that clash with no one's need; '' when no need in
    the party rules any out."""
    asked = index.query_tokens(q.ask)

    def of_kind(name: str) -> bool:  # "glasshouse" asks for every place named "… house"
        return any(t == w or (len(w) >= 4 and t.endswith(w)) for t in asked for w in tokens(name))

    shows = [e for e in a.venue.exhibitions if e.on(now.date()) and of_kind(e.gallery.name)]
    clashes = {e.title: c for e in shows for c in [party_clash(e, known)] if c}
    suiting = [e for e in shows if e.title not in clashes]
    if not clashes or not suiting:
        return ""
    whom = listing(list(dict.fromkeys(known.whom(v) for _, v in clashes.values())))
    rows = [f"- **{e.title}** ({e.gallery.name}, {a.floor(e.gallery.floor)})" for e in suiting]
    why = "; ".join(dict.fromkeys(reason for reason, _ in clashes.values()))
    return f"Best for {whom}:\n" + "\n".join(rows) + f"\n\nNot the others of that kind ({why})."


SKIP_WORDS = frozenset(
    [
        "skip",
        "avoid",
        "anything",
        "anywhere",
        "which",
        "what",
        "where",
        "should",
        "rooms",
        "room",
        "scared",
        "afraid",
        "hates",
    ]
)


def said_clash(e: Exhibition, q: Question, venue) -> str:
    """Why a show clashes with what the question itself says: a need's avoid entry whose `when` words it
    uses ("loud noises" → the loud rooms), else a word of it in the show's access notes ("dark")."""
    for rule in venue.rules("need"):
        for avoid in rule.avoid:
            if avoid.when and any(w in q.folded for w in avoid.when) and avoid.tag.lower() in e.notes:
                return avoid.reason
    said = {stem(w) for w in words(q.folded) if len(w) > 3 and w not in STOPWORDS and w not in SKIP_WORDS}
    for note in e.access:
        if said & {stem(w) for w in words(note)}:
            return note
    return ""


def for_audience(a: Answers, index: Index, q: Question, known: Known) -> str:
    """ "Anything for the kids?": the venue's facility for families by its name, else the shows and rooms
    whose words are about children or hands-on things, else a facility that lists children."""
    if not AUDIENCE.search(q.folded):
        return ""
    family = set(tokens(FAMILY))
    named = [f for f in index.venue.facilities if family & set(tokens(f.name))]
    if named:
        return a.facility(named[0], q, known)
    shows = [h.entry.obj for h in index.search(f"{FAMILY} {HANDS_ON}", kinds=("exhibition",))]
    shows = [e for e in shows if party_clash(e, known) is None][:3]  # not the loud play garden for an autistic child
    if shows:
        return "For children:\n" + a.exhibitions(shows, q, known).split("\n", 1)[1]
    listed = [f for f in index.venue.facilities if family & set(tokens(" ".join(f.keywords)))]
    return a.facility(listed[0], q, known) if listed else ""


def by_kind(a: Answers, index: Index, hits: list[Hit], q: Question, known: Known, now: datetime) -> str:
    """The answer about the kind asked for when no entry is specific; '' when there is none."""
    kind = kind_asked(index, q.ask)
    if kind == "tour":
        return a.tours([h for h in hits if h.entry.kind == "tour"], q, known, now)
    if kind == "restroom":
        return a.restroom(q, known)
    if kind == "lift":
        return a.lifts(q, known)
    if kind == "entrance":
        return a.entrance(hits, q, known)
    if "price" in q.focus:  # "how much for me and my two kids?": a price, whoever it is for
        hit = priced(index)
        if hit is not None:
            return a.facility(hit.entry.obj, q, known)
    audience = for_audience(a, index, q, known)
    if audience:
        return audience
    if index.venue.hours and ("when" in q.focus or asks_time(q)):
        return a.hours(q, now)
    return ""


SOMETHING = re.compile(r"\b(?:anything|something|what|where|somewhere|anywhere|ideas?|suggestions?)\b")
# words that ask about the opening hours themselves (the hours entry also lists "new year": not "5 year old")
HOURS_ASKED = re.compile(
    r"\b(?:hours?|times?|open\w*|clos\w*|shut(?:s|ting)?|christmas|easter|holidays?|new year|week\w*|today|tonight|"
    r"tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|late|early|last entry|until|till)\b"
)


def weather_only(index: Index, q: Question, hits: list[Hit]) -> bool:
    """A question for something to see or do indoors or outdoors, naming nothing and no other kind of
    place ("anything indoors?", "where can we go if it rains?"; not "can we eat inside?", nor a recommendation
    or the time asked for)."""
    return bool(
        (INDOORS.search(q.folded) or OUTDOORS.search(q.folded))
        and SOMETHING.search(q.folded)
        and not (q.food or q.drink or q.plan or any(h.named for h in hits[:3]))
        and not (asks_time(q) or "when" in q.focus or HOURS_ASKED.search(q.folded))  # "open yet? we're outside"
        and kind_asked(index, q.ask) in (None, "exhibition", "gallery")
    )


def still_on(hits: list[Hit], q: Question) -> Exhibition | None:
    """The exhibition a question asks is still on ("is the lighthouse photo exhibition still on?"): named,
    or well ahead of the next match."""
    top = hits[0] if hits else None
    lead = top is not None and (top.named or len(hits) < 2 or top.score >= 1.5 * hits[1].score)
    return top.entry.obj if lead and top.entry.kind == "exhibition" and STILL_ON.search(q.folded) else None  # type: ignore[union-attr]
