"""The labelled question sets: each question names the venue entry the answer must name.

Both sets were written before the retrieval concierge was tuned; the `heldout` questions were never looked
at while tuning. The responder before retrieval (intent regexes) scored, tuning / held-out:
museum 0.37 / 0.40, garden 0.17 / 0.17. Thresholds: the tuning sets must stay at 0.95 or better (at most
one question of ~30 may regress before someone looks); held-out at 0.75 or better — about one question
below what was measured (museum 0.93, garden 0.83), far above the old engine, and a real regression in
retrieval costs several questions at once.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from .questions import answer, load_questions, run

HERE = Path(__file__).parent
ONTOLOGIES = HERE.parent.parent / "ontologies"
THRESHOLDS = {"tune": 0.95, "heldout": 0.75}
ISSUE_SETS = ("museum_issue24", "garden_issue24")  # issue 24's classes: acts, follow-ups, the clock, food, routes


@pytest.mark.parametrize("venue", ["museum", "garden"])
@pytest.mark.parametrize("part", ["tune", "heldout"])
def test_question_set_scores(venue: str, part: str) -> None:
    score, failures = run(ONTOLOGIES / f"{venue}.json", HERE / "data" / f"{venue}_questions.jsonl", part)
    print(f"{venue} {part}: {score:.2f}")
    detail = "\n".join(f"  {q!r} → {reply[:200]!r}" for q, reply in failures)
    assert score >= THRESHOLDS[part], f"{venue} {part} scored {score:.2f}:\n{detail}"


@pytest.mark.parametrize("name", ISSUE_SETS)
def test_issue_24_sets(name: str) -> None:
    """Written for the failure classes of issue 24 (each line tagged with its class), in the case format
    with earlier turns, a time of day and party members' facts. Measured 1.00 on both when written."""
    venue = name.split("_")[0]
    score, failures = run(ONTOLOGIES / f"{venue}.json", HERE / "data" / f"{name}.jsonl", "tune")
    detail = "\n".join(f"  {q!r} → {reply[:200]!r}" for q, reply in failures)
    assert score >= THRESHOLDS["tune"], f"{name} scored {score:.2f}:\n{detail}"


@pytest.mark.parametrize("venue", ["museum", "garden"])
def test_replies_read_well(venue: str) -> None:
    """Over every question of the venue's sets: no sentence said twice, no brackets inside brackets, no
    'a' before a vowel sound."""
    problems = []
    for path in sorted((HERE / "data").glob(f"{venue}_*.jsonl")):
        for case in load_questions(path):
            reply = asyncio.run(answer(ONTOLOGIES / f"{venue}.json", case))
            sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", reply) if len(s) >= 12]
            if len(sentences) != len(set(sentences)):
                problems.append(f"said twice: {case['q']!r} → {reply[:160]!r}")
            if re.search(r"\([^()]*\([^()]*\)[^()]*\)|\) \(", reply):
                problems.append(f"brackets: {case['q']!r} → {reply[:160]!r}")
            if re.search(r"\ba (?:[aeio]\w|under)", reply):
                problems.append(f"article: {case['q']!r} → {reply[:160]!r}")
    assert not problems, "\n".join(problems)
