"""One visitor's state in a session: memory, saved file, conversation so far, undo, consent.

A turn captures the `Visitor` it started with and commits there, whoever is talking by then: switching
visitors replaces the Session's `Visitor` whole, so no fact can cross from one visitor to another.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta

from museum_tui import clock
from museum_tui.config import Settings
from museum_tui.memory import Change, MemoryStore, Ontology
from museum_tui.memory.aging import age
from museum_tui.memory.recall import FadedFacts
from museum_tui.safetext import plural
from museum_tui.storage import LoadReport, MemoryStorage, SaveError, VisitorMemory

from .events import Notice, TimelineEntry
from .summary import RollingSummary


@dataclass
class Exchange:
    user: str
    assistant: str


@dataclass(frozen=True)
class Departure:
    """A fact that left memory during this visit (`change.kind`: negated, pruned, evicted or forgotten),
    so `/why` can still say what happened to it; `words` are the visitor's, for a fact they took back."""

    change: Change
    turn: int
    words: str = ""


@dataclass
class Visitor:
    store: MemoryStore
    memory_file: VisitorMemory  # the visitor's saved memory, in whichever store the settings chose
    storage: MemoryStorage  # that store: where the next visitor (`/user`) is loaded from
    history: list[Exchange] = field(default_factory=list)
    undo_stack: list[list[Change]] = field(default_factory=list)
    failed_text: str | None = None  # the last message that was not answered, for /retry
    consent_asked: bool = False
    faded: FadedFacts = field(default_factory=FadedFacts)  # what decay pruned this visit, recallable
    summary: RollingSummary = field(default_factory=RollingSummary)  # of the turns that left the prompt
    recalled: int = 0  # faded facts brought back this visit (for the health score)
    refused_in_row: int = 0  # messages in a row whose model reading validation refused entirely
    told_refused: bool = False  # the visitor was told this visit that the model's readings keep failing
    timeline: list[TimelineEntry] = field(default_factory=list)  # what happened to memory this visit
    departed: dict[str, Departure] = field(default_factory=dict)  # fact id → how it left, this visit
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change to this memory at a time

    @property
    def user(self) -> str:
        return self.memory_file.user

    @property
    def last_reply(self) -> str | None:
        return self.history[-1].assistant if self.history else None

    def note_departures(self, changes: list[Change], words: str = "") -> None:
        """Remember how facts left (and forget that for facts brought back), for `/why` later this visit."""
        for change in changes:
            if change.left:
                self.departed[change.fact.id] = Departure(change, self.store.turn, words)
            elif change.kind == "restored":
                self.departed.pop(change.fact.id, None)

    def departures(self, target: str) -> list[Departure]:
        """Facts that left this visit which `target` names: an id (`f3`, `#3`, `3`) or a value."""
        query = " ".join(target.lower().lstrip("#").split())
        if not query:
            return []
        number = query[1:] if query.startswith("f") and query[1:].isdigit() else query
        found = [d for d in self.departed.values() if d.change.fact.id.lower() in (query, f"f{number}")]
        return found or [d for d in self.departed.values() if d.change.fact.value.lower() == query]

    async def save(self) -> list[Notice]:
        """Write the kept tiers; problems become notices (memory stays in this session regardless)."""
        if self.memory_file.read_only:
            return []
        try:
            report = await asyncio.to_thread(self.memory_file.save, self.store)
        except SaveError as exc:
            return [Notice(f"{exc}. Everything is still remembered for this visit.", "error")]
        notices = [Notice(text, "warning") for text in report.notices]
        if report.adopted:
            count = len(report.adopted)
            notices.append(Notice(f"Merged {plural(count, 'fact')} saved by another museum-tui window or kiosk."))
        return notices


def new_store(settings: Settings, ontology: Ontology) -> MemoryStore:
    """An empty memory shaped by the settings, on the app's clock."""
    return MemoryStore(
        ontology,
        settings.similarity_threshold,
        decay=settings.decay or None,
        prune_threshold=settings.prune_threshold,
        clock=clock.now_iso,
    )


def load_visitor(
    settings: Settings, ontology: Ontology, storage: MemoryStorage, user: str
) -> tuple[Visitor, LoadReport]:
    """`user`'s saved memory (from `storage`) in a fresh store shaped by the settings, aged for the time
    since it was saved; a new visit begins. Raises `UserNameError` for a name that is not a name; a bad
    memory file or row is reported, never raised."""
    memory_file = storage.open(user)
    memory_file.ask_sensitive = settings.sensitive_consent
    memory_file.visits.gap = timedelta(minutes=settings.visit_gap_minutes)
    store = new_store(settings, ontology)
    report = memory_file.load(store)
    visitor = Visitor(store, memory_file, storage)
    visitor.faded.add(store, age(store, report.saved_at, clock.now(), settings.half_life_days))
    return visitor, report
