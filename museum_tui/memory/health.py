"""Memory health: one 0–100 score with the warnings behind it, as CortexPrism reports.

What makes a visitor's memory less useful: facts nobody has mentioned for months (stale), facts so faded
they barely count (weak), concepts full to their cap (the next value evicts one), facts that had to be
recalled after fading (decay too fast for this visitor), and a file grown large. Each costs points in
proportion; the figures are returned too, for `memory health --json`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from .store import MemoryStore
from .tiers import TIER
from .timestamps import parse_time

STALE_DAYS = 90
WEAK = 0.25
LARGE_FILE = 1_000_000
PENALTIES = {"stale": 30, "weak": 20, "full": 15, "recalled": 15, "large": 10, "refused": 30}
REFUSED_AT_LEAST = 3  # a model's readings refused this often (and in half the messages or more) is warned of


@dataclass(frozen=True)
class Health:
    score: int
    warnings: tuple[str, ...] = ()
    figures: dict[str, float] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        """One line for a panel: the score and the first warning, if any."""
        return f"health {self.score}/100" + (f" · {self.warnings[0]}" if self.warnings else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def health(
    store: MemoryStore,
    now: datetime,
    *,
    faded: int = 0,
    recalled: int = 0,
    file_bytes: int | None = None,
    model_readings: int = 0,
    model_refused: int = 0,
) -> Health:
    """The health of `store` at `now`. `faded` and `recalled`: this visit's counts; `file_bytes`: the saved
    file's size, if there is one; `model_readings` and `model_refused`: messages a model read for facts in
    the (last) visit, and how many of its readings validation refused entirely."""
    facts = list(store.facts.values())
    kept = [f for f in facts if TIER[f.persistence_class].kept]
    stale = 0
    for fact in kept:
        seen = parse_time(fact.last_seen_at or fact.created_at)
        if seen is not None and (now - seen).days >= STALE_DAYS:
            stale += 1
    fading = [f for f in facts if TIER[f.persistence_class].prunable]
    weak = sum(1 for f in fading if f.salience < WEAK)
    counts = Counter(f.concept for f in facts)
    capped = [c for c in store.ontology.concepts.values() if c.cardinality is not None and counts[c.id]]
    full = [c for c in capped if counts[c.id] >= c.cardinality]
    figures: dict[str, float] = {
        "facts": len(facts),
        "stale_share": stale / len(kept) if kept else 0.0,
        "weak_share": weak / len(fading) if fading else 0.0,
        "full_share": len(full) / len(capped) if capped else 0.0,
        "recall_rate": recalled / faded if faded else 0.0,
        "file_bytes": file_bytes or 0,
        "model_refused_share": model_refused / model_readings if model_readings else 0.0,
    }
    warnings: list[str] = []
    loss = 0.0
    if stale:
        loss += PENALTIES["stale"] * figures["stale_share"]
        warnings.append(f"{_plural(stale, 'fact')} not mentioned for {STALE_DAYS}+ days")
    if weak:
        loss += PENALTIES["weak"] * figures["weak_share"]
        warnings.append(f"{_plural(weak, 'fact')} nearly faded")
    if full:
        loss += PENALTIES["full"] * figures["full_share"]
        warnings.append(f"{_plural(len(full), 'topic')} full: the next value replaces one")
    if faded and figures["recall_rate"] > 0.5:
        loss += PENALTIES["recalled"] * figures["recall_rate"]
        warnings.append(f"{recalled} of {faded} faded facts were asked for again: they fade too fast")
    if file_bytes is not None and file_bytes > LARGE_FILE:
        loss += PENALTIES["large"]
        warnings.append(f"the saved file is large ({file_bytes // 1000:,} kB)")
    if model_refused >= REFUSED_AT_LEAST and figures["model_refused_share"] >= 0.5:
        loss += PENALTIES["refused"] * figures["model_refused_share"]
        warnings.append(
            f"the model's fact readings were refused in {model_refused} of {model_readings} messages: "
            "the built-in rules remembered instead (try a larger extract model)"
        )
    return Health(max(0, min(100, round(100 - loss))), tuple(warnings), figures)
