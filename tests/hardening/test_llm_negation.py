"""A model's negation erases a fact only when its evidence names what it negates (its value, a cue term of
the concept, or a word of the concept's label). Reproduced before the fix: an LLM extractor's
`negated: deaf` with the evidence "my name is Bob" (grounded: the visitor did say it) erased a permanent
fact. Real HTTP to the fake server, through the session."""

from __future__ import annotations

import json

import pytest

from tests.fake_openai import FakeOpenAI, Fault
from tests.hardening.test_fault_matrix import REPLY, session_for, turn

DEAF = {"concept": "SpecialNeed.HearingImpairment", "value": "deaf", "polarity": "asserted", "evidence": "I'm deaf"}


def negation(evidence: str) -> Fault:
    return Fault(content=json.dumps({"facts": [{**DEAF, "polarity": "negated", "evidence": evidence}]}))


async def values_after(message: str, evidence: str) -> set[str]:
    with FakeOpenAI(reply=REPLY, facts={"facts": [DEAF]}) as server:
        session = session_for(server, "bob")
        await turn(session, "I'm deaf")
        assert {f.value for f in session.store.facts.values()} == {"deaf"}
        server.fail("json", negation(evidence))
        await turn(session, message)
        values = {f.value for f in session.store.facts.values()}
        await session.aclose()
    return values


async def test_a_negation_whose_evidence_names_nothing_of_it_erases_nothing() -> None:
    # the negation erases nothing; the name the model did not read stands, from the built-in floor (issue 26)
    assert await values_after("Hello, my name is Bob", "my name is Bob") == {"deaf", "Bob"}


@pytest.mark.parametrize(
    ("message", "evidence"),
    [
        ("Actually I'm not deaf at all", "I'm not deaf"),  # the value
        ("Sorry, I can hear perfectly well", "I can hear perfectly well"),  # the concept's own word
        ("No, I'm not hard of hearing", "I'm not hard of hearing"),  # a cue term (a variant)
    ],
)
async def test_a_negation_that_names_it_still_erases(message: str, evidence: str) -> None:
    assert "deaf" not in await values_after(message, evidence)
