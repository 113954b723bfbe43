"""The memory layers around the tiers, at their named points of the turn (see DESIGN.md).

Before the reply: `recalled_for` finds the faded and live facts the message refers to, and `prompt_store`
lets the reply see them. At the commit: `commit_layers` brings them back (reinforced), keeps what the tick
pruned recallable, counts the turn in the visit and folds into the rolling summary whatever left the
prompt's history window. Each layer is a small pure module in `memory` (recall, visits) or here (summary).
"""

from __future__ import annotations

from museum_tui.memory import Change, Fact, MemoryStore
from museum_tui.memory.clock import now
from museum_tui.memory.recall import recall_candidates
from museum_tui.memory.visits import since

from .summary import keep_up
from .visitor import Visitor


def recalled_for(visitor: Visitor, text: str) -> list[Fact]:
    return recall_candidates(visitor.store, visitor.faded, text)


def prompt_store(store: MemoryStore, recalled: list[Fact]) -> MemoryStore:
    """`store` as the reply should see it: with the faded facts the visitor just referred to back in it."""
    missing = [f for f in recalled if f.id not in store.facts]
    if not missing:
        return store
    return store.preview((f.concept, f.value, f.polarity, f.evidence) for f in missing)


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


def welcome_back(visitor: Visitor) -> str | None:
    """For a returning visitor: when they were last here, what it was about, and what is remembered."""
    previous = visitor.memory_file.visits.previous
    if previous is None:
        return None
    when = since(previous, now())
    about = f" ({', '.join(previous.topics[:3])})" if previous.topics else ""
    kept = sorted(
        {visitor.store.ontology.concepts[f.concept].short_label.lower() for f in visitor.store.facts.values()}
    )
    remembered = f" I still remember your {', '.join(kept[:4])}." if kept else ""
    return f"Welcome back, {visitor.user}! Your last visit was {when}{about}.{remembered}"
