"""The two halves of a correction, as clauses: "it's Jo, not Joe", "not peanuts, it's sesame", "I said
sculpture but I meant ceramics". The bare "not Y" (a clause's `contrast`) names no concept of its own; the
extractor reads it against its neighbour (extraction/corrections.py). Split from clauses.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Protocol

from .folding import fold
from .party import MEMBERS


class Said(Protocol):
    """What a correction needs of a clause (clauses.Clause has it)."""

    text: str
    sentence: str
    contrast: str


# A correction's other half: "it's Tim actually, not Tom", "cubism not surrealism", "not gallery 3, …"
CONTRAST = re.compile(r"^(?P<said>.*?\w.*?)\s*,?\s+(?P<denied>not\s+[^,;]{1,40})$", re.IGNORECASE)
# The same correction the other way round: "no sorry, not peanuts, it's sesame", "not baroque, bauhaus"
DENIED_FIRST = re.compile(
    r"^(?:(?:no|nah|sorry|oops|actually|wait|oh|ah)\b\s*,?\s*)*(?:(?:it'?s|its|it is)\s+)?not\s+"
    r"(?!(?:really|sure|yet|now|today|much|quite|exactly|at all|that|this|so|me|mine|us|for|too|very|any|a|an)\b"
    r"|\w+ing\b|into|keen|fond|big on|a fan|fine|well|ok|okay|great|good|bad)"  # a verb's or a liking's not
    # (typed without the comma: "its not peanuts its tree nuts")
    r"[^,]{1,40}?(?:\s*,\s*|\s+(?=(?:it'?s|its|it is)\s))(?P<said>\S.*)$",
    re.IGNORECASE,
)
_NOT_AFTER = (
    "i we you he she they it that this there am is are was were do does did have has had can could will would "
    "should shall may might must if or and but so why because me just really wait no oops sorry actually oh nah"
)
NOT_AFTER = frozenset(_NOT_AFTER.split())  # a "not" after these is the verb's
WHOSE = re.compile(r"^not (?:me|mine|my|our|ours|his|her|hers|their|theirs|him|them|us)\b")
MEMBER_DENIED = re.compile(rf"^not (?:my|our) (?:[\w-]+ )?(?:{MEMBERS})$")  # "…, not my son"
# (and "actually it's not peanuts, it's sesame": the it-is before the not says nothing more)
BARE_NOT = re.compile(
    r"^(?:(?:wait|no|oops|sorry|actually|oh|nah|ah|um|erm|but)\s+,?\s*)*(?:(?:it|that) (?:is|was) )?"
    r"(?:not|i never said|never said|i did not say|i never mentioned)\s+(?P<thing>.+)$"  # "I never said X": X is denied
)


# "…, not my son, sorry!": what is said after the correction is only politeness
AFTERWORD = re.compile(r"(?:\s*,?\s*\b(?:sorry|thanks|thank you|lol|haha|cheers|x+)\b[\s!.]*)+$", re.IGNORECASE)


def contrast(part: str) -> list[str]:
    """A clause ending "…, not Y" (where the not denies Y, not a verb: "I'm not vegan" stays whole) is
    two: the statement and the bare "not Y" a correction reads against it."""
    if (first := DENIED_FIRST.match(part.strip())) is not None:  # "sorry, not peanuts, it's sesame"
        return [part.strip()[: first.start("said")].rstrip(" ,"), first.group("said")]
    m = CONTRAST.match(AFTERWORD.sub("", part.strip()))
    said = m.group("said").replace("’", "'") if m else ""
    if not m or not fold(said).split() or fold(said).split()[-1] in NOT_AFTER or re.search(r"'\w+$", said):
        return [part]  # "my eyesight's not great": the not is the verb's
    denied = fold(m.group("denied"))
    if WHOSE.match(denied) and not MEMBER_DENIED.match(denied):
        return [part]  # "…, not mine", "…, not her": whose, which the party's reading handles
    return [m.group("said"), m.group("denied")]


# "I said sculpture but really I meant ceramics", "sorry I said roses earlier, I meant ferns": what was said
# is the correction's denied half ("not sculpture"), what was meant the clause it is read against
SAID = re.compile(
    r"^(?:(?:sorry|oh|oops|no|wait|ah|um)\s+)*(?:i know |i think )?i (?:said|told you|put|typed|wrote) "
    r"(?P<x>.+?)(?: earlier| before| by mistake| just now| there)?$"
)
MEANT = re.compile(
    r"^(?:(?:really|actually|sorry|no|turns out|it turns out|now)\s+)*"
    r"(?:i meant to say|i meant|i mean|make that|it is actually|it is|"
    r"it should be|it should have been|i would rather(?: see| do)?|i prefer|"
    r"(?:i|we) (?:actually |really )?(?=(?:have|have got|got|am|are|need|want|like|love)\b)|"
    r"(?:he|she|they) (?:actually |really )?(?=(?:is|are|has|have|needs?|uses?)\b)) ?(?P<y>.+)$"
)
# what was said of a member: "I said my son was vegan" is "my son is not vegan", read as the member's clause
SAID_OF = re.compile(
    r"^(?P<who>(?:my|our) (?:[\w-]+ )?[\w-]+|he|she|they) (?P<verb>was|is|were|are|had|has) (?P<rest>.+)$"
)
DENIED_VERB = {"was": "is not", "is": "is not", "were": "are not", "are": "are not", "had": "does not have"}


# a number said alone in the half that says what was meant takes the unit of what was said
BARE_NUMBER = re.compile(
    r"^(?:(?:have got|have|got|only|just|more like|about|around|like|probably|maybe|closer to|nearer) )*"
    r"(?P<n>\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?: now| left| then| instead| really| tops| max)*$"  # "we've only got 1 now"
)
UNIT = re.compile(r"\b(?P<unit>hour|minute|min|hr)s?\b")


def said_then_meant(clauses: Sequence[Said]) -> None:
    """Each clause that says what was said, before one that says what was meant, made the correction's
    denied half (in place)."""
    for said, meant in pairwise(clauses):
        x, y = SAID.match(said.text), MEANT.match(meant.text)
        if x and y and said.sentence == meant.sentence and not said.contrast:
            said.contrast = x.group("x")
            said.text = f"not {said.contrast}"  # what was said is not asserted again
            if of := SAID_OF.match(said.contrast):  # "I said my brother was deaf, he's actually …"
                verb = DENIED_VERB.get(of.group("verb"), "does not have")
                said.text = f"{of.group('who')} {verb} {of.group('rest')}"
            number, unit = BARE_NUMBER.match(y.group("y")), UNIT.search(x.group("x"))
            if number and unit:  # "I said an hour before but it's more like two": two hours
                meant.text = f"i have {number.group('n')} {unit.group('unit')}s"
