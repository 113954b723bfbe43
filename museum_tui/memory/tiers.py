"""The four tiers a fact can live in, in one table that every layer reads.

A tier says how fast a fact fades, whether it is kept for the visitor's next visit, and how it is named and
coloured wherever it is shown. Nothing else in the project spells out a tier's properties.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

TierName = Literal["permanent", "long_term", "session", "ephemeral"]


@dataclass(frozen=True)
class Tier:
    name: TierName
    title: str  # "Long-term": how the tier is named to a visitor
    decay: float  # the default per-turn multiplier; settings may override it per store
    kept: bool  # saved in the visitor's file and restored next visit
    prunable: bool  # removed once its salience falls under the prune threshold
    ages: bool  # also fades with the time between visits (see aging.py)
    bucket: str  # which part of the prompt's memory block it goes to (see BUCKETS)
    lifetime: str  # how long a fact lasts, in a few words ("kept across visits")
    pace: str  # how fast it fades, for ontology authors
    colour: str  # a colour name every renderer understands (Rich and Textual both take these)


TIERS: tuple[Tier, ...] = (
    Tier("permanent", "Permanent", 1.00, True, False, False, "core",
         "never fades", "never fades", "cyan"),
    Tier("long_term", "Long-term", 0.99, True, True, True, "background",
         "kept across visits", "fades very slowly", "green"),
    Tier("session", "Session", 0.85, False, True, False, "active",
         "this visit", "fades over about a dozen turns", "yellow"),
    Tier("ephemeral", "Ephemeral", 0.55, False, True, False, "active",
         "a few turns", "fades within a few turns", "magenta"),
)  # fmt: skip
TIER: dict[str, Tier] = {t.name: t for t in TIERS}
# The memory block of a prompt, as llm-bawt's context builder does it: what must always be respected, then
# what matters in this visit, then what colours the answer. Fixed order, so the block is deterministic.
BUCKETS: tuple[tuple[str, str], ...] = (
    ("core", "Core constraints (always take into account)"),
    ("active", "Active concerns (this visit, right now)"),
    ("background", "Preferences and background"),
)
PERSISTENCE_CLASSES: tuple[TierName, ...] = tuple(t.name for t in TIERS)
KEPT_TIERS: tuple[TierName, ...] = tuple(t.name for t in TIERS if t.kept)
DECAY: dict[str, float] = {t.name: t.decay for t in TIERS}


PRUNE_THRESHOLD = 0.10  # facts of prunable tiers under this go (the `PRUNE_THRESHOLD` setting overrides it)


def keeps(tier: str, saved: bool = True) -> str:
    """Whether a tier's facts outlive the visit, in the words shown to the visitor; `saved` False: nothing
    is saved for this visitor (a kiosk's anonymous visitor), so no tier outlives it."""
    if not saved:
        return "for this visit only"
    return "kept for your next visit" if TIER[tier].kept else "forgotten after this visit"


def turns_until_faded(salience: float, factor: float, threshold: float) -> int | None:
    """Turns (decay ticks) until a fact is pruned if nobody mentions it again: 1 means the next turn
    removes it, 0 that it is already under the threshold. None: it never fades on its own (a factor of 1)."""
    if factor >= 1.0 or threshold <= 0.0:
        return None
    if salience < threshold:
        return 0
    # It survives n ticks while salience × factorⁿ ≥ threshold; the tick after those removes it.
    return math.floor(math.log(threshold / salience) / math.log(factor)) + 1
