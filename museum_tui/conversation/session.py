"""The Session: the conversation's one owner of state. `handle(text)` yields events; UI-free.

Every change of state goes through a method here (a turn, `switch_user`, `forget`, `undo`, consent, …);
slash commands only parse and format. The turn, as data: the reply streams while the extractor runs
beside it (the visitor's words are already in the chat prompt), then the turn's facts and its tick are
applied together and the kept tiers saved. A failed or cancelled turn changes nothing; `/retry` runs it
again. A turn commits to the visitor it started with, even if another visitor has taken over meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from museum_tui.config import Settings
from museum_tui.extraction import ExtractionResult
from museum_tui.memory import Change, MemoryStore
from museum_tui.safetext import strip_controls

from .concierge import Concierge
from .engine import ChatEngine, EngineError, Turn
from .events import (
    CommandResult,
    Event,
    FactsApplied,
    MemorySnapshot,
    MemoryTicked,
    Notice,
    ReplyChunk,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    UserSwitched,
    fact_changes,
    snapshot,
)
from .visitor import Exchange, Visitor, load_visitor

if TYPE_CHECKING:
    from museum_tui.extraction import ExtractedFact, FactSource

log = logging.getLogger("museum_tui.conversation")

MAX_INPUT_CHARS = 4000


@dataclass(frozen=True)
class Outcome:
    """What a change to memory did: the facts it touched and what saving it had to say."""

    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]


@dataclass
class Session:
    """One conversation: its engines, the venue, and the visitor talking now. Build it with
    `open_session`; close it with `aclose`."""

    settings: Settings
    visitor: Visitor
    chat: ChatEngine
    fact_source: FactSource
    concierge: Concierge
    start_notices: list[Notice] = field(default_factory=list)
    _cancel: asyncio.Event | None = None
    _commits: set[asyncio.Task[list[Event]]] = field(default_factory=set)

    # ---- what front ends may read ---------------------------------------------------------------------

    @property
    def user(self) -> str:
        return self.visitor.user

    @property
    def store(self) -> MemoryStore:
        """The current visitor's memory, for this layer and tests: front ends render events instead."""
        return self.visitor.store

    @property
    def busy(self) -> bool:
        return self._cancel is not None

    @property
    def engine_description(self) -> str:
        return self.chat.describe()

    @property
    def venue_name(self) -> str:
        return self.concierge.venue_name

    def snapshot(self) -> MemorySnapshot:
        """The current visitor's memory as plain data, for a front end's first frame."""
        return snapshot(self.visitor.store)

    async def warm_up(self) -> None:
        """Prepare what the first turn needs but the first screen does not (the built-in extractor's
        compiled cues), off the event loop. Optional: the first turn does it otherwise."""
        await self.fact_source.warm_up()

    def cancel(self) -> None:
        """Stop the reply being streamed (if any); the turn is then not committed."""
        if self._cancel is not None:
            self._cancel.set()

    async def handle(self, text: str) -> AsyncIterator[Event]:
        """A line from the visitor: a slash command or a chat turn."""
        from .commands import is_command, run_command

        stream = run_command(self, text) if is_command(text) else self.run_turn(text)
        async for event in stream:
            yield event

    # ---- changes of state ------------------------------------------------------------------------------

    async def switch_user(self, name: str) -> list[Event]:
        """Save this visitor and load `name`'s memory. A reply still streaming is stopped (nothing from it is
        kept); a turn already committing finishes into its own visitor's memory, unseen by the next one.
        Raises `UserNameError` for a name that is not a name."""
        old = self.visitor
        visitor, report = load_visitor(self.settings, old.store.ontology, old.storage, name)
        self.cancel()
        self._cancel = None  # the new visitor may talk at once; the old turn no longer answers to them
        async with old.lock:
            notices = await old.save()
        self.visitor = visitor
        return [*notices, UserSwitched(visitor.user, snapshot(visitor.store))] + [
            Notice(text, "warning") for text in report.notices
        ]

    async def forget(self, fact_ids: Sequence[str]) -> Outcome:
        """Forget these facts here and in the saved file; `/undo` brings them back."""
        visitor = self.visitor
        async with visitor.lock:
            removed = visitor.store.forget(fact_ids=list(fact_ids))
            visitor.undo_stack.append(removed)
            notices = await visitor.save()
        return Outcome(tuple(removed), tuple(notices))

    async def undo(self) -> Outcome | None:
        """Bring back what was last forgotten; None if nothing was."""
        visitor = self.visitor
        async with visitor.lock:
            if not visitor.undo_stack:
                return None
            restored = visitor.store.restore(visitor.undo_stack.pop())
            notices = await visitor.save()
        return Outcome(tuple(restored), tuple(notices))

    async def set_sensitive_consent(self, agreed: bool) -> list[Notice]:
        """Record the visitor's answer (saved in their file with its time) and save at once: after yes the
        sensitive needs are written, after no they are taken out of the file (still used this visit)."""
        visitor = self.visitor
        async with visitor.lock:
            visitor.consent_asked = True
            visitor.memory_file.set_consent(agreed)
            return await visitor.save()

    def clear_history(self) -> None:
        """Start the conversation afresh; memory is unchanged."""
        self.visitor.history.clear()

    def set_model(self, model: str) -> tuple[bool, str]:
        return self.chat.set_model(model)

    def export_dir(self) -> Path:
        from museum_tui import config

        return config.data_dir() / "exports"

    # ---- the turn ------------------------------------------------------------------------------------

    async def run_turn(self, raw_text: str) -> AsyncIterator[Event]:
        """One message to the concierge. Events stop once another visitor has taken over."""
        visitor = self.visitor
        async for event in self._turn(visitor, raw_text):
            if self.visitor is not visitor:
                return
            yield event

    async def _turn(self, visitor: Visitor, raw_text: str) -> AsyncIterator[Event]:
        text, notice = _clean(raw_text)
        if notice:
            yield notice
        if not text:
            yield Notice("There was nothing to send: the message was empty.", "info")
            return
        if self._cancel is not None:
            yield Notice("Still answering the previous message; wait for it or press Esc to stop it.", "warning")
            return
        visitor.failed_text = text
        self._cancel = cancel = asyncio.Event()
        extraction = asyncio.create_task(self.fact_source.extract(text, visitor.last_reply))
        committing = False
        try:
            reply: ReplyDone | None = None
            async for event in self._reply(visitor, text, extraction, cancel):
                yield event
                if isinstance(event, ReplyDone):
                    reply = event
            if reply is None:
                return
            # The commit belongs to the session, not to whoever reads these events: it completes even if
            # the reader stops listening (another visitor, the app closing), and `aclose` waits for it.
            commit = asyncio.create_task(self._commit(visitor, text, reply.text, extraction))
            committing = True
            self._commits.add(commit)
            commit.add_done_callback(self._commits.discard)
            for event in await asyncio.shield(commit):
                yield event
        finally:
            if self._cancel is cancel:
                self._cancel = None
            if not committing and not extraction.done():
                extraction.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await extraction
        # Asked once the turn is over (not busy any more), so a front end may wait for the answer.
        question = self._consent_question(visitor)
        if question is not None:
            yield question

    async def _reply(
        self, visitor: Visitor, text: str, extraction: asyncio.Task[ExtractionResult], cancel: asyncio.Event
    ) -> AsyncIterator[Event]:
        store = prompt_store = visitor.store
        pending: Sequence[ExtractedFact] = ()
        # The built-in responder reads this turn's facts (its extraction is instant). With
        # `facts_before_reply` an LLM reply waits for them too and its memory block already holds them;
        # by default the reply starts at once and this message's facts reach the next prompt.
        if self.chat.wants_pending or self.settings.facts_before_reply:
            pending = (await _settle(extraction))[0].facts
            if self.settings.facts_before_reply and pending:
                prompt_store = store.preview((f.concept, f.value, f.polarity, f.evidence) for f in pending)
        agent = self.concierge.route(text, prompt_store)
        system = self.concierge.system_prompt(agent, prompt_store)
        turn = Turn(text, agent, prompt_store, pending, _messages(system, visitor.history, text, self.settings))
        parts: list[str] = []
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
        yield ReplyDone(reply, agent.name, agent.title)

    async def _commit(
        self, visitor: Visitor, text: str, reply: str, extraction: asyncio.Task[ExtractionResult]
    ) -> list[Event]:
        """Apply the turn's facts and its tick to `visitor`'s memory, together, and save."""
        result, error = await _settle(extraction)
        events: list[Event] = []
        if error:
            events.append(Notice(f"Nothing was remembered from that message: {error}", "warning"))
        source = self.fact_source.name
        async with visitor.lock:
            store = visitor.store
            applied: list[Change] = []
            for fact in result.facts:
                applied += store.upsert(fact.concept, fact.value, fact.polarity, fact.evidence, source=source)
            ticked = store.tick()
            visitor.history.append(Exchange(text, reply))
            visitor.failed_text = None
            rejected = tuple(r.reason for r in result.rejected)
            events.append(FactsApplied(fact_changes(store, applied), rejected, source))
            events += await visitor.save()
            events.append(MemoryTicked(fact_changes(store, ticked), snapshot(store)))
        return events

    # ---- the kiosk consent policy (`sensitive_consent`) ----------------------------------------------

    def _consent_question(self, visitor: Visitor) -> CommandResult | None:
        """With the kiosk policy on: ask once per visitor, when a sensitive fact is first left out of the
        saved file. The event plays the part of a "consent needed" event: a front end asks it as a yes/no
        question and runs `confirm` on yes, `decline` on anything else (or calls `set_sensitive_consent`)."""
        from .commands import consent_question

        memory_file = visitor.memory_file
        if visitor is not self.visitor or not self.settings.sensitive_consent:
            return None
        if visitor.consent_asked or memory_file.keep_sensitive is not None:
            return None
        if not memory_file.withheld(visitor.store):
            return None
        visitor.consent_asked = True
        # The answer covers every sensitive need in the kept tiers (a "no" also takes the ones saved on
        # an earlier visit out of the file), so the question names them all.
        concepts = visitor.store.ontology.concepts
        labels = sorted({concepts[f.concept].short_label.lower() for f in memory_file.sensitive(visitor.store)})
        return CommandResult(
            "consent", consent_question(labels), kind="consent", confirm="/consent yes", decline="/consent no"
        )

    async def save(self) -> list[Notice]:
        """Write the current visitor's kept tiers."""
        async with self.visitor.lock:
            return await self.visitor.save()

    async def aclose(self) -> list[Notice]:
        """Let committing turns finish, save and release the engines. Safe to call twice."""
        self.cancel()
        if self._commits:
            await asyncio.gather(*self._commits, return_exceptions=True)
        notices = await self.save()
        await self.chat.aclose()
        return notices


