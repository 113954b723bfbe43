"""A correction's denied half: "it's Tim actually, not Tom", "cubism, not surrealism", "not gallery 3, I'm
in gallery 4". The bare "not Y" (a clause the language layer marks with `contrast`) names no concept of its
own; it is read as its neighbour clause in the same sentence would be with Y in place of what that clause
said, and whatever the same concept then finds, other than what was said, is denied.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from rapidfuzz import fuzz

from museum_tui.language.clauses import MEANT, Clause, fold
from museum_tui.language.foreign import name_given
from museum_tui.language.party import MEMBER, NOT_A_NAME, SELF, member_named

from .cues import ConceptCues
from .hits import Hit
from .party_reading import as_first_person, handed_on

Reader = Callable[[str, Clause], list[Hit]]  # (concept, clause) -> that concept's hits in the clause


def paired(clauses: list[Clause], cues: list[ConceptCues]) -> list[Hit]:
    """ "sorry I meant cubism, not surrealism", where no cue read the first half: when the denied words are
    one term of a concept and the clause before names another term of the same concept, that one is said
    and the denied one is not."""
    out: list[Hit] = []
    for i, clause in enumerate(clauses):
        if not clause.contrast:
            continue
        # the clause before ("cubism, not surrealism"), else the one after ("not peanuts, it's sesame")
        for j, last in ((i - 1, True), (i + 1, False)):
            if not 0 <= j < len(clauses) or clauses[j].sentence != clause.sentence or clauses[j].contrast:
                continue
            said = clauses[j]
            if said.question or said.hypothetical or said.third_party:
                break
            found = _pair(clause.contrast, said, cues, last)
            out += found
            if found:
                break
    return out


def _pair(contrast: str, said: Clause, cues: list[ConceptCues], last: bool) -> list[Hit]:
    """The said term and the denied one, when both are terms of one concept."""
    for c in cues:
        if c.subject != "self":
            continue
        no = [v for regex, v in c.terms if regex.fullmatch(contrast)]
        yes = [(m.start(), v) for regex, v in c.terms for m in regex.finditer(said.text) if v not in no]
        if len(set(no)) == 1 and yes:
            value = (max(yes) if last else min(yes))[1]  # the term nearest the "not"
            return [
                Hit(c.concept, value, "asserted", said.sentence, said.sentence),
                Hit(c.concept, no[0], "negated", said.sentence, said.sentence),
            ]
    return []


def denied(clauses: list[Clause], said: dict[int, list[Hit]], read: Reader, party: set[str]) -> list[Hit]:
    """The negated hits of every contrast clause in `clauses`; `said` maps id(clause) to its hits; `party`:
    the concepts a member's fact may have (their needs)."""
    out: list[Hit] = []
    for i, clause in enumerate(clauses):
        if not clause.contrast:
            continue
        for neighbour in (clauses[i - 1] if i else None, clauses[i + 1] if i + 1 < len(clauses) else None):
            if neighbour is None or neighbour.sentence != clause.sentence or neighbour.contrast:
                continue
            # what the denied half reads on its own ("not 2 hours") is not read again in the neighbour's words
            own = {h.concept for h in said.get(id(clause), []) if h.polarity == "negated"}
            hits = [h for h in said.get(id(neighbour), []) if h.concept not in own]
            found = _against(clause, neighbour, hits, read, party)
            if found:
                out += found
                break
    return out


NUMBER = re.compile(r"\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b")


