"""The concierge on the real venue file and a real memory store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from museum_tui.concierge import (
    BuiltinResponder,
    VenueError,
    build_system_prompt,
    find_venue,
    load_agents,
    load_venue,
    route,
    venue_brief,
)
from museum_tui.extraction import ExtractedFact
from museum_tui.memory import MemoryStore


@pytest.fixture(scope="module")
def venue(museum_ontology):
    return load_venue(find_venue(museum_ontology))


@pytest.fixture(scope="module")
def agents(venue):
    return load_agents(venue)


@pytest.fixture
def store(museum_ontology) -> MemoryStore:
    return MemoryStore(museum_ontology)


@pytest.fixture(scope="module")
def responder(venue) -> BuiltinResponder:
    return BuiltinResponder(venue)


def said(store: MemoryStore, concept: str, value: str) -> None:
    store.upsert(concept, value, "asserted", value)


def answer(responder, agents, store, text: str, pending=()) -> tuple[str, str]:
    agent = route(text, store, agents)
    return agent.name, responder.reply(text, agent, store, pending)


def test_venue_file_loads_with_everything_the_concierge_needs(venue) -> None:
    assert venue.exhibitions and venue.cafes and venue.lifts and venue.tours
    assert any(r.accessible for r in venue.restrooms) and any(r.baby_changing for r in venue.restrooms)
    assert {"bsl", "captions", "audio description"} <= {a for t in venue.tours for a in t.access}
    assert all(e.minutes > 0 for e in venue.exhibitions)
    assert len(venue_brief(venue)) < 6000, "the brief goes into every prompt: keep it compact"


def test_broken_venue_reports_every_problem(venue, tmp_path: Path) -> None:
    data = json.loads(venue.source.read_text(encoding="utf-8"))
    data["exhibitions"][0]["gallery"] = "G99"
    data["exhibitions"][1]["minutes"] = -5
    data["restrooms"] = []
    path = tmp_path / "venue.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(VenueError) as err:
        load_venue(path)
    text = str(err.value)
    assert "3 problem(s)" in text and "'G99' is not one of the galleries" in text
    assert "'minutes' must be a positive" in text and "at least one restroom" in text


@pytest.mark.parametrize(
    ("text", "agent"),
    [
        ("Where's the toilet?", "wayfinding"),
        ("Is there a lift to the second floor?", "wayfinding"),
        ("I could really use a coffee.", "food"),
        ("Do you have captions or BSL?", "accessibility"),
        ("What exhibitions would you recommend?", "recommendations"),
        ("I really love photography", "recommendations"),
        ("What time do you close?", "general"),
        ("blah blah", "general"),
    ],
)
def test_router_table(store, agents, text: str, agent: str) -> None:
    assert route(text, store, agents).name == agent


def test_vague_follow_up_goes_where_the_live_need_is(store, agents) -> None:
    assert route("Where can I have one?", store, agents).name == "wayfinding"
    said(store, "ImmediateNeed.Refreshment", "coffee")
    assert route("Where can I have one?", store, agents).name == "food"


def test_prompts_contain_only_the_subscribed_slice(venue, agents, store) -> None:
    said(store, "SpecialNeed.MobilityImpairment", "wheelchair user")
    said(store, "ArtInterest.Medium", "photography")
    recommend = build_system_prompt(agents["recommendations"], venue, store)
    wayfinding = build_system_prompt(agents["wayfinding"], venue, store)
    assert "photography" in recommend.split("What you know about this visitor")[1]
    assert "wheelchair user" not in recommend
    assert "wheelchair user" in wayfinding and agents["wayfinding"].role in wayfinding
    assert "Light & Shadow" in wayfinding, "the venue brief is part of every prompt"


def test_wheelchair_user_asking_for_the_toilet_gets_the_accessible_one_and_the_lift(responder, agents, store) -> None:
    said(store, "Position.CurrentArea", "second floor")
    _, plain = answer(responder, agents, store, "Where's the toilet?")
    assert "second floor" in plain and "accessible" not in plain
    said(store, "SpecialNeed.MobilityImpairment", "wheelchair user")
    agent, reply = answer(responder, agents, store, "Where's the toilet?")
    assert agent == "wayfinding"
    assert "accessible toilets are on the first floor" in reply or "accessible toilets are on the third floor" in reply
    assert "Lift A" in reply and "step-free" in reply


def test_allergy_shapes_the_cafe_answer(responder, agents, store) -> None:
    said(store, "SpecialNeed.Allergy", "peanuts")
    _, reply = answer(responder, agents, store, "I'm hungry, what can I eat?")
    assert "I've left out the one item with peanuts." in reply
    assert "peanut butter cookie" not in reply.lower() and "Lemon and polenta cake" in reply


def test_vegan_diet_only_gets_vegan_items(responder, agents, store, venue) -> None:
    said(store, "SpecialNeed.DietaryRestriction", "vegan")
    _, reply = answer(responder, agents, store, "Anything to eat at the café?")
    picks = reply.split("good choices are: ")[1].split(".")[0].split(", ")
    menu = {m.item: m for m in venue.cafes[0].menu}
    assert picks and all("vegan" in menu[p].diet for p in picks)


def test_photography_and_an_hour_gives_photography_shows_that_fit(responder, agents, store, venue) -> None:
    said(store, "ArtInterest.Medium", "photography")
    said(store, "VisitPlan.TimeBudget", "1 hour")
    _, reply = answer(responder, agents, store, "What should I see?")
    titles = [e.title for e in venue.exhibitions if f"**{e.title}**" in reply.split("If you have")[0]]
    assert titles and all("photography" in next(e for e in venue.exhibitions if e.title == t).media for t in titles)
    assert sum(e.minutes for e in venue.exhibitions if e.title in titles) <= 60


def test_sensory_sensitivity_skips_loud_and_flashing_rooms(responder, agents, store) -> None:
    said(store, "ArtInterest.Medium", "video art")
    said(store, "SpecialNeed.SensorySensitivity", "flashing lights (epilepsy)")
    _, reply = answer(responder, agents, store, "What would you recommend?")
    assert "I've left out *Moving Image*: it has flashing lights" in reply


def test_deaf_visitor_is_told_about_captions_and_bsl(responder, agents, store) -> None:
    pending = [ExtractedFact("SpecialNeed.HearingImpairment", "deaf", "asserted", "I'm deaf")]
    agent, reply = answer(responder, agents, store, "Hi! I should mention I'm deaf.", pending)
    assert agent == "accessibility"
    assert "captioned" in reply and "BSL" in reply and reply.startswith("Hello!")


def test_the_recommendations_agent_never_sees_a_disability(responder, agents, store) -> None:
    said(store, "SpecialNeed.HearingImpairment", "deaf")
    reply = responder.reply("What's on?", agents["recommendations"], store)
    assert "deaf" not in reply.lower() and "BSL" not in reply


def test_unknown_questions_get_an_honest_fallback(responder, agents, store) -> None:
    _, reply = answer(responder, agents, store, "Can I park a helicopter on the roof?")
    assert "I'm not sure" in reply and "information desk" in reply


def test_visitor_values_cannot_inject_markdown(responder, agents, store) -> None:
    said(store, "SpecialNeed.Allergy", "[link](http://x) **nuts**")
    _, reply = answer(responder, agents, store, "I'm hungry")
    assert "[link](http://x)" not in reply and "\\[link\\]" in reply


def test_replies_are_deterministic(responder, agents, museum_ontology) -> None:
    def run() -> list[str]:
        store = MemoryStore(museum_ontology)
        out = []
        for text, fact in [
            ("Hi, I'm deaf", ("SpecialNeed.HearingImpairment", "deaf")),
            ("I love photography", ("ArtInterest.Medium", "photography")),
            ("I have an hour", ("VisitPlan.TimeBudget", "1 hour")),
            ("I could use a coffee", ("ImmediateNeed.Refreshment", "coffee")),
            ("Where can I have one?", None),
        ]:
            pending = [ExtractedFact(fact[0], fact[1], "asserted", text)] if fact else []
            out.append(answer(responder, agents, store, text, pending)[1])
            for p in pending:
                store.upsert(p.concept, p.value, "asserted", text)
            store.tick()
        return out

    first = run()
    assert first == run()
    assert "Harbour Café" in first[4] and "You can get one" in first[4]
