"""Precision and recall of an extractor on a labelled set of visitor utterances."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from museum_tui.memory.facts import normalize

DATA = Path(__file__).resolve().parent.parent / "data"


def load(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def values_match(predicted: str, gold: str) -> bool:
    """Lenient: equal after normalizing, one inside the other, or token_set_ratio ≥ 80."""
    p, g = normalize(predicted), normalize(gold)
    return p == g or (len(p) >= 3 and p in g) or (len(g) >= 3 and g in p) or fuzz.token_set_ratio(p, g) >= 80


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    per_concept: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def report(self, title: str) -> str:
        lines = [
            f"{title}: precision {self.precision:.3f}, recall {self.recall:.3f} "
            f"(tp {self.tp}, fp {self.fp}, fn {self.fn})"
        ]
        concepts = sorted({k[0] for k in self.per_concept})
        for concept in concepts:
            tp, fp, fn = (self.per_concept[(concept, k)] for k in ("tp", "fp", "fn"))
            lines.append(f"  {concept:34} tp {tp:3}  fp {fp:2}  fn {fn:2}")
        return "\n".join(lines)


def score(extract, rows: list[dict]) -> Score:
    result = Score()
    for row in rows:
        predicted = [(f.concept, f.value, f.polarity) for f in extract(row["user"], row.get("bot"))]
        gold = [(g["concept"], g["value"], g["polarity"]) for g in row["facts"]]
        unmatched = list(gold)
        for concept, value, polarity in predicted:
            hit = next(
                (g for g in unmatched if g[0] == concept and g[2] == polarity and values_match(value, g[1])),
                None,
            )
            if hit:
                unmatched.remove(hit)
                result.tp += 1
                result.per_concept[(concept, "tp")] += 1
            else:
                result.fp += 1
                result.per_concept[(concept, "fp")] += 1
                result.errors.append(f"FP {concept}={value!r} ({polarity}) in {row['user']!r}")
        for concept, value, polarity in unmatched:
            result.fn += 1
            result.per_concept[(concept, "fn")] += 1
            result.errors.append(f"FN {concept}={value!r} ({polarity}) in {row['user']!r}")
    return result
