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
    assert "With nuts (your son) in mind, good choices are" in reply and "peanut butter cookie" not in reply.lower()
    assert "I've left out 3 items with nuts." in reply, "unsafe items are warned about by allergen, never offered"
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


async def test_that_was_my_brother_not_me_moves_the_need_said_before() -> None:
    session = offline_session("sibling")
    await run(session, "I'm allergic to peanuts and I love Monet")
    await run(session, "sorry, that was my brother, not me")
    facts = sorted((f.concept, f.value, f.about) for f in session.store.facts.values())
    assert facts == [
        ("ArtInterest.Artist", "Monet", "self"),  # not a need: the visitor's own taste stays
        ("SpecialNeed.Allergy", "peanuts", "brother"),
    ]
    (moved,) = [f for f in session.store.facts.values() if f.about == "brother"]
    assert "my brother" in moved.evidence
    await session.aclose()
