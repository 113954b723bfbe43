"""`museum-tui chat --plain`: a line-oriented chat on stdin/stdout that works piped, for scripts and
screen readers. Replies stream as they arrive; errors are one clear line; memory is saved on exit."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys

from museum_tui.conversation import Session, SessionError, open_session
from museum_tui.conversation.events import (
    CommandResult,
    Notice,
    QuitRequested,
    ReplyChunk,
    ReplyDone,
    TurnCancelled,
    TurnFailed,
    UserSwitched,
    Working,
)
from museum_tui.safetext import strip_controls

from .common import CliError, add_common, settings_from

WAIT_NOTE_AFTER = 2.0  # seconds
WAIT_NOTES = {
    "thinking": "(thinking… Ctrl-C to stop)",
    "remembering": "(updating memory… Ctrl-C to stop)",
}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("chat", help="chat without the full-screen UI (line by line, works piped)")
    add_common(parser, engine=True)
    parser.add_argument("--plain", action="store_true", help="plain text on stdin/stdout (the only mode)")
    parser.set_defaults(handler=chat_cmd)


def chat_cmd(args: argparse.Namespace) -> int:
    try:
        session = open_session(settings_from(args))
    except SessionError as exc:
        raise CliError(str(exc)) from None
    return asyncio.run(PlainChat(session).run())


class PlainChat:
    def __init__(self, session: Session) -> None:
        self.session = session
        with contextlib.suppress(AttributeError, ValueError, OSError):
            sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 become U+FFFD, not a crash
        self.interactive = sys.stdin.isatty()
        self.out = sys.stdout
        self._waiting: asyncio.TimerHandle | None = None

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def line(self, text: str = "") -> None:
        self.write(strip_controls(text, keep_newlines=True) + "\n")

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
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signal.SIGINT, self.interrupt)
        session = self.session
        try:
            self.line(f"museum-tui · visitor: {session.user} · {session.chat.describe()}")
            for notice in session.start_notices:
                self.line(f"note: {notice.text}")
            if self.interactive:
                self.line("Type a message, /help for commands, Ctrl-D to leave.")
            while True:
                text = await self.read("you> ")
                if text is None:
                    break
                if not text.strip():
                    continue
                if await self.turn(text) is False:
                    break
        finally:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(signal.SIGINT)
            for notice in await session.aclose():
                self.line(f"note: {notice.text}")
        return 0

    async def turn(self, text: str) -> bool:
        """Run one line; False when the visitor asked to quit."""
        try:
            return await self._turn(text)
        finally:
            self.waiting(None)

    async def _turn(self, text: str) -> bool:
        replying = False
        follow_up: str | None = None
        async for event in self.session.handle(text):
            self.waiting(event.stage if isinstance(event, Working) else None)
            if isinstance(event, ReplyChunk):
                if not replying:
                    self.write("concierge> " if self.interactive else "")
                    replying = True
                self.write(strip_controls(event.text, keep_newlines=True))  # the built-in reply quotes memory
            elif isinstance(event, ReplyDone):
                self.line("" if replying else event.text)
                replying = False
            elif isinstance(event, TurnCancelled):
                self.line("\n[stopped: nothing from this message was remembered]")
                replying = False
            elif isinstance(event, TurnFailed):
                if replying:
                    self.line()
                    replying = False
                retry = " Say /retry to try again." if event.retryable else ""
                self.line(f"error: {event.reason}{retry}")
            elif isinstance(event, Notice):
                self.line(f"{'error' if event.level == 'error' else 'note'}: {event.text}")
            elif isinstance(event, CommandResult):
                self.line(event.text)
                if event.confirm:
                    consent = event.kind == "consent"
                    prompt = "Keep it for your next visit? [y/N] " if consent else "Type yes to confirm: "
                    answer = await self.read(prompt)  # end of input: not agreed
                    if answer is not None and answer.strip().lower() in ("y", "yes"):
                        follow_up = event.confirm
                    elif event.decline:
                        follow_up = event.decline
                    else:
                        self.line("Nothing was changed.")
            elif isinstance(event, UserSwitched):
                self.line(f"Now talking as {event.user}; {len(event.snapshot.facts)} fact(s) remembered.")
            elif isinstance(event, QuitRequested):
                return False
        if follow_up is not None:
            return await self.turn(follow_up)
        return True
