"""A visitor's saved memory as data: what every store reads and writes, whatever holds it.

A store turns its bytes or rows into a `VisitorSnapshot` and back; `merge` (merge.py) reconciles one with a
live `MemoryStore`; `consent.withheld` says what a save leaves out. Pure: no files, no database, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from .facts import Fact
from .visits import Visit


@dataclass
class Consent:
    """The visitor's answer about keeping sensitive needs across visits, and when (ISO time, UTC)."""

    answer: bool | None = None  # None: not asked (yet)
    at: str = ""

    def later_than(self, other: Consent) -> bool:
        """This answer replaces `other`: it is an answer and `other` is none or older (ISO times compare)."""
        return self.answer is not None and (other.answer is None or self.at > other.at)


@dataclass
class Synced:
    """A fact as a store last read or wrote it: what a save compares against to tell who changed what."""

    mentions: int
    last_seen_at: str


@dataclass
class VisitorSnapshot:
    """One visitor's saved memory. `tombstones`: fact key → when it was forgotten, for stores that keep
    them (PostgreSQL); `known` False: what was stored could not be read, so nothing may be inferred from
    what is missing from it."""

    facts: list[Fact] = field(default_factory=list)
    turn: int = 0
    next_id: int = 1
    visits: list[Visit] = field(default_factory=list)
    consent: Consent = field(default_factory=Consent)
    saved_at: datetime | None = None  # when it was written: the time kept facts have aged since
    tombstones: dict[str, str] = field(default_factory=dict)
    known: bool = True
