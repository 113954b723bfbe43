"""The facts of the memory panel as one scrolling list, drawn line by line.

One widget for every fact, rather than one widget per fact: with hundreds of facts a turn then costs a
redraw of the visible lines, not a restyle and relayout of hundreds of widgets. A cursor moves between
facts (↑ ↓, click); Enter asks why a fact is remembered, Delete forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from museum_tui.safetext import one_line

if TYPE_CHECKING:  # the conversation's modules load after the first screen, which shows no fact
    from museum_tui.conversation.events import FactView

BLOCKS = " ▏▎▍▌▋▊▉█"


@cache
def bar_style(tier: str) -> str:
    """The colour of a tier's salience bars (the tier table's)."""
    from museum_tui.conversation.events import TIERS

    return next((t.colour for t in TIERS if t.name == tier), "white")


def bar(fraction: float, width: int) -> str:
    """A horizontal bar with eighth-cell precision."""
    fraction = min(1.0, max(0.0, fraction))
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    text = "█" * full + (BLOCKS[part] if part and full < width else "")
    return text.ljust(width)


@dataclass
class Row:
    """A fact as the list shows it this turn. `start` is the salience its bar showed before the turn, so
    the bar can glide to the new value; a row with a `gone_note` is a fact that just left."""

    fact: FactView
    mark: str = ""  # "new", "again" (reinforced) or "recalled" (brought back by the visitor's words) this turn
    expiring: bool = False  # gone within a turn or two unless mentioned (never for a tier that does not fade)
    start: float = 0.0
    gone_note: str = ""

    def salience(self, progress: float) -> float:
        return self.start + (self.fact.salience - self.start) * progress


Line = tuple[str, "Row | str | None"]  # ("title", text) | ("empty" | "gap", None) | ("head" | "bar" | "gone", row)


class FactList(ScrollView, can_focus=True):
    """Every fact, grouped by tier, each a label and value over a salience bar."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "fact-list--title",
        "fact-list--muted",
        "fact-list--new",
        "fact-list--again",
        "fact-list--cursor",
        "fact-list--label",
    }
    DEFAULT_CSS = """
    FactList { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; }
    FactList > .fact-list--title { color: $text-accent; text-style: bold; }
    FactList > .fact-list--muted { color: $text-disabled; text-style: italic; }
    FactList > .fact-list--new { background: $success 15%; }
    FactList > .fact-list--again { background: $accent 15%; }
    FactList > .fact-list--label { color: $text-muted; }
    FactList > .fact-list--cursor { background: $block-cursor-blurred-background; }
    FactList:focus > .fact-list--cursor { background: $block-cursor-background; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("home", "cursor_to(0)", "First", show=False),
        Binding("end", "cursor_to(-1)", "Last", show=False),
        Binding("enter", "details", "Why?"),
        Binding("delete,backspace", "forget", "Forget"),
    ]

    progress: reactive[float] = reactive(1.0, layout=False)

    class Selected(Message):
        """The visitor asked why a fact is remembered."""

        def __init__(self, fact_id: str) -> None:
            super().__init__()
            self.fact_id = fact_id

    class ForgetRequested(Message):
        def __init__(self, fact_id: str) -> None:
            super().__init__()
            self.fact_id = fact_id

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.lines: list[Line] = []
        self.cursor_id: str | None = None
        self._styles: dict[str, Style] = {}

    # ---- what is shown --------------------------------------------------------------------------------

    @property
    def facts(self) -> list[FactView]:
        """The facts listed, in order (not those that just left)."""
        return [row.fact for row in self.rows if not row.gone_note]

    @property
    def gone_notes(self) -> list[str]:
        return [row.gone_note for row in self.rows if row.gone_note]

    @property
    def cursor_row(self) -> Row | None:
        return next((r for r in self.rows if r.fact.id == self.cursor_id and not r.gone_note), None)

    def shown_salience(self, fact_id: str) -> float | None:
        """The salience a fact's bar shows right now (mid-animation too)."""
        row = next((r for r in self.rows if r.fact.id == fact_id and not r.gone_note), None)
        return None if row is None else row.salience(self.progress)

    def set_rows(self, tiers: list[tuple[str, list[Row]]], *, animate: bool) -> None:
        """Show these tiers (title, rows) from now on. Bars glide from each row's `start` unless the
        app's animation level says otherwise."""
        self.rows = [row for _, rows in tiers for row in rows]
        lines: list[Line] = []
        for title, rows in tiers:
            present = [r for r in rows if not r.gone_note]
            lines.append(("title", title))
            if not present:
                lines.append(("empty", None))
            for row in rows:
                if row.gone_note:
                    lines.append(("gone", row))
                else:
                    lines += [("head", row), ("bar", row)]
            lines.append(("gap", None))
        self.lines = lines[:-1] if lines else lines
        self.virtual_size = Size(0, len(self.lines))
        if self.cursor_id is not None and self.cursor_row is None:
            self.cursor_id = self.facts[0].id if self.facts else None
        if animate:
            self.set_reactive(FactList.progress, 0.0)
            self.animate("progress", 1.0, duration=0.6, easing="out_cubic", level="full")
        else:
            self.progress = 1.0
        self.refresh()

    def text_lines(self) -> list[str]:
        """The list as plain text, line by line (what a screen reader or a test would read)."""
        width = max(20, self.scrollable_content_region.width)
        return [self._text(line, width).plain.rstrip() for line in self.lines]

    # ---- drawing ----------------------------------------------------------------------------------------

    def watch_progress(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        if self.cursor_row is None and self.facts:
            self.cursor_id = self.facts[0].id
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()  # the theme changed

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(f"fact-list--{name}")
        return style

    def _text(self, line: Line, width: int) -> Text:
        kind, item = line
        text = Text(" ", no_wrap=True, overflow="ellipsis", end="")
        if kind == "title" and isinstance(item, str):
            text.append(item, self._style("title"))
        elif kind == "empty":
            text.append("nothing yet", self._style("muted"))
        elif kind == "gone" and isinstance(item, Row):
            text.append(one_line(item.gone_note), self._style("muted"))
        elif kind == "head" and isinstance(item, Row):
            fact = item.fact
            # a value or label read from a saved file or an ontology may hold anything: one clean line
            text.append(f"{one_line(fact.label)}: ", self._style("label"))
            text.append(one_line(fact.value, 200), style="bold")
            tag = {"new": " new", "again": " ↑ again", "recalled": " ↺ recalled"}.get(item.mark) or (
                " fading" if item.expiring else ""
            )
            if tag:
                text.append(tag, style="italic green" if item.mark == "new" else "italic yellow")
        elif kind == "bar" and isinstance(item, Row):
            salience = item.salience(self.progress)
            number = f" {salience:.2f}"
            tier = item.fact.tier
            style = "red" if item.expiring else bar_style(tier)
            text.append(bar(salience, max(4, width - 2 - len(number))), style=style)
            text.append(number, self._style("label"))
        text.truncate(max(1, width - 1), overflow="ellipsis", pad=True)
        text.append(" ")
        return text

    def render_line(self, y: int) -> Strip:
        index = y + int(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        if not 0 <= index < len(self.lines) or width <= 0:
            return Strip.blank(width, self.rich_style)
        line = self.lines[index]
        item = line[1]
        background = self.rich_style
        if isinstance(item, Row) and not item.gone_note:
            if item.fact.id == self.cursor_id and self.has_focus:
                background += self._style("cursor")
            elif item.mark in ("new", "again", "recalled"):
                background += self._style("again" if item.mark == "recalled" else item.mark)
        segments = list(self._text(line, width).render(self.app.console))
        return Strip(segments).adjust_cell_length(width, background).apply_style(background)

    # ---- the cursor ---------------------------------------------------------------------------------------

    def _line_of(self, fact_id: str | None) -> int | None:
        for index, (kind, item) in enumerate(self.lines):
            if kind == "head" and isinstance(item, Row) and item.fact.id == fact_id:
                return index
        return None

    def select(self, fact_id: str) -> None:
        """Put the cursor on a fact and scroll it into view."""
        self.cursor_id = fact_id
        line = self._line_of(fact_id)
        if line is not None:
            self.scroll_to_region(Region(0, line, 1, 2), animate=False, force=True)
        self.refresh()

    def action_cursor(self, step: int) -> None:
        facts = self.facts
        if not facts:
            return
        ids = [f.id for f in facts]
        at = ids.index(self.cursor_id) if self.cursor_id in ids else (-1 if step > 0 else len(ids))
        self.select(ids[max(0, min(len(ids) - 1, at + step))])

    def action_cursor_to(self, position: int) -> None:
        if self.facts:
            self.select(self.facts[position].id)

    def action_details(self) -> None:
        if self.cursor_row is not None:
            self.post_message(self.Selected(self.cursor_row.fact.id))

    def action_forget(self) -> None:
        if self.cursor_row is not None:
            self.post_message(self.ForgetRequested(self.cursor_row.fact.id))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + int(self.scroll_offset.y)
        if 0 <= index < len(self.lines):
            kind, item = self.lines[index]
            if kind in ("head", "bar") and isinstance(item, Row):
                self.focus()
                self.select(item.fact.id)
                self.post_message(self.Selected(item.fact.id))