def _against(clause: Clause, neighbour: Clause, hits: list[Hit], read: Reader, party: set[str]) -> list[Hit]:
    member = member_named(clause.contrast) if MEMBER.match(clause.contrast) else ""
    if member:  # "it's my daughter who's allergic to sesame, not my son", "I'm the one in the wheelchair, not
        # my dad": the need is not his
        return [
            Hit(h.concept, h.value, "negated", clause.sentence, clause.sentence, None, member)
            for h in hits
            if h.about != member and h.polarity == "asserted" and h.concept in party
        ]
    out = []
    for hit in hits:
        if hit.span is None or hit.polarity != "asserted":
            continue
        base = neighbour  # a member's clause was read as the visitor would say it: its spans are of those words
        if hit.about != SELF and (spoken := as_first_person(neighbour.text, hit.about)) is not None:
            base = replace(neighbour, text=spoken, third_party=False, about=SELF, others_from=None)
        start, end = hit.span
        number = NUMBER.search(base.text, start, end) if NUMBER.fullmatch(clause.contrast) else None
        if number is not None:  # "I meant 2 hours, not 1": the number denied, in the words said ("1 hours")
            start, end = number.span()
        text = base.text[:start] + clause.contrast + base.text[end:]
        swapped = replace(base, text=text, spans_taken=[], contrast="")
        denied_words = (start, start + len(clause.contrast))
        for other in read(hit.concept, swapped):
            mine = other.about == hit.about or (base is not neighbour and other.about == SELF)
            # read from the denied words, not from the rest of the clause ("gluten free and dairy free, not by
            # choice": "not by choice" in place of "dairy free" names nothing; the gluten-free is still said)
            theirs = other.span is None or (other.span[0] < denied_words[1] and other.span[1] > denied_words[0])
            if other.polarity == "asserted" and other.value.lower() != hit.value.lower() and mine and theirs:
                out.append(Hit(hit.concept, other.value, "negated", clause.sentence, clause.sentence, None, hit.about))
    return out


# "my son isn't allergic to nuts, it's eggs, sorry": what it is instead, after a clause that denied one
INSTEAD = re.compile(
    r"^(?:(?:sorry|no|but|actually|oh)\s+,?\s*)*"
    # "… but turns out it's mustard", "… but the doctor says it's actually mustard": found out, then the thing
    r"(?:(?:it )?(?:turns|turned) out (?:that )?|apparently |(?:the |my |an? )?(?:doctor|gp|clinic|allergy clinic|"
    r"allergist|consultant|nurse|tests?) (?:says|said|say|reckons|showed|shows|found) (?:that )?)?"
    r"(?:it is|it was|its|it is actually|just|only|back to|now|switched to|"
    r"gone back to|more)\s+(?P<y>[^,]+?)"
    r"(?:\s*,?\s*\b(?:sorry|actually|though|instead|then|x+))*$"  # (not the x of "latex")
)


def instead(clauses: list[Clause], said: dict[int, list[Hit]], read: Reader) -> list[Hit]:
    """The value a clause gives instead of the one the clause before it denied ("I'm not allergic to nuts,
    it's eggs"): read in that clause's words with it in place of the denied one, and said, for the same
    person."""
    out: list[Hit] = []
    for before, clause in pairwise(clauses):
        m = INSTEAD.match(clause.text)
        if m is None or before.sentence != clause.sentence or said.get(id(clause)) or member_named(m.group("y")):
            continue  # "…, it's my son": whose it is, which the party's reading handles
        for hit in said.get(id(before), []):
            # where the clause says it (a member's clause is read reworded, so its span is not this text's)
            where = re.search(rf"\b{re.escape(hit.value.lower())}\b", before.text)
            if where is None or hit.polarity != "negated":
                continue
            text = before.text[: where.start()] + m.group("y") + before.text[where.end() :]
            for other in read(hit.concept, replace(before, text=text, spans_taken=[], contrast="")):
                if (
                    other.polarity == "negated"
                    and other.value.lower() != hit.value.lower()
                    and other.about == hit.about
                ):
                    out.append(
                        Hit(hit.concept, other.value, "asserted", clause.sentence, clause.sentence, None, hit.about)
                    )
    return out


CORRECTING = re.compile(r"^(?:no|nah|nope|not|actually|sorry|oops|wait|it is|it was)\b")


def overruled(user_text: str, said: list[Hit], assumed: list[Hit], evidence: str) -> list[Hit]:
    """ "So you've got about an hour?" - "nah, more like all afternoon": what the assistant took for so
    (`assumed`, its last question read as the visitor's statement) is denied when the visitor, opening with a
    correction, says another value of the same concept (`said`)."""
    if not CORRECTING.match(user_text):
        return []
    out = []
    for hit in assumed:
        other = [h for h in said if h.concept == hit.concept and h.polarity == "asserted" and h.about == hit.about]
        if other and all(h.value.lower() != hit.value.lower() for h in other):
            out.append(Hit(hit.concept, hit.value, "negated", evidence, evidence, None, hit.about))
    return out


