"""The memory screen (F3, /memory): what is remembered, this visit's story, past visits and health, as tabs.

It shows the sections the Session formatted; it computes nothing. ← → move between tabs, ↑ ↓ scroll.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static, TabbedContent, TabPane

from museum_tui.safetext import strip_controls

from .widgets.chat import markdown


class MemoryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    MemoryScreen { align: center middle; }
    MemoryScreen > Vertical {
        width: 96; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    MemoryScreen .title { text-style: bold; padding: 1 1 0 1; }
    MemoryScreen TabbedContent { height: auto; }
    MemoryScreen VerticalScroll { height: auto; max-height: 24; }
    MemoryScreen Markdown { background: transparent; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("left", "tab(-1)", "Tabs", key_display="← →"),
        Binding("right", "tab(1)", "Next tab", show=False),
        Binding("up", "scroll(-1)", "Scroll", key_display="↑↓"),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
    ]

    def __init__(self, sections: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.sections = [(title, strip_controls(text, keep_newlines=True)) for title, text in sections]

    @property
    def markdown(self) -> str:
        """Everything the screen shows, every tab, as one document (as a MarkdownScreen has it)."""
        return "\n\n".join(f"## {title}\n\n{text}" for title, text in self.sections)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("What I remember about you", classes="title", markup=False)
            with TabbedContent():
                for index, (title, text) in enumerate(self.sections):
                    with TabPane(title, id=f"section-{index}"), VerticalScroll():
                        yield markdown(text)
        yield Footer()

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"section-{index}" for index in range(len(self.sections))]
        current = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(current + step) % len(ids)]

    def action_scroll(self, lines: int) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            pane.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
