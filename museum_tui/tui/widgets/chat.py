"""The chat pane: visitor and assistant messages, streamed Markdown replies, inline notices and errors.

Visitor text is always shown literally (never parsed as markup); assistant text is Markdown with links
shown but never opened (a kiosk must not launch a browser). Whatever is shown here has its terminal
escapes, control and invisible format characters removed first: no text may drive the terminal.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from museum_tui.safetext import strip_controls

if TYPE_CHECKING:  # Textual's Markdown (and markdown-it) load on the first reply, not for the first screen
    from markdown_it import MarkdownIt
    from markdown_it.rules_core import StateCore
    from textual.timer import Timer
    from textual.widgets import Markdown


REDRAW_INTERVAL = 1 / 20  # a streamed reply is redrawn at most this often: fast tokens are drawn in batches
SHOWN_CHARS = 4000  # of a visitor's message: as much as the session reads (a 1 MB paste stays cheap to draw)


def visitor_text(text: str) -> str:
    """A visitor's message as shown: controls removed, and at most `SHOWN_CHARS` characters."""
    clean = strip_controls(text[: SHOWN_CHARS * 2], keep_newlines=True).strip()
    if len(text) > SHOWN_CHARS * 2 or len(clean) > SHOWN_CHARS:
        clean = f"{clean[:SHOWN_CHARS].rstrip()}… ({len(text):,} characters; the rest is not shown)"
    return clean


