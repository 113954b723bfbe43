"""Defensive validation of extracted facts, whatever produced them (an LLM, the rules, a file).

Load-bearing: this is where the closed world is enforced. Only concepts the ontology declares, only the
two polarities, short clean values, and evidence that really is the visitor's own words (never the
assistant's). Anything else is dropped with a short reason; nothing here ever raises.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz.distance import OSA

from museum_tui.language.party import NAMED_AS, SELF, member_named
from museum_tui.language.text import plain
from museum_tui.memory import Ontology
from museum_tui.memory.facts import normalize
from museum_tui.safetext import one_line

log = logging.getLogger("museum_tui.extraction")

MAX_VALUE = 80  # a value is a short phrase; longer is not a value (rejected, not cut)
MAX_EVIDENCE = 300  # evidence longer than this is cut: the start is enough to ground and show it
MAX_FACTS = 12  # per message; more is a model rambling
GROUNDING = 85  # rapidfuzz partial_ratio of evidence within the visitor's message
PLACEHOLDER = re.compile(r"<[^<>]{1,60}>")  # "<short value>", "<concept ID>": a model echoing the prompt
NOT_VALUES = {
    "yes",
    "no",
    "true",
    "false",
    "none",
    "null",
    "nil",
    "n/a",
    "na",
    "unknown",
    "nothing",
    "ok",
    "okay",
    "value",
    "short value",
    "yes please",
    "no thanks",
    # whose it is, not what: "…allergic to nuts, not me"
    "me",
    "not me",
    "mine",
    "not mine",
    "myself",
    "not for me",
}
ANSWER_WORDS = {"yes", "yeah", "yep", "yup", "sure", "please", "correct", "definitely", "absolutely", "right", "indeed"}


@dataclass(frozen=True)
class ExtractedFact:
    """One candidate fact about the visitor, already validated."""

    concept: str
    value: str
    polarity: str
    evidence: str
    about: str = SELF  # "self", or the party member it is about, in the visitor's word ("son", "mum")


@dataclass(frozen=True)
class Rejection:
    raw: Any
    reason: str


@dataclass
class ExtractionResult:
    """What any extractor returns: validated facts, what validation dropped and why, and the engine's raw
    output (for debugging). The one result type of extraction, whichever engine ran."""

    facts: list[ExtractedFact] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    raw: Any = None
    model_rejected: bool | None = None  # a model answered and nothing of it was valid (None: no model, or no floor)
    floor_facts: int = 0  # facts the built-in floor added where the model gave nothing valid
    model_error: str = ""  # the model call failed (HTTP error, timeout, no JSON): why; the floor's facts stood

    @property
    def reasons(self) -> list[str]:
        return [r.reason for r in self.rejected]


def _candidates(raw: Any) -> tuple[list[Any], str | None]:
    if isinstance(raw, dict):
        facts = raw.get("facts")
        if isinstance(facts, list):
            return facts, None
        if {"concept", "value"} <= set(raw):
            return [raw], None
        return [], "the output has no list under 'facts'"
    if isinstance(raw, list):
        return raw, None
    return [], f"the output is {type(raw).__name__}, not a list of facts"


def _evidence_problem(evidence: str, value: str, user_msg: str) -> str | None:
    """Why this evidence cannot stand for this value, or None. Grounding itself is checked separately."""
    ev = normalize(evidence).strip(" .,!?")
    if len(ev) > len(normalize(user_msg)) + 3:
        return "evidence is longer than what the visitor said"
    whole = normalize(user_msg).strip(" .,!?")
    names_value = normalize(value) in ev or ev in normalize(value)
    if " " not in ev and ev not in ANSWER_WORDS and not names_value and ev != whole:
        return "one-word evidence that is not an answer, the value, or all the visitor said"
    return None


SELF_WORDS = {"", "self", "me", "myself", "i", "visitor", "the visitor", "user", "the user"}
MEMBER_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’ -]){0,29}")  # any letters: "fiancé", "Zoë"


def _about(raw: Any, sensitive: bool, evidence: str) -> tuple[str, str | None]:
    """Whose fact this is ("self" or a party member's word), or why that cannot stand. A companion's fact
    is kept only for a need (a sensitive concept), and only when the evidence names the companion: the
    visitor said "my son …", not just something a model decided about someone."""
    if raw is None:
        return SELF, None
    if not isinstance(raw, str):
        return SELF, f"about {one_line(str(raw), 30)!r} is not text"
    about = normalize(raw).removeprefix("my ").removeprefix("our ").removeprefix("the visitor's ")
    if about in SELF_WORDS:
        return SELF, None
    if not MEMBER_WORD.fullmatch(about) or len(about.split()) > 3:
        return SELF, f"about {one_line(raw, 30)!r} is not 'self' or a word for a member of the party"
    if not sensitive:
        return SELF, "a party member's fact is kept only for needs (sensitive concepts)"
    said = " " + plain(evidence) + " "
    named = member_named(plain(evidence))
    names = "|".join(re.escape(w) for w in NAMED_AS.get(about, {about}))  # "me mam's" names the mum
    if named != about and not re.search(rf"(?<![a-z])(?:{names})(?:s|'s)?(?![a-z])", said) and not typed(about, said):
        return SELF, f"a fact about {about!r} whose evidence does not name them"
    return about, None


def typed(word: str, said: str) -> bool:
    """Does `said` name `word` (five letters or more) with one slip of the keys ("gradnad", "husbnd")?"""
    return (
        len(word) >= 5 and " " not in word and any(OSA.distance(w, word) <= 1 for w in re.findall(r"[a-z]{4,}", said))
    )


def grounded(evidence: str, user_msg: str, value: str = "") -> bool:
    """True when `evidence` can be found in the visitor's message (allowing small differences such as
    a changed apostrophe or a typo fixed). `value` is not enough: "I am deaf" is not grounded in "my
    husband is deaf" just because "deaf" appears in both."""
    from rapidfuzz import fuzz

    message = normalize(user_msg)
    ev = normalize(evidence)
    if not message or not ev:
        return False
    if ev in message:
        return True
    return len(ev) >= 4 and fuzz.partial_ratio(ev, message) >= GROUNDING


