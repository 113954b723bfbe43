"""The Textual app: a chat pane beside the live memory panel. It renders Session events, nothing more."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from importlib import import_module

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Footer, Header
from textual.worker import Worker, WorkerState

from museum_tui.conversation import Session
from museum_tui.conversation.commands import completions, is_command
from museum_tui.conversation.events import (
    CommandResult,
    Confirm,
    ConsentQuestion,
    Event,
    FactChange,
    FactsApplied,
    MemoryLoaded,
    MemoryTicked,
    Notice,
    Question,
    QuitRequested,
    ReplyChunk,
    ReplyDone,
    SecretQuestion,
    TurnCancelled,
    TurnFailed,
    UserSwitched,
    Working,
)
from museum_tui.safetext import md

from .palette import MuseumCommands
from .themes import THEMES
from .widgets.chat import AssistantMessage, ChatLog, SystemMessage, VisitorMessage, WelcomeMessage
from .widgets.composer import Composer
from .widgets.fact_list import FactList
from .widgets.memory_panel import MemoryPanel, learned_summary
from .widgets.working import WorkingIndicator

QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class MuseumApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "museum-tui"
    COMMANDS = App.COMMANDS | {MuseumCommands}
    AUTO_FOCUS = "Composer"  # focused as the screen is composed: one focus change, one footer update
    # Under 100 columns the memory panel stacks under the chat (see app.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    # Short words, so the footer fits 80 columns with the fact list's keys too; F1 explains them all.
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "toggle_memory", "Panel"),
        Binding("f3", "show_memory", "Memory"),
        Binding("escape", "stop", "Stop reply"),  # shown only while a reply is being written
        Binding("ctrl+l", "clear", "Clear", show=False),  # in F1's list; the footer keeps to what fits 80
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self, session: Session, *, venue_name: str = "", on_first_frame: Callable[[], None] | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self._on_first_frame = on_first_frame
        self.venue_name = venue_name or "the museum"
        self._reply: AssistantMessage | None = None
        self._learned: tuple[FactChange, ...] = ()
        self._closed = False
        self._queued = 0  # messages waiting for the memory to load
        self._loaded = asyncio.Event()  # set once what a turn needs has loaded (see `_prepare`)

    # ---- layout --------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◆")
        with Horizontal(id="main"):
            with Vertical(id="chat-pane"):
                with ChatLog(id="chat"):
                    yield from self._welcome()
                yield WorkingIndicator(id="working")
                yield Composer(completions(""), id="composer")
            ready = self.session.memory_ready  # else the panel says it is loading until MemoryLoaded
            yield MemoryPanel(
                snapshot=self.session.snapshot() if ready else None,
                loading="" if ready else "your memory",
                id="memory",
                classes="-folded",
            )
        yield Footer()

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        if self.session.settings.theme in self.available_themes:
            self.theme = self.session.settings.theme
        self._update_titles()
        self.call_after_refresh(self._first_frame)
        loop = asyncio.get_running_loop()
        for signum in QUIT_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self._signalled, signum)

    def _signalled(self, signum: int) -> None:
        """SIGTERM / SIGHUP (a kiosk restarted, a terminal closed): leave as Ctrl+Q does, saving and giving
        the terminal back (no alternate screen, no mouse reporting), but with 128 + the signal's number."""
        self.call_later(self.action_quit, 128 + signum)  # in the app's own loop, as a key binding runs

    def _first_frame(self) -> None:
        if self._on_first_frame is not None:
            self._on_first_frame()
        self.set_timer(0.1, self._prepare)  # a moment later: the loads' threads must not delay writing it out

    @work(group="prepare", exit_on_error=False)
    async def _prepare(self) -> None:
        """Once the first screen is up, load in threads what it was drawn without (`Session.preparing`:
        the visitor's memory, the venue's index, the HTTP stack, …) and show the memory once it is read;
        the visitor can type meanwhile, and a message sent waits (`_run`). Then warm up what the first
        message will use: the Markdown widget (and its parser) and the session's extractor."""
        try:
            for event in await self.session.preparing.wait():
                await self._show(event)
        finally:
            self._loaded.set()
        await asyncio.to_thread(import_module, "textual.widgets._markdown")
        await self.session.warm_up()

    async def wait_until_ready(self) -> None:
        """Until the memory (and whatever else a turn needs) is loaded and shown: for tests and tools."""
        await self._loaded.wait()

    def _welcome(self) -> ComposeResult:
        yield WelcomeMessage(self.venue_name)
        for notice in self.session.start_notices:
            yield SystemMessage(notice.as_markdown, notice.level)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header: the venue, then who is talking and to what engine."""
        return Content(f"{title}  ·  {sub_title}" if sub_title else title)  # one run of text, one style

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return self.session.busy  # Esc is offered (and shown) only while a reply is being written
        return True

    def _update_titles(self) -> None:
        self.title = self.venue_name
        self.sub_title = f"visitor: {self.session.user} · {self.session.engine_description}"

    # ---- sending -------------------------------------------------------------------------------------

    @on(Composer.Submitted, "#composer")  # only the composer's: a dialog's input (a PIN) is never a message
    def _submitted(self, event: Composer.Submitted) -> None:
        composer = self.query_one(Composer)
        text = event.value
        composer.value = ""
        if not text.strip():
            return
        if self.session.busy and not is_command(text):
            composer.value = text  # keep what was typed: nothing is lost while a reply is still coming
            self.notify("Still answering — wait a moment, or press Esc to stop the reply.", markup=False)
            return
        if self._queued and not is_command(text):
            composer.value = text  # one message waits for the memory at a time; this one stays typed
            self.notify("Your memory is still loading; your last message goes as soon as it is ready.", markup=False)
            return
        composer.remember(text)
        self.send(text)

    def send(self, text: str) -> None:
        self.run_worker(self._run(text), group="turn", exit_on_error=False)

    def palette_chose(self, text: str, run: bool) -> None:
        if run:
            self.send(text)
            return
        composer = self.query_one(Composer)
        composer.value = text
        composer.cursor_position = len(text)
        composer.focus()

    async def _run(self, text: str) -> None:
        chat = self.query_one(ChatLog)
        if not is_command(text):
            await chat.add(VisitorMessage(text))
        self._reply = None
        if not self._loaded.is_set():  # sent while the memory loads: it waits for it, visibly
            working = self.query_one(WorkingIndicator)
            what = [load.label for load in self.session.preparing.pending()] or ["your memory"]
            working.start("loading", f"Loading {' and '.join(what)}…")
            self._queued += 1
            try:
                await self._loaded.wait()
            finally:
                self._queued -= 1
                working.stop()
        try:
            async for event in self.session.handle(text):
                await self._show(event)
        finally:
            self.query_one(WorkingIndicator).stop()
            self.refresh_bindings()  # Esc: no reply to stop any more

    @on(Worker.StateChanged)
    async def _worker_failed(self, event: Worker.StateChanged) -> None:
        """A bug must not cost the visitor the app: say so in one line, never with a traceback."""
        if event.state == WorkerState.ERROR and event.worker.group == "turn":
            error = event.worker.error
            await self.query_one(ChatLog).add(
                SystemMessage(
                    f"Something went wrong ({md(type(error).__name__)}); nothing from that message "
                    "was remembered. Say `/retry` to try again.",
                    "error",
                )
            )

    async def _show(self, event: Event) -> None:
        """Every event, rendered here and only here."""
        chat = self.query_one(ChatLog)
        panel = self.query_one(MemoryPanel)
        working = self.query_one(WorkingIndicator)
        if isinstance(event, Working):
            working.start(event.stage)
            return
        working.stop()  # any other event ends the wait
        if isinstance(event, ReplyChunk):
            if self._reply is None:
                self._reply = AssistantMessage()
                await chat.add(self._reply)
                self.refresh_bindings()  # Esc: a reply to stop
            await self._reply.append(event.text)
        elif isinstance(event, ReplyDone):
            if self._reply is None:
                self._reply = AssistantMessage()
                await chat.add(self._reply)
            cut = " · cut at the length limit" if event.cut else ""
            await self._reply.finish(f"— {event.agent_title}{cut}")
        elif isinstance(event, TurnCancelled):
            if self._reply is not None:
                await self._reply.finish("— stopped; nothing from this message was remembered", state="cancelled")
            else:
                await chat.add(SystemMessage("Stopped. Nothing from this message was remembered.", "warning"))
        elif isinstance(event, TurnFailed):
            if self._reply is not None:
                note = "— cut short" if event.kind == "cut_short" else "— interrupted"
                await self._reply.finish(note, state="failed")
            retry = " Say `/retry` to try again." if event.retryable else ""
            await chat.add(
                SystemMessage(
                    f"**I couldn't answer.** {md(event.reason, 400)}{retry}\n\n"
                    "Nothing from this message was remembered.",
                    "error",
                )
            )
        elif isinstance(event, FactsApplied):
            self._learned = event.changes
            if event.learned:
                self.clear_notifications()  # one "memory updated" at a time, never a pile over the panel
                self.notify(learned_summary(event.changes), title="Memory updated", timeout=3, markup=False)
        elif isinstance(event, MemoryTicked):
            await panel.show_soon(event.snapshot, self._learned + event.changes, animate=True)
            self._learned = ()
        elif isinstance(event, Notice):
            await chat.add(SystemMessage(event.as_markdown, event.level))
        elif isinstance(event, CommandResult):
            await self._show_command(event)
        elif isinstance(event, Question):
            self._ask(event)
        elif isinstance(event, UserSwitched):  # nothing of the previous visitor stays on screen
            await chat.clear()
            self.clear_notifications()
            self.query_one(Composer).forget_sent()
            panel.clear()
            panel.show(event.snapshot, animate=False)
            self._update_titles()
            await chat.add(SystemMessage(f"Hello **{md(event.user)}**. This is your memory now."))
        elif isinstance(event, MemoryLoaded):
            await panel.show_soon(event.snapshot, animate=False)
        elif isinstance(event, QuitRequested):
            await self.action_quit()

    async def _show_command(self, result: CommandResult) -> None:
        # The dialogs are imported when first shown: the first screen has none of them.
        from .help import help_markdown
        from .memory_screen import MemoryScreen
        from .screens import help_screen, memory_screen

        chat = self.query_one(ChatLog)
        if result.kind == "memory":
            self.push_screen(MemoryScreen(result.sections) if result.sections else memory_screen(result.text))
        elif result.kind == "help":
            self.push_screen(help_screen(help_markdown(result.text)))
        elif result.kind == "clear":
            await chat.clear()
            await chat.add(SystemMessage(result.text))
        else:
            await chat.add(SystemMessage(result.text, "info" if result.ok else "warning"))
        if result.snapshot is not None:
            self.query_one(MemoryPanel).show(result.snapshot, animate=False)

    def _ask(self, question: Question) -> None:
        """Every question, in a modal screen. A secret goes to the session, never the chat; a yes/no runs
        the command `Confirm.follow_up` names ("No" and Escape are not agreeing)."""
        from .screens import SecretScreen, confirm_screen, consent_screen

        if isinstance(question, SecretQuestion):
            self.push_screen(
                SecretScreen(question.text),
                lambda secret: self.run_worker(self._submit_secret(secret), group="turn", exit_on_error=False),
            )
        elif isinstance(question, Confirm):

            def answered(choice: str | None) -> None:
                command = question.follow_up(choice == "yes")
                if command:
                    self.send(command)

            is_consent = isinstance(question, ConsentQuestion)
            self.push_screen(consent_screen(question.text) if is_consent else confirm_screen(question.text), answered)

    async def _submit_secret(self, secret: str | None) -> None:
        for event in await self.session.submit_secret(secret):
            await self._show(event)

    # ---- the memory panel ----------------------------------------------------------------------------

    @on(FactList.Selected)
    async def _fact_selected(self, event: FactList.Selected) -> None:
        from .screens import fact_screen

        fact_id = event.fact_id
        async for item in self.session.handle(f"/why {fact_id}"):
            if isinstance(item, CommandResult) and item.ok:
                self.push_screen(
                    fact_screen(item.text),
                    lambda choice: choice == "forget" and self.send(f"/forget {fact_id}"),
                )

    @on(FactList.ForgetRequested)
    def _fact_forget(self, event: FactList.ForgetRequested) -> None:
        self.send(f"/forget {event.fact_id}")

    # ---- actions -------------------------------------------------------------------------------------

    def action_stop(self) -> None:
        self.session.cancel()

    def action_help(self) -> None:
        self.send("/help")

    def action_show_memory(self) -> None:
        self.send("/memory")

    def action_clear(self) -> None:
        self.send("/clear")

    def action_toggle_memory(self) -> None:
        """Show or hide the panel; on a narrow screen, open it or fold it to its one summary line."""
        panel = self.query_one(MemoryPanel)
        if self.screen.has_class("-narrow"):
            panel.display = True
            panel.fold(not panel.folded)
        else:
            panel.display = not panel.display
        hidden = not panel.display or panel.folded
        if hidden and self.focused is not None and panel in self.focused.ancestors_with_self:
            self.query_one(Composer).focus()

    async def action_quit(self, return_code: int = 0) -> None:
        await self.close_session()
        self.exit(return_code=return_code)

    async def close_session(self) -> None:
        if self._closed:
            return
        self._closed = True
        for notice in await self.session.aclose():
            self.notify(notice.text, severity="error" if notice.level == "error" else "warning", markup=False)
