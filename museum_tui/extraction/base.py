"""What every extractor returns, and the one interface the conversation can rely on.

Two engines implement `Extractor`: `RuleExtractor` (offline, instant, also offers a plain synchronous
`extract`) and `LLMExtractor` (a model call, so only async). Both hand their output to `validate_facts`,
so the same closed-world and grounding rules hold whichever engine ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .validate import ExtractedFact, Rejection


@dataclass
class ExtractionResult:
    """Validated facts, what validation dropped and why, and the engine's raw output (for debugging)."""

    facts: list[ExtractedFact] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    raw: Any = None


@runtime_checkable
class Extractor(Protocol):
    """`name` is recorded as each fact's provenance ("builtin", "openrouter:<model>")."""

    name: str

    async def aextract(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult: ...