# "It's Ana with one n, not Anna", "it's Jo not Joe 😅", "its Joe actually, with an e": a name spelt again
# at the message's start or a clause's: "sorry typo earlier, I'm Ana not Anna", "wrong name before - it's Katie"
OPENS = r"(?:^|(?<=[,.;:!?–—-])\s*|\s[-–—]\s*)"
RESPELT = re.compile(
    OPENS + r"(?i:(?:no|nope|sorry|oops|ha|haha|lol|actually|oh)\W+)*(?i:it'?s|its|it is|i'?m|im|i am)\s+"
    r"(?P<said>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})(?:\s+actually)?\s*,?\s*"
    r"(?:(?P<spelt>with (?:an?|one|two|double) [a-zA-Z])\b\s*,?\s*)?(?:not\s+(?P<denied>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})\b)?"
)


# "My name's not Sam, it's Sian", "I'm not Sheila, I'm Siobhan": the name denied, then the one said
NAME_NOT = re.compile(
    OPENS + r"(?i:(?:no|nope|sorry|oops|ha|haha|lol|actually|oh)\W+)*"
    r"(?i:(?:my )?names?(?:'s| is)?|i'?m|im|i am)\s+(?i:not)\s+"
    r"(?P<denied>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})\s*,?\s*(?i:(?:it'?s|its|it is|i'?m|i am|but|just)\s+)?"
    r"(?P<said>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})\b"
)


NOT_NAMED = re.compile(
    OPENS + r"(?i:(?:no|lol|haha|ha|oh)\W+)*(?i:i'?m|im|i am) (?i:not) (?P<denied>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})\b"
)


def respelt(
    message: str, cues: list[ConceptCues], known: Callable[[str], bool], said: list[Hit], bot: str = ""
) -> list[Hit]:
    """A name the visitor spells again ("it's Jo, not Joe") or corrects ("my name's not Sam, it's Sian"), for
    the concept whose values are names (its cues title-case them) when nothing `said` in the message has
    named it: the name said, and the one denied. Two names that do not look alike ("it's Tuesday, not
    Monday") or a word the ontology uses are no respelling, unless the assistant had just called the
    visitor by the denied one (`bot`, its last message)."""
    named = _names(cues)
    text = message.strip().replace("’", "'")
    m = NAME_NOT.search(text) or RESPELT.search(text)
    already = [h for h in said if h.concept == named]
    if named is not None and already and (no := NOT_NAMED.search(text)):
        # "lol no I'm not Sam, Sam's my partner, I'm Chris": the name said, and the one denied apart from it
        denied = no.group("denied")
        if denied != already[0].value and not known(denied.lower()) and denied.lower() not in NOT_A_NAME:
            return [Hit(named, denied, "negated", message.strip())]
    if named is None or m is None or not (m.group("denied") or ("spelt" in m.groupdict() and m.group("spelt"))):
        return []
    if any(h.value != m.group("said") for h in already):
        return []  # the message named it otherwise ("I'm not Tom, I'm Tim" still denies Tom)
    name, denied = m.group("said"), m.group("denied") or ""
    if any(known(w) or w in NOT_A_NAME for w in (name.lower(), denied.lower()) if w):
        return []  # "it's Tuesday, not Monday", "it's Gallery 4"
    called = bool(denied) and re.search(rf"\b{re.escape(denied)}\b", bot or "") is not None
    if m.re is RESPELT and denied and not called and fuzz.ratio(name.lower(), denied.lower()) < 55:
        return []  # "it's Rodin, not Degas" is another artist, not a name spelt again
    evidence = message.strip()
    out = [] if already else [Hit(named, name, "asserted", evidence)]
    return out + ([Hit(named, denied, "negated", evidence)] if denied and denied != name else [])


