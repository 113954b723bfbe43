"""The repository seam: what a store of visitors' memories must do, whatever holds it, and where things live.

Two stores implement it: the per-user TOML files (`files.py`, the default) and PostgreSQL (`postgres.py`,
for a fleet of kiosks sharing one database). A store turns what it holds into a `VisitorSnapshot` and
back; the merge of a save (`museum_tui.memory.merge`) and the consent policy (`memory.consent`) are the
same for both. The store, not the Session, owns concurrency: the files with a lock, the database with
transactions and row locks.

`Places` says where a store keeps everything of a visitor: the memory, the PINs (kiosk secrets) and the
exports; nothing else in the app decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol, runtime_checkable

from museum_tui import clock
from museum_tui.memory import Change, Fact, MemoryStore
from museum_tui.memory.consent import sensitive, withheld
from museum_tui.memory.merge import Merged, key_of, merge, synced
from museum_tui.memory.snapshot import Consent, Synced, VisitorSnapshot
from museum_tui.memory.usernames import check_user_name
from museum_tui.memory.visits import VisitLog

from .visitor_secret import VisitorSecret


class PersistenceError(Exception):
    """A problem with a store, worded for the visitor or operator (no traceback needed)."""


class SaveError(PersistenceError):
    pass


@dataclass
class LoadReport:
    """What loading found: how many facts came back and what the visitor should be told."""

    path: Path | str  # the file, or a database store's location
    loaded: int = 0
    notices: list[str] = field(default_factory=list)
    quarantined: Path | None = None
    read_only: bool = False
    saved_at: datetime | None = None  # when it was written: the time kept facts have aged since


@dataclass
class SaveReport:
    """What a save wrote and what it merged from another instance's writes."""

    path: Path | str
    written: int = 0
    adopted: list[Change] = field(default_factory=list)
    dropped: list[Change] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Places:
    """Where a store keeps things. `memory`: shown to people (never a password); `secrets`: the folder of
    visitors' PINs (None: this store has nowhere to keep them); `exports`: where `/export` writes by
    default; `guarded`: folders an export must never write into (memory files, secrets)."""

    memory: str
    secrets: Path | None
    exports: Path
    guarded: tuple[Path, ...]


@runtime_checkable
class VisitorMemory(Protocol):
    """One visitor's saved memory: load it into a store, save a store into it (merging), and the kiosk
    consent to keep sensitive needs. `read_only`: this session must not write (a newer schema, a file that
    could not be read); `save` then raises `SaveError`."""

    user: str
    path: Path | str  # where it is, for messages and `memory path` (a database location holds no password)
    read_only: bool
    ask_sensitive: bool
    consent: Consent
    visits: VisitLog  # past visits and this one, saved with the kept tiers

    def load(self, store: MemoryStore) -> LoadReport: ...

    def save(self, store: MemoryStore) -> SaveReport: ...

    def set_consent(self, agreed: bool) -> None: ...

    def sensitive(self, store: MemoryStore) -> list[Fact]: ...

    def withheld(self, store: MemoryStore) -> list[Fact]: ...

    def stored_bytes(self) -> int | None: ...


@runtime_checkable
class MemoryStorage(Protocol):
    """Where every visitor's memory is kept (the repository). `location` is safe to show."""

    location: str
    schema_version: int
    places: Places

    def open(self, user: str) -> VisitorMemory:
        """The visitor's memory (not loaded yet). Raises `UserNameError` for a name that is not a name."""
        ...

    def visitors(self) -> list[str]:
        """The names of the visitors with something saved, sorted."""
        ...

    def holds(self, user: str) -> bool:
        """Whether something is saved under this (checked) name."""
        ...

    def erase(self, user: str) -> bool:
        """Remove everything saved about the visitor (memory, visits, consent); False if nothing was."""
        ...

    def purge(self, before: datetime) -> int:
        """Drop what forgetting left behind (tombstones) from before `before`; how many went."""
        ...

    def secret(self, user: str) -> VisitorSecret:
        """The visitor's PIN or pass phrase, where this store keeps it."""
        ...

    def secret_holders(self) -> list[str]:
        """The visitors with a PIN or pass phrase in this store (memory saved or not)."""
        ...

    def close(self) -> None: ...


class SavedMemory:
    """What both stores' visitor memories share: the consent answer and policy, the visits, and the base
    of the merge (each fact as last read or written), so a store only reads and writes snapshots."""

    def __init__(self, user: str) -> None:
        self.user = check_user_name(user)
        self.read_only = False
        self.ask_sensitive = False
        self.consent = Consent()
        self.visits = VisitLog()  # past visits from the store, and this one once a turn has happened
        self.saved_at: datetime | None = None  # the latest saved_at seen: a save never writes an earlier one
        self.save_time: datetime | None = None  # write this saved_at instead of now (`store migrate` keeps it)
        self._base: dict[str, Synced] = {}

    @property
    def keep_sensitive(self) -> bool | None:
        """The visitor's answer about keeping sensitive needs; None: not asked (yet)."""
        return self.consent.answer

    @property
    def consent_at(self) -> str:
        return self.consent.at

    def set_consent(self, agreed: bool) -> None:
        """Record the visitor's answer about keeping sensitive facts; the next save writes it."""
        self.consent = Consent(agreed, clock.now_iso())

    def sensitive(self, store: MemoryStore) -> list[Fact]:
        return sensitive(store)

    def withheld(self, store: MemoryStore) -> list[Fact]:
        """Facts of the kept tiers that a save leaves out (the party's; sensitive ones not agreed to)."""
        return withheld(store, self.consent, ask=self.ask_sensitive, stored=lambda f: key_of(f) in self._base)

    def awaiting_consent(self, store: MemoryStore) -> list[Fact]:
        """The visitor's own facts left out only until they answer: what the consent question is for."""
        return [f for f in self.withheld(store) if f.about == "self"]

    def _restore(self, store: MemoryStore, snapshot: VisitorSnapshot) -> int:
        """End of a load: the snapshot into a fresh store; how many facts came back."""
        self.consent, self.visits.past = snapshot.consent, snapshot.visits
        store.turn, store.next_id = max(store.turn, snapshot.turn), max(store.next_id, snapshot.next_id)
        ordered = sorted(snapshot.facts, key=lambda f: (f.last_seen_turn, f.created_turn))
        restored = [c.fact for c in store.restore(ordered, fresh=True) if c.kind == "restored"]
        self._base = synced(restored)
        return len(restored)

    def _merge(
        self, store: MemoryStore, theirs: VisitorSnapshot, own_tombstones: dict[str, str] | None = None
    ) -> Merged:
        merged = merge(self._base, store, theirs, visits=self.visits.all(), consent=self.consent,
                       own_tombstones=own_tombstones)  # fmt: skip
        current = self.visits.current
        self.visits.past = [v for v in merged.visits if v is not current]
        self.consent = merged.consent
        return merged

    def _save_time(self) -> datetime:
        """The saved_at a save writes: now (or `save_time`), but never before one already saved: a save
        made while the clock was behind must not make every kept fact look decades old next time."""
        when = self.save_time or clock.now()
        return max(when, self.saved_at) if self.saved_at is not None else when

    def _written(self, facts: list[Fact]) -> None:
        self._base = synced(facts)