@cache
def markdown_parser() -> MarkdownIt:
    """Textual's GFM-like parser without linkify: links are never opened here, and scanning every
    growing paragraph for bare URLs was the largest single cost of drawing a long streamed reply."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("gfm-like", {"linkify": False})
    parser.core.ruler.push("strip_decoded_controls", strip_decoded_controls)
    return parser


def strip_decoded_controls(state: StateCore) -> None:
    """The source was cleaned before parsing, but the parser decodes HTML entities afterwards
    (`&#x202E;`, `&ZeroWidthSpace;`): clean what they became, in the text and link titles shown."""
    for block in state.tokens:
        for token in block.children or ():
            if token.type in ("text", "code_inline"):
                token.content = strip_controls(token.content, keep_newlines=True)
            title = token.attrs.get("title")
            if isinstance(title, str):
                token.attrs["title"] = strip_controls(title)


def markdown(source: str = "") -> Markdown:
    from textual.widgets import Markdown

    return Markdown(source, open_links=False, parser_factory=markdown_parser)


class VisitorMessage(Static):
    DEFAULT_CSS = """
    VisitorMessage {
        background: $primary 18%; border-left: thick $primary; padding: 0 1; margin: 1 0 0 6;
        width: 1fr;
    }
    """

    def __init__(self, text: str) -> None:
        super().__init__(Content(visitor_text(text)), markup=False)


class AssistantMessage(Vertical):
    """A reply that grows as it streams; `finish` adds the answering agent's name quietly."""

    DEFAULT_CSS = """
    AssistantMessage { height: auto; margin: 1 6 0 0; padding: 0 1; border-left: thick $secondary; }
    AssistantMessage > Markdown { margin: 0; padding: 0; background: transparent; }
    AssistantMessage > .agent { color: $text-muted; text-style: italic; }
    AssistantMessage.-cancelled { border-left: thick $warning; }
    AssistantMessage.-failed { border-left: thick $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.markdown = markdown()
        self.agent_line = Static("", classes="agent", markup=False)
        self.text = ""  # everything received so far
        self._pending: list[str] = []  # received but not yet handed to the Markdown widget
        self._redraw: Timer | None = None
        self._drawing = False

    def compose(self) -> ComposeResult:
        yield self.markdown
        yield self.agent_line

    async def append(self, fragment: str) -> None:
        """Take a fragment of the reply. It is drawn with whatever else arrives within `REDRAW_INTERVAL`,
        so a fast stream costs a redraw per interval, not per token, and never holds up the reader."""
        fragment = strip_controls(fragment, keep_newlines=True)  # whoever wrote it, it must not drive the terminal
        if not fragment:
            return
        self.text += fragment
        self._pending.append(fragment)
        if self._redraw is None and not self._drawing:
            # the first words are drawn at once (time to first token is what a visitor feels); later
            # ones wait up to one interval for company
            if self.markdown.source:
                self._redraw = self.set_timer(REDRAW_INTERVAL, self._draw_pending)
            else:
                self._drawing = True  # a draw is on its way: later fragments join it or the next batch
                self.call_later(self._draw_first)

    async def _draw_first(self) -> None:
        self._drawing = False
        await self._draw_pending()

    async def _draw_pending(self) -> None:
        self._redraw = None
        self._drawing = True
        try:
            text = "".join(self._pending)
            self._pending.clear()
            await self.markdown.append(text)
        finally:
            self._drawing = False
        if self._pending:  # arrived while drawing: the next batch, one interval later
            self._redraw = self.set_timer(REDRAW_INTERVAL, self._draw_pending)

    async def finish(self, note: str, *, state: str = "") -> None:
        """The reply is complete (or stopped): draw what is left, then the quiet agent line."""
        if self._redraw is not None:
            self._redraw.stop()
            self._redraw = None
        rest = "".join(self._pending)
        self._pending.clear()
        if rest:
            await self.markdown.append(rest)  # after any batch being drawn: the widget appends in order
        else:
            async with self.markdown.lock:  # let a batch being drawn finish
                pass
        self.agent_line.update(Content(note))
        if state:
            self.add_class(f"-{state}")

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.app.notify(f"Link: {event.href}", title="Not opened", timeout=6, markup=False)


class SystemMessage(Vertical):
    """Output of a slash command or a notice, in the flow of the chat."""

    DEFAULT_CSS = """
    SystemMessage { height: auto; margin: 1 4 0 2; padding: 0 1; background: $surface; }
    SystemMessage > Markdown { margin: 0; padding: 0; background: transparent; }
    SystemMessage.-error { border-left: thick $error; background: $error 10%; }
    SystemMessage.-warning { border-left: thick $warning; }
    """

    def __init__(self, markdown: str, level: str = "info") -> None:
        super().__init__(classes=f"-{level}")
        self.source = strip_controls(markdown, keep_newlines=True)

    def compose(self) -> ComposeResult:
        yield markdown(self.source)


class WelcomeMessage(Static):
    """The greeting on the first screen: plain styled text, so drawing it needs no Markdown parser."""

    DEFAULT_CSS = """
    WelcomeMessage { margin: 1 4 0 2; padding: 0 1; background: $surface; }
    """

    def __init__(self, venue_name: str) -> None:
        super().__init__(self.greeting(venue_name), markup=False)

    @staticmethod
    def greeting(venue_name: str) -> Content:
        def command(name: str) -> tuple[str, str]:
            return (name, "$text-accent on $boost")

        return Content.assemble(
            "Welcome to ",
            (venue_name, "bold"),
            ". Ask me anything about your visit.\n\n"
            "I only remember what helps today (the panel shows it, fading as we talk). Say ",
            command("/memory"),
            " to see why I remember something, ",
            command("/forget"),
            " to remove it, ",
            command("/help"),
            " for more.",
        )


class ChatLog(VerticalScroll):
    """The conversation; stays at the bottom as replies grow unless the visitor scrolls up."""

    DEFAULT_CSS = """
    ChatLog { padding: 0 1; }
    ChatLog > #welcome { color: $text-muted; margin: 1 0 0 0; }
    """

    def on_mount(self) -> None:
        self.anchor()

    async def add(self, widget: VisitorMessage | AssistantMessage | SystemMessage) -> None:
        await self.mount(widget)

    async def clear(self) -> None:
        await self.remove_children()
