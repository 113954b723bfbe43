"""A visitor's message, read once: is it a question, what it asks about its subject, feelings, where the
visitor says they are, a time budget, diets and allergens it names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from museum_tui.language.clauses import FILLERS
from museum_tui.language.folding import expand_shorthand

from . import lexicon as lx
from .intents import asked_part
from .knowledge import floor_in
from .model import Venue
from .timing import minutes_in

HERE = re.compile(
    r"\b(?:i am|i'm|im|we are|we're|currently|from|^(?:(?:sat|sitting|stood|standing|waiting|parked)\s+))\s*"
    r"(?:now\s+)?(?:on|in|at|by|near|outside|inside)?\s*"  # "sat in the car park — are the gates open yet?"
    r"(?:the\s+)?(?!here\b|there\b)([a-z0-9' &-]{2,40}?)"
    r"(?=\s*(?:[,.?!;]|[-–—]\s|\bwhere\b|\bhow\b|\band\b|\bwhat\b|\bis\b|$|"
    r"(?<!\bnext)(?<!\bclose)\s(?:up |down |over |back )?(?:to|into|towards?)\b))"  # "from the gate to the bats"
)
CANT_FIND = re.compile(r"\b(?:can not|cannot|can't|cant) find (?:my|our) (?P<who>\w+)")
CHILD = re.compile(
    r"(?:son|daughter|kids?|child|children|boy|girl|toddler|grandson|granddaughter|grandkids?|little one|lad|lass)$"
)
LEFT_BEHIND = re.compile(
    r"\b(?:i|we) (?:think (?:i|we) )?(?:have )?(?:left|lost|dropped) (?:my|our) (?P<what>\w+) "
    # "I think I left my phone in one of the galleries" (not where things are left on purpose)
    r"(?:somewhere|behind|in (?:one of )?(?:the|a|your) (?!cloakroom|locker|buggy park|pushchair park)\w+)"
)
# "anything in flower this time of year?": the season, now; not a time asked for
THIS_SEASON = re.compile(r"\b(?:at )?this time of (?:the )?year\b")
LATE_ONE = re.compile(r"\b(?P<whose>my|our|his|her|their) late (?=\w)")
LEND = re.compile(
    r"\b(?:lend|lends|loan|loans|rent|rents|hire|hires)(?: out)?\b(?= (?:a |any |out )?\w*chairs?\b|"
    r" (?:a |any )?(?:wheelchair|scooter|stool|buggy|pushchair|mobility scooter)s?\b)"
)
A_THING = re.compile(r"\s*(?:(?:on|in|at|by)\s+)?an?\s")  # "I'm in a wheelchair", "in a hurry": no place
# someone's own chair is their wheelchair ("a tour I can join in my chair?"); "a chair" is a seat
THEIR_CHAIR = re.compile(r"\b(?P<whose>my|his|her|their|our|mums?|mum's|dads?|dad's|nan's|gran's|grandad's) chair\b")
NEAR = re.compile(r"\b(?:near|nearest to|closest to|to|by|next to|beside)\s+(?:the\s+)?([a-z0-9' &-]{3,40})")
# "when is it usually quietest?", "what time is it least busy?": when, not where
WHEN_QUIET = re.compile(
    r"\b(?:when|what time|what day)\b.*\b(?:quiet(?:est|er)?|(?:least|less) (?:busy|crowded)|busiest)\b"
)
GETTING_TO = re.compile(
    r"\b(?:how (?:do|can|would|should) (?:i|we|you) get|how to get|way (?:to|down|up)|get (?:down |up )?to)\b"
)
WITH_AID = re.compile(
    r"\bwith (?:a|the|my|our|his|her) (?:pushchair|buggy|pram|stroller|wheelchair|mobility scooter|scooter|walker)\b"
)
THEY_EAT = re.compile(r"\b(?:who|that|which|plants|animals) eats?\b")  # something else eating
OWN_FOOD = re.compile(
    r"\b(?:(?:our|my|their) own (?:food|lunch|sandwiches|sarnies|butties|snacks|picnic|drinks)|packed lunch(?:es)?|"
    r"(?:bring|brought|eat) (?:our|my) (?:own )?(?:sandwiches|sarnies|lunch|food|snacks)|sandwiches from home)\b"
)
# a meal as a time of day: "we thought we might come after dinner", "back before lunch"
MEAL_TIME = re.compile(r"\b(?:after|before|until|till|by|over) (?:our |my |the )?(?:lunch|dinner|breakfast|tea)\b")
BUDGET = re.compile(
    r"\b(?:\d+(?:\.\d+)?\s*(?:hours?|hrs?|minutes?|mins?)|half an hour|an hour(?: and a half)?|two hours|"
    r"all (?:day|afternoon|morning))\b"
)


# "…, anything like that?": the question points back at what another clause says someone likes
LIKE_THAT = re.compile(
    r"\b(?:(?:anything|something|any|got|have you got) (?:\w+ )?like (?:that|this|those|these|it)|similar)\b"
)
LIKING = re.compile(
    r"\b(?:obsessed with|love|loves|loved|mad about|crazy about|keen on|fans? of|into|enjoys?|likes?|adores?|"
    r"big on|passionate about)\s+(?P<what>[a-z0-9' -]{3,40}?)(?=\s*(?:[,.!?;]|\band\b|\bbut\b|\bso\b|$))"
)


def liked(folded: str) -> str:
    """What a "like that?" question points back at: the thing liked in the message's other clause
    ("the kids are obsessed with trains, anything like that?" → "trains"); '' when there is none."""
    pointer = LIKE_THAT.search(folded)
    if not pointer:
        return ""
    found = LIKING.search(folded[: pointer.start()]) or LIKING.search(folded[pointer.end() :])
    return FILLERS.sub("", found.group("what")).strip(" -'") if found else ""


def _plan(folded: str, venue: Venue) -> bool:
    """Does the question ask what to see ("any highlights?"), not for a thing whose name holds such a word
    ("the highlights walk", "the Highlights tour")?"""
    names = [lx.fold(n) for n in (*(t.name for t in venue.tours), *(e.title for e in venue.exhibitions))]
    for m in lx.PLAN.finditer(folded):
        said = re.findall(r"[a-z0-9']+", folded[m.start() :])[:2]  # the word and the next: "highlights walk"
        if len(said) < 2 or not any(" ".join(said) in n for n in names):
            return True
    return False


def _lost(m: re.Match[str]) -> str:
    """Someone not found, said as a venue's lost-person entry says it: a child, or anyone."""
    return "lost child, missing, need staff help" if CHILD.match(m.group("who")) else "lost someone, need staff help"


