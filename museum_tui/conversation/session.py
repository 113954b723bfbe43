"""The Session orchestrates a conversation: which visitor is talking, the turn, the engines; `handle(text)`
yields events; UI-free.

Front ends and slash commands ask the Session for every change (a turn, `switch_user`, `forget`, `undo`,
consent, …); the Session takes the visitor's lock and asks the `Visitor` (visitor.py), the aggregate that
owns every per-visitor change, then saves and says what happened as events. Slash commands only parse and
format. The turn, as data: the reply streams while the extractor runs
beside it or after it (`scheduling`: the visitor's words are already in the chat prompt), then the turn's
facts and its tick are applied together and the kept tiers saved. The prompt is built to fit the model's
context window (`budget`). A failed or cancelled turn changes nothing; `/retry` runs it
again. A turn commits to the visitor it started with, even if another visitor has taken over meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from museum_tui import config
from museum_tui.config import Settings
from museum_tui.memory import Change, Fact, MemoryStore
from museum_tui.safetext import strip_controls
from museum_tui.storage.exports import Exported, ExportRefused, export_memory

from .budget import PromptTooLong, fit_prompt, reply_tail
from .concierge import Concierge
from .engine import ChatEngine, Turn
from .events import (
    CommandResult,
    Event,
    FactsApplied,
    MemoryOverview,
    MemorySnapshot,
    MemoryTicked,
    Notice,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    UserSwitched,
    Working,
)
from .kiosk import REFUSED, KioskGate
from .limits import Limits
from .reply import stream_reply
from .scheduling import STOPPED, Extraction, TurnControl, extraction_order
from .startup import Preparation
from .visitor import Departure, Visitor, distinct_name, load_visitor

if TYPE_CHECKING:
    from museum_tui.extraction import ExtractedFact, FactSource

log = logging.getLogger("museum_tui.conversation")

MAX_INPUT_CHARS = 4000
MODEL_FAILED = "The model could not read that message for facts ({error}); the built-in reading was kept."
STOPPED_MEMORY = "Stopped updating memory: the reply stays, but nothing from that message was remembered."
TOO_LONG = (
    "This message, with what I remember and the venue's details, does not fit the model's context window "
    "({window:,} tokens) even with the conversation so far left out. Shorten the message, or use a model "
    "with a larger context (and set context_window)."
)


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
    kiosk: KioskGate | None = None  # kiosk mode: memory opens only with the visitor's secret
    preparing: Preparation = field(default_factory=Preparation)  # what loads after the first screen
    memory_ready: bool = True  # False while the visitor's memory is loaded after the first screen
    # How a line is handled (slash commands or a turn): `commands.handle`, given by `open_session`, so this
    # module never imports the commands that drive it.
    route: Callable[[Session, str], AsyncIterator[Event]] | None = None
    _cancel: TurnControl | None = None
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

    def welcome_back(self) -> str | None:
        """A greeting for a returning visitor (when they were last here, what is remembered), or None."""
        return self.visitor.welcome_back(self.concierge.welcome(self.visitor.store))

    def departures(self, target: str) -> list[Departure]:
        """Facts `target` names that left this visitor's memory during this visit, and how."""
        return self.visitor.departures(target)

    def snapshot(self) -> MemorySnapshot:
        """The current visitor's memory as plain data, for a front end's first frame."""
        return self.visitor.snapshot()

    def overview(self) -> MemoryOverview:
        """What the memory screen shows: facts, this visit's timeline, past visits, health."""
        return self.visitor.overview()

    async def warm_up(self) -> None:
        """Prepare what the first turn needs but the first screen does not (the built-in extractor's
        compiled cues, the offline concierge's index and word vectors), off the event loop. Optional: the
        first turn does it otherwise."""
        await self.fact_source.warm_up()
        responder = getattr(self.chat, "responder", None)
        if responder is not None:
            await asyncio.to_thread(responder.warm_up)

    def cancel(self) -> None:
        """Stop whatever the turn is waiting on (Esc, Ctrl-C): a reply not yet complete is not committed;
        after a complete reply, the extraction is stopped and the turn commits without its facts."""
        if self._cancel is not None:
            self._cancel.stop_all()

    def _stop_reply(self) -> None:
        """Stop a reply being written (another visitor, closing); a turn already committing finishes."""
        if self._cancel is not None:
            self._cancel.reply.set()

    async def handle(self, text: str) -> AsyncIterator[Event]:
        """A line from the visitor: a slash command or a chat turn (see `route`), once its memory is read."""
        async for event in self.preparing.ready():  # the memory, if it is still being read
            yield event
        stream = self.route(self, text) if self.route is not None else self.run_turn(text)
        async for event in stream:
            yield event

    # ---- changes of state ------------------------------------------------------------------------------

    async def switch_user(self, name: str) -> list[Event]:
        """Save this visitor and load `name`'s memory. A reply still streaming is stopped (nothing from it is
        kept); a turn already committing finishes into its own visitor's memory, unseen by the next one.
        On a kiosk the memory opens only once `submit_secret` has the visitor's secret: this returns the
        question. Raises `UserNameError` for a name that is not a name, or looks like another visitor's."""
        name = distinct_name(self.visitor.storage, name, kiosk=self.kiosk is not None)
        if self.kiosk is not None:
            return self.kiosk.request(self.visitor.storage, name)
        return await self._open_visitor(name)

    async def submit_secret(self, secret: str | None) -> list[Event]:
        """A kiosk visitor's answer to the PIN question `switch_user` asked (None: they cancelled)."""
        if self.kiosk is None:
            return [CommandResult("user", "No PIN or pass phrase was asked for.", ok=False)]
        user, events = await self.kiosk.answer(self.visitor.storage, secret)
        return events if user is None else await self._open_visitor(user)

    async def _open_visitor(self, name: str) -> list[Event]:
        old = self.visitor
        # in a thread: another visitor's memory may be large, and the screen stays live meanwhile
        visitor, report = await asyncio.to_thread(load_visitor, self.settings, old.store.ontology, old.storage, name)
        self._stop_reply()
        self._cancel = None  # the new visitor may talk at once; the old turn no longer answers to them
        async with old.lock:
            notices = await old.save()
        self.visitor = visitor
        greeting = [Notice(text, markdown=True) for text in [self.welcome_back()] if text]
        warnings = [Notice(text, "warning") for text in report.notices]
        return [*notices, UserSwitched(visitor.user, visitor.snapshot()), *greeting, *warnings]

    async def forget(self, fact_ids: Sequence[str]) -> Outcome:
        """Forget these facts (live or faded) here and in the saved file; `/undo` brings them back."""
        visitor = self.visitor
        async with visitor.lock:
            removed = visitor.forget(fact_ids)
            notices = await visitor.save()
        return Outcome(tuple(removed), tuple(notices))

    async def undo(self) -> Outcome | None:
        """Bring back what was last forgotten; None if nothing was."""
        visitor = self.visitor
        async with visitor.lock:
            restored = visitor.undo()
            if restored is None:
                return None
            notices = await visitor.save()
        return Outcome(tuple(restored), tuple(notices))

    async def set_sensitive_consent(self, agreed: bool) -> list[Notice]:
        """Record the visitor's answer (saved in their file with its time) and save at once: after yes the
        sensitive needs are written, after no they are taken out of the file (still used this visit)."""
        visitor = self.visitor
        async with visitor.lock:
            visitor.answer_consent(agreed)
            return await visitor.save()

    def clear_history(self) -> None:
        """Start the conversation afresh; memory is unchanged."""
        self.visitor.clear_history()

    def set_model(self, model: str) -> tuple[bool, str]:
        if self.kiosk is not None:
            return False, REFUSED.format(what="changing the model")
        return self.chat.set_model(model)

    def export(self, target: str, *, overwrite: bool = False) -> Exported:
        """Write the visitor's memory as a document where the store keeps exports (see `storage.exports`);
        `ExportRefused` says why not; nothing is written for a kiosk's anonymous visitor."""
        if self.visitor.anonymous:
            raise ExportRefused("nothing is saved for an anonymous visitor, so nothing is written; `/memory` shows it")
        return export_memory(
            self.visitor.storage.places,
            self.visitor.store,
            self.user,
            target,
            app_dirs=[config.data_dir(), config.config_dir()],
            protected=[config.config_in_use(self.settings), config.config_path()],
            kiosk=self.settings.kiosk,
            overwrite=overwrite,
        )

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
        self._cancel = control = TurnControl()
        last_reply = reply_tail(visitor.last_reply)  # the extractor needs its question, not all of it
        extraction = Extraction(lambda: self.fact_source.extract(text, last_reply))
        committing = False
        recalled = visitor.recalled_for(text)
        try:
            if self.chat.name != "builtin":
                yield Working("thinking")
            limits = await self.chat.limits()
            order = extraction_order(self.settings, self.chat.wants_pending, limits)
            if order != "after_reply":
                extraction.start()
            reply: ReplyDone | None = None
            async for event in self._reply(visitor, text, extraction, order, limits, control, recalled):
                yield event
                if isinstance(event, ReplyDone):
                    reply = event
            if reply is None:
                return
            if extraction.pending:
                yield Working("remembering")
            # The commit belongs to the session, not to whoever reads these events: it completes even if
            # the reader stops listening (another visitor, the app closing), and `aclose` waits for it.
            commit = asyncio.create_task(self._commit(visitor, text, reply, extraction, control, recalled))
            committing = True
            self._commits.add(commit)
            commit.add_done_callback(self._commits.discard)
            for event in await asyncio.shield(commit):
                yield event
        finally:
            if self._cancel is control:
                self._cancel = None
            if not committing:
                await extraction.discard()
        # Asked once the turn is over (not busy any more), so a front end may wait for the answer.
        question = visitor.consent_question(self.settings.sensitive_consent) if visitor is self.visitor else None
        if question is not None:
            yield question

    async def _reply(
        self,
        visitor: Visitor,
        text: str,
        extraction: Extraction,
        order: str,
        limits: Limits | None,
        control: TurnControl,
        recalled: list[Fact],
    ) -> AsyncIterator[Event]:
        store = prompt_store = visitor.prompt_store(recalled)
        pending: Sequence[ExtractedFact] = ()
        # The built-in responder reads this turn's facts (its extraction is instant). With "before_reply"
        # an LLM reply waits for them too and its memory block already holds them; otherwise the reply
        # starts at once and this message's facts reach the next prompt.
        if order == "before_reply":
            pending = (await extraction.result(control.reply))[0].facts
            if control.reply.is_set():
                yield TurnCancelled("")
                return
            if pending and (self.settings.facts_before_reply or not self.chat.wants_pending):
                prompt_store = store.preview((f.concept, f.value, f.polarity, f.evidence, f.about) for f in pending)
        agent = self.concierge.route(text, prompt_store)
        values = " ".join(f.value for f in agent.memory(prompt_store))
        summary = f"\n\n{visitor.summary.text}" if visitor.summary.text else ""  # what left the history
        try:
            prompt = fit_prompt(
                lambda brief: self.concierge.system_prompt(agent, prompt_store, brief) + summary,
                self.concierge.venue_brief() if limits else "",
                visitor.history,
                text,
                history_window=self.settings.history_window,
                budget=limits.context_window - limits.reply_tokens if limits else None,
                query=f"{text} {' '.join(agent.cues)} {values}",
            )
        except PromptTooLong:
            window = limits.context_window if limits else 0
            yield TurnFailed(TOO_LONG.format(window=window), retryable=False, kind="context")
            return
        max_tokens = limits.reply_tokens if limits else None
        turn = Turn(text, agent, prompt_store, pending, prompt.messages, max_tokens)
        async for event in stream_reply(self.chat, turn, control.reply):
            yield event

    async def _commit(
        self,
        visitor: Visitor,
        text: str,
        reply: ReplyDone,
        extraction: Extraction,
        control: TurnControl,
        recalled: list[Fact],
    ) -> list[Event]:
        """Apply the turn's facts and its tick to `visitor`'s memory, together, and save."""
        result, error = await extraction.result(control.memory)
        events: list[Event] = []
        if error == STOPPED:
            events.append(Notice(STOPPED_MEMORY))
        elif error:
            events.append(Notice(f"Nothing was remembered from that message: {error}", "warning"))
        elif result.model_error:
            events.append(Notice(MODEL_FAILED.format(error=result.model_error), "warning"))
        window = self.settings.history_window // 2
        source = self.fact_source.name
        async with visitor.lock:
            turn = visitor.apply_turn(text, reply.text, reply.agent_title, result, source, recalled, window)
            events.append(FactsApplied(turn.learned, turn.rejected, source))
            events += [Notice(warning, "warning") for warning in turn.warnings]
            events += await visitor.save()
            events.append(MemoryTicked(turn.faded, visitor.snapshot()))
        return events

    async def save(self) -> list[Notice]:
        """Write the current visitor's kept tiers (none before their saved memory is read: it is read-only)."""
        async with self.visitor.lock:
            return await self.visitor.save()

    async def aclose(self) -> list[Notice]:
        """Let committing turns finish, save and release the engines. Safe to call twice."""
        self._stop_reply()
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
