"""The Session: one visitor's conversation, memory and engines. `handle(text)` yields events; UI-free.

The turn, as data: the reply streams while the extractor runs beside it (the visitor's words are already
in the chat prompt), then the turn's facts and its tick are applied together and the kept tiers saved.
A failed or cancelled turn changes nothing; `/retry` runs it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from museum_tui.config import Settings
from museum_tui.memory import Change, MemoryStore, SaveError, UserMemoryFile
from museum_tui.safetext import strip_controls

from .engine import ChatEngine, EngineError, FactSource, Turn
from .events import (
    CommandResult,
    Event,
    FactsApplied,
    MemoryTicked,
    Notice,
    ReplyChunk,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    fact_changes,
    snapshot,
)

log = logging.getLogger("museum_tui.conversation")

MAX_INPUT_CHARS = 4000


@dataclass
class Exchange:
    user: str
    assistant: str


@dataclass
class Session:
    """State of one conversation. Build it with `open_session`; close it with `aclose`."""

    settings: Settings
    store: MemoryStore
    memory_file: UserMemoryFile
    chat: ChatEngine
    extractor: FactSource
    concierge: Any  # museum_tui.conversation.engine.Concierge: venue, agents, router, prompts
    history: list[Exchange] = field(default_factory=list)
    undo_stack: list[list[Change]] = field(default_factory=list)
    start_notices: list[Notice] = field(default_factory=list)
    failed_text: str | None = None
    consent_asked: bool = False
    _cancel: asyncio.Event | None = None
    memory_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def user(self) -> str:
        return self.memory_file.user

    @property
    def last_reply(self) -> str | None:
        return self.history[-1].assistant if self.history else None

    @property
    def busy(self) -> bool:
        return self._cancel is not None

    async def warm_up(self) -> None:
        """Prepare what the first turn needs but the first screen does not (the built-in extractor's
        compiled cues), off the event loop. Optional: the first turn does it otherwise."""
        warm_up = getattr(self.extractor, "warm_up", None)
        if warm_up is not None:
            await warm_up()

    def cancel(self) -> None:
        """Stop the reply being streamed (if any); the turn is then not committed."""
        if self._cancel is not None:
            self._cancel.set()

    async def handle(self, text: str) -> AsyncIterator[Event]:
        """A line from the visitor: a slash command or a chat turn."""
        from .commands import is_command, run_command

        if is_command(text):
            async for event in run_command(self, text):
                yield event
            return
        async for event in self.run_turn(text):
            yield event

    # ---- the turn ------------------------------------------------------------------------------------

    def _clean(self, text: str) -> tuple[str, Notice | None]:
        clean = strip_controls(text, keep_newlines=True).strip()
        if len(clean) > MAX_INPUT_CHARS:
            notice = Notice(
                f"Your message was {len(clean):,} characters long; only the first {MAX_INPUT_CHARS:,} were read.",
                "warning",
            )
            return clean[:MAX_INPUT_CHARS], notice
        return clean, None

    def _messages(self, system: str, text: str) -> list[dict[str, str]]:
        messages = [{"role": "system", "content": system}]
        window = self.settings.history_window
        recent = self.history[-(window // 2) :] if window > 1 else []
        for exchange in recent:
            messages.append({"role": "user", "content": exchange.user})
            messages.append({"role": "assistant", "content": exchange.assistant})
        messages.append({"role": "user", "content": text})
        return messages

    async def run_turn(self, raw_text: str) -> AsyncIterator[Event]:
        text, notice = self._clean(raw_text)
        if notice:
            yield notice
        if not text:
            yield Notice("There was nothing to send: the message was empty.", "info")
            return
        if self._cancel is not None:
            yield Notice("Still answering the previous message; wait for it or press Esc to stop it.", "warning")
            return
        self.failed_text = text
        self._cancel = cancel = asyncio.Event()
        extraction = asyncio.create_task(self.extractor.extract(text, self.last_reply))
        try:
            async for event in self._reply_and_commit(text, extraction, cancel):
                yield event
        finally:
            self._cancel = None
            if not extraction.done():
                extraction.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await extraction
        # Asked once the turn is over (not busy any more), so a front end may wait for the answer.
        question = self._consent_question()
        if question is not None:
            yield question

    async def _reply_and_commit(
        self, text: str, extraction: asyncio.Task, cancel: asyncio.Event
    ) -> AsyncIterator[Event]:
        pending = ()
        prompt_store = self.store
        # The built-in responder reads this turn's facts (its extraction is instant). With
        # `facts_before_reply` an LLM reply waits for them too and its memory block already holds them;
        # by default the reply starts at once and this message's facts reach the next prompt.
        if self.chat.wants_pending or self.settings.facts_before_reply:
            pending = (await _settle(extraction)).facts
            if self.settings.facts_before_reply and pending:
                prompt_store = self.store.preview((f.concept, f.value, f.polarity, f.evidence) for f in pending)
        agent = self.concierge.route(text, prompt_store)
        turn = Turn(
            text=text,
            agent=agent,
            store=prompt_store,
            pending=pending,
            messages=self._messages(self.concierge.system_prompt(agent, prompt_store), text),
        )
        parts: list[str] = []
        started = time.monotonic()
        first_token: float | None = None
        stream = self.chat.stream(turn).__aiter__()
        waiter = asyncio.ensure_future(cancel.wait())
        try:
            while True:
                step = asyncio.ensure_future(stream.__anext__())
                done, _ = await asyncio.wait({step, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if waiter in done:
                    step.cancel()
                    with contextlib.suppress(BaseException):
                        await step
                    yield TurnCancelled("".join(parts))
                    return
                try:
                    piece = step.result()
                except StopAsyncIteration:
                    break
                except EngineError as exc:
                    yield TurnFailed(str(exc), exc.retryable, "".join(parts))
                    return
                if piece:
                    if first_token is None:
                        first_token = time.monotonic() - started
                    parts.append(piece)
                    yield ReplyChunk(piece)
        finally:
            waiter.cancel()
            with contextlib.suppress(BaseException):
                await stream.aclose()
        reply = "".join(parts)
        if not reply.strip():
            yield TurnFailed("The model sent an empty reply, so nothing was remembered.", retryable=True)
            return
        total = time.monotonic() - started
        yield ReplyDone(
            reply,
            agent.name,
            agent.title,
            {"first_token": first_token if first_token is not None else total, "total": total},
            self.chat.usage,
        )
        result = await _settle(extraction)
        if result.error:
            yield Notice(f"Nothing was remembered from that message: {result.error}", "warning")
        async with self.memory_lock:
            applied: list[Change] = []
            for fact in result.facts:
                applied += self.store.upsert(
                    fact.concept, fact.value, fact.polarity, fact.evidence, source=self.extractor.name
                )
            ticked = self.store.tick()
            self.history.append(Exchange(text, reply))
            self.failed_text = None
            yield FactsApplied(fact_changes(self.store, applied), tuple(result.rejected), self.extractor.name)
            for event in await self.save():
                yield event
            yield MemoryTicked(fact_changes(self.store, ticked), snapshot(self.store))

    # ---- the kiosk consent policy (`sensitive_consent`) ----------------------------------------------

    def _consent_question(self) -> CommandResult | None:
        """With the kiosk policy on: ask once per visitor, when a sensitive fact is first left out of the
        saved file. The event plays the part of a "consent needed" event: a front end asks it as a yes/no
        question and runs `confirm` on yes, `decline` on anything else (or calls `set_sensitive_consent`)."""
        from .commands import consent_question

        memory_file = self.memory_file
        if not self.settings.sensitive_consent or self.consent_asked or memory_file.keep_sensitive is not None:
            return None
        if not memory_file.withheld(self.store):
            return None
        self.consent_asked = True
        # The answer covers every sensitive need in the kept tiers (a "no" also takes the ones saved on
        # an earlier visit out of the file), so the question names them all.
        concepts = self.store.ontology.concepts
        labels = sorted({concepts[f.concept].short_label.lower() for f in memory_file.sensitive(self.store)})
        return CommandResult(
            "consent", consent_question(labels), kind="consent", confirm="/consent yes", decline="/consent no"
        )

    async def set_sensitive_consent(self, agreed: bool) -> list[Notice]:
        """Record the visitor's answer (saved in their file with its time) and save at once: after yes the
        sensitive needs are written, after no they are taken out of the file (still used this visit)."""
        async with self.memory_lock:
            self.consent_asked = True
            self.memory_file.set_consent(agreed)
            return await self.save()

    async def save(self) -> list[Notice]:
        """Write the kept tiers; problems become notices (memory stays in this session regardless)."""
        if self.memory_file.read_only:
            return []
        try:
            report = await asyncio.to_thread(self.memory_file.save, self.store)
        except SaveError as exc:
            return [Notice(f"{exc}. Everything is still remembered for this visit.", "error")]
        notices = [Notice(text, "warning") for text in report.notices]
        if report.adopted:
            notices.append(Notice(f"Merged {len(report.adopted)} fact(s) saved by another museum-tui window."))
        return notices

    async def aclose(self) -> list[Notice]:
        """Save and release the engines. Safe to call twice."""
        self.cancel()
        notices = await self.save()
        await self.chat.aclose()
        return notices


@dataclass
class ExtractionOutcome:
    facts: tuple = ()
    rejected: tuple[str, ...] = ()
    error: str = ""


async def _settle(extraction: asyncio.Task) -> ExtractionOutcome:
    """The extractor's result, or an empty one with the reason: a turn never fails because of it."""
    try:
        result = await extraction
    except asyncio.CancelledError:
        raise
    except EngineError as exc:
        log.info("extraction failed: %s", exc)
        return ExtractionOutcome(error=str(exc))
    except Exception as exc:  # an extractor bug must not lose the visitor's reply
        log.exception("extractor raised")
        return ExtractionOutcome(error=f"the extractor failed ({type(exc).__name__})")
    return ExtractionOutcome(tuple(result.facts), tuple(result.rejected))