@dataclass
class Question:
    text: str
    folded: str
    ask: str  # what to look up: the text without where the visitor says they are
    is_question: bool
    focus: list[str]
    plan: bool
    more: bool
    greeting: bool
    thanks: bool
    goodbye: bool
    feelings: list[str] = field(default_factory=list)
    baby: bool = False
    accessible: bool = False
    here: int | None = None  # where the visitor says they are, as a floor
    near: str = ""  # the place a "nearest …" question is about
    where_text: str = ""  # where the visitor says they are, in their words
    budget: int | None = None
    drink: bool = False
    food: bool = False

    @classmethod
    def read(cls, text: str, venue: Venue) -> Question:
        folded = expand_shorthand(lx.fold(text))  # "r u open til 7": are you open till 7
        folded = THEIR_CHAIR.sub(r"\g<whose> wheelchair", folded)  # "in my chair", "pushing mum's chair"
        folded = CANT_FIND.sub(_lost, folded)  # "I can't find my daughter!!": a lost child
        folded = LEFT_BEHIND.sub(r"lost property \g<what>", folded)  # "I left my scarf somewhere"
        folded = LEND.sub("borrow", folded)  # "do you lend out wheelchairs": one may borrow them
        folded = THIS_SEASON.sub("now", folded)
        folded = LATE_ONE.sub(r"\g<whose> ", folded)  # "my late husband adored woodcuts": no late opening
        feelings_table = {k: (*v, *venue.feelings.get(k, ())) for k, v in lx.FEELINGS.items()}
        for k, v in venue.feelings.items():
            feelings_table.setdefault(k, v)
        feelings = [topic for topic, phrases in feelings_table.items() if any(lx.phrase_in(p, folded) for p in phrases)]
        # where the visitor says they are: the first such phrase naming a known place ("from here" names none)
        places = [(m, floor_in(venue, m.group(1))) for m in HERE.finditer(folded) if not A_THING.match(m.group(1))]
        here_match, here = next(((m, f) for m, f in places if f is not None), places[0] if places else (None, None))
        near_match = NEAR.search(folded)
        budget_match = BUDGET.search(folded)
        ask = folded
        if here_match and here is not None:
            ask = (folded[: here_match.start()] + " " + folded[here_match.end() :]).strip()
        ask = liked(ask) or ask
        ask = asked_part(ask)  # "can we bring our dog? he's really well behaved": what is asked
        ask = f"{ask} times" if WHEN_QUIET.search(ask) else ask  # "when is it quietest?": the quiet times
        ask = THEY_EAT.sub(" ", ask)  # "the plants that eat flies": what they eat is no café question
        aided = bool(GETTING_TO.search(ask) and WITH_AID.search(ask))  # "how do I get to the lake with the buggy?"
        ask = WITH_AID.sub(" ", ask) if aided else ask  # how one goes, not what is asked for
        own_food = OWN_FOOD.search(ask)  # "can we eat our own sandwiches?": where to picnic, not the café
        if own_food:
            ask = f"{ask[: own_food.start()]} picnic {ask[own_food.end() :]}"
        return cls(
            text=text,
            folded=folded,
            ask=ask,
            is_question=bool(lx.QUESTION.search(folded)),
            focus=lx.focus(folded),
            plan=_plan(folded, venue),
            more=bool(lx.MORE.search(folded)),
            greeting=bool(lx.GREETING.search(folded)),
            thanks=bool(lx.THANKS.search(folded)),
            goodbye=bool(lx.GOODBYE.search(folded)),
            feelings=feelings,
            baby=bool(lx.BABY.search(folded)),
            accessible=bool(lx.ACCESSIBLE.search(folded)) or aided,
            here=here,
            near=near_match.group(1) if near_match else "",
            where_text=here_match.group(1) if here_match else "",
            budget=minutes_in(budget_match.group(0)) if budget_match else None,
            drink=bool(lx.DRINK.search(folded)),
            # "we thought we might come after dinner": when, not what to eat
            food=bool(lx.FOOD.search(MEAL_TIME.sub("later", THEY_EAT.sub(" ", folded)))) and not own_food,
        )
