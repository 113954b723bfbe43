"""The live memory panel: every remembered fact, grouped by tier, with a salience bar that decays.

It renders the Session's snapshots and changes; it never touches memory. The panel turns a snapshot into
rows (which facts are new, reinforced, fading or just gone) and hands them to one `FactList`, which draws
only the lines in view: a turn with hundreds of facts stays cheap.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from museum_tui.safetext import one_line, plural

from .fact_list import FactList, Row

if TYPE_CHECKING:  # the conversation's modules load after the first screen, which shows no fact
    from museum_tui.conversation.events import FactChange, MemorySnapshot

EXPIRING_TURNS = 2  # a fact that will be gone within this many turns unless mentioned looks it
BIG_MEMORY = 2000  # facts: from here the panel's rows are made in a thread (`show_soon`)
FOLDED_VALUES = 60  # values the folded one-line panel may list (no terminal is wider than they are)
GONE_VERBS = {"pruned": "faded", "evicted": "replaced", "forgotten": "you asked me to"}


def gone_note(change: FactChange) -> str:
    """The dim line a fact leaves behind for a turn, in the visitor's terms."""
    from museum_tui.conversation.memory_text import took_back

    verb = took_back(change.note) if change.kind == "negated" else GONE_VERBS.get(change.kind, change.kind)
    return f"forgot: {one_line(change.value, 60)} ({verb})"


class StatusLine(Static):
    """One line under the facts that never wraps: the longest of its versions that fits the width.
    Folded on a narrow screen, it is the whole panel: what is remembered, in one line."""

    DEFAULT_CSS = """
    StatusLine { color: $text-muted; padding: 0 1; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.versions: list[str] = [""]
        self.folded_versions: list[str] = [""]

    def set_versions(self, versions: list[str], folded: list[str]) -> None:
        self.versions, self.folded_versions = versions, folded
        self.refresh()

    def render(self) -> Content:
        panel = self.parent
        folded = isinstance(panel, MemoryPanel) and panel.folded
        versions = self.folded_versions if folded else self.versions
        width = max(1, self.size.width - 2)
        text = next((v for v in versions if len(v) <= width), versions[-1])
        return Content(text)


class MemoryPanel(Vertical):
    """What the assistant remembers right now. `show(snapshot, changes)` after every turn."""

    DEFAULT_CSS = """
    MemoryPanel { border-left: vkey $foreground 20%; padding: 0 0 0 1; }
    MemoryPanel > #memory-title { text-style: bold; padding: 0 1; margin-bottom: 1; }
    """

    def __init__(self, *, snapshot: MemorySnapshot | None = None, loading: str = "", **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._first = snapshot  # drawn with the first frame, not one frame later
        self._loading = loading  # what is still being read ("your memory"): said until the first `show`

    def compose(self) -> ComposeResult:
        yield Static("What I remember about you", id="memory-title", markup=False)
        yield FactList(id="facts")
        yield StatusLine(id="memory-health")

    @property
    def folded(self) -> bool:
        """Folded to its summary line: only on a narrow screen (F2 opens it)."""
        return self.has_class("-folded") and self.screen.has_class("-narrow")

    def fold(self, folded: bool) -> None:
        self.set_class(folded, "-folded")
        self.query_one(StatusLine).refresh()

    def on_mount(self) -> None:
        if self._first is not None:
            self.show(self._first, animate=False)
            self._first = None
        elif self._loading:  # until the session's MemoryLoaded: the first screen does not wait for a big file
            loading = self._loading
            versions = [f"Loading {loading}…", "Loading…"]
            self.query_one(StatusLine).set_versions(versions, [f"Memory: loading {loading}…", "Memory: loading…"])

    @property
    def fact_list(self) -> FactList:
        return self.query_one(FactList)

    def show(self, snapshot: MemorySnapshot, changes: tuple[FactChange, ...] = (), *, animate: bool = True) -> None:
        """Bring the panel to `snapshot`. `changes` say which facts are new or reinforced this turn; facts
        that left stay one turn as a dim note ("forgot: coffee (faded)")."""
        self._apply(panel_rows(snapshot, changes, self.fact_list.rows), status_versions(snapshot), animate)

    async def show_soon(
        self, snapshot: MemorySnapshot, changes: tuple[FactChange, ...] = (), *, animate: bool = True
    ) -> None:
        """`show`, with the rows of a big memory (thousands of facts) made in a thread: the screen keeps
        taking keys meanwhile."""
        if len(snapshot.facts) < BIG_MEMORY:
            self.show(snapshot, changes, animate=animate)
            return
        rows, versions = await asyncio.to_thread(
            lambda shown: (panel_rows(snapshot, changes, shown), status_versions(snapshot)), list(self.fact_list.rows)
        )
        self._apply(rows, versions, animate)

    def _apply(self, tiers: list[tuple[str, list[Row]]], versions: tuple[list[str], list[str]], animate: bool) -> None:
        self.fact_list.set_rows(tiers, animate=animate)
        self.query_one(StatusLine).set_versions(*versions)

    def clear(self) -> None:
        """Forget what was shown (another visitor): nothing of theirs lingers as a note."""
        self.fact_list.set_rows([], animate=False)


def panel_rows(
    snapshot: MemorySnapshot, changes: tuple[FactChange, ...], before: list[Row]
) -> list[tuple[str, list[Row]]]:
    """The panel's tiers (heading, rows) for `snapshot`, after the rows `before` (as of the last turn).
    Pure, so a big memory's can be made in a thread."""
    from museum_tui.conversation.events import TIERS

    marks: dict[str, str] = {}
    notes: dict[str, str] = {}
    for change in changes:
        if change.kind == "created":
            marks[change.fact_id] = "new"
        elif change.kind in ("reinforced", "restored", "recalled"):
            mark = {"reinforced": "again", "restored": "new"}.get(change.kind, change.kind)
            marks.setdefault(change.fact_id, mark)
        elif change.left:
            notes[change.fact_id] = gone_note(change)
    present = {f.id for f in snapshot.facts}
    gone: dict[str, list[Row]] = {}
    shown = {row.fact.id: row for row in before if not row.gone_note}
    for fact_id, row in shown.items():
        if fact_id not in present:
            note = notes.get(fact_id, f"forgot: {one_line(row.fact.value, 60)}")
            gone.setdefault(row.fact.tier, []).append(Row(row.fact, gone_note=note))
    by_tier = dict(snapshot.tiers)
    tiers: list[tuple[str, list[Row]]] = []
    for tier in TIERS:
        facts = by_tier.get(tier.name, ())
        tier_rows = []
        for fact in facts:
            expiring = fact.fades_in is not None and fact.fades_in <= EXPIRING_TURNS
            previous = shown.get(fact.id)
            start = previous.fact.salience if previous is not None else fact.salience
            tier_rows.append(Row(fact, marks.get(fact.id, ""), expiring, start))
        heading = f"{tier.title} · {len(facts)}  ({tier.lifetime})" if facts else f"{tier.title} · 0"
        tiers.append((heading, tier_rows + gone.get(tier.name, [])))
    return tiers


