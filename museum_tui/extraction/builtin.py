"""The offline fact source: the rule extractor behind the async `FactSource` interface.

Importing the rule modules and compiling an ontology's cues takes most of a second, which neither the first
screen nor an LLM-backed session needs: both happen in a thread, on `warm_up` (the app calls it once it is
drawn) or at the first message.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from museum_tui.memory import Ontology

from .validate import ExtractionResult

if TYPE_CHECKING:
    from .rules import RuleExtractor


class BuiltinFactSource:
    name = "builtin"

    def __init__(self, ontology: Ontology) -> None:
        self.ontology = ontology
        self._engine: RuleExtractor | None = None
        self._lock = threading.Lock()

    def _build(self) -> RuleExtractor:
        with self._lock:
            if self._engine is None:
                from .rules import RuleExtractor

                engine = RuleExtractor(self.ontology)
                engine.warm_up()
                self._engine = engine
            return self._engine

    @property
    def engine(self) -> RuleExtractor:
        """The compiled `RuleExtractor` (built here and now if `warm_up` has not run)."""
        return self._engine if self._engine is not None else self._build()

    async def warm_up(self) -> None:
        if self._engine is None:
            await asyncio.to_thread(self._build)

    async def extract(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult:
        await self.warm_up()
        return self.engine.extract_validated(user_msg, bot_msg)
