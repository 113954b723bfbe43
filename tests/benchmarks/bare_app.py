"""A bare Textual app of the same shape as museum-tui's first screen (header, chat column with a welcome,
side panel with headings, focused input, footer with the same six keys), for the startup benchmark's
baseline. No project imports.

Each key has an action of its own, as in museum-tui: Textual's Footer shows one key per action, so keys
sharing one no-op action would collapse into a footer of two keys, a smaller screen than the one compared."""

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
    AUTO_FOCUS = "Input"
    BINDINGS = [
        Binding("escape", "stop", "Stop reply"),
        Binding("f1", "help", "Help"),
        Binding("f2", "toggle_memory", "Memory panel"),
        Binding("f3", "show_memory", "What I remember"),
        Binding("ctrl+l", "clear", "Clear chat"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
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

    def action_stop(self) -> None:
        pass

    def action_help(self) -> None:
        pass

    def action_toggle_memory(self) -> None:
        pass

    def action_show_memory(self) -> None:
        pass

    def action_clear(self) -> None:
        pass


if __name__ == "__main__":
    BareApp().run()
