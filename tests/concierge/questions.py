"""Score the offline concierge on a labelled question set: each question names the entry the answer must
name (`expect`: every item must appear, `a|b` means either), optionally what it must not say (`avoid`),
what the visitor said before (`memory`) and this turn's facts (`pending`). Matching ignores case.

    python -m tests.concierge.questions ontologies/museum.json tests/concierge/data/museum_questions.jsonl
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, load_venue, route
from museum_tui.memory import MemoryStore, load_ontology

NOW = "2026-11-23T10:30:00"  # a Monday


@dataclass(frozen=True)
class Said:
    concept: str
    value: str
    polarity: str = "asserted"
    evidence: str = ""


def load_questions(path: str | Path) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def passes(reply: str, case: dict) -> bool:
    low = reply.lower()
    ok = all(any(alt.lower() in low for alt in item.split("|")) for item in case["expect"])
    return ok and not any(bad.lower() in low for bad in case.get("avoid", []))


def run(ontology_path: str | Path, questions_path: str | Path, split: str | None = None) -> tuple[float, list]:
    """The share of questions answered right, and the failures as (question, reply)."""
    ontology = load_ontology(ontology_path)
    venue = load_venue(find_venue(ontology))
    agents = load_agents(venue)
    responder = BuiltinResponder(venue)
    cases = [c for c in load_questions(questions_path) if split is None or c["set"] == split]
    failures = []
    for case in cases:
        store = MemoryStore(ontology)
        for concept, value in case.get("memory", []):
            store.upsert(concept, value, "asserted", value)
        pending = [Said(p[0], p[1], p[2] if len(p) > 2 else "asserted", case["q"]) for p in case.get("pending", [])]
        agent = route(case["q"], store, agents)
        reply = responder.reply(case["q"], agent, store, pending, now=datetime.fromisoformat(NOW))
        if not passes(reply, case):
            failures.append((case["q"], reply))
    return (1 - len(failures) / len(cases)) if cases else 0.0, failures


if __name__ == "__main__":
    onto, questions = sys.argv[1], sys.argv[2]
    for part in ("tune", "heldout"):
        score, failed = run(onto, questions, part)
        print(f"{part}: {score:.2f} ({len(failed)} failed)")
        for q, reply in failed if "-v" in sys.argv else ():
            print(f"  ✗ {q}\n    {reply[:300]!r}")
