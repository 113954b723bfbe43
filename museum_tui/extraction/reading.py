"""Small readings of text for the rule extractor: capitals, the assistant's last question, the ontology's
own words, and a clause that has dropped its subject. Nothing here knows a concept."""

from __future__ import annotations

import re

from museum_tui.language.clauses import SUBJECT_VERBS, fold
from museum_tui.memory import Ontology

from .cues import HYPHEN, SPACE, ConceptCues

SUBJECTLESS = re.compile(r"^(?:(?:so|too|just|now|getting|feeling|not|no longer|a little|rather|well|still|totally) )*")
VERB_NEXT = re.compile(rf"\s+(?:{SUBJECT_VERBS}|makes?|gives?|bothers?|can|are|is)\b")


def subjectless(cues: ConceptCues, text: str) -> bool:
    """ "so stressed", "bored out of my mind", "not hungry any more": a clause that opens with one of the
    concept's words has dropped its "I am", as chat does."""
    rest = SUBJECTLESS.sub("", text)
    for regex, _ in cues.terms:
        m = regex.match(rest)
        if m and not VERB_NEXT.match(rest, m.end()):  # "busy rooms can be a lot" has its subject
            return True
    return False


def prose(ontology: Ontology) -> list[str]:
    """The ontology's own words: each concept's label, examples and cue phrases."""
    texts: list[str] = []
    for concept in ontology.concepts.values():
        texts.append(concept.label)
        texts.extend(getattr(concept, "examples", None) or [])
        for value in (concept.cues or {}).values():
            if isinstance(value, dict):
                texts.extend([*value, *value.values()])
            elif isinstance(value, list):
                texts.extend(v for v in value if isinstance(v, str) and not is_regex(v))
    return [t for t in texts if isinstance(t, str)]


def is_regex(text: str) -> bool:
    return bool(re.search(r"[\\(\[?*+|]", text))


def original_case(value: str, original: str) -> str:
    """`value` (folded) with the visitor's capitals, when they wrote it with some; otherwise unchanged."""
    words = value.split()
    if not words:
        return value
    pattern = r"(?<![\w'])" + r"[\s,.'-]+".join(re.escape(w) for w in words) + r"(?!\w)"
    m = re.search(pattern, original, re.IGNORECASE)
    return m.group(0) if m and any(ch.isupper() for ch in m.group(0)) else value


def unregex(pattern: str) -> str:
    """The folded phrase a `phrase_regex` was built from."""
    inner = pattern.removeprefix(r"(?<![\w'])").removesuffix(r"(?![\w'])")
    inner = inner.replace(HYPHEN, "-")
    return " ".join(re.sub(r"\\(.)", r"\1", part) for part in inner.split(SPACE))


def capitalised(value: str, original: str) -> bool:
    """Is the captured (folded) value written with capitals in the visitor's text? ("Dave", not "tired")
    A capital that only opens the clause proves nothing, unless the value's last word has one too."""
    words = value.split()
    if not words:
        return False
    text = original.lstrip(" \"'(")

    def capital(word: str, anywhere: bool) -> bool:
        for m in re.finditer(rf"(?<![\w']){re.escape(word)}(?![\w])", text, re.IGNORECASE):
            if m.group(0)[:1].isupper() and (anywhere or m.start() > 0):
                return True
        return False

    if len(words) == 1:
        # a capital opening a very short clause still counts ("Kwame here."): a cue word there is
        # already refused as another concept's word
        return capital(words[0], anywhere=len(text.split()) <= 3)
    return capital(words[0], anywhere=True) and capital(words[-1], anywhere=False)


def last_question(bot_msg: str | None) -> str:
    """The assistant's last question, folded (empty when it asked none)."""
    if not bot_msg:
        return ""
    questions = re.findall(r"[^.!?\n]*\?", bot_msg)
    return fold(questions[-1]) if questions else ""
