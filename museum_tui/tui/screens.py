"""Modal screens: "what I remember about you", a fact's story, yes/no confirmation and the kiosk's consent."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from museum_tui.safetext import strip_controls

from .widgets.chat import markdown


class DialogButton(Button):
    """A dialog's button; its Enter is shown in the dialog's footer."""

    BINDINGS = [Binding("enter", "press", "Choose")]


class MarkdownScreen(ModalScreen[str | None]):
    """A titled Markdown document over the chat, with optional action buttons; returns the chosen id.
    Its own footer lists the keys that work here (the app's keys do not, under a dialog)."""

    DEFAULT_CSS = """
    MarkdownScreen { align: center middle; }
    MarkdownScreen > Vertical {
        width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    MarkdownScreen .title { text-style: bold; padding: 1 1 0 1; }
    MarkdownScreen VerticalScroll { height: auto; max-height: 26; }
    MarkdownScreen Markdown { background: transparent; }
    MarkdownScreen Horizontal { height: auto; align-horizontal: right; padding: 0 0 1 0; }
    MarkdownScreen Button { margin-left: 1; }
    """
    BINDINGS = [
        Binding("escape", "dismiss_none", "Close"),
        Binding("tab", "next_button", "Next button"),
        Binding("up", "scroll(-1)", "Scroll", key_display="↑↓"),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
    ]

    def __init__(self, title: str, markdown: str, buttons: list[tuple[str, str, str]] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.markdown = strip_controls(markdown, keep_newlines=True)  # saved values may hold anything
        self.buttons = buttons or [("close", "Close", "primary")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title", markup=False)
            with VerticalScroll():
                yield markdown(self.markdown)  # Textual's Markdown loads when first needed
            with Horizontal():
                for button_id, label, variant in self.buttons:
                    yield DialogButton(label, id=button_id, variant=variant)  # type: ignore[arg-type]
        yield Footer()

    def on_mount(self) -> None:
        self.query(Button).last().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_button":
            return len(self.buttons) > 1  # one button: Tab has nowhere to go, so it is not offered
        return True

    def action_next_button(self) -> None:
        self.focus_next()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_choose(self, button_id: str) -> None:
        self.dismiss(None if button_id == "close" else button_id)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "close" else event.button.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def memory_screen(markdown: str) -> MarkdownScreen:
    return MarkdownScreen("What I remember about you", markdown)


def help_screen(markdown: str) -> MarkdownScreen:
    return MarkdownScreen("Keys and commands", markdown)


class FactScreen(MarkdownScreen):
    """Why a fact is remembered, with Forget it (`f`) and Close."""

    BINDINGS = [Binding("f", "choose('forget')", "Forget it")]

    def __init__(self, markdown: str) -> None:
        super().__init__(
            "Why I remember this", markdown, [("forget", "Forget it (f)", "error"), ("close", "Close", "primary")]
        )


def fact_screen(markdown: str) -> FactScreen:
    return FactScreen(markdown)


class QuestionScreen(MarkdownScreen):
    """A yes/no question: Yes returns "yes"; No, `n` and Escape return None."""

    BINDINGS = [Binding("y", "choose('yes')", "Yes"), Binding("n", "choose('close')", "No")]

    def __init__(self, title: str, question: str, yes: str, no: str, yes_variant: str = "error") -> None:
        super().__init__(title, question, [("yes", yes, yes_variant), ("close", no, "primary")])


class ConsentScreen(QuestionScreen):
    """A kiosk's one-time question: may sensitive needs be kept for the next visit? Returns "yes", or None
    for No, `n` and Escape. The session decides when to ask and what an answer means; this only asks."""

    DEFAULT_CSS = """
    ConsentScreen > Vertical { width: 72; border: round $warning; }
    """

    def __init__(self, question: str) -> None:
        super().__init__("Keep this for your next visit?", question, "Yes, keep it (y)", "No (n)", "primary")


def consent_screen(question: str) -> ConsentScreen:
    return ConsentScreen(question)


def confirm_screen(question: str) -> QuestionScreen:
    return QuestionScreen("Please confirm", question, "Yes (y)", "No (n)")


class SecretScreen(ModalScreen[str | None]):
    """A kiosk visitor's PIN or pass phrase, typed masked; returns it, or None for Escape / Cancel. The
    session asked for it and checks it (`Session.submit_secret`); this only reads it."""

    DEFAULT_CSS = """
    SecretScreen { align: center middle; }
    SecretScreen > Vertical {
        width: 64; max-width: 95%; height: auto; border: round $warning; background: $panel; padding: 0 1;
    }
    SecretScreen .title { text-style: bold; padding: 1 1 0 1; }
    SecretScreen Horizontal { height: auto; align-horizontal: right; padding: 0 0 1 0; }
    SecretScreen Button { margin-left: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = strip_controls(question, keep_newlines=True)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("PIN or pass phrase", classes="title", markup=False)
            yield markdown(self.question)
            yield Input(password=True, placeholder="PIN or pass phrase", id="secret")
            with Horizontal():
                yield Button("Open", id="open", variant="primary")
                yield Button("Cancel", id="cancel", variant="default")

    def on_mount(self) -> None:
        self.query_one("#secret").focus()

    def _answer(self) -> None:
        self.dismiss(self.query_one("#secret", Input).value or None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # the secret goes back to whoever asked, never on to the app's chat composer
        self._answer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open":
            self._answer()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
