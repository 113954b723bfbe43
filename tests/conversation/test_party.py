"""The party in a whole visit: a companion's need is read, shapes the answers, shows as theirs, and is not
written to the visitor's memory file."""

from __future__ import annotations

from museum_tui.conversation.events import ReplyDone

from .conftest import offline_session, run


async def test_the_sons_nut_allergy_shapes_the_cafe_answer_and_stays_his() -> None:
    session = offline_session("parent")
    await run(session, "my son has a nut allergy")
    (fact,) = session.store.facts.values()
    assert (fact.concept, fact.about) == ("SpecialNeed.Allergy", "son")
    events = await run(session, "what can we eat at the cafe?")
    reply = next(e for e in events if isinstance(e, ReplyDone)).text
    good, _, avoid = reply.partition("Avoid")
    assert "With nuts in mind" in good and "peanut butter cookie" not in good.lower()
    assert "the peanut butter cookie (nuts)" in avoid
    await session.aclose()
    again = offline_session("parent")
    assert not again.store.facts, "a companion's need is for this visit only"
    await again.aclose()


async def test_a_companions_need_is_never_filed_as_the_visitors() -> None:
    session = offline_session("grandchild")
    for text in ["my brother's hard of hearing", "grandad's on crutches", "my mum uses a wheelchair"]:
        await run(session, text)
    assert sorted((f.about, f.value) for f in session.store.facts.values()) == [
        ("brother", "hard of hearing"),
        ("grandad", "crutches"),
        ("mum", "wheelchair user"),
    ]
    await session.aclose()
