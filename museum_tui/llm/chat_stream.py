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


@dataclass(frozen=True)
class Finish:
    """The stream's end, always the last event: the server's `finish_reason` ("stop", "length", …), or None
    when it sent none (a complete stream that never said why it ended; an empty one is an error instead)."""

    reason: str | None


ChatEvent = TextDelta | Usage | Finish
