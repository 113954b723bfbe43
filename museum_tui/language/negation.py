"""Negation's grammar: the words that deny, the ones that take back what was said, and the no's that deny
nothing ("no strobe lights please", "can't have shellfish", "can't manage without my frame": each says a
need). Read on folded text; the clause (clauses.py) decides what a no's scope covers."""

from __future__ import annotations

import re

from .party import MEMBERS

NEGATION = re.compile(r"\b(?:not|no|never|nothing|none|neither|nor|without|no longer|no more)\b")
RETRACTION = re.compile(
    r"\b(?:no longer|not any ?more|any ?more|no more|forget (?:that|about|it|what)|please forget|"
    r"scratch (?:that|the)|scrap (?:that|the|what i said)|ignore (?:that|what i said)|i take (?:that|it) back|"
    r"changed my mind|not (?:true|right) "
    r"any ?more|used to|stopped|remove (?:that|the)|delete (?:that|the)|that is wrong|was wrong|"
    r"that is not (?:true|right|correct)|actually,? (?:i|we) (?:am|are|do|have) not|never mind|nevermind|"
    r"strike that|disregard (?:that|what i said)|my mistake|was a mistake|i was wrong|grew out of|"
    r"gave up|given up|quit being|packed in|"
    r"not (?:true|the case) (?:now|any ?more)|cancel (?:that|the)|^forget)\b"
    # an aid put down: "I'm off the crutches now"
    r"|\b(?:i am|we are|he is|she is|they are) (?:now )?off (?:the|my|his|her|their)\b"
    # a state that was, and is over: "I was on crutches last year"
    r"|\b(?:i|we) (?:was|were)\b.*\b(?:last (?:year|month|week|summer|winter|spring|autumn|time)|"
    r"(?:years?|months?|weeks?) ago|as a (?:child|kid|teenager)|in the past|back then|previously|when i was)\b"
)
# "can't do stairs any more": an ability lost, which says the need now; "any more" retracts nothing there
CANNOT = re.compile(r"\b(?:can|could) not\b")


def retractions(text: str) -> list[re.Match[str]]:
    """The retraction words of a folded clause, but "any more" after "can not" (an ability lost)."""
    return [
        m
        for m in RETRACTION.finditer(text)
        if not (m.group(0).replace(" ", "") == "anymore" and CANNOT.search(text, 0, m.start()))
    ]


# "no strobe lights please", "no nuts for him": a request to keep something away, which says the need
AVOID_BEFORE = re.compile(r"\bno (?:[\w-]+ ){0,2}$")
AVOID_AFTER = re.compile(
    r"(?: [\w-]+){0,2}? (?:please|thanks|thank you|at all|"
    rf"for (?:me|us|him|her|them|(?:my|our|the) (?:[\w-]+ )?(?:{MEMBERS})|[a-z]{{2,14}}))(?: please| thanks)?\s*$"
)  # at the clause's end: "no hot chocolate for them sadly" is a consequence, not a request


# "can't have shellfish", "he can't eat gluten": what one cannot take is what one must avoid
CANNOT_TAKE = re.compile(
    r"\b(?:can|could) not (?:have|eat|drink|tolerate|digest|touch|take|go near|be near|be around|go anywhere near) "
    r"(?:any )?(?:[\w-]+ )?$"
)


def asked_away(text: str, start: int, end: int) -> bool:
    """Is the thing at `start:end` of a folded clause asked to be kept away ("no nuts for Leo please")?"""
    return bool(AVOID_BEFORE.search(text, 0, start) and AVOID_AFTER.match(text, end))


def need_under_no(text: str, start: int, end: int) -> bool:
    """Is the need at `start:end` of a folded clause said under a no that denies nothing: one to keep away,
    asked for ("no strobe lights please") or impossible to take ("can not have shellfish"), or one that
    can not be done without ("can not manage without my frame")?"""
    return (
        asked_away(text, start, end)
        or bool(CANNOT_TAKE.search(text, 0, start))
        or bool(NEEDED_WITHOUT.search(text, 0, start))
    )


# "can not hear a thing without his aids", "I can't manage without my frame": a double no says it is needed
NEEDED_WITHOUT = re.compile(
    r"\b(?:can not|could not|will not|would not)\b[^,.;]{0,30}\bwithout (?:(?:my|his|her|their|our|a|an|the) )?$"
)
