"""The memory layers around the tiers, at their named points of the turn (see DESIGN.md).

Before the reply: `recalled_for` finds the faded and live facts the message refers to, and `prompt_store`
lets the reply see them. At the commit: `commit_layers` brings them back (reinforced), keeps what the tick
pruned recallable, counts the turn in the visit and folds into the rolling summary whatever left the
prompt's history window. Each layer is a small pure module in `memory` (recall, visits) or here (summary).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from museum_tui.clock import now
from museum_tui.memory import Change, Fact, MemoryStore
from museum_tui.memory.health import Health, health
from museum_tui.memory.recall import recall_candidates
from museum_tui.memory.visits import since

from .events import FactChange, MemoryOverview, MemorySnapshot, Notice, TimelineEntry, VisitView, snapshot
from .summary import keep_up
from .visitor import Visitor


def recalled_for(visitor: Visitor, text: str) -> list[Fact]:
    return recall_candidates(visitor.store, visitor.faded, text)


def prompt_store(store: MemoryStore, recalled: list[Fact]) -> MemoryStore:
    """`store` as the reply should see it: with the faded facts the visitor just referred to back in it."""
    missing = [f for f in recalled if f.id not in store.facts]
    if not missing:
        return store
    return store.preview((f.concept, f.value, f.polarity, f.evidence, f.about) for f in missing)


def commit_layers(
    visitor: Visitor, recalled: list[Fact], applied: list[Change], topic: str, window: int
) -> list[Change]:
    """Before the tick: bring back what was referred to (unless the turn's own facts already touched it).
    Returns the recall changes; `after_tick` does the rest once the tick is known."""
    touched = {c.fact.id for c in applied}
    said = {(c.fact.concept, c.fact.value.lower()) for c in applied}
    wanted = [f for f in recalled if f.id not in touched and (f.concept, f.value.lower()) not in said]
    changes = visitor.store.recall(wanted)
    for fact in wanted:
        if visitor.faded.discard(fact.id) is not None:
            visitor.recalled += 1
    visitor.memory_file.visits.turn(now(), [topic] if topic else [])
    keep_up(visitor.summary, visitor.history, window)
    return changes


def after_tick(visitor: Visitor, ticked: list[Change]) -> None:
    visitor.faded.add(visitor.store, ticked)


def welcome_back(visitor: Visitor, greeting: str) -> str | None:
    """For a returning visitor: the concierge's `greeting` (what is remembered, a pick and why) with when
    they were last here and what it was about. None for someone new."""
    previous = visitor.memory_file.visits.previous
    if previous is None:
        return greeting or None
    about = f" ({', '.join(previous.topics[:3])})" if previous.topics else ""
    visit = f"Your last visit was {since(previous, now())}{about}."
    head, sep, rest = greeting.partition("! ")
    if not sep:
        return f"Welcome back, {visitor.user}! {visit}"
    return f"{head}! {visit} {rest}"


TIMELINE_KINDS = {"created", "reinforced", "recalled", "negated", "evicted", "pruned", "forgotten", "restored"}
TIMELINE_LIMIT = 500


def record(visitor: Visitor, changes: Iterable[FactChange], turn: int | None = None) -> None:
    """Add what a turn or a command did to memory to this visit's timeline (decay steps are left out).
    Turns are numbered as the facts and the file number them: the first message is turn 0."""
    turn = visitor.store.turn if turn is None else turn
    visitor.timeline += [
        TimelineEntry(turn, c.kind, c.label, c.value, c.note) for c in changes if c.kind in TIMELINE_KINDS
    ]
    del visitor.timeline[:-TIMELINE_LIMIT]


def health_of(visitor: Visitor) -> Health:
    size = visitor.memory_file.stored_bytes()
    visit = visitor.memory_file.visits.current
    readings, refused = (visit.model_readings, visit.model_refused) if visit else (0, 0)
    return health(visitor.store, now(), faded=len(visitor.faded) + visitor.recalled, recalled=visitor.recalled,
                  file_bytes=size, model_readings=readings, model_refused=refused)  # fmt: skip


REFUSED_IN_ROW = 3  # the visitor is told once, when this many messages in a row gave the model nothing valid
REFUSED_NOTICE = (
    "The model's readings of your last {n} messages all failed their checks, so I am remembering what you "
    "tell me with my built-in rules instead. (`memory health` shows how often this happened.)"
)


def note_extraction(visitor: Visitor, model_rejected: bool | None) -> list[Notice]:
    """Count a message a model read for facts; tell the visitor, once a visit, when its readings keep being
    refused (the built-in floor's facts stood instead)."""
    visit = visitor.memory_file.visits.current
    if model_rejected is None or visit is None:
        return []
    visit.model_readings += 1
    visit.model_refused += model_rejected
    visitor.refused_in_row = visitor.refused_in_row + 1 if model_rejected else 0
    if visitor.refused_in_row >= REFUSED_IN_ROW and not visitor.told_refused:
        visitor.told_refused = True
        return [Notice(REFUSED_NOTICE.format(n=visitor.refused_in_row), "warning")]
    return []


def snapshot_of(visitor: Visitor) -> MemorySnapshot:
    """The visitor's memory as plain data, with its health line."""
    return replace(snapshot(visitor.store), health=health_of(visitor).summary)


def overview(visitor: Visitor) -> MemoryOverview:
    report = health_of(visitor)
    visits = tuple(
        VisitView(v.started_at, v.ended_at, v.turns, tuple(v.topics)) for v in visitor.memory_file.visits.all()
    )
    shown = replace(snapshot(visitor.store), health=report.summary)
    return MemoryOverview(shown, tuple(visitor.timeline), visits, report.score, report.warnings)
