"""The live memory panel: every remembered fact, grouped by tier, with a salience bar that decays.

It renders the Session's snapshots and changes; it never touches memory. Rows are kept and updated in
place (one widget per fact) so a turn with hundreds of facts stays cheap, and the bars animate from
their old value to the new one unless the app's animation level says otherwise.
"""

from __future__ import annotations

import math

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from museum_tui.conversation.events import FactChange, FactView, MemorySnapshot
from museum_tui.safetext import one_line

TIERS = (
    ("permanent", "Permanent"),
    ("long_term", "Long-term"),
    ("session", "Session"),
    ("ephemeral", "Ephemeral"),
)
DECAY_HINT = {
    "permanent": "never fades",
    "long_term": "kept across visits",
    "session": "this visit",
    "ephemeral": "a few turns",
}
BLOCKS = " ▏▎▍▌▋▊▉█"
EXPIRING_TURNS = 1  # a fact that will be gone after this many more turns looks it


def bar(fraction: float, width: int) -> str:
    """A horizontal bar with eighth-cell precision."""
    fraction = min(1.0, max(0.0, fraction))
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    text = "█" * full + (BLOCKS[part] if part and full < width else "")
    return text.ljust(width)


def turns_left(fact: FactView, decay: float, threshold: float) -> int | None:
    if fact.tier == "permanent" or decay >= 1.0:
        return None
    if fact.salience < threshold:
        return 0
    return math.floor(math.log(threshold / fact.salience) / math.log(decay))


class FactRow(Widget, can_focus=True):
    """One fact: its label and value, a salience bar and number; focus it to see why or forget it."""

    DEFAULT_CSS = """
    FactRow { height: 2; padding: 0 1; }
    FactRow:focus { background: $boost; }
    FactRow.-new { background: $success 15%; }
    FactRow.-again { background: $accent 15%; }
    FactRow.-gone { color: $text-disabled; height: 1; }
    """
    BINDINGS = [
        Binding("enter", "details", "Why?"),
        Binding("delete,backspace", "forget", "Forget"),
    ]

    salience: reactive[float] = reactive(0.0)

    class Selected(Message):
        def __init__(self, fact_id: str) -> None:
            super().__init__()
            self.fact_id = fact_id

    class ForgetRequested(Message):
        def __init__(self, fact_id: str) -> None:
            super().__init__()
            self.fact_id = fact_id

    def __init__(self, fact: FactView) -> None:
        super().__init__()  # no DOM id: a forgotten fact and its restored twin may briefly coexist
        self.fact = fact
        self.mark = ""
        self.expiring = False
        self.gone_note = ""
        self.set_reactive(FactRow.salience, fact.salience)

    def update_fact(self, fact: FactView, *, mark: str, expiring: bool, animate: bool) -> None:
        self.fact = fact
        self.mark = mark
        self.expiring = expiring
        self.set_class(mark == "new", "-new")
        self.set_class(mark == "again", "-again")
        if animate:
            self.animate("salience", fact.salience, duration=0.6, easing="out_cubic", level="full")
        else:
            self.salience = fact.salience
        self.refresh()

    def leave(self, note: str) -> None:
        """Stay one more turn as a dim note such as "forgot: coffee", then be removed."""
        self.gone_note = note
        self.can_focus = False
        self.set_classes("-gone")
        self.refresh(layout=True)

    def render(self) -> Text:
        width = max(10, self.size.width - 2)
        if self.gone_note:
            return Text(f"  {one_line(self.gone_note)}", style="italic", no_wrap=True, overflow="ellipsis")
        fact = self.fact
        tag = {"new": " new", "again": " ↑ again"}.get(self.mark, "")
        if self.expiring and not tag:
            tag = " fading"
        head = Text(no_wrap=True, overflow="ellipsis")
        # a value or label read from a saved file or an ontology may hold anything: shown on one clean line
        head.append(f"{one_line(fact.label)}: ", style="dim")
        head.append(one_line(fact.value, 200), style="bold")
        if tag:
            head.append(tag, style="italic green" if self.mark == "new" else "italic yellow")
        number = f" {self.salience:.2f}"
        bar_width = max(4, width - len(number))
        if fact.tier == "permanent":
            style = "cyan"
        elif self.expiring:
            style = "red"
        else:
            style = {"long_term": "green", "session": "yellow", "ephemeral": "magenta"}.get(fact.tier, "white")
        line = Text(no_wrap=True)
        line.append(bar(self.salience, bar_width), style=style)
        line.append(number, style="dim")
        return Text("\n").join([head, line])

    def action_details(self) -> None:
        if not self.gone_note:
            self.post_message(self.Selected(self.fact.id))

    def action_forget(self) -> None:
        if not self.gone_note:
            self.post_message(self.ForgetRequested(self.fact.id))

    def on_click(self) -> None:
        if not self.gone_note:
            self.focus()
            self.post_message(self.Selected(self.fact.id))

    def watch_salience(self) -> None:
        self.refresh()


