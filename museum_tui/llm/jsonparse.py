"""Tolerant JSON: models wrap JSON in code fences or prose; find the value that is there, or say there is none."""

from __future__ import annotations

import json
import re
from typing import Any

FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)


def _balanced(text: str, start: int) -> str | None:
    """The balanced {...} or [...] starting at `start`, skipping brackets inside strings."""
    pairs = {"{": "}", "[": "]"}
    stack: list[str] = []
    in_string = escaped = False
    for i in range(start, len(text)):
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
        elif ch in "}]":
            if not stack or stack.pop() != ch:
                return None
            if not stack:
                return text[start : i + 1]
    return None


def parse_json_text(text: str) -> Any:
    """The JSON value in `text`: whole, inside a code fence, or the first object/array in prose.
    Raises ValueError when there is none."""
    stripped = text.strip()
    try:
        return json.loads(stripped)
    except (json.JSONDecodeError, TypeError):
        pass
    for block in FENCE.findall(text):
        try:
            return json.loads(block.strip())
        except json.JSONDecodeError:
            continue
    for match in re.finditer(r"[{\[]", text):
        candidate = _balanced(text, match.start())
        if candidate is None:
            continue
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    raise ValueError("no JSON object or array found in the model's reply")
