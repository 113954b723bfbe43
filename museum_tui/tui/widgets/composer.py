"""Where the visitor types: slash-command completion, and ↑/↓ through what was sent before."""

from __future__ import annotations

from textual.binding import Binding
from textual.suggester import SuggestFromList
from textual.widgets import Input

from museum_tui.safetext import strip_controls

MAX_HISTORY = 100


class Composer(Input):
    DEFAULT_CSS = """
    Composer { margin: 0 1; }
    """
    BINDINGS = [
        Binding("up", "previous", "Previous", show=False),
        Binding("down", "next", "Next", show=False),
    ]

    def __init__(self, commands: list[str], **kwargs: object) -> None:
        super().__init__(placeholder="Ask the concierge…  (F1: keys and commands)", **kwargs)  # type: ignore[arg-type]
        self.offer(commands)
        self.sent: list[str] = []
        self._cursor: int | None = None

    def offer(self, commands: list[str]) -> None:
        """The slash commands completed as they are typed (given once the session is open)."""
        self.suggester = SuggestFromList(commands, case_sensitive=False)

    def replace(self, text: str, start: int, end: int) -> None:
        """Every insertion (typing, paste, clipboard) goes through here: escapes and control characters
        in pasted text never reach the input line, where they would be drawn raw."""
        super().replace(strip_controls(text), start, end)

    def remember(self, text: str) -> None:
        if text and (not self.sent or self.sent[-1] != text):
            self.sent = [*self.sent, text][-MAX_HISTORY:]
        self._cursor = None

    def forget_sent(self) -> None:
        """Another visitor now: ↑ must not bring back what the previous one typed."""
        self.sent, self._cursor = [], None
        self.value = ""

    def action_previous(self) -> None:
        if not self.sent:
            return
        self._cursor = len(self.sent) - 1 if self._cursor is None else max(0, self._cursor - 1)
        self.value = self.sent[self._cursor]
        self.cursor_position = len(self.value)

    def action_next(self) -> None:
        if self._cursor is None:
            return
        self._cursor += 1
        if self._cursor >= len(self.sent):
            self._cursor = None
            self.value = ""
        else:
            self.value = self.sent[self._cursor]
        self.cursor_position = len(self.value)
