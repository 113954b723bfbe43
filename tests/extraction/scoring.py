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


def labels_party(row: dict) -> bool:
    """Does this row's gold say whose each fact is? Rows labelled before facts could be a party member's
    list only the visitor's own facts: there a member's fact is out of scope, neither right nor wrong."""
    return bool(row.get("party")) or any("about" in g for g in row["facts"])


def score(extract, rows: list[dict]) -> Score:
    """Facts match on concept, polarity, value and whose they are (`about`, "self" when the gold omits
    it): a member's need filed as the visitor's own is a false positive and a false negative."""
    result = Score()
    for row in rows:
        predicted = [
            (f.concept, f.value, f.polarity, getattr(f, "about", "self")) for f in extract(row["user"], row.get("bot"))
        ]
        if not labels_party(row):
            predicted = [p for p in predicted if p[3] == "self"]
        gold = [(g["concept"], g["value"], g["polarity"], g.get("about", "self")) for g in row["facts"]]
        unmatched = list(gold)
        for concept, value, polarity, about in predicted:
            hit = next(
                (
                    g
                    for g in unmatched
                    if g[0] == concept and g[2] == polarity and g[3] == about and values_match(value, g[1])
                ),
                None,
            )
            whose = "" if about == "self" else f" about {about}"
            if hit:
                unmatched.remove(hit)
                result.tp += 1
                result.per_concept[(concept, "tp")] += 1
            else:
                result.fp += 1
                result.per_concept[(concept, "fp")] += 1
                result.errors.append(f"FP {concept}={value!r} ({polarity}){whose} in {row['user']!r}")
        for concept, value, polarity, about in unmatched:
            whose = "" if about == "self" else f" about {about}"
            result.fn += 1
            result.per_concept[(concept, "fn")] += 1
            result.errors.append(f"FN {concept}={value!r} ({polarity}){whose} in {row['user']!r}")
    return result
