"""The ontology's `cues`: what the built-in extractor looks for, per concept. Compiled once, checked here.

A concept's cues (every field optional; see docs/extraction-cues.md):
  terms      {phrase: value}  words that name a value ("wheelchair": "wheelchair user")
  patterns   [regex]          with a named group `value` for open values ("my name is (?P<value>\\w+)")
  triggers   [phrase]         one must appear for `terms` to count ("love", "into", "fan of")
  context    [phrase]         in the assistant's question, these make bare terms count ("allerg")
  yes        {regex: value}   the assistant asked this and the visitor said yes
  exclude    [phrase]         a captured value containing one of these is not this concept
  question   "need"|"never"   may a where/need question assert it ("where's the toilet?")
  negation   "any"|"retraction"  which words turn it negated: any "not", or only "no longer", "forget that"…
  subject    "self"|"companion"  about the visitor, or about who they are with (taken first)
  normalize  "duration"|"title"|"none"  how captured values are tidied
  open       true|false       keep captured values that are not in `terms`
  aliases    {captured: value}  tidy captured values ("on my own": "alone")
  retraction_triggers [phrase]  when retracting, only these triggers count (else any retraction does)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from museum_tui.memory import Ontology

from .clauses import fold

FIELDS = {
    "terms",
    "patterns",
    "triggers",
    "context",
    "yes",
    "exclude",
    "question",
    "negation",
    "subject",
    "normalize",
    "open",
    "fuzzy",
    "aliases",
    "retraction_triggers",
}
CHOICES = {
    "question": ("need", "never"),
    "negation": ("any", "retraction"),
    "subject": ("self", "companion"),
    "normalize": ("duration", "title", "none"),
}


def phrase_regex(phrase: str) -> str:
    """A folded phrase as a regex matching whole words, any spacing."""
    words = fold(phrase).split()
    return r"(?<![\w'])" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w'])"


@dataclass
class ConceptCues:
    concept: str
    terms: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    fuzzy_terms: dict[str, str] = field(default_factory=dict)
    patterns: list[re.Pattern[str]] = field(default_factory=list)
    triggers: re.Pattern[str] | None = None
    retraction_triggers: re.Pattern[str] | None = None
    aliases: dict[str, str] = field(default_factory=dict)
    context: re.Pattern[str] | None = None
    yes: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    exclude: re.Pattern[str] | None = None
    question: str = "never"
    negation: str = "any"
    subject: str = "self"
    normalize: str = "none"
    open: bool = True
    fuzzy: bool = True

    def canonical(self, text: str) -> str | None:
        """The value a term maps to, if `text` is (or contains exactly one) known term."""
        found = [value for regex, value in self.terms if regex.search(text)]
        return found[0] if len(set(found)) == 1 else None


def _alternation(phrases: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(phrase_regex(p) for p in sorted(phrases, key=len, reverse=True)))


def compile_cues(ontology: Ontology) -> list[ConceptCues]:
    """Every concept that has cues, companions first (they claim their words before others look)."""
    compiled = []
    for concept in ontology.concepts.values():
        spec = concept.cues
        if not spec:
            continue
        cues = ConceptCues(concept.id)
        for phrase, value in sorted(spec.get("terms", {}).items(), key=lambda kv: -len(kv[0])):
            cues.terms.append((re.compile(phrase_regex(phrase)), value))
            folded = fold(phrase)
            if " " not in folded and len(folded) >= 5:
                cues.fuzzy_terms[folded] = value
        cues.patterns = [re.compile(p) for p in spec.get("patterns", [])]
        if spec.get("triggers"):
            cues.triggers = _alternation(spec["triggers"])
        if spec.get("retraction_triggers"):
            cues.retraction_triggers = _alternation(spec["retraction_triggers"])
        cues.aliases = {fold(k): v for k, v in spec.get("aliases", {}).items()}
        if spec.get("context"):
            cues.context = re.compile("|".join(re.escape(fold(c)) for c in spec["context"]))
        cues.yes = [(re.compile(p), v) for p, v in spec.get("yes", {}).items()]
        if spec.get("exclude"):
            cues.exclude = _alternation(spec["exclude"])
        for name in ("question", "negation", "subject", "normalize"):
            setattr(cues, name, spec.get(name, getattr(cues, name)))
        cues.open = spec.get("open", True)
        cues.fuzzy = spec.get("fuzzy", True)
        compiled.append(cues)
    compiled.sort(key=lambda c: c.subject != "companion")
    return compiled


def check_cues(ontology: Ontology) -> list[str]:
    """Problems with the cue contents, each naming the concept and field (empty list: all good)."""
    problems: list[str] = []
    for concept in ontology.concepts.values():
        spec: Any = concept.cues
        if not spec:
            continue

        def bad(name: str, found: object, allowed: str, cid: str = concept.id) -> None:
            problems.append(f"concept {cid!r}, cues field {name!r}: found {found!r}; allowed: {allowed}")

        for name in spec:
            if name not in FIELDS:
                bad(name, "an unknown field", ", ".join(sorted(FIELDS)))
        for name in ("terms", "yes", "aliases"):
            value = spec.get(name, {})
            if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, str) and k.strip() and v.strip() for k, v in value.items()
            ):
                bad(
                    name,
                    value if not isinstance(value, dict) else "non-text keys or values",
                    "an object of non-empty text → text",
                )
        for name in ("patterns", "triggers", "context", "exclude", "retraction_triggers"):
            value = spec.get(name, [])
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                bad(name, value, "a list of non-empty strings")
        for regex in [*spec.get("patterns", []), *spec.get("yes", {})]:
            if not isinstance(regex, str):
                continue
            try:
                compiled = re.compile(regex)
            except re.error as exc:
                bad(
                    "patterns" if regex in spec.get("patterns", []) else "yes",
                    regex,
                    f"a valid regex ({exc})",
                )
                continue
            if regex in spec.get("patterns", []) and "value" not in compiled.groupindex:
                bad("patterns", regex, "a regex with a named group (?P<value>…)")
        for name, allowed in CHOICES.items():
            if name in spec and spec[name] not in allowed:
                bad(name, spec[name], " | ".join(allowed))
        for name in ("open", "fuzzy"):
            if name in spec and not isinstance(spec[name], bool):
                bad(name, spec[name], "true or false")
    return problems