def status_versions(snapshot: MemorySnapshot) -> tuple[list[str], list[str]]:
    """The status line, longest first, as the panel's last line and as the folded panel's only line."""
    from museum_tui.conversation.events import TIERS

    turn = f"turn {snapshot.turn}"
    total = len(snapshot.facts)
    counts = [f"{snapshot.count(t.name)} {t.title.lower()}" for t in TIERS]
    things = plural(total, "thing")
    health = snapshot.health.split(" · ")[0]  # "health 92/100"; its warnings are on the memory screen
    versions = [f"{turn} · {' · '.join(counts)}", f"{turn} · {things} remembered", turn]
    if health:
        versions = [f"{versions[0]} · {health}", f"{versions[1]} · {health}", *versions]
    values = ", ".join(one_line(f.value, 40) for f in snapshot.facts[:FOLDED_VALUES])  # more never fit one line
    head = f"Memory ({turn}): " if total else f"Memory ({turn}): nothing yet"
    folded = [
        f"{head}{values}  · F2 opens" if total else f"{head}  · F2 opens",
        f"{head}{values}" if total else head,
        f"Memory: {things} · F2 opens",
        f"Memory: {things}",
    ]
    return versions, folded


LEARNED_MARKS = {"created": "+", "reinforced": "↑", "negated": "−"}  # what the "Memory updated" toast lists


def learned_summary(changes: tuple[FactChange, ...]) -> str:
    """The toast after a turn: what was learned, re-mentioned or taken back, five lines at most."""
    parts = [
        f"{LEARNED_MARKS[c.kind]} {one_line(c.label, 60)}: {one_line(c.value, 80)}"
        for c in changes
        if c.kind in LEARNED_MARKS
    ]
    return "\n".join(parts[:5]) + ("\n…" if len(parts) > 5 else "")
