"""Tolerant JSON: models wrap JSON in code fences or prose; find the value that is there, or say there is none.

The text is untrusted (up to the client's response limit), so the search is bounded: deep nesting and long
runs of unmatched brackets end in "no JSON found" within a fixed amount of work, never a hang or a
RecursionError.
"""

from __future__ import annotations

import json
import re
from typing import Any

FENCE = re.compile(r"```(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
MAX_DEPTH = 256  # far deeper than any answer worth reading
SCAN_BUDGET = 2_000_000  # characters examined by the bracket search, in total
_MISSING = object()


def loads(text: str | bytes) -> Any:
    """`json.loads`, but any failure (including a RecursionError on absurd nesting) raises ValueError."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError, TypeError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError("not valid JSON") from exc


def _try(text: str) -> Any:
    try:
        return loads(text)
    except ValueError:
        return _MISSING


def _balanced(text: str, start: int, budget: list[int]) -> str | None:
    """The balanced {...} or [...] starting at `start`, skipping brackets inside strings; None if there is
    none (or the depth or the shared work budget runs out)."""
    pairs = {"{": "}", "[": "]"}
    stack: list[str] = []
    in_string = escaped = False
    for i in range(start, len(text)):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in pairs:
            stack.append(pairs[ch])
            if len(stack) > MAX_DEPTH:
                return None
        elif ch in "}]":
            if not stack or stack.pop() != ch:
                return None
            if not stack:
                return text[start : i + 1]
    return None


def parse_json_text(text: str) -> Any:
    """The JSON value in `text`: whole, inside a code fence, or the first object/array in prose.
    Raises ValueError when there is none."""
    value = _try(text.strip())
    if value is not _MISSING:
        return value
    for block in FENCE.findall(text):
        value = _try(block.strip())
        if value is not _MISSING:
            return value
    budget = [SCAN_BUDGET]
    for match in re.finditer(r"[{\[]", text):
        candidate = _balanced(text, match.start(), budget)
        if candidate is not None:
            value = _try(candidate)
            if value is not _MISSING:
                return value
        if budget[0] < 0:
            break
    raise ValueError("no JSON object or array found in the model's reply")