CALLED = r"(?:call|calls|called) me|i go by|goes by"  # "Marguerite, but everyone calls me Maggie"
GOES_BY = r"(?:is fine|will do|is ok|is okay|works)"  # "Rebecca, but Bex is fine"
# "Name's Alexandra but nobody calls me that, it's Sasha": the name after is the one used
NOT_CALLED = re.compile(
    r"\b(?:nobody|no one|noone|no-one) calls me (?:that|it)\W+(?:(?:it'?s|its|it is|just) )?(?P<name>[A-Z][a-z]+)\b"
)


# "Elizabeth, but Liz is fine", said first: the name after "but" is the one to use
SHORT_FOR = re.compile(r"^\s*[A-Z][a-z]+\s*,?\s+but\s+(?P<name>[A-Z][a-z]+)(?:'s|\s+is)\s+(?:fine|ok|okay)\b")


def called_by(message: str, cues: list[ConceptCues], hits: list[Hit], known: Callable[[str], bool]) -> list[Hit]:
    """`hits` with one name when the message gives two and says which the visitor is called by ("Marguerite,
    but everyone calls me Maggie" to "What's your name?": Maggie; "Rebecca, but Bex is fine": Bex, said
    first too, when neither is a word the ontology uses: not "Monet, but Manet is fine")."""
    named = _names(cues)
    said = {h.value for h in hits if h.concept == named and h.polarity == "asserted"}
    other = NOT_CALLED.search(message) or SHORT_FOR.search(message)
    names = re.findall(r"[A-Z][a-z]+", other[0]) if other else []
    used = other.group("name") if other and not any(known(w.lower()) for w in names) else ""
    first = bool(other) and other.re is SHORT_FOR  # said first, with no name read before
    if named and (said or first) and used and used not in said:
        said.add(used)
        hits = [*hits, Hit(named, used, "asserted", message.strip())]
    text = fold(message)
    kept = {
        v for v in said if re.search(rf"\b(?:{CALLED}) {re.escape(fold(v))}\b|\b{re.escape(fold(v))} {GOES_BY}\b", text)
    } | ({used} & said)
    if len(said) < 2 or len(kept) != 1:
        return hits
    return [h for h in hits if not (h.concept == named and h.polarity == "asserted" and h.value not in kept)]


def named_abroad(message: str, cues: list[ConceptCues], said: list[Hit]) -> list[Hit]:
    """The name a message in another language gives ("ich heiße Jonas"), for the concept whose values are
    names, when nothing `said` has named it (language/foreign.py knows the frames)."""
    named = _names(cues)
    if named is None or any(h.concept == named for h in said) or not (name := name_given(message)):
        return []
    return [Hit(named, name, "asserted", message.strip())]


def _names(cues: list[ConceptCues]) -> str | None:
    """The one concept whose values are names (its cues title-case them), or None."""
    named = [c.concept for c in cues if c.normalize == "title"]
    return named[0] if len(named) == 1 else None


# "we're on the first floor - oh no sorry, it's the second", "about an hour – actually no, 45 mins": a slip
# (not an apology, "I'm vegan, sorry, and coeliac", nor a "no" of going without, "…, no sesame either")
_SLIP_OPENING = r"^(?:(?:oh|um|erm|ah|hang on|wait|sorry|oops)\s*,?\s*)*"
_CLEARLY_SLIP = r"actually no|no wait|no sorry|wait no"  # words that can say nothing but a slip
SLIP = re.compile(rf"{_SLIP_OPENING}(?:(?:{_CLEARLY_SLIP}|no$|nope|{MEANT})\b|no\s*,)(?P<rest>.*)$")
CLEAR_SLIP = re.compile(rf"{_SLIP_OPENING}(?:{_CLEARLY_SLIP})\b")
SORRY = re.compile(r"^(?:(?:oh|um|erm|ah|sorry|oops|wait|my bad)\s*,?\s*)+$")  # a clause of nothing but sorry
MEANT_WORDS = re.compile(
    r"^[\s,]*(?:(?:no|sorry|oops|wait|i mean|i meant|actually|it is|it was|make that|just|only|the)\b[\s,]*)*"
)


