"""The party in the rule extractor: a member's clause said as the visitor would say it of themselves, a
need said of a member inside a companion phrase ("my deaf son"), and a need handed from the visitor to a
member ("I'm not deaf, my husband is"). Who a clause is about is the language layer's (language/party.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from museum_tui.language.clauses import Clause, fold
from museum_tui.language.party import BARE_MEMBER as _BARE_MEMBER
from museum_tui.language.party import (
    FIRST_PERSON,
    MEMBER_WORDS,
    MEMBERS,
    NOT_A_NAME,
    NOT_MINE,
    ONE_MORE,
    OTHER,
    PRONOUN,
    SELF,
    SOME_OF,
    SUBJECT_VERBS,
    last_member,
    member_named,
)
from museum_tui.language.presence import absent, plainly, present

from .cues import ConceptCues
from .hits import Hit

BARE = _BARE_MEMBER.pattern.removeprefix("^").replace("(?P<who>", "(?:")
MEMBER_SUBJECT = re.compile(
    # "both my kids are …", "my mate here has …" ("my friend Sam is …" reaches here without the name)
    rf"^(?:(?:(?:both|all)\s+(?:of\s+)?)?(?:my|our)\s+(?:{NOT_MINE}[\w-]+\s+){{0,3}}?(?:{MEMBERS})"
    rf"(?:\s+here)?|{BARE}|he|she|they)\s+"
    r"(?:(?:also|really|just|both|all|only|still|now|usually|always)\s+)*"
    rf"(?P<verb>{SUBJECT_VERBS})\b"
)
ELLIPSIS = re.compile(
    r"^(?:but |it is |it was |that is |that was |(?:that|it) (?:is|was) (?:for|about) )?(?:only |just )?"
    rf"(?:my|our) (?:[\w-]+ )?(?:{MEMBERS})"
    r"(?: here| over there| with me)?"  # "I'm not vegan, my friend here is"
    r"(?: still| also)?(?: is| does| has| was| one| does too| is too| does as well| is as well)?(?: tho| though)?$"
)
IT_IS_ME = re.compile(r"^(?:but |no |actually )*(?:it is|it was|it is actually) (?:me|me actually|actually me|myself)$")
MY_BEFORE = re.compile(r"\b(?:my|our)\s+(?:[\w-]+\s+){0,3}$")


# a clause that opens with its verb, its subject the clause before's ("… and uses a stick")
GOES_ON = re.compile(rf"^(?:(?:also|still|now|usually|always)\s+)*(?P<verb>{SUBJECT_VERBS})\b")


def as_first_person(text: str, member: str = "") -> str | None:
    """A clause about a party member, said as the visitor would say it of themselves ("my son is vegan" →
    "i am vegan", "grandad uses a cane" → "i use a cane"); None when its subject does not open it.
    `member`: the member the clause is about, who may open it by name ("tom is vegan", "ellie she is 6 has
    a peanut allergy": the age said in brackets is passed over)."""
    m = MEMBER_SUBJECT.match(text)
    if not m and member:  # "it is grandad who is deaf": the member's own clause inside the cleft
        m = re.match(
            rf"^(?:(?:no|oh|sorry|actually) )*it (?:is|was) (?:the |my |our )?{re.escape(member)} (?:who|that) "
            rf"(?P<verb>{SUBJECT_VERBS})\b",
            text,
        )
    if not m and member:
        m = re.match(
            rf"^(?:{SOME_OF.replace('(?P<some>', '(?:')}\b|{ONE_MORE}|one|"  # "one of them is coeliac"
            rf"(?:(?:my|our)\s+(?:little\s+)?|the\s+)?{re.escape(member)})\s+"
            r"(?:(?:he|she|they) (?:is|are) \w+\s+|(?:my|our) [\w-]+\s+)?"  # "ellie (she's 6) has", "jamie (my son) is"
            rf"(?:(?:also|really|just|only|still|now|usually|always)\s+)*(?P<verb>{SUBJECT_VERBS})\b",
            text,
        )
    if not m and member:  # "my aunty can't walk far and uses a stick": the clause after hers goes on without a subject
        m = GOES_ON.match(text)
    if not m:
        return None
    verb = m.group("verb")
    verb = {"is": "am", "are": "am", "were": "was", "has": "have", "does": "do", "was": "was"}.get(verb) or (
        verb[:-3] + "y" if verb.endswith("ies") else verb[:-1] if verb.endswith("s") else verb
    )
    return f"i {verb}{text[m.end() :]}"


def member_after(text: str, start: int, end: int, person_after: re.Pattern[str]) -> bool:
    """Is the word at `start:end` said of a member of the visitor's party ("my deaf son")?"""
    person = person_after.match(text, end)
    return bool(person and MY_BEFORE.search(text, 0, start) and member_named(text[max(0, start - 40) : person.end()]))


def handed_on(clause: Clause, before: Clause | None) -> str:
    """The member a clause hands the clause before's need to ("…, my husband is"), or ""."""
    if before is None or before.sentence != clause.sentence:
        return ""
    if IT_IS_ME.match(clause.text) and before.about not in (SELF, OTHER):
        return SELF  # "it's not my husband who's diabetic, it's me"
    return member_named(clause.text) if ELLIPSIS.match(clause.text) else ""


# "both kids are vegan, same as me", "my husband is coeliac and so am I": the visitor says it of themselves too
ME_TOO = re.compile(
    r"(?:,|\band|\bbut)\s*(?:same as me|same for me|same with me|me too|me as well|and me|"
    r"(?:so|as) (?:am|do|have) i)$"
)


def me_too(clause: Clause, hits: list[Hit]) -> list[Hit]:
    """The member's needs a clause gives, given to the visitor as well when its sentence ends "…, same as
    me" or "… and so am I"."""
    if not ME_TOO.search(fold(clause.sentence).rstrip(" .!")):
        return []
    return [replace(h, about=SELF, evidence=clause.sentence) for h in hits if h.about not in (SELF, OTHER)]


# "for my mum's wheelchair", "will dad's guide dog …" (the 's folded away): a member's thing, so their need
MEMBER_BEFORE = re.compile(rf"(?:\b(?:my|our)\s+|(?<![\w'])|^)(?P<who>{MEMBERS})\s+$")


def member_before(text: str, start: int) -> str:
    """The member whose thing the word at `start` is ("my mum wheelchair" → "mum"), or ""."""
    m = MEMBER_BEFORE.search(text, 0, start)
    return member_named(m.group(0).strip() if m.group(0).startswith(("my ", "our ")) else m.group("who")) if m else ""


# "I was asking about wheelchairs for my aunt": the thing said is for a member, so the need is theirs
FOR_MEMBER = re.compile(rf"\s+(?:\w+\s+)?for\s+(?P<who>(?:my|our|the)\s+(?:[\w-]+\s+)?(?P<member>{MEMBERS}))\b")


def for_member(text: str, end: int, original: str = "", known: Callable[[str], bool] | None = None) -> str:
    """The member the words ending at `end` are said to be for ("wheelchairs for my aunt" → "aunt", "no
    peanuts for the little man" → "little man"; with the clause as written and the ontology's words, "no
    nuts for Leo please" → "leo"), or ""."""
    m = FOR_MEMBER.match(text, end)
    if m:
        return member_named(m.group("who")) or m.group("member")
    return for_named(text, end, original, known) if known is not None else ""


# "no nuts for Leo please": a member called by name, the name said capitalised and no word the ontology uses
FOR_NAME = re.compile(r"\s+(?:\w+\s+){0,2}?for\s+(?P<name>[a-z][a-z-]{1,14})\b")


def for_named(text: str, end: int, original: str, known: Callable[[str], bool]) -> str:
    """The member, called by name, the words ending at `end` are said to be for, or ""."""
    m = FOR_NAME.match(text, end)
    name = m.group("name") if m else ""
    if not name or name in NOT_A_NAME or name in MEMBER_WORDS or known(name):
        return ""
    return name if re.search(rf"\bfor {name.capitalize()}\b", original) else ""


# "how do I get in with my wheelchair?", "can I bring my guide dog?": the visitor's own thing, named in a question
MY_OWN = re.compile(r"\b(?:my|our)\s+(?:(?:own|electric|mobility|new|old|trusty)\s+)?$")


def related_to(text: str, upto: int) -> str:
    """The member a relative clause at `upto` is said of, when the party is named before it: the one just
    before "who" ("kids with me plus their grandma who's on a scooter" → grandma), else ""."""
    before = text[:upto]
    if not member_named(before):
        return ""  # "a friend who is a wheelchair user": no one of the party
    return last_member(re.sub(r"\s+(?:who|that|whose)$", "", before.rstrip())) or member_named(before)


def presumed(clause: Clause, text: str, start: int, end: int, of_member: bool) -> bool:
    """In a question, is the word at `start:end` a need the question takes for granted: a member's ("can my
    son who is deaf join?", "anything for my coeliac husband?", "room for my mum's wheelchair?") or the
    visitor's own thing ("how do I get in with my wheelchair?")?"""
    related = clause.others_from is not None and start >= clause.others_from and related_to(text, clause.others_from)
    return of_member or bool(member_before(text, start)) or bool(related) or bool(MY_OWN.search(text, 0, start))


# "me and my husband are vegan", "my son and I are coeliac", "both me and my dad are hard of hearing": one
# subject, the visitor and a member
JOINT = re.compile(
    rf"^(?:both )?(?:(?:me|i) (?:and|&) (?P<a>(?:my|our|the) (?:[\w-]+ )?(?:{MEMBERS}))"
    rf"|(?P<b>(?:my|our|the) (?:[\w-]+ )?(?:{MEMBERS})) "
    r"(?:and|&) (?:i|me)) (?P<verb>are|have|both|do|can|cannot|use|need|eat|wear)\b"
)
WE_BOTH = re.compile(r"^(?:and |but |so )?we (?:are |have |do |can )?both\b")
# "I'm vegan and so is my son", "…, as is my husband"
SO_IS = re.compile(  # (and "…so are both my boys")
    rf"\b(?:and )?(?:so|as) (?:is|does|has|do|are) "
    rf"(?P<who>(?:(?:both|all)(?: of)? )?(?:my|our) (?:[\w-]+ )?(?:{MEMBERS}))$"
)


def joint(text: str) -> tuple[str, str] | None:
    """(member, the clause said by "we") for a clause whose subject is the visitor and a member, else None."""
    m = JOINT.match(text)
    if not m:
        return None
    member = member_named(m.group("a") or m.group("b"))
    return (member, "we " + text[m.start("verb") :]) if member else None


def we_both(text: str) -> bool:
    """Does a clause say "we" of the visitor and one other ("…, we're both gluten free too")? Whom "we"
    takes in is the member the clause before named (RuleExtractor._shared)."""
    return WE_BOTH.match(text) is not None


def so_is(text: str) -> str:
    """The member a clause ends by giving the same ("…and so is my son"), or ""."""
    m = SO_IS.search(text)
    return member_named(m.group("who")) if m else ""


NOT_ME = re.compile(r"(?:,\s*|\s)not (?:me|mine|for me|my own)$")


def not_me(clause: Clause, hits: list[Hit]) -> list[Hit]:
    """ "it's my son who has the nut allergy, not me": the member's needs, denied for the visitor."""
    if not NOT_ME.search(clause.text):
        return []  # (whoever the clause is about: "the wheelchair's for my grandma, not me" is hers)
    return _denied_for_the_visitor([h for h in hits if h.about not in (SELF, OTHER)], clause.original)


NOT_ME_EITHER = re.compile(
    r"^(?:but |and |though )?(?:i am not|i do not|not me|not mine|not for me|i am not myself)(?: though| myself)?$"
)


# "actually it's my husband who's deaf, I'm fine": after a correction that names whose a need is
FINE = re.compile(
    r"^(?:but |and )?i (?:am (?:fine|ok|okay|alright|all right|good)(?: (?:walking|on my feet|on foot|with (?:stairs|"
    r"steps|hills|walking)))?|can eat (?:anything|everything))"
    r"(?: though| myself| thanks)?$"
)
CLEFT_SAID = re.compile(
    r"\bit(?:'s|’s| is| was)\s+(?:not\s+)?(?:my|our)\s+(?:[\w-]+\s+){1,2}?(?:who|that)\b"
    r"|\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+(?:'s|’s| is) the one (?:who|that)\b",  # "my partner's the one who's …"
    re.I,
)


def not_me_after(clause: Clause, before: list[Hit]) -> list[Hit]:
    """ "my partner's vegan, I'm not": the need the clause before gave a member, denied for the visitor; so
    is "…, I'm fine" after "it's my son who …" (which says whose it is, not only that he has it)."""
    theirs = [h for h in before if h.about not in (SELF, OTHER)]
    fine = FINE.match(clause.text) and any(CLEFT_SAID.search(h.evidence) for h in theirs)
    if not (NOT_ME_EITHER.match(clause.text) or fine):
        return []
    return _denied_for_the_visitor(theirs, clause.sentence or clause.original)


def not_me_before(clause: Clause, before: Clause | None, hits: list[Hit]) -> list[Hit]:
    """ "Not me – my sister's the one with the bee sting allergy": the member's needs after a "not me",
    denied for the visitor."""
    if before is None or clause.about in (SELF, OTHER) or not NOT_ME_EITHER.match(before.text):
        return []
    return _denied_for_the_visitor([h for h in hits if h.about == clause.about], clause.sentence or clause.original)


def _denied_for_the_visitor(theirs: list[Hit], evidence: str) -> list[Hit]:
    """A member's asserted needs, said not to be the visitor's."""
    return [replace(h, about=SELF, polarity="negated", evidence=evidence) for h in theirs if h.polarity == "asserted"]


def _needs(cues: list[ConceptCues], hit: Hit) -> bool:
    """Whether a hit is of a concept a party member may have (a need): "just me - kiwi and sesame"."""
    return any(c.concept == hit.concept and c.party for c in cues)


def came_along(cues: list[ConceptCues], message: str, hits: list[Hit], known: Callable[[str], bool]) -> list[Hit]:
    """`hits` with their companions said plainly ("gf" kept as "girlfriend", whoever read it), and the members
    the message places at the visit (language/presence.py) for each concept that records companions, where
    its own cues did not name them."""
    companions = {c.concept for c in cues if c.subject == "companion"}
    hits = [replace(h, value=plainly(h.value)) if h.concept in companions else h for h in hits]
    here = present(fold(message), message, known) if companions else []
    out = list(hits)
    for concept in companions:
        had = [fold(h.value) for h in hits if h.concept == concept]
        out += [
            Hit(concept, _named_as_written(plainly(who), message), "asserted", message.strip())
            for who in here
            if not any(who in v or v in who for v in had)
        ]
    # "just me - kiwi and sesame", "just me, my boyfriend and his mum": "just me" answers what else the sentence
    # says (whose the allergies are; who is listed), not that the visitor came alone
    others = [h for h in out if h.value != "alone" and (h.concept in companions or h.about != SELF or _needs(cues, h))]
    folded = fold(message)
    return [
        h
        for h in out
        if not (
            h.concept in companions
            and h.value == "alone"
            and re.search(r"^(?:just|only) me\b|\b(?:just|only) me (?:and|plus|,)", fold(h.sentence or h.evidence))
            and any(o.concept == h.concept or o.sentence == h.sentence for o in others)
        )
        and not (h.concept in companions and _at_home_with(h.value, folded))
    ]


def _at_home_with(value: str, folded: str) -> bool:
    """ "My husband's at home with the dog", "she stayed home with the kids": who is with someone at home is
    not at the visit."""
    return bool(re.search(rf"\bhome with (?:[\w-]+ )?{re.escape(fold(value))}\b", folded))


def _named_as_written(value: str, message: str) -> str:
    """A companion's words with the capitals of the names in them as the visitor wrote them ("carer here
    with Jamie" → "Jamie", "my friend Priya" → "friend Priya"; a word for a person stays as it is: "mum")."""
    return " ".join(
        w.capitalize()
        if w not in MEMBER_WORDS and re.search(r"(?<![\w'])" + re.escape(w.capitalize()) + r"(?![\w'])", message)
        else w
        for w in value.split()
    )


# "my son es sordo - deaf - …", "our Liam doesn't do well with crowds, he's 19 but autistic": a clause opened by
# a member of the party, and a bare need after it in the same sentence
OPENED_BY = re.compile(rf"^(?:(?:my|our) (?P<who>{MEMBERS})|our (?P<name>[a-z]+)(?= (?:does|is|has|can|gets|uses)))\b")
BARE_NEED = re.compile(r"^(?:but |and |also |,\s*)*[a-z -]{2,25}$")


# "Me: wheelchair. Husband: deaf. Kids: feral": a member named as a heading, a colon, then what is theirs
HEADING = re.compile(rf"(?:(?:my|our|the) )?(?:{MEMBERS}|{BARE})")


def headed(clauses: list[Clause]) -> None:
    """The clause after a member named as a heading ("Husband: deaf") is that member's (in place)."""
    for heading, clause in pairwise(clauses):
        if (
            clause.sentence == heading.sentence
            and clause.about == SELF
            and HEADING.fullmatch(heading.text)
            and re.search(rf"{re.escape(heading.original)}\s*:", heading.sentence)
        ):
            who = member_named(heading.text) or heading.text
            clause.about, clause.third_party = who, True


def bare_after_member(clauses: list[Clause]) -> None:
    """A clause of a few words without a subject ("deaf", "but autistic") after one a member of the party
    opens, in the same sentence (a pronoun's clause may come between): theirs, not the visitor's (in place)."""
    member, sentence = "", ""
    for clause in clauses:
        if clause.sentence != sentence:
            member, sentence = "", clause.sentence
        if (opened := OPENED_BY.match(clause.text)) is not None:
            member = member_named(clause.text) or opened.group("who") or opened.group("name")
        elif member and clause.about == SELF and not FIRST_PERSON.search(clause.text):
            if BARE_NEED.match(clause.text) and len(clause.text.split()) <= 3:
                clause.about, clause.third_party = member, True
        elif not PRONOUN.match(clause.text):
            member = ""


# "carer here with Jamie, 24, autistic, doesn't cope with noise", "with my son, 9, autistic, hates crowds":
# what follows the age said beside a member (or "both", "all of them") describes them
WITH_AGED = re.compile(
    rf"\b(?:with|brought|bringing) (?:(?:my|our) (?P<who>{MEMBERS})|(?P<name>[a-z]{{2,14}})) , "
    r"(?:(?:aged )?\d{1,2}(?: ?(?:yrs?|years?(?: old)?|yo))? , "
    # "I've brought my parents, both registered blind": what both of them are
    r"|(?:both|all|each)(?: of them| three| two)? )"
)


def described_after_age(clauses: list[Clause]) -> list[Clause]:
    """The clauses with each one's description of a member, after the age said beside them, as that
    member's clause, and the sentence's clauses after it that say nothing of the visitor ("…, 31, autistic,
    can't stand loud noise"); the visitor's words before it are read by who-came-along, on the whole message."""
    out: list[Clause] = []
    who, sentence = "", ""
    for clause in clauses:
        m = WITH_AGED.search(clause.text) if clause.about == SELF else None
        rest = clause.text[m.end() :] if m else clause.text
        if m:
            who, sentence = m.group("who") or m.group("name"), clause.sentence
        elif clause.sentence != sentence or clause.about != SELF:
            who = ""
        if who and rest and not FIRST_PERSON.search(rest):
            said = f"{who} is {rest}" if m else f"{who} {rest}"  # read as "jamie is autistic, …" would be
            clause = replace(clause, text=said, about=who, third_party=False, others_from=None, spans_taken=[])
        elif who:
            who = ""  # the visitor speaks of themselves again
        out.append(clause)
    return out


SHE = re.compile(r"\b(?:he|she|they|him|her|them)\b")  # a member named in the clause before


def not_here(clauses: list[Clause], members: set[str]) -> set[str]:
    """The members the message says are not at this visit: "…, she couldn't come", "thinking of bringing my
    dad next month, he's blind", "my cousin in Leeds …, do you think she could manage here some day?"."""
    away = {c.about if c.about in members else member_named(c.text) for c in clauses if absent(c.text)} & members
    for c, then in pairwise(clauses):
        if c.about in members and then.about == SELF and SHE.search(then.text) and absent(then.text):
            away.add(c.about)
    return away
