"""What is wrong with an ontology, said safely: one problem per finding, all raised together, and found
values described without letting a control character or bidi override reach the terminal."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .facts import is_hidden


@dataclass(frozen=True)
class OntologyProblem:
    """One finding of the validator; `concept` is empty for file-level problems."""

    concept: str
    field: str
    found: str
    allowed: str

    def __str__(self) -> str:
        where = f"concept {self.concept!r}" if self.concept else "ontology"
        what = f"field {self.field!r}" if self.field else "structure"
        return f"{where}, {what}: found {self.found}; allowed: {self.allowed}"


class OntologyError(ValueError):
    """Raised with every problem found, not just the first."""

    def __init__(self, problems: list[OntologyProblem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        head = f"{source}: " if source else ""
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{head}{len(problems)} problem(s) in the ontology:\n{lines}")


def describe(value: Any) -> str:
    """A short, safe description of a found value for error messages (control characters escaped)."""
    if value is None:
        return "null"
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace").decode() for ch in text)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


NO_HIDDEN = "text without terminal escapes, control characters or invisible format characters"


def hidden(text: str) -> str | None:
    """The first character of `text` that would act on a terminal or hide in it (an escape, another
    control, a bidi override, a zero-width space, a lone surrogate), as U+XXXX; None if there is none.
    Ordinary letters of any script, emoji and their zero-width joiners are fine."""
    return next((f"U+{ord(ch):04X}" for ch in text if ch not in "\n\t" and is_hidden(ch)), None)
