"""Print per-concept precision and recall of the built-in extractor on a labelled set.

python -m tests.extraction.report [extraction_heldout2.jsonl] [--errors]
"""

from __future__ import annotations

import sys

from museum_tui import config
from museum_tui.extraction import RuleExtractor
from museum_tui.memory import load_ontology

from .scoring import Score, load, score


def table(result: Score, title: str) -> str:
    lines = [
        f"{title}: precision {result.precision:.3f}, recall {result.recall:.3f} "
        f"(tp {result.tp}, fp {result.fp}, fn {result.fn})",
        f"  {'concept':34} {'P':>5} {'R':>5}   tp  fp  fn",
    ]
    for concept in sorted({k[0] for k in result.per_concept}):
        tp, fp, fn = (result.per_concept[(concept, k)] for k in ("tp", "fp", "fn"))
        p = tp / (tp + fp) if tp + fp else 1.0
        r = tp / (tp + fn) if tp + fn else 1.0
        lines.append(f"  {concept:34} {p:5.2f} {r:5.2f}  {tp:3} {fp:3} {fn:3}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    names = [a for a in argv if not a.startswith("--")] or ["extraction_heldout2.jsonl"]
    extractor = RuleExtractor(load_ontology(config.default_ontology_path()))
    for name in names:
        result = score(extractor.extract, load(name))
        print(table(result, name))
        if "--errors" in argv:
            print("\n".join(result.errors))


if __name__ == "__main__":
    main(sys.argv[1:])