def validate_facts(raw: Any, ontology: Ontology, user_msg: str) -> ExtractionResult:
    """Keep only well-formed, in-ontology, grounded facts; explain every drop."""
    result = ExtractionResult()
    items, problem = _candidates(raw)
    if problem:
        result.rejected.append(Rejection(raw if isinstance(raw, str | int | float) else None, problem))
        log.info("extraction rejected: %s", problem)
        return result
    seen: set[tuple[str, str, str, str]] = set()

    def reject(item: Any, reason: str) -> None:
        result.rejected.append(Rejection(item, reason))
        log.info("extraction rejected: %s", reason)

    for item in items:
        if not isinstance(item, dict):
            reject(item, f"a fact is {type(item).__name__}, not an object")
            continue
        concept = item.get("concept")
        if not isinstance(concept, str) or concept not in ontology.concepts:
            reject(item, f"concept {one_line(str(concept), 60)!r} is not in the ontology")
            continue
        polarity = item.get("polarity", "asserted")
        if polarity not in ("asserted", "negated"):
            reject(item, f"polarity {one_line(str(polarity), 30)!r} is not 'asserted' or 'negated'")
            continue
        value, evidence = item.get("value"), item.get("evidence")
        if not isinstance(value, str) or not isinstance(evidence, str):
            reject(item, f"{concept}: value and evidence must be text")
            continue
        value = one_line(value).strip(" .,;:!?\"'")
        evidence = one_line(evidence)
        if not value or not evidence:
            reject(item, f"{concept}: empty value or evidence")
            continue
        if len(value) > MAX_VALUE:
            reject(item, f"{concept}: value is {len(value)} characters (max {MAX_VALUE})")
            continue
        if PLACEHOLDER.search(value) or PLACEHOLDER.search(evidence):
            reject(item, f"{concept}: a template placeholder, not the visitor's words")
            continue
        if normalize(value) in NOT_VALUES:
            reject(item, f"{concept}: {value!r} is an answer word, not a value")
            continue
        problem = _evidence_problem(evidence, value, user_msg)
        if problem:
            reject(item, f"{concept}: {problem}")
            continue
        if len(evidence) > MAX_EVIDENCE:
            evidence = evidence[: MAX_EVIDENCE - 1].rstrip() + "…"
        if not grounded(evidence.rstrip("…"), user_msg, value):
            reject(item, f"{concept}: evidence is not in the visitor's words")
            continue
        about, problem = _about(item.get("about"), ontology.concepts[concept].sensitive, evidence)
        if problem:
            reject(item, f"{concept}: {problem}")
            continue
        key = (concept, normalize(value), polarity, about)
        if key in seen:
            continue
        if len(result.facts) >= MAX_FACTS:
            reject(item, f"more than {MAX_FACTS} facts in one message")
            continue
        seen.add(key)
        result.facts.append(ExtractedFact(concept, value, polarity, evidence, about))
    return result
