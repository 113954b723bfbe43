"""Visits, ageing between visits and memory health, with the clock injected."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from museum_tui.clock import now
from museum_tui.memory import MemoryStore
from museum_tui.memory.aging import age
from museum_tui.memory.health import health
from museum_tui.memory.visits import VisitLog, since

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def test_the_clock_is_injectable_and_a_bad_value_falls_back(monkeypatch) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-03-01T10:00:00+00:00")
    assert now() == T0
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-03-01T10:00:00")  # a wall-clock time, in this machine's zone
    assert now() == datetime(2026, 3, 1, 10, 0).astimezone(UTC)
    monkeypatch.setenv("MUSEUM_TUI_NOW", "next tuesday")
    with pytest.warns(UserWarning, match="not an ISO 8601"):
        assert now().year >= 2026


def test_a_silence_longer_than_the_gap_starts_a_new_visit() -> None:
    log = VisitLog()
    assert log.turn(T0, ["Café guide"]) is True
    assert log.turn(T0 + timedelta(minutes=50)) is False, "50 minutes is the same visit"
    assert log.turn(T0 + timedelta(hours=3), ["Access guide"]) is True
    assert [(v.turns, v.topics) for v in log.all()] == [(2, ["Café guide"]), (1, ["Access guide"])]
    assert log.previous is not None and log.previous.ended_at == (T0 + timedelta(minutes=50)).isoformat()


def test_visits_round_trip_through_records_and_bad_records_are_skipped() -> None:
    log = VisitLog()
    log.turn(T0, ["Café guide"])
    records = [*log.records(), {"started_at": "yesterday"}, "junk", {"started_at": T0.isoformat(), "turns": -3}]
    again = VisitLog.from_records(records)
    assert [(v.started_at, v.turns, v.topics) for v in again.past] == [
        (T0.isoformat(), 1, ["Café guide"]),
        (T0.isoformat(), 0, []),
    ]
    assert since(again.past[0], T0 + timedelta(days=8)) == "8 days ago"
    assert since(again.past[0], T0 + timedelta(days=400)) == "over a year ago"


def test_long_term_facts_halve_per_half_life_and_permanent_never_age(museum_ontology) -> None:
    store = MemoryStore(museum_ontology, clock=lambda: T0.isoformat())  # said when saved: they age from T0
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")
    photo = next(f for f in store.facts.values() if f.value == "photography")
    start = photo.salience
    age(store, T0, T0 + timedelta(days=180))
    assert photo.salience == pytest.approx(start / 2)
    assert next(f for f in store.facts.values() if f.value == "deaf").salience == 1.0
    changes = age(store, T0, T0 + timedelta(days=3 * 365))
    assert [c.kind for c in changes] == ["pruned"] and "photography" not in [f.value for f in store.facts.values()]
    assert age(store, T0, T0 - timedelta(days=1)) == [] and age(store, None, T0) == []


def test_health_is_full_for_a_fresh_memory_and_falls_with_stale_and_weak_facts(museum_ontology) -> None:
    store = MemoryStore(museum_ontology, clock=lambda: T0.isoformat())
    store.upsert("ArtInterest.Medium", "photography", "asserted", "I love photography")
    fresh = health(store, T0)
    assert fresh.score == 100 and fresh.warnings == ()
    later = health(store, T0 + timedelta(days=200), faded=4, recalled=3, file_bytes=2_000_000)
    assert later.score < 60
    assert any("not mentioned for 90+ days" in w for w in later.warnings)
    assert any("fade too fast" in w for w in later.warnings) and any("large" in w for w in later.warnings)
    assert later.summary.startswith(f"health {later.score}/100 · ")
