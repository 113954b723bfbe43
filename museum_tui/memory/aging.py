"""Time between visits: kept facts of tiers that age (long-term interests) fade with the days that passed.

Per-turn decay measures a conversation; this measures a life. A long-term interest said a year ago is not
as strong as one said yesterday: its salience halves every `half_life_days` (180 by default) counted from
when the file was saved, or from when the fact was last said if that is later (a save made while the clock
was behind must not age a fact said since by decades), so salience anywhere is as of the current clock.
Permanent facts never age.
"""

from __future__ import annotations

from datetime import datetime

from .facts import Change
from .store import MemoryStore
from .tiers import TIER
from .timestamps import parse_time

HALF_LIFE_DAYS = 180.0


def age(
    store: MemoryStore, saved_at: datetime | None, now: datetime, half_life_days: float = HALF_LIFE_DAYS
) -> list[Change]:
    """Fade the facts of ageing tiers for the time since `saved_at` (or since each was last said, if later);
    those under the threshold are pruned. Nothing happens without a saved time, for a clock that went back,
    or a half-life of 0 (ageing off)."""
    if saved_at is None or half_life_days <= 0:
        return []
    changes: list[Change] = []
    for fact in list(store.facts.values()):
        tier = TIER[fact.persistence_class]
        if not tier.ages:
            continue
        said = parse_time(fact.last_seen_at)
        since = max(saved_at, said) if said is not None else saved_at
        days = (now - since).total_seconds() / 86400
        if days <= 0:
            continue
        before = fact.salience
        fact.salience = before * 0.5 ** (days / half_life_days)
        if fact.salience < store.prune_threshold and tier.prunable:
            del store.facts[fact.id]
            changes.append(Change("pruned", fact, before, 0.0, f"not mentioned for {int(days)} days"))
        else:
            changes.append(Change("decayed", fact, before, fact.salience))
    return changes
