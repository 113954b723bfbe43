"""A venue's lexicon: the built-in extractor's cue words per concept, in a file beside the ontology.

The ontology is the contract (label, examples, persistence class, salience, cardinality, eviction,
sensitive); how the offline engine recognises each concept in English is the lexicon's business:
`ontologies/museum.json` has `ontologies/museum.lexicon.json` beside it:

    {"version": "1", "concepts": {"SpecialNeed.Allergy": {"terms": {...}, "patterns": [...], ...}}}

A lexicon is optional: a concept without cues is read from its label and examples (`derived.py`). An
ontology that still holds `cues` inside its concepts loads, read as its lexicon, with a deprecation note.

Checks come in two depths along one path. `check_spec(thorough=False)` runs on every load (the app's and
`museum-tui ontology check`): fields, types, choices, and every pattern's `(?P<value>…)` group; it costs
no regex compilation, so it never slows the first screen. `thorough=True` (the check command, and
`check_cues`) also compiles every regex and reads every phrase as the extractor will.

Nothing here imports the memory package: the ontology loader calls in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DICT_FIELDS = ("terms", "denials", "yes", "aliases")
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
BOOL_FIELDS = ("open", "fuzzy", "claim", "party")
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


def lexicon_path(ontology_path: Path) -> Path:
    """Where an ontology's lexicon lives: `museum.json` → `museum.lexicon.json`, beside it."""
    return ontology_path.with_name(ontology_path.name.removesuffix(".json") + SUFFIX)


def read_lexicon(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The lexicon file's `concepts` (None when there is no file), or why it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"an unreadable lexicon file ({exc})"
    except (ValueError, RecursionError) as exc:
        return None, f"a lexicon file that is not JSON ({str(exc)[:80]})"
    concepts = data.get("concepts") if isinstance(data, dict) else None
    if not isinstance(concepts, dict):
        return None, 'a lexicon file without an object under "concepts"'
    return concepts, None


def check_spec(cid: str, spec: Any, thorough: bool = False) -> list[tuple[str, str, str]]:
    """Problems with one concept's cues, as (field, found, allowed). See the module's note on depth."""
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
    if thorough and not problems:
        problems += _read_as_the_extractor_will(spec)
    return problems


def _read_as_the_extractor_will(spec: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Every regex compiled, every phrase folded: what only the extractor's own reading can find."""
    from museum_tui.language.clauses import fold

    from .cues import expand

    problems: list[tuple[str, str, str]] = []
    for name in ("terms", "denials", "triggers", "retraction_triggers", "exclude", "ignore", "veto"):
        value = spec.get(name)
        for phrase in value.keys() if isinstance(value, dict) else value or []:
            if not fold(phrase):
                problems.append((name, repr(phrase), "a phrase with at least one word that is not a pure intensifier"))
    terms = spec.get("terms", {})
    plain = {fold(p): v for p, v in terms.items() if fold(p) == p.lower()}
    for phrase, value in terms.items():
        reading = fold(phrase)
        if reading != phrase.lower() and reading in plain and plain[reading] != value:
            problems.append(
                ("terms", repr(phrase), f"a phrase that does not read as {reading!r} (a term with another value)")
            )
    for name in (*PATTERN_FIELDS, "yes"):
        for regex in list(spec.get(name, [])):
            try:
                compiled = re.compile(expand(regex))
            except re.error as exc:
                problems.append((name, repr(regex), f"a valid regex ({exc})"))
                continue
            if name != "yes" and "value" not in compiled.groupindex:
                problems.append((name, repr(regex), "a regex with a named group (?P<value>…)"))
    return problems