class TierSection(Vertical):
    """A tier's heading with its count, and its facts strongest first."""

    DEFAULT_CSS = """
    TierSection { height: auto; margin-bottom: 1; }
    TierSection > .tier-title { color: $text-accent; text-style: bold; padding: 0 1; }
    TierSection > .tier-empty { color: $text-disabled; padding: 0 1; }
    """

    def __init__(self, tier: str, title: str) -> None:
        super().__init__(id=f"tier-{tier}")
        self.tier = tier
        self.title = title

    def compose(self) -> ComposeResult:
        yield Static(f"{self.title} · 0", classes="tier-title", markup=False)
        yield Static("nothing yet", classes="tier-empty", markup=False)

    def set_count(self, count: int) -> None:
        self.query_one(".tier-title", Static).update(f"{self.title} · {count}  ({DECAY_HINT[self.tier]})")
        self.query_one(".tier-empty", Static).display = count == 0


class MemoryPanel(VerticalScroll):
    """What the assistant remembers right now. `show(snapshot, changes)` after every turn."""

    DEFAULT_CSS = """
    MemoryPanel { border-left: vkey $foreground 20%; padding: 0 0 0 1; }
    MemoryPanel > #memory-title { text-style: bold; padding: 0 1; margin-bottom: 1; }
    MemoryPanel > #memory-health { color: $text-muted; padding: 0 1; }
    """

    def __init__(self, *, decay: dict[str, float], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.decay = decay
        self.rows: dict[str, FactRow] = {}
        self.turn = 0

    def compose(self) -> ComposeResult:
        yield Static("What I remember about you", id="memory-title", markup=False)
        for tier, title in TIERS:
            yield TierSection(tier, title)
        yield Static("", id="memory-health", markup=False)

    def show(self, snapshot: MemorySnapshot, changes: tuple[FactChange, ...] = (), *, animate: bool = True) -> None:
        """Bring the panel to `snapshot`: update rows in place, mount new ones, and let departed facts
        leave with a note. `changes` say which facts are new or reinforced this turn."""
        marks: dict[str, str] = {}
        notes: dict[str, str] = {}
        for change in changes:
            if change.kind == "created":
                marks[change.fact_id] = "new"
            elif change.kind in ("reinforced", "restored"):
                marks.setdefault(change.fact_id, "again" if change.kind == "reinforced" else "new")
            elif change.left:
                verb = {
                    "pruned": "faded",
                    "evicted": "replaced",
                    "negated": "you said no",
                    "forgotten": "forgotten",
                }[change.kind]
                notes[change.fact_id] = f"  forgot: {change.value} ({verb})"
        for fact_id, row in list(self.rows.items()):
            if row.gone_note:
                row.remove()
                del self.rows[fact_id]
        present = {f.id for f in snapshot.facts}
        for fact_id, row in list(self.rows.items()):
            if fact_id not in present:
                row.leave(notes.get(fact_id, f"  forgot: {row.fact.value}"))
        for tier, facts in snapshot.tiers:
            section = self.query_one(f"#tier-{tier}", TierSection)
            section.set_count(len(facts))
            previous: FactRow | None = None
            for fact in facts:
                left = turns_left(fact, self.decay.get(tier, 1.0), snapshot.prune_threshold)
                expiring = left is not None and left <= EXPIRING_TURNS
                row = self.rows.get(fact.id)
                if row is None:
                    row = FactRow(fact)
                    self.rows[fact.id] = row
                    if previous is None:
                        section.mount(row, after=section.query_one(".tier-empty"))
                    else:
                        section.mount(row, after=previous)
                    row.update_fact(fact, mark=marks.get(fact.id, ""), expiring=expiring, animate=False)
                else:
                    if row.parent is not section:
                        row.remove()
                        self.rows[fact.id] = row = FactRow(fact)
                        section.mount(row, after=previous or section.query_one(".tier-empty"))
                    elif (
                        previous is not None
                        and row is not previous
                        and _index(section, row) < _index(section, previous)
                    ):
                        section.move_child(row, after=previous)
                    row.update_fact(fact, mark=marks.get(fact.id, ""), expiring=expiring, animate=animate)
                previous = row
        self.turn = snapshot.turn
        counts = " · ".join(f"{snapshot.count(t)} {title.lower()}" for t, title in TIERS)
        self.query_one("#memory-health", Static).update(f"turn {snapshot.turn} · {counts}")

    def clear(self) -> None:
        for row in self.rows.values():
            row.remove()
        self.rows.clear()


def _index(section: Widget, child: Widget) -> int:
    return section.children.index(child)
