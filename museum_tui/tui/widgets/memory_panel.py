"""The live memory panel: every remembered fact, grouped by tier, with a salience bar that decays.

It renders the Session's snapshots and changes; it never touches memory. The panel turns a snapshot into
rows (which facts are new, reinforced, fading or just gone) and hands them to one `FactList`, which draws
only the lines in view: a turn with hundreds of facts stays cheap.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from museum_tui.conversation.events import TIERS, FactChange, MemorySnapshot

from .fact_list import FactList, Row

EXPIRING_TURNS = 2  # a fact that will be gone within this many turns unless mentioned looks it
GONE_VERBS = {"pruned": "faded", "evicted": "replaced", "negated": "you said no", "forgotten": "forgotten"}


class MemoryPanel(Vertical):
    """What the assistant remembers right now. `show(snapshot, changes)` after every turn."""

    DEFAULT_CSS = """
    MemoryPanel { border-left: vkey $foreground 20%; padding: 0 0 0 1; }
    MemoryPanel > #memory-title { text-style: bold; padding: 0 1; margin-bottom: 1; }
    MemoryPanel > #memory-health { color: $text-muted; padding: 0 1; }
    """

    def __init__(self, *, snapshot: MemorySnapshot | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._first = snapshot  # drawn with the first frame, not one frame later

    def compose(self) -> ComposeResult:
        yield Static("What I remember about you", id="memory-title", markup=False)
        yield FactList(id="facts")
        yield Static("", id="memory-health", markup=False)

    def on_mount(self) -> None:
        if self._first is not None:
            self.show(self._first, animate=False)
            self._first = None

    @property
    def fact_list(self) -> FactList:
        return self.query_one(FactList)

    def show(self, snapshot: MemorySnapshot, changes: tuple[FactChange, ...] = (), *, animate: bool = True) -> None:
        """Bring the panel to `snapshot`. `changes` say which facts are new or reinforced this turn; facts
        that left stay one turn as a dim note ("forgot: coffee (faded)")."""
        marks: dict[str, str] = {}
        notes: dict[str, str] = {}
        for change in changes:
            if change.kind == "created":
                marks[change.fact_id] = "new"
            elif change.kind in ("reinforced", "restored"):
                marks.setdefault(change.fact_id, "again" if change.kind == "reinforced" else "new")
            elif change.left:
                notes[change.fact_id] = f"forgot: {change.value} ({GONE_VERBS.get(change.kind, change.kind)})"
        present = {f.id for f in snapshot.facts}
        gone: dict[str, list[Row]] = {}
        shown = {row.fact.id: row for row in self.fact_list.rows if not row.gone_note}  # as of the last turn
        for fact_id, row in shown.items():
            if fact_id not in present:
                note = notes.get(fact_id, f"forgot: {row.fact.value}")
                gone.setdefault(row.fact.tier, []).append(Row(row.fact, gone_note=note))
        by_tier = dict(snapshot.tiers)
        tiers: list[tuple[str, list[Row]]] = []
        for tier in TIERS:
            facts = by_tier.get(tier.name, ())
            tier_rows = []
            for fact in facts:
                expiring = fact.fades_in is not None and fact.fades_in <= EXPIRING_TURNS
                before = shown.get(fact.id)
                start = before.fact.salience if before is not None else fact.salience
                tier_rows.append(Row(fact, marks.get(fact.id, ""), expiring, start))
            heading = f"{tier.title} · {len(facts)}  ({tier.lifetime})" if facts else f"{tier.title} · 0"
            tiers.append((heading, tier_rows + gone.get(tier.name, [])))
        self.fact_list.set_rows(tiers, animate=animate)
        counts = " · ".join(f"{snapshot.count(t.name)} {t.title.lower()}" for t in TIERS)
        self.query_one("#memory-health", Static).update(f"turn {snapshot.turn} · {counts}")

    def clear(self) -> None:
        """Forget what was shown (another visitor): nothing of theirs lingers as a note."""
        self.fact_list.set_rows([], animate=False)
