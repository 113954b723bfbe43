"""The built-in rule extractor: the offline default, driven by the ontology's cues, not by code per concept.

For each clause of the visitor's message it asks the generic questions (is it a question, a hypothetical,
about someone else, negated or retracted?) and then lets every concept's cues look for their words. A
short "yes" answers the assistant's last question. Output goes through the same validation as any LLM's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from museum_tui.memory import Ontology

from .clauses import Clause, fold, is_affirmative, split_clauses
from .cues import ConceptCues, compile_cues
from .validate import ExtractedFact, ValidationResult, validate_facts

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty-five": 45,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
    "couple": 2,
    "a couple": 2,
    "a couple of": 2,
    "couple of": 2,
    "few": 3,
    "a few": 3,
}
DURATION = re.compile(
    r"(?P<num>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|"
    r"forty-five|fifty|sixty|ninety|(?:a )?couple(?: of)?|(?:a )?few)\s*(?P<half>and a half\s*)?"
    r"(?P<unit>hours?|hrs?|h|minutes?|mins?|m)\b(?:\s*and a half)?"
)
LEADING = re.compile(r"^(?:the|a|an|some|my|our|any|more|really|just|very|to|for|of|about)\s+")
FILLER = {
    "thanks",
    "thank you",
    "please",
    "cheers",
    "ta",
    "i think",
    "probably",
    "etc",
    "and so on",
    "too",
    "as well",
    "also",
    "lol",
    "x",
    "ok",
    "okay",
}
SPLIT_VALUES = re.compile(r"\s*(?:,|\band\b|\bor\b|&|/|\bplus\b|\bas well as\b)\s*")


def normalize_duration(text: str) -> str:
    """'an hour' → '1 hour', 'two hours' → '2 hours', 'an hour and a half' → '1.5 hours', '90 mins' →
    '90 minutes', 'half an hour' → '30 minutes'; other time phrases are returned tidied."""
    t = fold(text)
    if re.search(r"\bhalf an? hour\b", t) and not re.search(r"\d|hours", t):
        return "30 minutes"
    m = DURATION.search(t)
    if not m:
        return t
    raw = m.group("num")
    amount = float(raw) if raw[0].isdigit() else float(NUMBER_WORDS.get(raw, 1))
    if m.group("half") or t[m.end() :].startswith(" and a half") or "and a half" in m.group(0):
        amount += 0.5
    unit = "hour" if m.group("unit").startswith("h") else "minute"
    number = f"{amount:g}"
    return f"{number} {unit}{'' if amount == 1 else 's'}"


def tidy(value: str, how: str) -> str:
    value = value.strip(" .,;:!?\"'")
    if how == "duration":
        return normalize_duration(value)
    while True:
        stripped = LEADING.sub("", value)
        if stripped == value:
            break
        value = stripped
    if how == "title":
        return " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in value.split())
    return value


@dataclass
class _Hit:
    concept: str
    value: str
    polarity: str
    evidence: str


class RuleExtractor:
    """Offline, deterministic extraction from the ontology's cues."""

    name = "builtin"

    def __init__(self, ontology: Ontology) -> None:
        self.ontology = ontology
        self.cues = compile_cues(ontology)

    def extract(self, user_msg: str, bot_msg: str | None = None) -> list[ExtractedFact]:
        return self.extract_validated(user_msg, bot_msg).facts

    def extract_validated(self, user_msg: str, bot_msg: str | None = None) -> ValidationResult:
        hits = self._hits(user_msg, bot_msg)
        raw = [{"concept": h.concept, "value": h.value, "polarity": h.polarity, "evidence": h.evidence} for h in hits]
        return validate_facts({"facts": raw}, self.ontology, user_msg)

    # ---- matching ------------------------------------------------------------------------------------

    def _hits(self, user_msg: str, bot_msg: str | None) -> list[_Hit]:
        bot_question = _last_question(bot_msg)
        hits: list[_Hit] = []
        if bot_question and is_affirmative(user_msg):
            evidence = user_msg.strip()
            for cues in self.cues:
                for regex, value in cues.yes:
                    if regex.search(bot_question):
                        hits.append(_Hit(cues.concept, value, "asserted", evidence))
                        break
        for clause in split_clauses(user_msg):
            if clause.hypothetical:
                continue
            for cues in self.cues:
                hits.extend(self._match(cues, clause, bot_question))
        return hits

    def _match(self, cues: ConceptCues, clause: Clause, bot_question: str) -> list[_Hit]:
        if cues.subject == "self" and clause.third_party:
            return []
        if clause.question and not (cues.question == "need" and clause.need_question):
            return []
        in_context = bool(cues.context and bot_question and cues.context.search(bot_question))
        triggered = cues.triggers is None or in_context or self._triggered(cues, clause)
        found: list[tuple[int, int, str]] = []
        for pattern in cues.patterns:
            for m in pattern.finditer(clause.text):
                start, end = m.span("value")
                if m.group("value") and clause.free(start, end) and not _inside((start, end), found):
                    found.extend(self._values(cues, m.group("value"), start, end))
        if triggered:
            for regex, value in cues.terms:
                for m in regex.finditer(clause.text):
                    if clause.free(*m.span()) and not _inside(m.span(), found):
                        found.append((m.start(), m.end(), value))
            if cues.fuzzy and cues.fuzzy_terms:
                found.extend(self._typos(cues, clause, found))
        hits = []
        for start, end, value in found:
            if cues.exclude and cues.exclude.search(fold(value)):
                continue
            if cues.negation == "retraction":
                negated = clause.retraction
            else:
                negated = clause.retraction or clause.negated_before(start) or self._denied_after(cues, clause, end)
            if cues.subject == "companion":
                clause.spans_taken.append((start, end))
            hits.append(_Hit(cues.concept, value, "negated" if negated else "asserted", clause.original))
        return hits

    def _denied_after(self, cues: ConceptCues, clause: Clause, end: int) -> bool:
        """ "Crowds do not bother me": the trigger after the term is negated."""
        if cues.triggers is None:
            return False
        return any(clause.negated_before(m.start(), window=3) for m in cues.triggers.finditer(clause.text, end))

    def _triggered(self, cues: ConceptCues, clause: Clause) -> bool:
        assert cues.triggers is not None
        if clause.retraction:
            if cues.retraction_triggers is None:
                return True
            return bool(cues.retraction_triggers.search(clause.text))
        for m in cues.triggers.finditer(clause.text):
            if clause.retraction or cues.negation == "any":
                return True
            if not clause.negated_before(m.start(), window=3):
                return True
        return False

    def _values(self, cues: ConceptCues, captured: str, start: int, end: int) -> list[tuple[int, int, str]]:
        """A captured phrase: one value, or several when it lists them ("peanuts and shellfish")."""
        if cues.normalize == "duration":
            return [(start, end, tidy(captured, "duration"))]
        out = []
        parts = [p for p in SPLIT_VALUES.split(captured) if p.strip()]
        for part in parts if len(parts) > 1 else [captured]:
            if fold(part).strip(" ,") in FILLER:
                continue
            alias = cues.aliases.get(fold(part).strip())
            known = alias or cues.canonical(part) or self._typo_term(cues, part)
            if known:
                out.append((start, end, known))
            elif cues.open:
                value = tidy(part, cues.normalize)
                if value and len(value.split()) <= (3 if len(parts) > 1 else 5):
                    out.append((start, end, value))
        return out

    def _typo_term(self, cues: ConceptCues, text: str) -> str | None:
        """A misspelt single known term ("penuts" → "peanuts"), or None."""
        word = fold(text).strip()
        if not cues.fuzzy or " " in word or len(word) < 5 or not cues.fuzzy_terms:
            return None
        from rapidfuzz import fuzz, process

        best = process.extractOne(word, list(cues.fuzzy_terms), scorer=fuzz.ratio, score_cutoff=84)
        return cues.fuzzy_terms[best[0]] if best and best[0][:2] == word[:2] else None

    def _typos(
        self, cues: ConceptCues, clause: Clause, found: list[tuple[int, int, str]]
    ) -> list[tuple[int, int, str]]:
        from rapidfuzz import fuzz, process

        out = []
        for m in re.finditer(r"[a-z][a-z'-]{4,}", clause.text):
            if _inside(m.span(), found) or not clause.free(*m.span()):
                continue
            cutoff = 80 if len(m.group(0)) >= 6 else 86
            best = process.extractOne(m.group(0), list(cues.fuzzy_terms), scorer=fuzz.ratio, score_cutoff=cutoff)
            if best and best[0][:2] == m.group(0)[:2]:
                out.append((m.start(), m.end(), cues.fuzzy_terms[best[0]]))
        return out


def _inside(span: tuple[int, int], found: list[tuple[int, int, str]]) -> bool:
    return any(not (span[1] <= s or span[0] >= e) for s, e, _ in found)


def _last_question(bot_msg: str | None) -> str:
    """The assistant's last question, folded (empty when it asked none)."""
    if not bot_msg:
        return ""
    questions = re.findall(r"[^.!?\n]*\?", bot_msg)
    return fold(questions[-1]) if questions else ""
