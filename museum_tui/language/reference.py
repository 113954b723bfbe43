"""Who a clause's words point to, for the clause reader (clauses.py): "she" or "he" among the members named
before, a name said beside a member ("Jamie (my son) is coeliac", "our eldest, Zara, has …"), a name before
"who" that opens a clause of its own, "so we'll need lifts" after a member's need, "she's pushing me". Split
from party.py, which knows who the members are."""

from __future__ import annotations

import re

from .party import MEMBERS

# how a clause names a member beside other words: "…, Jess is coeliac" and "…and Ruby is veggie" open a
# clause (NAME_BREAK); "Jamie (my son) is coeliac" is the son (NAMED_THEN_KIN); "our eldest, Zara, has …"
# is the eldest (APPOSITIVE); "…😂 I mean a wheelchair user" says it again of the member before (RESTATED)
NAME_BREAK = re.compile(r"(?:,|\s+and)\s+(?=[A-Z][a-z]+(?:'s|’s| is| has| can't| can’t| needs| uses| gets| wears)\b)")
NAMED_THEN_KIN = re.compile(r"^[A-Z][a-z]+\s*\((?:my|our) [^)]*\)")
APPOSITIVE = re.compile(rf"^(?P<who>(?:my|our) (?:[\w-]+ ){{0,2}}?(?:{MEMBERS})) , [a-z]+ ,")
RESTATED = re.compile(r"^(?:i mean|i meant|or rather|well)\s+(?P<rest>an? .+)$")


SHE = frozenset(
    """mum mom mother mam mammy sister sis daughter wife missus girlfriend gf fiancee gran grandma granny nan nana
    nanna grandmother granddaughter aunt auntie aunty niece stepmum lass""".split()  # noqa: SIM905
)
HE = frozenset(
    """dad father brother bro son husband hubby boyfriend bf fiance grandad granddad grandpa grandfather grandson
    uncle nephew stepdad lad fella pops gramps""".split()  # noqa: SIM905
)


def she_or_he(folded: str, named: list[str]) -> str:
    """The member a clause opening with "she" or "he" means among those named before, by the word's sex ("my
    son and my sister, she's vegan" → sister), or "" when none or several fit."""
    m = re.match(r"^(?:and |but |so |oh )?(she|he)\b", folded)
    fits = [w for w in named if w in (SHE if m and m.group(1) == "she" else HE)] if m else []
    return fits[0] if len(set(fits)) == 1 else ""


# "she's pushing me about in one of your wheelchairs": the one pushed is the one in the chair
PUSHES_ME = re.compile(r"\b(?:push|pushes|pushing|wheel|wheels|wheeling) me\b")
# "my friend's in a wheelchair so we'll need lifts": a need that follows from a member's is theirs
SO_WE_NEED = re.compile(r"\bso we (?:will |would |shall |are going to )?(?:need|want|have to use)\b")


def so_we_need(text: str, sentence: str) -> bool:
    """Does a folded clause say what "we" need because of what its sentence said before ("…, so we'll need
    lifts")? `sentence`: the whole sentence, folded."""
    return text.startswith("we ") and SO_WE_NEED.search(sentence) is not None


# "here with Jamie who has cerebral palsy": what follows "who" is said of the one named, a clause of its own
NAME_WHO = re.compile(r"\b(?:with|for|after|to)\s+[A-Z][a-z]{1,14}(?=\s+who\s)")


def name_who(part: str) -> list[str]:
    """A part of a sentence cut before "who" after a name ("here with Jamie" | "who has cerebral palsy")."""
    m = NAME_WHO.search(part)
    return [part[: m.end()], part[m.end() :].strip()] if m else [part]
