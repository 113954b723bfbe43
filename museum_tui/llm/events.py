"""What a streamed chat yields. Kept apart from the client so callers can match on them without httpx."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextDelta:
    """A piece of the reply, as the server sent it (the caller neutralises it before showing it)."""

    text: str


@dataclass(frozen=True)
class Usage:
    """Token counts, sent once at the end when the server reports them."""

    prompt_tokens: int
    completion_tokens: int


ChatEvent = TextDelta | Usage
