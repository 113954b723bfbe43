"""Visits: when the visitor came, for how long, and what was talked about, never what was said.

A visit starts when the app opens or after a silence longer than `gap` (an hour by default, llm-bawt's
rule). Each is kept with the persisted tiers as start, end, turns and topics: the agents who answered and
the venue entries they recommended. No words of the visitor, no values of facts of the tiers that are
forgotten after a visit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .timestamps import parse_time

GAP = timedelta(hours=1)
KEPT_VISITS = 50  # older visits are dropped from the file: the count and the first date stay
MAX_TOPICS = 12


@dataclass
class Visit:
    started_at: str
    ended_at: str
    turns: int = 0
    topics: list[str] = field(default_factory=list)
    model_readings: int = 0  # messages a model read for facts
    model_refused: int = 0  # of those, how many came back with nothing validation would keep

    def record(self) -> dict[str, Any]:
        record = {"started_at": self.started_at, "ended_at": self.ended_at, "turns": self.turns, "topics": self.topics}
        if self.model_readings:  # only with a model: a built-in visit's record stays as it was
            record |= {"model_readings": self.model_readings, "model_refused": self.model_refused}
        return record

    @classmethod
    def from_record(cls, raw: object) -> Visit | None:
        """A visit from a file, or None if it is not one (files may be hand-edited)."""
        if not isinstance(raw, dict):
            return None
        start, end, turns, topics = raw.get("started_at"), raw.get("ended_at"), raw.get("turns", 0), raw.get("topics")
        if not isinstance(start, str) or parse_time(start) is None:
            return None
        if not isinstance(end, str) or parse_time(end) is None:
            end = start
        turns = turns if isinstance(turns, int) and turns >= 0 else 0
        topics = (
            [t for t in topics if isinstance(t, str) and t.isprintable()][:MAX_TOPICS]
            if isinstance(topics, list)
            else []
        )
        readings, refused = raw.get("model_readings", 0), raw.get("model_refused", 0)
        readings = readings if isinstance(readings, int) and not isinstance(readings, bool) and readings >= 0 else 0
        refused = refused if isinstance(refused, int) and not isinstance(refused, bool) and refused >= 0 else 0
        return cls(start, end, turns, topics, readings, min(refused, readings))


@dataclass
class VisitLog:
    """Past visits (from the file) and the one going on now."""

    past: list[Visit] = field(default_factory=list)
    current: Visit | None = None
    gap: timedelta = GAP

    def begin(self, now: datetime) -> Visit:
        """Start a visit now (the app opened, or the visitor came back after a silence)."""
        if self.current is not None and self.current.turns:
            self.past = [*self.past, self.current][-KEPT_VISITS:]
        self.current = Visit(now.isoformat(), now.isoformat())
        return self.current

    def turn(self, now: datetime, topics: Iterable[str] = ()) -> bool:
        """Count a turn at `now`; True when it began a new visit (silence longer than the gap)."""
        new = self.current is None or self._silence(now) > self.gap
        if new:
            self.begin(now)
        visit = self.current
        assert visit is not None
        visit.turns += 1
        visit.ended_at = now.isoformat()
        for topic in topics:
            if topic and topic not in visit.topics and len(visit.topics) < MAX_TOPICS:
                visit.topics.append(topic)
        return new

    def _silence(self, now: datetime) -> timedelta:
        last = parse_time(self.current.ended_at) if self.current else None
        return now - last if last is not None else timedelta.max

    @property
    def previous(self) -> Visit | None:
        """The last visit before this one: what a "welcome back" speaks of."""
        return self.past[-1] if self.past else None

    def all(self) -> list[Visit]:
        """Every visit worth keeping, oldest first (the current one if anything happened in it)."""
        return [*self.past, self.current] if self.current is not None and self.current.turns else list(self.past)

    def records(self) -> list[dict[str, Any]]:
        return [v.record() for v in self.all()[-KEPT_VISITS:]]

    @classmethod
    def from_records(cls, raw: object, gap: timedelta = GAP) -> VisitLog:
        visits = [v for v in (Visit.from_record(r) for r in raw) if v is not None] if isinstance(raw, list) else []
        return cls(visits[-KEPT_VISITS:], None, gap)


def since(visit: Visit, now: datetime) -> str:
    """How long ago a visit ended, in words a greeting can use ("3 days ago", "last month")."""
    end = parse_time(visit.ended_at)
    if end is None:
        return "before"
    days = (now - end).days
    if days < 1:
        return "earlier today"
    if days < 2:
        return "yesterday"
    if days < 14:
        return f"{days} days ago"
    if days < 60:
        return f"{days // 7} weeks ago"
    if days < 365:
        return f"{days // 30} months ago"
    return "over a year ago" if days < 730 else f"{days // 365} years ago"
