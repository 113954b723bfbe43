"""What says the speaker likes a thing, beyond a lexicon's triggers: the words that join a bare list of
things liked ("mostly planets and the moon"), frames of liking ("… is my happy place", "… is why I came"),
and what says the list is not liked after all ("anything but pop art", "roses. hate them").

The extractor reads a concept's terms through these when the concept is one of things liked
(extraction/span_reading.py); the frames are English's, not a venue's.
"""

from __future__ import annotations

import re

# triggers that say a concept is one of things liked
LIKED = ("love", "like", "into", "enjoy", "fan of", "big fan", "favourite", "favorite", "interested in")
# the words that join a bare list of things liked: "mostly planets and the moon", "pop art all the way"
LIST_GLUE = frozenset(
    """and or plus mostly mainly especially particularly basically anything everything stuff things thing the a
    an all way really too also definitely for me please big massive lots loads of some more any that sort kind
    type""".split()  # noqa: SIM905
)
# the thing is the visitor's happy place, thing, weakness; it is why they came
LIKING_FRAME = re.compile(
    r"\b(?:is|are) (?:my|our) (?:happy place|thing|jam|weakness|obsession|passion|fave|favourite|favorite|"
    r"whole life|absolute favourite|everything)\b"
    r"|^give me (?:a |an |some )?.+ and (?:i am|i'm|we are|we're) happy\b"
    r"|\b(?:is|are) (?:\w+ )?(?:the reason )?why (?:i|we) (?:came|come|got the bus|are here|am here)\b"
    # "I'm an impressionism girl really", "i'm a succulent nerd", "more of a fern person"
    r"|\b(?:i am|we are|more of) an? (?:[\w-]+ ){1,3}(?:person|people|girl|guy|nerd|geek|buff|fanatic|lover)s?\b"
)
# a message that refuses or dislikes: its bare list is no list of likes
LIST_NOT = re.compile(r"\b(?:but|not|no|except|nor|never|hate|stand|without|instead)\b|^or\b")
# "the Hepworth bronzes": particular works (a goal), not a kind of thing liked
THE_ONES = re.compile(r"^(?:the|this|that|these|those)\b")


# a liking of a particular thing right before a need's word ("I love the wheelchair ramp", "the kids love the
# scooter"): the thing, not the need (not "I'd like the wheelchair route", a request)
LIKED_THING = re.compile(
    r"\b(?<!would )(?:love|loves|loved|like|likes|liked|enjoy|enjoys|enjoyed|adore|adores|adored) "
    r"(?:the|that|this|those|these|your) (?:[\w-]+ )?$"
)


# "sound art is just noise to me": the word says what a thing is, not what the visitor needs
THING_IS = re.compile(
    r"^(?!\s*(?:i|we|me|my|our)\b)[a-z' ]+ (?:is|are|was|were) (?:just|all|only|pure|basically|literally) (?:a |an )?$"
)


# what a liking is compared with: "ceramics are more my thing than paintings", "I prefer sculpture to
# painting", "X rather than Y", "X over Y": the thing after it is not what is liked
COMPARED_WITH = re.compile(r"\b(?:than|instead of)\b[^,]*|\bprefer(?:s|red)?\b[^,]*?\b(?P<to>to\b[^,]*)")


def compared_away(text: str) -> str:
    """`text` with what a liking is compared with blanked (offsets kept)."""

    def blank(m: re.Match[str]) -> str:
        if m.group("to") is None:
            return " " * len(m.group(0))
        return m.group(0)[: m.start("to") - m.start()] + " " * len(m.group("to"))

    return COMPARED_WITH.sub(blank, text)