def _clean(text: str) -> tuple[str, Notice | None]:
    clean = strip_controls(text, keep_newlines=True).strip()
    if len(clean) > MAX_INPUT_CHARS:
        notice = Notice(
            f"Your message was {len(clean):,} characters long; only the first {MAX_INPUT_CHARS:,} were read.",
            "warning",
        )
        return clean[:MAX_INPUT_CHARS], notice
    return clean, None


def _messages(system: str, history: list[Exchange], text: str, settings: Settings) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": system}]
    window = settings.history_window
    for exchange in history[-(window // 2) :] if window > 1 else []:
        messages.append({"role": "user", "content": exchange.user})
        messages.append({"role": "assistant", "content": exchange.assistant})
    messages.append({"role": "user", "content": text})
    return messages


async def _settle(extraction: asyncio.Task[ExtractionResult]) -> tuple[ExtractionResult, str]:
    """The extractor's result, or an empty one with the reason: a turn never fails because of it."""
    from museum_tui.llm import LLMError

    try:
        return await extraction, ""
    except asyncio.CancelledError:
        raise
    except (LLMError, EngineError) as exc:
        log.info("extraction failed: %s", exc)
        return ExtractionResult(), str(exc)
    except Exception as exc:  # an extractor bug must not lose the visitor's reply
        log.exception("extractor raised")
        return ExtractionResult(), f"the extractor failed ({type(exc).__name__})"
