"""`museum-tui chat --plain`: a line-oriented chat on stdin/stdout that works piped, for people using a
screen reader or a plain terminal, and for scripts. By default it writes clean text (Markdown rendered:
no `**`, backticks or `#`), each answer starts with `concierge:` and ends with a blank line, and notices
and errors start with a word (`note:`, `warning:`, `error:`). `--markdown` writes the Markdown as is, for
scripts. Replies are written a paragraph at a time; memory is saved on exit."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator

from museum_tui.conversation import Session, SessionError, open_session
from museum_tui.conversation.events import (
    CommandResult,
    Confirm,
    ConsentQuestion,
    Event,
    FactsApplied,
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
from museum_tui.safetext import plural, strip_controls

from .common import CliError, add_common, settings_from
from .plaintext import to_plain

QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
WAIT_NOTE_AFTER = 2.0  # seconds
WAIT_NOTES = {
    "thinking": "(thinking… Ctrl-C to stop)",
    "remembering": "(updating memory… Ctrl-C to stop)",
}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("chat", help="chat without the full-screen UI (line by line, works piped)")
    add_common(parser, engine=True)
    parser.add_argument("--plain", action="store_true", help="line by line on stdin/stdout (the only layout)")
    parser.add_argument(
        "--markdown", action="store_true", help="write replies and command output as Markdown (for scripts)"
    )
    parser.set_defaults(handler=chat_cmd)


def chat_cmd(args: argparse.Namespace) -> int:
    try:
        session = open_session(settings_from(args))
    except SessionError as exc:
        raise CliError(str(exc)) from None
    return asyncio.run(PlainChat(session, markdown=args.markdown).run())


LEVEL_WORDS = {"info": "note", "warning": "warning", "error": "error"}
CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"  # home, erase the screen, erase the saved lines
PLAIN_KEYS = "\n\nKeys: Ctrl-C stops a reply being written; Ctrl-D (end of input) or `/quit` saves and leaves."


CUT_NOTE = "the reply above was cut at the length limit (reply_max_tokens); what you said was remembered."


class PlainChat:
    """The chat loop. `markdown=False` (the default) is for people: see the module's docstring."""

    def __init__(self, session: Session, *, markdown: bool = False) -> None:
        self.session = session
        self.markdown = markdown
        with contextlib.suppress(AttributeError, ValueError, OSError):
            sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 become U+FFFD, not a crash
        self.interactive = sys.stdin.isatty()
        self.out = sys.stdout
        self._reply: ReplyWriter | None = None
        self._waiting: asyncio.TimerHandle | None = None
        self.signalled = 0  # SIGTERM or SIGHUP received: leave as /quit does

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def line(self, text: str = "") -> None:
        self.write(strip_controls(text, keep_newlines=True) + "\n")

    def show(self, notice: Notice) -> None:
        """A notice; one written in Markdown (a greeting) is rendered like a command's output."""
        if notice.markdown:
            self.block(notice.text)
        else:
            self.notice(notice.text, notice.level)

    def notice(self, text: str, level: str = "info") -> None:
        if self.markdown:  # the words scripts already parse
            self.line(f"{'error' if level == 'error' else 'note'}: {text}")
        else:
            self.line(f"{LEVEL_WORDS.get(level, 'note')}: {text}")

    def block(self, markdown: str) -> None:
        """A command's output: as written, or as clean text followed by a blank line."""
        if self.markdown:
            self.line(markdown)
        else:
            self.line(to_plain(markdown))
            self.line()

    def waiting(self, stage: str | None) -> None:
        """One line when the model keeps us waiting over `WAIT_NOTE_AFTER` seconds (on stderr when piped, so
        scripts reading the replies never see it); `None` ends the wait."""
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
        if stage is None:
            return
        text = WAIT_NOTES.get(stage, "(working… Ctrl-C to stop)")

        def say() -> None:
            self._waiting = None
            if self.interactive:
                self.line(text)
            else:
                print(text, file=sys.stderr, flush=True)

        self._waiting = asyncio.get_running_loop().call_later(WAIT_NOTE_AFTER, say)

    def interrupt(self) -> None:
        """Ctrl-C stops whatever the turn is waiting on; at the prompt it says how to leave."""
        if self.session.busy:
            self.session.cancel()
        else:
            self.line("\n(Ctrl-D or /quit to leave)")

    async def read(self, prompt: str) -> str | None:
        if self.interactive:
            self.write(prompt)
        text = await asyncio.to_thread(sys.stdin.readline)
        return text.rstrip("\n") if text else None

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        main = asyncio.current_task()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signal.SIGINT, self.interrupt)
            for signum in QUIT_SIGNALS:
                loop.add_signal_handler(signum, self._quit_signal, signum, main)
        session = self.session
        try:
            self.line(f"museum-tui · visitor: {session.user} · {session.engine_description}")
            for notice in session.start_notices:
                self.show(notice)
            if self.interactive:
                self.line("Type a message, /help for commands, Ctrl-C to stop a reply, Ctrl-D to leave.")
            while True:
                text = await self.read("you> ")
                if text is None:
                    break
                if not text.strip():
                    continue
                if await self.turn(text) is False:
                    break
        except asyncio.CancelledError:
            if not self.signalled:
                raise
        finally:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                for signum in (signal.SIGINT, *QUIT_SIGNALS):
                    loop.remove_signal_handler(signum)
            for notice in await session.aclose():
                self.show(notice)
            self.clear_for_the_next_visitor()
        if self.signalled:  # leave now: the thread reading stdin would hold a normal exit until a line came
            self.out.flush()
            sys.stderr.flush()
            os._exit(128 + self.signalled)
        return 0

    def _quit_signal(self, signum: int, main: asyncio.Task[int] | None) -> None:
        """SIGTERM / SIGHUP: stop what is running and leave as /quit does (saved), exiting 128 + signal."""
        self.signalled = signum
        if main is not None:
            main.cancel()

    def clear_for_the_next_visitor(self) -> None:
        """On a kiosk terminal, leave nothing of this conversation for the next person to scroll back to."""
        if self.session.settings.kiosk and self.out.isatty():
            self.write(CLEAR_SCREEN_AND_SCROLLBACK)

    async def read_secret(self, prompt: str) -> str | None:
        """A kiosk PIN or pass phrase: not echoed at a terminal; a line of input when piped."""
        if not self.interactive:
            return await self.read(prompt)
        import getpass

        try:
            return await asyncio.to_thread(getpass.getpass, prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    async def confirm(self, question: Confirm) -> str | None:
        """A yes/no question, on the next line of input; end of input is not agreeing. The command the
        answer leads to (`Confirm.follow_up`), if any."""
        consent = isinstance(question, ConsentQuestion)
        answer = await self.read("Keep it for your next visit? [y/N] " if consent else "Type yes to confirm: ")
        command = question.follow_up(answer is not None and answer.strip().lower() in ("y", "yes"))
        if command is None:
            self.line("Nothing was changed.")
        return command

    def _prefix(self, *, streaming: bool) -> str:
        if self.markdown:  # as before: a prompt-like mark only on a terminal
            return "concierge> " if self.interactive and streaming else ""
        return "concierge: "

    def _end_reply(self) -> None:
        if self._reply is not None:
            self._reply.close()
            self._reply = None

    async def turn(self, text: str) -> bool:
        """Run one line; False when the visitor asked to quit."""
        try:
            return await self.render(self.session.handle(text))
        finally:
            self.waiting(None)

    async def render(self, events: AsyncIterator[Event]) -> bool:
        """Show a line's events, asking what they ask; False when the visitor asked to quit."""
        follow_up: str | None = None  # the command an answer leads to, run once this line's events are done
        secret_asked = False
        async for event in events:
            self.waiting(event.stage if isinstance(event, Working) else None)
            if isinstance(event, ReplyChunk):
                if self._reply is None:
                    self._reply = ReplyWriter(self, prefix=self._prefix(streaming=True))
                self._reply.add(event.text)
            elif isinstance(event, ReplyDone):
                if self._reply is None:
                    self._reply = ReplyWriter(self, prefix=self._prefix(streaming=False))
                    self._reply.add(event.text)
                self._end_reply()
                if event.cut:
                    self.notice(CUT_NOTE)
            elif isinstance(event, TurnCancelled):
                if self.markdown:
                    self._reply = None
                    self.line("\n[stopped: nothing from this message was remembered]")
                else:
                    self._end_reply()
                    self.notice("stopped; nothing from this message was remembered.")
            elif isinstance(event, TurnFailed):
                self._end_reply()
                retry = " Say /retry to try again." if event.retryable else ""
                self.notice(f"{event.reason}{retry}", "error")
            elif isinstance(event, Notice):
                self.show(event)
            elif isinstance(event, CommandResult):
                self.block(event.text + (PLAIN_KEYS if event.kind == "help" else ""))
            elif isinstance(event, Question):
                self.block(event.text)
                if isinstance(event, SecretQuestion):
                    secret_asked = True  # asked once this line's events are done
                elif isinstance(event, Confirm):
                    follow_up = await self.confirm(event)
            elif isinstance(event, FactsApplied | MemoryTicked):
                pass  # line by line, memory is shown when asked for (`/memory`), not after every turn
            elif isinstance(event, UserSwitched):
                self.clear_for_the_next_visitor()  # as the app does: nothing of the previous visitor stays
                count = len(event.snapshot.facts)
                self.line(f"Now talking as {event.user}; {plural(count, 'fact')} remembered.")
            elif isinstance(event, QuitRequested):
                return False
        self._end_reply()
        if secret_asked:
            answer = await self.read_secret("PIN or pass phrase: ")
            return await self.render(_each(await self.session.submit_secret(answer)))
        if follow_up is not None:
            return await self.turn(follow_up)
        return True


async def _each(events: list[Event]) -> AsyncIterator[Event]:
    for event in events:
        yield event


class ReplyWriter:
    """One streamed reply. As Markdown it is written as it arrives; as clean text it is written a block
    (paragraph, list) at a time, since Markdown can only be rendered whole, and ends with a blank line."""

    def __init__(self, chat: PlainChat, prefix: str) -> None:
        self.chat = chat
        self.prefix = prefix
        self.pending = ""
        self.started = False

    def add(self, text: str) -> None:
        text = strip_controls(text, keep_newlines=True)  # the built-in reply quotes memory
        if self.chat.markdown:
            self._start()
            self.chat.write(text)
            return
        self.pending += text
        cut = self.pending.rfind("\n\n")
        if cut > 0 and self.pending[:cut].count("```") % 2 == 0:  # never split a code block
            ready, self.pending = self.pending[:cut], self.pending[cut + 2 :]
            self._emit(ready)

    def _start(self) -> None:
        if not self.started:
            self.chat.write(self.prefix)
            self.started = True

    def _emit(self, markdown: str) -> None:
        plain = to_plain(markdown)
        if plain:
            self._start()
            self.chat.line(plain)

    def close(self) -> None:
        if self.chat.markdown:
            self.chat.line()
            return
        self._emit(self.pending)
        self.pending = ""
        if self.started:
            self.chat.line()