def _where(value: str, text: str) -> tuple[int, int]:
    """Where a value is said in a clause's text (the whole clause when it is not said as itself)."""
    m = re.search(rf"\b{re.escape(value.lower())}\b", text)
    return m.span() if m else (0, len(text))


def slipped(clauses: list[Clause], said: dict[int, list[Hit]], read: Reader, hits: list[Hit]) -> list[Hit]:
    """`hits` with what a slip took back denied: a value said, then "no / sorry / oops …" and another value of
    the same concept for the same person in the same sentence. A word alone after the slip takes the rest of
    what was said ("the first floor - no, the second": the second floor)."""
    out: list[Hit] = []
    for i, clause in enumerate(clauses[1:], start=1):
        slip, j = SLIP.match(clause.text), i - 1
        while j and SORRY.match(clauses[j].text):  # "I love Monet - oh sorry, I mean Manet"
            j -= 1
        before = clauses[j]
        # a slip of its own sentence ("I'm on the second floor. wait no, first floor") takes back the one before
        # only in words that can say nothing else (not a bare "no")
        if slip is None or (before.sentence != clause.sentence and not (j == i - 1 and CLEAR_SLIP.match(clause.text))):
            continue
        meant, rest = clause, MEANT_WORDS.sub("", slip.group("rest")).strip(" ,")
        if not rest and i + 1 < len(clauses) and clauses[i + 1].sentence == clause.sentence:
            meant = clauses[i + 1]  # "…, no sorry, it's the second": the slip a clause of its own
            rest = MEANT_WORDS.sub("", meant.text).strip(" ,")
        for hit in (h for h in said.get(id(before), []) if h.polarity == "asserted" and rest):
            key = (hit.concept, "asserted", hit.about)
            same = [h for h in said.get(id(meant), []) if (h.concept, h.polarity, h.about) == key]
            if not same:  # what was said, reread with the rest in place of its value (or the rest alone)
                words = hit.value.lower().split()
                a, b = hit.span or _where(hit.value, before.text)
                put = " ".join([rest, *words[1:]]) if len(rest.split()) == 1 and len(words) > 1 else rest
                text = before.text[:a] + put + before.text[b:]
                new = read(hit.concept, replace(before, text=text, spans_taken=[], contrast=""))
                same = [replace(h, evidence=clause.sentence, about=hit.about) for h in new if h.polarity == "asserted"]
                out += same
            if same and all(h.value.lower() != hit.value.lower() for h in same):
                out.append(Hit(hit.concept, hit.value, "negated", clause.sentence, clause.sentence, None, hit.about))
    back = {(h.concept, h.value.lower(), h.about) for h in out if h.polarity == "negated"}
    kept = [h for h in hits if h.polarity != "asserted" or (h.concept, h.value.lower(), h.about) not in back]
    return kept + [h for h in out if h not in kept]


def moved(clause: Clause, before: Clause | None, said: list[Hit], party: set[str]) -> list[Hit]:
    """ "I'm not deaf, my husband is" / "forget the wheelchair, it's my mum's": the need the clause before
    took back from the visitor (`said`) is a party member's; `party`: the concepts a member's fact may have."""
    member = handed_on(clause, before)
    shared = "asserted" if re.search(r"\b(?:too|also|as well)\b", clause.text) else "negated"  # "…, my son is too"
    return [
        Hit(h.concept, h.value, "asserted", clause.sentence, clause.sentence, None, member)
        for h in said
        if member and h.polarity == shared and h.about != member and h.concept in party
    ]


# "my son's not coming after all", "scratch that, my sister can't make it now": who came along, taken back
PLANS_CHANGED = re.compile(
    r"\b(?:after all|any ?more|no longer|scratch that|change of plan|changed (?:his|her|their) mind)\b"
)


def gone(cues: list[ConceptCues], message: str, away: set[str]) -> list[Hit]:
    """The members a message says are not coming after all, denied as company (the panel's "Visiting with"
    forgets them), for each concept that records who came along."""
    if not away or not PLANS_CHANGED.search(fold(message)):
        return []
    return [
        Hit(c.concept, who, "negated", message.strip())
        for c in cues
        if c.subject == "companion"
        for who in sorted(away)
    ]
