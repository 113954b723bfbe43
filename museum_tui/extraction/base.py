"""The one interface the conversation relies on for facts: an async `FactSource`.

Two engines implement it: `BuiltinFactSource` (the offline rule extractor, built off the event loop) and
`LLMExtractor` (a model call). Both hand their output to `validate_facts`, so the same closed-world and
grounding rules hold whichever engine ran, and both return an `ExtractionResult` with every rejection's
reason.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .validate import ExtractionResult


@runtime_checkable
class FactSource(Protocol):
    """`name` is recorded as each fact's provenance ("builtin", "openrouter:<model>"). `extract` may raise
    the engine's own errors (an `LLMError` for a model); the conversation turns them into a notice."""

    name: str

    async def extract(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult: ...

    async def warm_up(self) -> None: ...


__all__ = ["ExtractionResult", "FactSource"]
