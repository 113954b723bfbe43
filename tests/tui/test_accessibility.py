"""Keys that can be found, dialogs whose footers tell the truth, a layout that fits 80×24, themes and
NO_COLOR: the app as a keyboard user, a small terminal and a colour-blind or low-vision visitor meet it."""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.widgets import Footer

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.conversation.commands import COMMANDS
from museum_tui.tui.app import MuseumApp
from museum_tui.tui.help import KEYS, palette_entries
from museum_tui.tui.screens import ConsentScreen, FactScreen, MarkdownScreen, QuestionScreen
from museum_tui.tui.widgets.composer import Composer
from museum_tui.tui.widgets.fact_list import FactList
from museum_tui.tui.widgets.memory_panel import MemoryPanel, StatusLine

from .conftest import make_app, say

KEY_NAMES = {
    "escape": "Esc",
    "enter": "Enter",
    "delete": "Delete",
    "backspace": "Backspace",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
    "tab": "Tab",
    "pageup": None,  # scrolling a dialog's text: not a key anyone needs to be told
    "pagedown": None,
}


def key_words(key: str) -> str | None:
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper()
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key


def declared_keys() -> set[str]:
    keys: set[str] = set()
    for owner in (MuseumApp, Composer, FactList, MarkdownScreen, FactScreen, QuestionScreen):
        for binding in owner.BINDINGS:
            assert isinstance(binding, Binding)
            for key in binding.key.split(","):
                words = key_words(key.strip())
                if words:
                    keys.add(words)
    return keys


async def test_f1_help_shows_every_key_and_where_it_works() -> None:
    shown = " ".join(f"{keys} " for _, rows in KEYS for keys, _ in rows)
    missing = {key for key in declared_keys() if key not in shown.replace("/", " ").replace(",", " ").split()}
    assert not missing, f"keys the app has but F1 does not explain: {missing}"
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MarkdownScreen) and screen.title_text == "Keys and commands"
        for place, _ in KEYS:
            assert place in screen.markdown
        assert "Delete or Backspace" in screen.markdown and "`/why <id>`" in screen.markdown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, MarkdownScreen)


def footer_keys(app: MuseumApp) -> dict[str, str]:
    """What the footer of the screen on top offers: key → description."""
    assert app.screen.query(Footer), "every screen has its own footer"
    return {
        binding.key: binding.description
        for (_, binding, enabled, _) in app.screen.active_bindings.values()
        if binding.show and enabled
    }


async def test_every_dialog_footer_shows_its_own_keys() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        assert "escape" not in footer_keys(app), "Esc (stop a reply) is offered only while there is one"
        await say(pilot, "I'm allergic to peanuts and I love Monet")
        app.query_one(FactList).focus()
        await pilot.pause()
        assert {"enter": "Why?", "delete": "Forget"}.items() <= footer_keys(app).items()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FactScreen)
        keys = footer_keys(app)
        assert keys.get("f") == "Forget it" and keys.get("escape") == "Close" and keys.get("enter") == "Choose"
        assert "delete" not in keys and "f1" not in keys, "the app's keys do not work under a dialog"
        await pilot.press("f")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.query_one(FactList).facts) == 1, "f forgot the fact"
        await say(pilot, "/forget all")
        assert isinstance(app.screen, QuestionScreen)
        assert {"y": "Yes", "n": "No", "escape": "Close"}.items() <= footer_keys(app).items()
        await pilot.press("n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.query_one(FactList).facts) == 1
        said = [m.source for m in app.query("SystemMessage")]
        assert any("Nothing was forgotten" in text for text in said), "a No is answered too"
        await say(pilot, "/memory")
        keys = footer_keys(app)
        assert keys.get("escape") == "Close" and "tab" not in keys, "one button: Tab is not offered"
    assert issubclass(ConsentScreen, QuestionScreen)


def test_the_command_palette_lists_every_command() -> None:
    texts = [text.strip() for _, text, _, _ in palette_entries()]
    assert {text.split()[0] for text in texts} == {f"/{name}" for name in COMMANDS}
    assert "/forget all" in texts


async def test_a_palette_command_that_needs_words_waits_in_the_composer() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"why do you remember")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        composer = app.query_one(Composer)
        assert composer.value == "/why " and composer.has_focus


@pytest.mark.parametrize("width", [80, 100, 120, 160])
async def test_the_status_line_never_wraps(width: int) -> None:
    app = make_app(user=f"status{width}")
    async with app.run_test(size=(width, 30)) as pilot:
        await say(pilot, "I'm deaf, I love photography and mid-century design, I have an hour and I need a coffee")
        if app.screen.has_class("-narrow"):
            await pilot.press("f2")  # open the panel: its own status line, not the folded summary
            await pilot.pause()
        status = app.query_one(StatusLine)
        text = str(status.render())
        assert status.region.height == 1 and len(text) <= status.region.width - 2
        assert text.startswith("turn 1")


async def test_toasts_never_cover_the_composer() -> None:
    for size in [(120, 36), (80, 24)]:
        app = make_app()
        async with app.run_test(size=size, notifications=True) as pilot:
            await say(pilot, "I'm deaf and I love photography")
            await pilot.pause(0.1)
            toasts = app.screen.query("Toast")
            assert toasts, "a 'Memory updated' toast is up"
            composer = app.query_one(Composer).region
            for toast in toasts:
                assert not toast.region.overlaps(composer), f"{size}: toast over the composer"
                if size[0] < 100:
                    assert toast.region.y <= 6, "narrow: at the top, under the header"
                else:
                    assert toast.region.x >= composer.right, "wide: beside the message box, over the panel"


async def test_the_header_is_the_venue_and_the_visitor() -> None:
    app = make_app(user="ann")
    async with app.run_test(size=(120, 36)):
        title = str(app.format_title(app.title, app.sub_title))
        assert title.startswith("The Harbour Museum of Modern Art  ·  visitor: ann · offline")
        assert "—" not in title


async def test_high_contrast_theme_from_the_settings() -> None:
    settings = load_settings({"offline": True, "user": "hc"})
    settings.theme = "high-contrast"
    settings.builtin_stream_delay = 0.0
    app = make_app(open_session(settings))
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.theme == "high-contrast"
        await say(pilot, "I'm deaf")
        variables = app.theme_variables
        assert variables["background"].upper() == "#000000" and variables["foreground"].upper() == "#FFFFFF"


async def test_no_color_keeps_every_bar_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    assert app.no_color, "Textual honours NO_COLOR"
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf and I could really use a coffee")
        lines = app.query_one(MemoryPanel).fact_list.text_lines()
        bars = [line for line in lines if "█" in line]
        assert len(bars) == 2 and all(line.rstrip()[-4:] in ("1.00", "0.55") for line in bars), bars


async def test_a_fact_taken_back_leaves_a_note_in_the_words_used() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf, I like painting and I could really use a coffee")
        await say(pilot, "forget that I like painting")
        assert app.query_one(FactList).gone_notes == ["forgot: painting (you asked me to forget it)"]
        await say(pilot, "I'm not deaf")
        assert app.query_one(FactList).gone_notes == ["forgot: deaf (you said it isn't so)"]
        await say(pilot, "I no longer need a coffee")
        assert app.query_one(FactList).gone_notes == ["forgot: coffee (you said it no longer holds)"]
