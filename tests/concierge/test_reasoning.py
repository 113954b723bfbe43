"""The concierge reasons over the venue's data: today's hours, the toilet that suits, menus that fit, time
budgets, statements, feelings, returning visitors. Both shipped venues, with an injected clock."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from museum_tui.concierge import BuiltinResponder, clock, find_venue, load_agents, load_venue, route, welcome
from museum_tui.memory import MemoryStore, load_ontology

from .questions import Said

ONTOLOGIES = Path(__file__).resolve().parent.parent.parent / "ontologies"
MONDAY = datetime(2026, 11, 23, 10, 30)
FRIDAY = datetime(2026, 11, 27, 19, 0)


class Venue:
    def __init__(self, name: str) -> None:
        self.ontology = load_ontology(ONTOLOGIES / f"{name}.json")
        self.venue = load_venue(find_venue(self.ontology))
        self.agents = load_agents(self.venue)
        self.responder = BuiltinResponder(self.venue)
        self.store = MemoryStore(self.ontology)

    def remember(self, concept: str, value: str) -> None:
        self.store.upsert(concept, value, "asserted", value)

    def ask(self, text: str, *pending: Said, now: datetime = MONDAY) -> str:
        agent = route(text, self.store, self.agents)
        return self.responder.reply(text, agent, self.store, list(pending), now=now)


@pytest.fixture
def museum() -> Venue:
    return Venue("museum")


@pytest.fixture
def garden() -> Venue:
    return Venue("garden")


def test_today_uses_todays_hours_from_the_clock(museum: Venue) -> None:
    monday = museum.ask("What time do you close today?")
    assert "18:00" in monday and "Sunday" not in monday and "Monday" in monday
    friday = museum.ask("What time do you close today?", now=datetime(2026, 11, 27, 12, 0))
    assert "21:00" in friday
    late = museum.ask("Are you still open?", now=datetime(2026, 11, 23, 18, 30))
    assert "closed at 18:00" in late
    assert "11:00" in museum.ask("When do you open on Sunday?")


def test_the_clock_reads_museum_tui_now(monkeypatch: pytest.MonkeyPatch, museum: Venue) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-11-27T12:00:00")
    assert clock.local_now() == datetime(2026, 11, 27, 12, 0)
    agent = route("closing time today?", museum.store, museum.agents)
    assert "21:00" in museum.responder.reply("closing time today?", agent, museum.store)
    monkeypatch.setenv("MUSEUM_TUI_NOW", "not a date")
    assert abs((clock.local_now() - datetime.now()).total_seconds()) < 5


def test_nearest_accessible_toilet_from_a_floor_or_a_gallery(museum: Venue) -> None:
    museum.remember("SpecialNeed.MobilityImpairment", "wheelchair user")
    reply = museum.ask("I'm on the second floor, where's the nearest accessible toilet?")
    assert "accessible toilets are on the first floor, next to Gallery 2" in reply
    assert "opposite Gallery 4" not in reply and "Lift A** down" in reply
    from_gallery = museum.ask("I'm in the Print Room, where's the loo?")
    assert "beside the Print Room" in from_gallery and "on this floor" in from_gallery
    plain = Venue("museum").ask("I'm on the second floor, where's the toilet?")
    assert "opposite Gallery 4" in plain, "without a mobility need the nearest toilet is fine"


def test_diet_question_offers_only_fitting_items(museum: Venue) -> None:
    reply = museum.ask("Do you have halal food?")
    menu = {m.item: m for c in museum.venue.cafes for m in c.menu}
    offered = [item for item in menu if item in reply]
    assert offered and all("halal" in menu[i].diet for i in offered), offered
    assert "isn't marked halal" in reply


def test_allergy_is_acknowledged_with_the_menu_items_to_avoid(museum: Venue) -> None:
    reply = museum.ask("I'm allergic to peanuts", Said("SpecialNeed.Allergy", "peanuts"))
    assert reply.startswith("I'll keep peanuts in mind.")
    assert "avoid the peanut butter cookie (peanuts)" in reply and "not sure" not in reply


def test_a_food_answer_names_an_unsafe_dish_only_when_asked_about_it(museum: Venue) -> None:
    """In an answer to a food question the warning says the allergen and how many dishes it rules out;
    a dish is named only when the visitor asked about it by name."""
    museum.remember("SpecialNeed.Allergy", "peanuts")
    snacks = museum.ask("what snacks can I get?")
    assert "I've left out the one item with peanuts." in snacks and "peanut butter" not in snacks.lower()
    assert "Lemon and polenta cake" in snacks
    asked = museum.ask("can I have the peanut butter cookie?")
    assert "The peanut butter cookie has peanuts in it, sorry." in asked, "a dish asked about by name is named"


def test_a_retraction_says_what_was_dropped_and_never_repeats_its_advice(museum: Venue) -> None:
    museum.remember("SpecialNeed.HearingImpairment", "deaf")
    reply = museum.ask("actually I'm not deaf", Said("SpecialNeed.HearingImpairment", "deaf", "negated"))
    assert "I've dropped “deaf”" in reply
    assert "loop" not in reply and "BSL" not in reply and "caption" not in reply
    fresh = Venue("museum").ask("I'm not blind", Said("SpecialNeed.VisualImpairment", "blind", "negated"))
    assert "nothing about “blind” to drop" in fresh and "tactile" not in fresh


@pytest.mark.parametrize(
    ("text", "expected"),
    [("I'm exhausted", "Benches"), ("it's too loud in here", "Quiet Room"), ("I feel dizzy", "First aid")],
)
def test_feelings_get_the_venues_seating_and_quiet_room(museum: Venue, text: str, expected: str) -> None:
    assert expected in museum.ask(text)


def test_time_budget_in_the_question_picks_shows_that_fit(museum: Venue) -> None:
    reply = museum.ask("I have 45 minutes, what should I see?")
    listed = reply.split("If you have")[0]
    picked = [e for e in museum.venue.exhibitions if f"**{e.title}**" in listed]
    assert picked and sum(e.minutes for e in picked) <= 45


def test_recommendations_say_why(museum: Venue) -> None:
    museum.remember("ArtInterest.Medium", "sculpture")
    reply = museum.ask("What would you recommend?")
    assert "because you like sculpture" in reply and "Barbara Hepworth" in reply


def test_a_returning_visitor_is_welcomed_back_with_what_is_remembered(museum: Venue) -> None:
    museum.remember("Profile.Name", "Ann")
    museum.remember("ArtInterest.Medium", "sculpture")
    museum.remember("SpecialNeed.MobilityImpairment", "wheelchair user")
    for fact in museum.store.facts.values():
        fact.created_at = "2026-10-01T10:00:00+00:00"
    text = welcome(museum.venue, museum.store)
    assert text.startswith("Welcome back, Ann!") and "step-free routes" in text
    assert "you like sculpture" in text and "because you like sculpture" in text
    assert museum.ask("Hello!").startswith("Welcome back, Ann!")
    assert welcome(museum.venue, MemoryStore(museum.ontology)) == ""
    assert Venue("museum").ask("Hello!").startswith("Hello! Welcome to")


def test_the_garden_reasons_with_its_own_concepts(garden: Venue) -> None:
    garden.remember("Access.Mobility", "wheelchair user")
    reply = garden.ask("I'm at the lake, where's the nearest accessible toilet?")
    assert "boathouse" in reply and "terrace lift" not in reply.split(".")[0]
    garden.remember("Interest.Plant", "orchids")
    assert "because you love orchids" in garden.ask("What should I see?")
    hot = Venue("garden")
    hot.remember("Access.Sensory", "can't cope with heat")
    picks = hot.ask("What should I see?")
    assert "it is hot and humid" in picks and "**Rainforest Giants**" not in picks and "**Desert Worlds**" not in picks
    assert "Noted — I'll point you to calm" in garden.ask("loud noise is hard", Said("Access.Sensory", "loud noise"))


def test_replies_are_deterministic_on_both_venues() -> None:
    def run(name: str) -> list[str]:
        v = Venue(name)
        return [v.ask(q) for q in ("Hi", "What should I see?", "Where's the toilet?", "I'm hungry", "tours?")]

    for name in ("museum", "garden"):
        assert run(name) == run(name)


def test_unknown_questions_are_honest(garden: Venue) -> None:
    reply = garden.ask("Can I land a helicopter on the roof?")
    assert "I'm not sure" in reply and "Visitor Centre" in reply


def test_no_venue_literal_or_concept_id_in_the_code() -> None:
    package = Path(__file__).resolve().parent.parent.parent / "museum_tui"
    code = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    names = set()
    for name in ("museum", "garden"):
        ontology = load_ontology(ONTOLOGIES / f"{name}.json")
        venue = load_venue(find_venue(ontology))
        names |= set(ontology.concepts) | {venue.name, venue.short_name}
        names |= {g.name for g in venue.galleries.values() if " " in g.name}
        names |= (
            {e.title for e in venue.exhibitions} | {lift.name for lift in venue.lifts} | {c.name for c in venue.cafes}
        )
    found = sorted(n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", code))
    concierge = "\n".join(p.read_text(encoding="utf-8") for p in (package / "concierge").glob("*.py"))
    assert not [n for n in found if n in concierge], found


def test_the_garden_runs_from_the_command_line_with_no_code_change() -> None:
    from tests.cli_process import museum as run_cli

    lines = ["Hi! I use a wheelchair.", "Where can I see orchids?", "I'm hungry", "/ontology"]
    result = run_cli(
        "chat",
        "--plain",
        "--offline",
        "--user",
        "gardener",
        "--ontology",
        str(ONTOLOGIES / "garden.json"),
        stdin="\n".join(lines) + "\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Riverside Botanic Garden" in out and "step-free paths" in out
    assert "Orchid Festival" in out and "Orangery Café" in out


@pytest.mark.parametrize("name", ["museum", "garden"])
def test_each_venue_brief_stays_compact(name: str) -> None:
    from museum_tui.concierge import venue_brief

    assert len(venue_brief(Venue(name).venue)) < 6000, "the brief goes into every prompt"
