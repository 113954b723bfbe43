"""The built-in extractor under a model: when every reading the model returns is refused, the rules'
facts stand, the visitor is told once the refusals keep coming, and `memory health` says so."""

from __future__ import annotations

import json

from museum_tui.conversation.events import FactsApplied, Notice
from tests.cli_process import museum
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI

from .conftest import llm_session, run

# What a small model wrote: a concept the ontology lacks, and evidence the visitor never said.
INVALID = {
    "facts": [
        {"concept": "Visitor.Deaf", "value": "yes", "polarity": "asserted", "evidence": "deaf"},
        {"concept": "SpecialNeed.Allergy", "value": "peanuts", "polarity": "asserted", "evidence": "they said so"},
    ]
}
MESSAGES = ["I'm deaf", "I use a wheelchair", "I'm allergic to peanuts"]


async def test_refused_readings_leave_the_rules_facts_and_the_visitor_is_told(server: FakeOpenAI) -> None:
    server.script.facts = INVALID
    session = llm_session(server, user="floored")
    told = []
    for text in MESSAGES:
        events = await run(session, text)
        applied = next(e for e in events if isinstance(e, FactsApplied))
        assert applied.rejected, "the model's readings were refused"
        told += [e.text for e in events if isinstance(e, Notice) and "built-in rules" in e.text]
    values = sorted(f.value for f in session.store.facts.values())
    assert values == ["deaf", "peanuts", "wheelchair user"]
    assert len(told) == 1 and "last 3 messages" in told[0]
    health = session.overview()
    assert any("refused in 3 of 3 messages" in w for w in health.warnings) and health.score < 100
    await session.aclose()

    result = museum("memory", "health", "--user", "floored", "--json")
    report = json.loads(result.stdout)
    assert any("refused in 3 of 3" in w for w in report["warnings"]), result.stdout


async def test_a_valid_model_reading_wins_and_the_rules_fill_only_what_it_missed(server: FakeOpenAI) -> None:
    server.script.facts = PEANUT_ALLERGY
    session = llm_session(server, user="helped")
    events = await run(session, "I'm allergic to peanuts and I'm deaf")
    assert not [e for e in events if isinstance(e, Notice) and "built-in rules" in e.text]
    facts = sorted((f.concept, f.value, f.evidence) for f in session.store.facts.values())
    assert facts == [
        ("SpecialNeed.Allergy", "peanuts", "allergic to peanuts"),  # the model's, not the rules' clause
        ("SpecialNeed.HearingImpairment", "deaf", "I'm deaf"),
    ]
    await session.aclose()
