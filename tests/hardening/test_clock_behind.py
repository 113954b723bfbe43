"""A visit made while the clock was behind must not age away what was said since. Kept facts age from the
later of the memory's `saved_at` and the fact's own `last_seen_at`. Reproduced before the fix: a visit with
the clock thirty years back moved `saved_at` back, and the next visit aged a fact said the day before by
thirty years and pruned it for good."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from museum_tui.memory import MemoryStore
from museum_tui.memory.aging import age
from tests.hardening.test_kiosk import kiosk, run, values

SAID = datetime(2026, 11, 20, 10, tzinfo=UTC)


def test_a_fact_ages_from_when_it_was_last_said_if_that_is_later(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    (created,) = store.upsert("ArtInterest.Medium", "photography", "asserted", "I really love photography")
    created.fact.last_seen_at = SAID.isoformat()
    before = created.fact.salience
    long_ago = datetime(1996, 1, 1, tzinfo=UTC)
    changes = age(store, long_ago, datetime(2026, 11, 21, 10, tzinfo=UTC), half_life_days=180)
    assert [c.kind for c in changes] == ["decayed"] and "photography" in {f.value for f in store.facts.values()}
    assert created.fact.salience == pytest.approx(before * 0.5 ** (1 / 180))


async def test_a_visit_with_the_clock_behind_does_not_prune_what_was_said_since(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", SAID.isoformat())
    first = kiosk(on=False)
    await run(first, "/user ann")
    await run(first, "I really love photography")
    await first.aclose()
    monkeypatch.setenv("MUSEUM_TUI_NOW", "1996-01-01T10:00:00+00:00")  # a kiosk whose clock was reset
    behind = kiosk(on=False)
    await run(behind, "/user ann")
    await run(behind, "Where are the toilets?")
    await behind.aclose()
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-11-21T10:00:00+00:00")
    later = kiosk(on=False)
    await run(later, "/user ann")
    assert "photography" in values(later), "a fact said yesterday is still remembered"
    await later.aclose()
