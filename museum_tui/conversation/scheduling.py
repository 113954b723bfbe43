"""When a turn's extraction runs, and how the turn waits for it.

`extraction_order` decides: "parallel" sends it beside the reply (hosted APIs, servers with several
slots); "after_reply" sends it once the reply is complete, so the two never compete for a single-slot
server's one slot (llama-cpp-python cuts the running stream when a second request arrives; llama.cpp and
Ollama make it wait in line); "before_reply" waits for this message's facts before the reply starts (the
built-in concierge always does: its replies are composed from them). "auto" is after_reply for a local
server with one slot (or one that does not say), else parallel.

Every wait here can be stopped: a turn's `TurnControl` has one event that stops the reply (Esc, another
visitor taking over, the app closing) and one that also stops the extraction (Esc, Ctrl-C). A stopped or
failed extraction never fails the turn: the reply stays and nothing is remembered from the message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from museum_tui.config import Settings
from museum_tui.extraction import ExtractionResult

from .engine import EngineError
from .limits import Limits

log = logging.getLogger("museum_tui.conversation")

STOPPED = "you stopped it before it finished"


@dataclass
class TurnControl:
    """The stop buttons of one turn."""

    reply: asyncio.Event = field(default_factory=asyncio.Event)  # stop the reply
    memory: asyncio.Event = field(default_factory=asyncio.Event)  # stop the extraction too

    def stop_all(self) -> None:
        self.reply.set()
        self.memory.set()


def extraction_order(settings: Settings, wants_pending: bool, limits: Limits | None) -> str:
    """The order this turn runs in (never "auto")."""
    if wants_pending:
        return "before_reply"
    order = settings.extraction_order
    if order == "auto" and settings.facts_before_reply:
        return "before_reply"
    if order != "auto":
        return order
    return "after_reply" if limits is not None and not limits.parallel_ok else "parallel"


class Extraction:
    """One turn's extraction: started when the order says, awaited in a way a stop event interrupts."""

    def __init__(self, start: Callable[[], Coroutine[Any, Any, ExtractionResult]]) -> None:
        self._start = start
        self._task: asyncio.Task[ExtractionResult] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._start())

    @property
    def pending(self) -> bool:
        """Not finished (or not even started)."""
        return self._task is None or not self._task.done()

    async def result(self, stop: asyncio.Event) -> tuple[ExtractionResult, str]:
        """The facts, or none and the reason (a failure, or `STOPPED` when `stop` was set first)."""
        if stop.is_set() and self._task is None:
            return ExtractionResult(), STOPPED
        self.start()
        assert self._task is not None
        waiter = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({self._task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        if not self._task.done():
            await self.discard()
            return ExtractionResult(), STOPPED
        return await settle(self._task)

    async def discard(self) -> None:
        """Stop it if it is running; what it found is not wanted."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


async def settle(extraction: asyncio.Task[ExtractionResult]) -> tuple[ExtractionResult, str]:
    """The extractor's result, or an empty one with the reason: a turn never fails because of it."""
    from museum_tui.llm import LLMError

    try:
        return await extraction, ""
    except asyncio.CancelledError:
        if extraction.cancelled():
            return ExtractionResult(), STOPPED
        raise
    except (LLMError, EngineError) as exc:
        log.info("extraction failed: %s", exc)
        return ExtractionResult(), str(exc)
    except Exception as exc:  # an extractor bug must not lose the visitor's reply
        log.exception("extractor raised")
        return ExtractionResult(), f"the extractor failed ({type(exc).__name__})"
