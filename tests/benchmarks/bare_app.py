"""A bare Textual app of the same shape as museum-tui's first screen (header, chat column with a welcome,
side panel with headings, input, footer), for the startup benchmark's baseline. No project imports."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

PANEL = "\n\n".join(f"{tier} · 0\nnothing yet" for tier in ("Permanent", "Long-term", "Session", "Ephemeral"))


class BareApp(App[None]):
    CSS = """
    #chat { width: 1fr; }
    #panel { width: 48; border-left: tall $panel; padding: 0 1; }
    #welcome { dock: bottom; padding: 1 3; }
    """
    TITLE = "Bare app — same shape"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit"),
        Binding("escape", "noop", "Stop reply"),
        Binding("f1", "noop", "Help"),
        Binding("f2", "noop", "Memory panel"),
        Binding("f3", "noop", "What I remember"),
        Binding("ctrl+l", "noop", "Clear chat"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="chat"):
                with VerticalScroll():
                    yield Static("Welcome to the bare app. Ask me anything.", id="welcome")
                yield Input(placeholder="Ask the bare app…")
            with VerticalScroll(id="panel"):
                yield Static("What I remember about you\n\n" + PANEL + "\n\nturn 0 · bare")
        yield Footer()

    def action_noop(self) -> None:
        pass


if __name__ == "__main__":
    BareApp().run()
