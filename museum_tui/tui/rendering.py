"""How the app renders a session's events: the chat, the memory panel, the toasts, the dialogs.

Kept apart from the app's layout and keys (`app.py`); the conversation's event types are imported when the
first event is shown, not with the first screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

from museum_tui.safetext import md

from .widgets.chat import AssistantMessage, ChatLog, SystemMessage
from .widgets.composer import Composer
from .widgets.memory_panel import MemoryPanel, learned_summary
from .widgets.working import WorkingIndicator

if TYPE_CHECKING:
    from museum_tui.conversation import Session
    from museum_tui.conversation.events import CommandResult, Event, FactChange, Question


class ShowsEvents(App[None]):
    """The event rendering of `MuseumApp`, which provides the session, `send` and the titles."""

    _reply: AssistantMessage | None
    _learned: tuple[FactChange, ...]

    @property
    def session_now(self) -> Session:
        raise NotImplementedError

    def send(self, text: str) -> None:
        raise NotImplementedError

    def _update_titles(self) -> None:
        raise NotImplementedError

    async def _show(self, event: Event) -> None:
        """Every event, rendered here and only here."""
        from museum_tui.conversation.events import (
            CommandResult,
            FactsApplied,
            MemoryLoaded,
            MemoryTicked,
            Notice,
            Question,
            QuitRequested,
            ReplyChunk,
            ReplyDone,
            TurnCancelled,
            TurnFailed,
            UserSwitched,
            Working,
        )

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
        from museum_tui.conversation.events import Confirm, ConsentQuestion, SecretQuestion

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
        for event in await self.session_now.submit_secret(secret):
            await self._show(event)
