"""The Textual app: a chat pane beside the live memory panel. It renders Session events, nothing more."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Footer, Header
from textual.worker import Worker, WorkerState

from museum_tui.safetext import md

from .palette import MuseumCommands
from .rendering import ShowsEvents
from .themes import THEMES
from .widgets.chat import AssistantMessage, ChatLog, SystemMessage, VisitorMessage, WelcomeMessage
from .widgets.composer import Composer
from .widgets.fact_list import FactList
from .widgets.memory_panel import MemoryPanel
from .widgets.working import WorkingIndicator

if TYPE_CHECKING:  # the conversation's modules are imported after the first screen (see `_open`)
    from museum_tui.conversation import FirstScreen, Session
    from museum_tui.conversation.events import FactChange

SHUTDOWN_GRACE = 5.0  # seconds a signalled shutdown may take, once the memory is saved
QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class MuseumApp(ShowsEvents):
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
        self,
        session: Session | None = None,
        *,
        first: FirstScreen | None = None,
        venue_name: str = "",
        on_first_frame: Callable[[], None] | None = None,
    ) -> None:
        """An open `session`, or the `first` screen of one the app opens itself, in a thread after its
        first frame (as `museum-tui` starts it: the first screen needs none of the conversation)."""
        super().__init__()
        if (session is None) == (first is None):
            raise ValueError("give the app a session or the first screen of one, not both")
        self.session = session
        self._first = first
        self.startup_error: Exception | None = None  # why the session `first` stands for did not open
        self._on_first_frame = on_first_frame
        self.venue_name = venue_name or (first.venue_name if first else "") or "the museum"
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
                yield Composer(self._commands(), id="composer")
            ready = self.session is not None and self.session.memory_ready  # else: loading until MemoryLoaded
            yield MemoryPanel(
                snapshot=self.session.snapshot() if self.session is not None and ready else None,
                loading="" if ready else "your memory",
                id="memory",
                classes="-folded",
            )
        yield Footer()

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        settings = self._first.settings if self._first is not None else self.session_now.settings
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        self._update_titles()
        self.call_after_refresh(self._first_frame)
        loop = asyncio.get_running_loop()
        for signum in QUIT_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self._signalled, signum)

    def _signalled(self, signum: int) -> None:
        """SIGTERM / SIGHUP (a kiosk restarted, a terminal closed): leave as Ctrl+Q does, saving and giving
        the terminal back (no alternate screen, no mouse reporting), but with 128 + the signal's number."""
        self.call_later(self._leave_on_signal, 128 + signum)  # in the app's own loop, as a key binding runs

    async def _leave_on_signal(self, code: int) -> None:
        """Quit, saved; then make sure the process ends. With its terminal gone (a hang-up), Textual's shutdown
        can wait for ever on its output thread (found with leftover apps after the start-up benchmark: the
        main thread blocked in `WriterThread.stop`); once the memory is saved, nothing is lost by leaving."""
        await self.action_quit(code)
        watchdog = threading.Timer(SHUTDOWN_GRACE, os._exit, args=(code,))
        watchdog.daemon = True  # a shutdown that ends in time ends the process, watchdog and all
        watchdog.start()

    def _first_frame(self) -> None:
        if self._on_first_frame is not None:
            self._on_first_frame()
        self.set_timer(0.1, self._prepare)  # a moment later: the loads' threads must not delay writing it out

    @work(group="prepare", exit_on_error=False)
    async def _prepare(self) -> None:
        """Once the first screen is up, open the session if it is not open yet (`_open`), load in threads
        what it was drawn without (`Session.preparing`: the visitor's memory, the venue's index, the HTTP
        stack, …) and show the memory once it is read; the visitor can type meanwhile, and a message sent
        waits (`_run`). Then warm up what the first message will use: the Markdown widget (and its parser)
        and the session's extractor."""
        try:
            session = self.session if self.session is not None else await self._open()
            if session is None:
                return
            for event in await session.preparing.wait():
                await self._show(event)
        finally:
            self._loaded.set()
        await asyncio.to_thread(import_module, "textual.widgets._markdown")
        await session.warm_up()

    async def _open(self) -> Session | None:
        """Open the session the first screen stands for, in a thread (its modules, ontology, venue, engine
        and store), then show what the first screen was drawn without: the start notices, the command
        completions, the venue's name as the venue file has it, an already open memory (a kiosk's). If it
        cannot open, the app ends with `startup_error` set (`museum-tui` reports it, as before the app)."""
        from museum_tui.conversation.startup import SWITCH_INTERVAL, in_thread

        assert self._first is not None
        interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)  # keys typed meanwhile wait for no import
        try:
            session = await in_thread(self.open_session, "open-session")
        except Exception as exc:  # a SessionError says what to fix; anything else is reported the same way
            self.startup_error = exc
            self.exit(return_code=1)
            return None
        finally:
            sys.setswitchinterval(interval)
        self.session = session
        if session.venue_name != self.venue_name:
            self.venue_name = session.venue_name
            self.query_one(WelcomeMessage).update(WelcomeMessage.greeting(self.venue_name))
        chat = self.query_one(ChatLog)
        for notice in session.start_notices:
            await chat.add(SystemMessage(notice.as_markdown, notice.level))
        self.query_one(Composer).offer(self._commands())
        if session.memory_ready:
            self.query_one(MemoryPanel).show(session.snapshot(), animate=False)
        self._update_titles()
        return session

    def open_session(self) -> Session:
        """The session the first screen stands for, opened as `museum-tui` opens it: the visitor's memory
        and the rest load once it starts `preparing`. Slow (it imports the conversation): in a thread."""
        from museum_tui.conversation import open_session

        assert self._first is not None
        return open_session(self._first.settings, defer=True)

    @property
    def session_now(self) -> Session:
        """The session, which is open once the first screen's `_open` has run (or from the start)."""
        if self.session is None:
            raise RuntimeError("the session is not open yet (await wait_until_ready)")
        return self.session

    def _commands(self) -> list[str]:
        """The slash commands the composer completes: none until the session (and its commands) is open."""
        if self.session is None:
            return []
        from museum_tui.conversation.commands import completions

        return completions("")

    async def wait_until_ready(self) -> None:
        """Until the memory (and whatever else a turn needs) is loaded and shown: for tests and tools."""
        await self._loaded.wait()

    def _welcome(self) -> ComposeResult:
        yield WelcomeMessage(self.venue_name)
        for notice in self.session.start_notices if self.session is not None else ():
            yield SystemMessage(notice.as_markdown, notice.level)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header: the venue, then who is talking and to what engine."""
        return Content(f"{title}  ·  {sub_title}" if sub_title else title)  # one run of text, one style

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":  # Esc is offered (and shown) only while a reply is being written
            return self.session is not None and self.session.busy
        return True

    def _update_titles(self) -> None:
        self.title = self.venue_name
        if self.session is not None:
            self.sub_title = f"visitor: {self.session.user} · {self.session.engine_description}"
        elif self._first is not None:
            self.sub_title = f"visitor: {self._first.user} · {self._first.engine}"

    # ---- sending -------------------------------------------------------------------------------------

    @on(Composer.Submitted, "#composer")  # only the composer's: a dialog's input (a PIN) is never a message
    def _submitted(self, event: Composer.Submitted) -> None:
        from museum_tui.conversation.commands import is_command

        composer = self.query_one(Composer)
        text = event.value
        composer.value = ""
        if not text.strip():
            return
        if self.session is not None and self.session.busy and not is_command(text):
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
        from museum_tui.conversation.commands import is_command

        chat = self.query_one(ChatLog)
        if not is_command(text):
            await chat.add(VisitorMessage(text))
        self._reply = None
        if not self._loaded.is_set():  # sent while the memory loads: it waits for it, visibly
            working = self.query_one(WorkingIndicator)
            pending = self.session.preparing.pending() if self.session is not None else []
            what = [load.label for load in pending] or ["your memory"]
            working.start("loading", f"Loading {' and '.join(what)}…")
            self._queued += 1
            try:
                await self._loaded.wait()
            finally:
                self._queued -= 1
                working.stop()
        if self.session is None:  # it never opened: the app is ending with the reason
            return
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

    # ---- the memory panel ----------------------------------------------------------------------------

    @on(FactList.Selected)
    async def _fact_selected(self, event: FactList.Selected) -> None:
        from museum_tui.conversation.events import CommandResult

        from .screens import fact_screen

        fact_id = event.fact_id
        async for item in self.session_now.handle(f"/why {fact_id}"):
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
        if self.session is not None:
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
        if self._closed or self.session is None:  # not open yet: nothing was read, nothing to save
            return
        self._closed = True
        for notice in await self.session.aclose():
            self.notify(notice.text, severity="error" if notice.level == "error" else "warning", markup=False)
