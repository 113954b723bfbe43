"""Which café a food question means (round 35's living-history village, after its first score): the one whose
name the question says ("in the tea room", "what sweets …"), never a shop or a kiosk for a meal, and every
sweet at a sweet shop, not only the ones whose names say sweet."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, load_venue, route
from museum_tui.memory import MemoryStore, load_ontology

from .questions import Said
from .test_generalise import _museum_with
from .test_reasoning import MONDAY

BLIND = Path(__file__).resolve().parents[1] / "data" / "blind"
TUESDAY = datetime(2026, 11, 24, 11, 0)  # the village is closed on Mondays


def _village_cafes(data: dict) -> None:
    """The museum with a tea room serving meals and cakes, and a sweet shop, instead of its own cafés."""
    food = lambda item, allergens=(), diet=("vegan",): {  # noqa: E731
        "item": item,
        "kind": "food",
        "allergens": list(allergens),
        "diet": list(diet),
    }
    shop = {"name": "Pickering's Sweet Shop", "floor": 0, "location": "by the entrance", "hours": "10:00-17:00"}
    room = {"name": "Old Mill Tea Room", "floor": 0, "location": "by the mill", "hours": "10:00-17:00"}
    data["cafes"] = [
        {
            **shop,
            "menu": [
                *(food(s) for s in ("Sherbet lemons", "Pear drops", "Mint humbugs", "Chocolate mice", "Jelly beans")),
                food("Fudge", ["milk"], ["vegetarian"]),
            ],
        },
        {
            **room,
            "menu": [food("Vegetable soup"), food("Bean stew"), food("Vegan brownie"), food("Scone", ["milk"], [])],
        },
    ]


def _ask(text: str, *pending: Said) -> str:
    responder, store, agents = _museum_with(_village_cafes)
    return responder.reply(text, route(text, store, agents), store, list(pending), now=MONDAY)


def test_a_meal_is_not_sent_to_a_shop():
    reply = _ask("anything vegan for lunch?")
    assert "Old Mill Tea Room" in reply and "Sweet Shop" not in reply, reply


def test_the_cafe_the_question_names_most_fully():
    reply = _ask("anything sweet I can have in the tea room? no dairy for me", Said("SpecialNeed.Allergy", "milk"))
    assert "Old Mill Tea Room" in reply and "Vegan brownie" in reply and "Scone" not in reply, reply


def test_every_sweet_at_a_sweet_shop():
    reply = _ask("what sweets can I have? I'm vegan", Said("SpecialNeed.DietaryRestriction", "vegan"))
    assert "Sweet Shop" in reply and "Sherbet lemons" in reply and "Pear drops" in reply, reply
    assert "Fudge" not in reply.split("good choices are:")[1].split(".")[0], reply


def test_sweets_asked_for_at_the_village_are_the_sweet_shops():
    """The living-history village's own venue file (round 35): a word of a café's name said in the question
    ("sweets") sends the visitor there, when the index does not count the word as naming it."""
    ontology = load_ontology(BLIND / "village.json")
    venue = load_venue(find_venue(ontology))
    store = MemoryStore(ontology)
    store.upsert("Food.Allergy", "peanuts", "asserted", "my son can't have peanuts", about="son")
    text = "what sweets can my son have?"
    reply = BuiltinResponder(venue).reply(text, route(text, store, load_agents(venue)), store, [], now=TUESDAY)
    assert "Pennington's Sweet Shop" in reply and "Peanut brittle" not in reply.split("good choices")[1], reply
