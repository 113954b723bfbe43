"""The thorough half of the lexicon check: every regex compiled and every phrase read as the extractor will
(memory/lexicon.py has the structural half, which every load runs)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from museum_tui.memory.lexicon import PATTERN_FIELDS


def read_as_the_extractor_will(spec: Mapping[str, Any]) -> list[tuple[str, str, str]]:
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
