"""A venue's lexicon: the built-in extractor's cue words per concept, in a file beside the ontology.

The ontology is the contract (label, examples, persistence class, salience, cardinality, eviction,
sensitive); how the offline engine recognises each concept in English is the lexicon's business:
`ontologies/museum.json` has `ontologies/museum.lexicon.json` beside it:

    {"version": "1", "concepts": {"SpecialNeed.Allergy": {"terms": {...}, "patterns": [...], ...}}}

A lexicon is optional: a concept without cues is read from its label and examples (`derived.py`). An
ontology that still holds `cues` inside its concepts loads, read as its lexicon, with a deprecation note.

Checks come in two depths along one path. `check_spec` runs on every load (the app's and `museum-tui
ontology check`): fields, types, choices, and every pattern's `(?P<value>…)` group; it compiles no regex,
so it never slows the first screen. `check_cues` (the check command) then also compiles every regex and
reads every phrase as the extractor will.

The structural check lives here, beside the ontology loader that runs it; the thorough one is the
extraction package's (`extraction/cues.py`, `check_cues`), since only the extractor knows how it reads a phrase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DICT_FIELDS = ("terms", "denials", "hard", "yes", "aliases")
LIST_FIELDS = (
    "patterns",
    "proper_patterns",
    "answer_patterns",
    "triggers",
    "context",
    "exclude",
    "ignore",
    "veto",
    "retraction_triggers",
)
PATTERN_FIELDS = ("patterns", "proper_patterns", "answer_patterns")
BOOL_FIELDS = ("open", "fuzzy", "claim", "party", "reaction")
CHOICES = {
    "question": ("need", "never"),
    "negation": ("any", "retraction"),
    "subject": ("self", "companion"),
    "normalize": ("duration", "title", "none"),
}
FIELDS = {*DICT_FIELDS, *LIST_FIELDS, *BOOL_FIELDS, *CHOICES, "priority"}
VALUE_GROUP = "(?P<value>"
SUFFIX = ".lexicon.json"
KNOWN_TOP_LEVEL = {"version", "name", "description", "concepts"}


def check_spec(cid: str, spec: Any) -> list[tuple[str, str, str]]:
    """Structural problems with one concept's cues, as (field, found, allowed): no regex is compiled."""
    problems: list[tuple[str, str, str]] = []

    def bad(name: str, found: object, allowed: str) -> None:
        problems.append((name, repr(found), allowed))

    if not isinstance(spec, Mapping):
        bad("", spec, "an object of cue words and patterns for the built-in extractor")
        return problems
    for name in spec:
        if name not in FIELDS:
            bad(name, "an unknown field", ", ".join(sorted(FIELDS)))
    for name in DICT_FIELDS:
        value = spec.get(name, {})
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and k.strip() and v.strip() for k, v in value.items()
        ):
            found = value if not isinstance(value, dict) else "non-text or empty keys or values"
            bad(name, found, "an object of non-empty text → text")
    for name in LIST_FIELDS:
        value = spec.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            bad(name, value, "a list of non-empty strings")
        elif name in PATTERN_FIELDS:
            for pattern in value:
                if VALUE_GROUP not in pattern:
                    bad(name, pattern, "a regex with a named group (?P<value>…)")
    for name, allowed in CHOICES.items():
        if name in spec and spec[name] not in allowed:
            bad(name, spec[name], " | ".join(allowed))
    for name in BOOL_FIELDS:
        if name in spec and not isinstance(spec[name], bool):
            bad(name, spec[name], "true or false")
    priority = spec.get("priority", 0)
    if isinstance(priority, bool) or not isinstance(priority, int) or not -100 <= priority <= 100:
        bad("priority", priority, "an integer from -100 to 100")
    return problems


def join_lexicon(
    own: Mapping[str, Mapping[str, Any]], lexicon: Mapping[str, Any] | None
) -> tuple[dict[str, dict[str, Any]], list[tuple[str, str, str, str]], int]:
    """Each concept's cues (the lexicon's, else the concept's own, deprecated), the structural problems as
    (concept, field, found, allowed), and how many concepts still carry cues inside the ontology."""
    problems = [
        (str(cid), "", "cues in the lexicon", "a concept the ontology declares")
        for cid in lexicon or {}
        if cid not in own
    ]
    cues: dict[str, dict[str, Any]] = {}
    for cid, spec in own.items():
        chosen = (lexicon or {}).get(cid, spec)
        problems += [
            (cid, f"cues.{name}" if name else "cues", found, allowed)
            for name, found, allowed in check_spec(cid, chosen)
        ]
        if isinstance(chosen, Mapping):
            cues[cid] = dict(chosen)
    return cues, problems, sum(1 for spec in own.values() if spec)
