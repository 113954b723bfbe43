"""How the rule extractor reads one span of a clause: whether a concept's trigger is there, a bare request
("Loo?"), a capitalised capture another concept does not own, and a captured phrase's value or values.
Split from rules.py by concern; `RuleExtractor` inherits it."""

from __future__ import annotations

from museum_tui.language.clauses import Clause, fold

from .cues import ConceptCues
from .grounding import Grounding
from .hits import Span
from .reading import BARE_WORDS, FILLER, FORGET, NOT_A_VALUE, SPLIT_VALUES, capitalised, original_case
from .values import tidy


class SpanReading:
    term_owner: dict[str, set[str]]
    grounding: Grounding | None

    def _bare(self, cues: ConceptCues, text: str) -> bool:
        """ "Loo?", "A coffee, please": a request that is nothing but the thing (for immediate needs)."""
        if cues.question != "need":
            return False
        rest = text
        for regex, _ in cues.terms:
            rest = regex.sub(" ", rest)
        return rest != text and not (set(rest.replace(",", " ").split()) - BARE_WORDS)

    def _triggered(self, cues: ConceptCues, clause: Clause, text: str) -> bool:
        assert cues.triggers is not None
        if clause.retraction:
            if cues.retraction_triggers is None or FORGET.match(text):
                return True  # "forget Rothko": a bare retraction names the thing itself
            return bool(cues.retraction_triggers.search(text))
        for m in cues.triggers.finditer(text):
            if cues.negation == "any" or not clause.negated_before(m.start(), window=3):
                return True
        return False

    def _proper(self, cues: ConceptCues, captured: str, original: str) -> bool:
        """A capitalised capture that no other concept claims as one of its words."""
        owners = self.term_owner.get(" ".join(captured.split()), set())
        return capitalised(captured, original) and not (owners - {cues.concept})

    def _values(self, cues: ConceptCues, captured: str, start: int, end: int, kind: str, original: str) -> list[Span]:
        """A captured phrase: one value, or several when it lists them ("peanuts and shellfish"). A value
        that is not a term keeps the visitor's own capitals ("the Rodin sculptures", "Lubaina Himid")."""
        if cues.normalize == "duration":
            return [(start, end, tidy(captured, "duration"))]
        out = []
        parts = [p for p in SPLIT_VALUES.split(captured) if p.strip()]
        for part in parts if len(parts) > 1 else [captured]:
            if fold(part).strip(" ,") in FILLER or not set(fold(part).split()) - NOT_A_VALUE:
                continue
            known = cues.aliases.get(fold(part).strip()) or cues.canonical(part)
            if known:
                out.append((start, end, known))
            elif self.term_owner.get(" ".join(fold(part).strip(" ,").split()), set()) - {cues.concept}:
                continue  # "hate noise": another concept's word, not an open value of this one
            elif cues.derived and kind == "plain" and not (self.grounding and self.grounding.fits(cues.concept, part)):
                continue  # "I love Hockney" through the plants' "i love …": not a plant (grounding.py)
            elif cues.open or kind != "plain":
                value = tidy(part, cues.normalize)
                if kind != "plain" or cues.normalize == "none":
                    value = original_case(value, original)
                if value and len(value.split()) <= (3 if len(parts) > 1 else 5):
                    out.append((start, end, value))
        return out
