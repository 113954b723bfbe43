"""A body's reaction to a thing, said instead of the word "allergic": "tree nuts put me in hospital",
"shellfish and me don't get on", "pollen is my enemy", "cats make me sneeze", "my eyes are streaming from
the pollen". A concept whose lexicon says `reaction: true` (an allergy) takes such a frame around one of its
terms as it would take "allergic": this module knows the frames, the lexicon the things. Read on folded
text ("don't" is "do not").
"""

from __future__ import annotations

import re

WHO = r"(?:me|us)"  # the visitor's own reaction (a member's is read where the member is the subject)
SYMPTOM = (
    r"sneeze|sneezing|itch|itchy|itching|swell|swell up|wheeze|wheezy|wheezing|break out|come out in hives|"
    r"come out in a rash|come up in hives|puff up|ill|sick|poorly|really ill|really sick|throw up|vomit|"
    r"stop breathing|have a reaction|react"
)
FRAMES = (
    # "tree nuts put me in hospital last time", "sesame sent me to a and e"
    rf"\b(?:put|puts|sent|sends|landed|lands|had) {WHO} (?:in|into|to) "
    r"(?:the )?(?:hospital|a and e|a&e|er|emergency)\b",
    # "shellfish and me don't get on"
    r"\band (?:me|i) (?:do not|never|really do not) (?:get on|get along|mix)\b",
    # "pollen is my enemy", "wasps are my kryptonite"
    r"\b(?:is|are) (?:my|our) (?:worst )?(?:enemy|enemies|nemesis|kryptonite|arch enemy)\b",
    # "cats make me sneeze", "peanuts make me swell up"
    rf"\b(?:make|makes|made|gives|give|gave|set off|sets off) {WHO} (?:{SYMPTOM})\b",
    # "my eyes are streaming from all the pollen", "sneezing because of the grass"
    r"\b(?:sneezing|streaming|itching|itchy|wheezing|wheezy|swelling|swollen|puffy) (?:from|because of|cause of|"
    r"with|due to) ",
    # "my hay fever is awful today", "her hayfever": the condition itself, whoever the clause is about
    r"\b(?:my|his|her|their) (?:hay fever|hayfever)\b|\b(?:hay fever|hayfever) (?:is|has been)\b",
    # "sesame makes my throat close up", "peanuts make my lips swell"
    r"\b(?:make|makes|made) (?:my|his|her|their) (?:throat|tongue|lips|mouth|face|eyes|skin) (?:close up|swell|"
    r"swell up|itch|tingle|go puffy|puff up|burn)\b",
    # "tree pollen sets me off something rotten", "cats set off my asthma"
    rf"\b(?:set|sets|setting) {WHO} off\b|\b(?:set|sets|setting) off (?:my|his|her|their) "
    r"(?:hay fever|hayfever|asthma|allergies|allergy|eczema)\b",
    # "nuts could kill me", "bee stings nearly killed me"
    rf"\b(?:could|can|would|will|nearly|almost) kill(?:ed)? {WHO}\b",
)
REACTION = re.compile("|".join(f"(?:{frame})" for frame in FRAMES))
# what only an allergy does to a body (not "ill" or "sick": "the heat makes me ill" is no allergy)
ALLERGIC = (
    r"sneeze|sneezing|itch|itchy|itching|swell|swell up|wheeze|wheezy|wheezing|come out in hives|come out in a rash|"
    r"come up in hives|break out in hives|puff up|break out in a rash"
)
# the weather and the like, which set a body off without an allergy ("the heat makes me itch")
CONDITIONS = frozenset("heat hot cold sun sunshine weather humidity humid wind damp stress nerves".split())  # noqa: SIM905
# "lilies set me off sneezing", "cats make me sneeze": the thing opening the clause is what the body reacts to
REACTED_TO = re.compile(
    r"^(?:the |all the |any )?(?P<thing>[a-z]+(?: [a-z]+)?) (?:make|makes|made|set|sets|get|gets|start|starts) "
    rf"{WHO} (?:off )?(?:{ALLERGIC})\b"
)


def reacted_to(text: str) -> tuple[int, int] | None:
    """Where the thing is that `text` (one folded clause) says gives the speaker an allergic reaction, by its
    frame alone (a venue's lexicon need not list lilies): "lilies set me off sneezing" → "lilies"."""
    m = REACTED_TO.match(text)
    return m.span("thing") if m and not CONDITIONS & set(m.group("thing").split()) else None


def reacts(text: str) -> bool:
    """Does `text` (one folded clause) say that something sets off a bodily reaction?"""
    return REACTION.search(text) is not None


# "…, they make my lips swell up", "it makes me ill": the things named before do it to the visitor
THEY_REACT = re.compile(
    r"^(?:they|it|those|these|them|that|this)(?: all| both)? (?:\w+ )?"
    r"(?:make|makes|made|give|gives|gave|set|sets|send|sends|put|puts) (?:me|my)\b"
)


def they_react(text: str) -> bool:
    """Does `text` (one folded clause) say that the things named before it set off the speaker's reaction
    ("they make my lips swell up"; not "they made me so happy")?"""
    return THEY_REACT.match(text) is not None and reacts(text)


# "peanuts are fine for me", "eggs don't bother me" (right after the thing), "I'm fine with almonds" (right
# before it): the thing does the speaker no harm, so a concept with reactions reads its term there as denied
_FINE = r"(?:is|are) (?:fine|ok|okay|no problem|not a problem)"
_DOES_NO_HARM = (
    rf"(?:{_FINE}(?: for| with) (?:me|him|her|them|us)\b"
    r"|(?:do|does) not (?:bother|affect) (?:me|him|her|them|us)\b)"
)
_FINE_WITH = r"\b(?:i am|he is|she is|we are) (?:fine|ok|okay) with (?:any |the )?"
HARMLESS_AFTER = re.compile(rf"\s*{_DOES_NO_HARM}")
HARMLESS_BEFORE = re.compile(rf"{_FINE_WITH}$")
# a part of a list said to be fine, with or without whom for ("tree nuts, peanuts are fine though")
FINE_PART = re.compile(rf"\b(?:{_FINE}|(?:is|are) alright)\b")
HARMLESS = re.compile(rf"\b(?:{_DOES_NO_HARM})|{_FINE_WITH}")


def unharmed(text: str, start: int = 0, end: int = 0) -> bool:
    """Does `text` (one folded clause) say that the thing at `start:end` does the speaker no harm? With no
    span, whether it says so of anything."""
    if not end:
        return HARMLESS.search(text) is not None
    return bool(HARMLESS_AFTER.match(text, end) or HARMLESS_BEFORE.search(text, 0, start))
