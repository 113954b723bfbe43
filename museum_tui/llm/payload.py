"""Reading the parts of an OpenAI-style answer that servers fill in differently."""

from __future__ import annotations

from typing import Any

from .chat_stream import Usage


def text_of(content: object) -> str | None:
    """Message content as text: a string, or a list of `{"type": "text", "text": …}` parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)]
        return "".join(parts) if parts else None
    return None


def usage_of(data: dict[str, Any]) -> Usage | None:
    usage = data.get("usage")
    if not isinstance(usage, dict):
        return None
    try:
        return Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))
    except (TypeError, ValueError):
        return None
