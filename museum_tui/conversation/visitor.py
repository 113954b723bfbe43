"""One visitor's state in a session: memory, saved file, conversation so far, undo, consent.

A turn captures the `Visitor` it started with and commits there, whoever is talking by then: switching
visitors replaces the Session's `Visitor` whole, so no fact can cross from one visitor to another.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from museum_tui.config import Settings
from museum_tui.memory import Change, LoadReport, MemoryStorage, MemoryStore, Ontology, SaveError, VisitorMemory

from .events import Notice


@dataclass
class Exchange:
    user: str
    assistant: str


@dataclass
class Visitor:
    store: MemoryStore
    memory_file: VisitorMemory  # the visitor's saved memory, in whichever store the settings chose
    storage: MemoryStorage  # that store: where the next visitor (`/user`) is loaded from
    history: list[Exchange] = field(default_factory=list)
    undo_stack: list[list[Change]] = field(default_factory=list)
    failed_text: str | None = None  # the last message that was not answered, for /retry
    consent_asked: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change to this memory at a time

    @property
    def user(self) -> str:
        return self.memory_file.user

    @property
    def last_reply(self) -> str | None:
        return self.history[-1].assistant if self.history else None

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
            notices.append(Notice(f"Merged {len(report.adopted)} fact(s) saved by another museum-tui window or kiosk."))
        return notices


def load_visitor(
    settings: Settings, ontology: Ontology, storage: MemoryStorage, user: str
) -> tuple[Visitor, LoadReport]:
    """`user`'s saved memory (from `storage`) in a fresh store shaped by the settings. Raises
    `UserNameError` for a name that is not a name; a bad memory file or row is reported, never raised."""
    memory_file = storage.open(user)
    memory_file.ask_sensitive = settings.sensitive_consent
    store = MemoryStore(ontology, settings.similarity_threshold, decay=settings.decay or None)
    report = memory_file.load(store)
    return Visitor(store, memory_file, storage), report
