"""A message that hands what the visitor said last to a member of their party: "that was my brother, not
me", "no, that's my mum's, not mine", "it's not me in the chair, it's my friend Priya!". Read on plain
folding (apostrophes kept) by the extractor (the assistant's words about the visitor become the member's)
and by the conversation (the member's needs move with them)."""

from __future__ import annotations

import re

from .party import CANONICAL, MEMBERS

# "that was my brother, not me", "no, that's my mum's, not mine", "not me, my husband": the visitor hands
# what they said last to a member of their party
HANDED_BACK = re.compile(
    rf"^(?:(?:no|sorry|actually|oh|oops|wait)\s*,?\s*)*(?:"
    rf"(?:that|it|this)(?: one)?(?: was| is|'s) (?:for |about )?(?:my|our) (?:[\w-]+ )?(?P<a>{MEMBERS})(?:'s)?"
    r"\s*,?\s*(?:not me|not mine|not for me|not about me)"
    # "not me, my husband's", "it's not me in the chair, it's my friend Priya!"
    rf"|(?:it(?:'s| is) |that(?:'s| is) )?not (?:me|mine)(?: [\w ]{{1,30}}?)?\s*,?\s*(?:it(?: was| is|'s) )?"
    rf"(?:my|our) (?:[\w-]+ )?(?P<b>{MEMBERS})(?:'s)?"
    r")\b"
    # "no no, I don't use one, it's my mum who does"; "no, not me! I'm just holding it for my dad"
    rf"|^(?:no|nope|nah|not me)\b.*\bit(?:'s| is| was) (?:my|our) (?:[\w-]+ )?(?P<c>{MEMBERS}) (?:who|that)\b"
    rf"|^(?:no|nope|nah)\b[\s,!.]*(?:no\b[\s,!.]*)?not (?:me|mine)\b.*\bfor (?:my|our) (?:[\w-]+ )?(?P<d>{MEMBERS})\b"
)

# "nope thats my mum, im pushing her round": a no, then whose it is
HANDED_BY_NO = re.compile(
    r"^(?:no|nope|nah)\b\s*,?\s*(?:that|it)(?:'s|s| is| was) (?:for )?"
    rf"(?:my|our) (?:[\w-]+ )?(?P<who>{MEMBERS})(?:'s)?\b"
)


def handed_back(text: str) -> str:
    """The member a message hands the visitor's last words to ("that was my brother, not me" → "brother"),
    or "". Read on plain folding (apostrophes kept), the whole message."""
    said = " ".join(text.lower().replace("’", "'").split())
    if (m := HANDED_BY_NO.match(said)) is not None:
        return CANONICAL.get(m.group("who"), m.group("who"))
    m = HANDED_BACK.match(said)
    if not m:
        return ""
    who = m.group("a") or m.group("b") or m.group("c") or m.group("d")
    return CANONICAL.get(who, who)
