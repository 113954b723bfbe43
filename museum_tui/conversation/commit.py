"""The commit of a turn: its facts, the memory layers and one tick applied together, then saved.

Runs under the visitor's lock, into the visitor the turn started with (see `Session._turn`), and returns
the events that tell front ends what changed. Nothing here waits for a model: the facts are already known.
"""

from __future__ import annotations

from museum_tui.extraction import ExtractionResult
from museum_tui.language.party import SELF, handed_back
from museum_tui.memory import Change, Fact

from . import layers
from .events import Event, FactsApplied, MemoryTicked, ReplyDone, fact_changes
from .visitor import Exchange, Visitor


async def apply_turn(
    visitor: Visitor,
    text: str,
    reply: ReplyDone,
    result: ExtractionResult,
    source: str,
    recalled: list[Fact],
    window: int,
) -> list[Event]:
    """Upsert the facts, bring back what the message referred to, tick, save; `window`: exchanges kept in
    the prompt, past which the rolling summary takes over."""
    events: list[Event] = []
    async with visitor.lock:
        store = visitor.store
        applied: list[Change] = []
        applied += _hand_back(visitor, text, source)
        for fact in result.facts:
            changes = store.upsert(
                fact.concept, fact.value, fact.polarity, fact.evidence, source=source, about=fact.about
            )
            changes = [_with_words(c, fact.evidence) for c in changes]
            visitor.note_departures(changes, fact.evidence)
            applied += changes
        visitor.history.append(Exchange(text, reply.text))
        applied += layers.commit_layers(visitor, recalled, applied, reply.agent_title, window)
        told = layers.note_extraction(visitor, result.model_rejected)  # after the layers counted the visit
        turn = store.turn  # this message's number, before its tick
        ticked = store.tick()
        visitor.note_departures(ticked)
        layers.after_tick(visitor, ticked)
        visitor.failed_text = None
        rejected = tuple(r.reason for r in result.rejected)
        learned = fact_changes(store, applied)
        events.append(FactsApplied(learned, rejected, source))
        events += told
        events += await visitor.save()
        faded = fact_changes(store, ticked)
        layers.record(visitor, learned + faded, turn)
        events.append(MemoryTicked(faded, layers.snapshot_of(visitor)))
    return events


def _hand_back(visitor: Visitor, text: str, source: str) -> list[Change]:
    """ "that was my brother, not me": the needs the visitor's previous message gave them are the member's.
    Taken from the visitor (negated, so /why says how) and given to the member, whose evidence names them."""
    member = handed_back(text)
    if not member:
        return []
    store, concepts = visitor.store, visitor.store.ontology.concepts
    said = [
        f
        for f in store.facts.values()
        if f.about == SELF and f.last_seen_turn == store.turn - 1 and concepts[f.concept].sensitive
    ]
    changes: list[Change] = []
    for fact in said:
        taken = [_with_words(c, text) for c in store.upsert(fact.concept, fact.value, "negated", text)]
        visitor.note_departures(taken, text)
        changes += taken
        changes += store.upsert(fact.concept, fact.value, "asserted", text, source=source, about=member)
    return changes


def _with_words(change: Change, words: str) -> Change:
    """A fact the visitor took back carries their words as its note, so front ends can say how."""
    return change._replace(note=words) if change.kind == "negated" and words else change
