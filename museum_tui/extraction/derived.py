"""Cues read from an ontology's own words, for a concept its lexicon does not cover.

A venue author who writes only labels and examples still gets an offline extractor: the label's list
("Hearing impairment (deaf, hard of hearing, hearing aids)") gives the values it names, each example gives
its value (the words after its verb: "I'm allergic to *peanuts*", "I wear *hearing aids*") and a frame
("allergic to …") that captures new values said the same way. A frame two concepts share ("I love …") is
left out: only a word one concept names can say which concept it is. Examples that are questions ("is there
somewhere to get water?") make the concept one a "where is …" question may assert.
"""

from __future__ import annotations

import re
from typing import Any

from museum_tui.language.clauses import fold
from museum_tui.language.text import STOPWORDS

LIST = re.compile(r"\(([^()]*)\)")
TIMEISH = re.compile(r"\b(?:hour|hours|minutes?|afternoon|morning|day|by \d|until|till)\b")
MAX_VALUE_WORDS = 3
# words that alone are no example's value ("just me today" names no companion "today")
_GENERIC = "hour hours minutes day thing things stuff something feet head today tonight tomorrow yesterday now"
GENERIC = frozenset(_GENERIC.split())
OPEN_VALUE = r"(?P<value>[\w'-]+(?: [\w'-]+){0,2}?)(?= *(?:,|$| and | but | so | because | please| too))"


def items(label: str) -> list[str]:
    """The values a label names in its parentheses, without ellipses and without phrases that describe
    rather than name ("a food or substance to avoid")."""
    found = []
    for group in LIST.findall(label):
        for part in re.split(r",|;|/", group):
            part = fold(part.replace("…", "").replace("...", "")).strip(" .")
            words = part.split()
            if not words or len(words) > MAX_VALUE_WORDS or set(words) & {"a", "an", "to", "who", "them", "that"}:
                continue
            found.append(part)
    return found


VERBS = frozenset(
    """is are was were be makes make made bores bore bother bothers fascinates fascinate freak freaks out
    killing kill hard get gets got use uses wear wears love loves like likes adore adores prefer speak
    eat eats walk came come see buy leave need want could would can am have has do does did not""".split()  # noqa: SIM905
)
SUBJECT = re.compile(r"^(?:(?:i|we) (?:am|are|have|had|got)? ?|my |our )")


def example_value(example: str) -> tuple[str, str]:
    """(frame, value) of an example: "I'm allergic to peanuts" → ("allergic to", "peanuts"); "shellfish
    makes me ill" → ("", "shellfish"). The value is the run of content words at the end, or at the start
    before a verb; the frame is the two words before a value at the end (none for a value at the start)."""
    words = fold(example).strip(" .!?").replace(",", " ").split()
    content = [w not in STOPWORDS and w not in VERBS and w not in ("i", "me", "we") for w in words]
    runs, start = [], None
    for i, ok in enumerate([*content, False]):
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append((start, i))
            start = None
    if not runs:
        return "", ""
    first, last = runs[0], runs[-1]
    if first[0] == 0 and first[1] < len(words) and words[first[1]] in VERBS:  # "sculpture is my thing"
        return "", " ".join(words[first[0] : first[1]][:MAX_VALUE_WORDS])
    value = words[last[0] : last[1]][-MAX_VALUE_WORDS:]
    before = SUBJECT.sub("", " ".join(words[: last[1] - len(value)])).split()
    return " ".join(before[-2:]) if last[1] == len(words) else "", " ".join(value)


def derive(concepts: dict[str, Any], others: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Cues for each concept (id → Concept) from its label and examples. `others`: the venue's concepts with
    cues of their own, whose labels' lists say which concept a word is ("buses" in a transport interest's
    list is no bare word of a dislike whose example is "not bothered about buses")."""
    frames: dict[str, set[str]] = {}
    derived: dict[str, dict[str, Any]] = {}
    listed: dict[str, set[str]] = {}
    for cid, concept in concepts.items():
        listed[cid] = set(items(concept.label))
        terms = dict.fromkeys(listed[cid], "")
        asks = False
        for example in concept.examples:
            question = example.rstrip().endswith("?")
            asks = asks or question
            frame, value = example_value(example)
            said = [item for item in listed[cid] if re.search(rf"\b{re.escape(item)}\b", fold(example))]
            if said:  # "I'm a bit hard of hearing": the value is the item the label lists, whole
                value = max(said, key=len)
                frame = " ".join(fold(example).split(value)[0].split()[-2:])
            if not value or question or not re.search(r"[a-z]{3}", value) or value in GENERIC:
                continue
            # a sensitive concept takes only the values its label names, or a phrase: a wrong need is worse
            # than a missed one
            if not concept.sensitive or value in listed[cid] or " " in value:
                terms.setdefault(value, "")
            if len(frame.split()) >= 2 and set(frame.split()) - STOPWORDS:
                frames.setdefault(frame, set()).add(cid)
        spec: dict[str, Any] = {"terms": terms, "vocabulary": list(terms)}
        if asks:
            spec["question"] = "need"
        if any(TIMEISH.search(fold(e)) for e in concept.examples):
            spec["normalize"] = "duration"
        derived[cid] = spec
    owners: dict[str, set[str]] = {}
    for cid, spec in derived.items():
        for term in spec["terms"]:
            owners.setdefault(term, set()).add(cid)
    for cid, concept in (others or {}).items():
        listed[cid] = set(items(concept.label))
        for term in listed[cid]:
            owners.setdefault(term, set()).add(cid)
    for cid, spec in derived.items():
        # a word two concepts give ("photography": a medium, a goal) says which only where a label lists it
        spec["terms"] = {
            t: t
            for t in spec["terms"]
            if len(owners[t]) == 1 or (t in listed[cid] and sum(t in listed[o] for o in owners[t]) == 1)
        }
    for frame, users in frames.items():
        if len(users) == 1:  # a frame only one concept uses can capture a value it never listed
            (cid,) = users
            derived[cid].setdefault("patterns", []).append(rf"\b{re.escape(frame)} {OPEN_VALUE}")
    return derived
