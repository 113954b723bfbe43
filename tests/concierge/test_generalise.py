"""Mechanisms that let the concierge answer questions nobody here wrote: a café named by the one word of
its name no other café has, a closed café answered with its season and what is open instead. Both shipped
venues, an injected clock."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, parse_venue, route
from museum_tui.memory import MemoryStore, load_ontology

from .questions import Said
from .test_reasoning import MONDAY, ONTOLOGIES, Venue, garden, museum  # noqa: F401 - fixtures

SUMMER = datetime(2026, 7, 15, 14, 0)  # a Wednesday in July: the garden's lake kiosk is open


def ask(venue: Venue, text: str, *earlier: str, now: datetime = MONDAY) -> str:
    """The reply to `text` after the visitor's `earlier` messages (a follow-up's context)."""
    agent = route(text, venue.store, venue.agents)
    return venue.responder.reply(text, agent, venue.store, [], now=now, earlier=list(earlier))


def test_a_cafe_is_named_by_the_word_only_its_name_has(garden: Venue) -> None:  # noqa: F811
    reply = ask(garden, "anything sweet at the kiosk?", now=SUMMER)
    assert "Lakeside Kiosk" in reply and "Mango sorbet" in reply, reply
    assert "Orangery" not in reply, reply


def test_a_closed_cafe_says_when_it_opens_and_offers_what_is_open(garden: Venue, museum: Venue) -> None:  # noqa: F811
    reply = ask(garden, "anything sweet at the kiosk?")
    assert "Lakeside Kiosk** is closed" in reply and "April to October" in reply, reply
    assert "Orangery Café" in reply and "Mango sorbet" not in reply, reply
    opening = ask(museum, "is the kiosk open?")
    assert "Rooftop Kiosk** is closed" in opening and "Saturday" in opening, opening
    assert "Instead, the **Harbour Café** is open until" in opening, opening


def test_an_age_question_reads_the_shows_age_limit_even_as_a_follow_up(museum: Venue) -> None:  # noqa: F811
    show = next(e for e in museum.venue.exhibitions if e.min_age)
    too_young = ask(museum, f"would my {show.min_age - 3} yr old be allowed into {show.title}?")
    assert f"ages {show.min_age} and over" in too_young and "not for" in too_young, too_young
    old_enough = ask(museum, f"can my {show.min_age + 2} year old come in?", f"where is {show.title}?")
    assert f"{show.min_age + 2}-year-old can go in" in old_enough, old_enough
    limits = ask(museum, "are there age restrictions on anything? my 9 year old is with me")
    assert f"**{show.title}** {show.min_age}+" in limits and "rules out" in limits, limits


def test_a_price_question_about_one_show_reads_its_ticket_or_says_entry_covers_it(museum: Venue) -> None:  # noqa: F811
    ticketed = next(e for e in museum.venue.exhibitions if e.ticket and e.on(MONDAY.date()))
    reply = ask(museum, f"we're pensioners, what does {ticketed.title} cost?")
    assert ticketed.ticket.split(";")[0] in reply and "seniors" in reply, reply
    free = next(e for e in museum.venue.exhibitions if not e.ticket)
    covered = ask(museum, "do we have to pay extra for that one?", f"tell me about {free.title}")
    assert "needs no ticket of its own" in covered and "Entry is free" in covered, covered


def test_a_follow_up_naming_the_day_is_still_about_the_last_subject(garden: Venue) -> None:  # noqa: F811
    cafe = garden.venue.cafes[0]
    reply = ask(garden, "and until when is it open today?", f"where is the {cafe.name}?")
    assert cafe.name in reply and "17:30" in reply and "18:00" not in reply, reply


def test_a_room_with_steps_is_said_to_be_so_with_the_venues_advice_for_it(garden: Venue) -> None:  # noqa: F811
    room = next(g for g in garden.venue.galleries.values() if not g.step_free)
    show = next(e for e in garden.venue.exhibitions if e.gallery == room)
    garden.store.upsert("Access.Mobility", "wheelchair", "asserted", "wheelchair", about="dad")
    reply = ask(garden, "could dad and the baby manage it?", f"what is {show.title}?")
    assert f"**{room.name}** is not step-free" in reply and "step-free." not in reply, reply
    advice = next(f.text for f in garden.venue.facilities if f.id == "step-free")
    assert next(s for s in advice.split(". ") if room.name in s).split(",")[0] in reply, reply


def test_lifts_asked_for_are_the_ones_reaching_the_level_named(garden: Venue) -> None:  # noqa: F811
    level = min(garden.venue.floors)
    reaching = [lift.name for lift in garden.venue.lifts if level in lift.floors]
    others = [lift.name for lift in garden.venue.lifts if level not in lift.floors]
    reply = ask(garden, f"which lift takes me to the {garden.venue.floors[level].lower()}?")
    assert reaching and others and all(n in reply.lower() for n in reaching), reply
    assert not any(n in reply.lower() for n in others), reply


def test_a_follow_up_to_a_tour_for_a_need_is_about_that_tour(museum: Venue) -> None:  # noqa: F811
    reply = ask(museum, "what time is that on?", "do you do any tours for partially sighted people?")
    tour = next(t for t in museum.venue.tours if "audio description" in t.access)
    assert tour.name in reply and "11:00" in reply, reply


def test_the_next_show_at_a_place_is_of_the_tours_that_meet_there(garden: Venue) -> None:  # noqa: F811
    place = next(f for f in garden.venue.facilities if f.id == "visitor-centre")
    reply = ask(garden, f"when's the next walk from the {place.name}?")
    first = min(
        (s.start, t.name)
        for t in garden.venue.tours
        if place.name in t.meets
        for s in t.schedule.spans(MONDAY.date())
        if s.start > MONDAY
    )
    assert reply.startswith(f"The next tour is the **{first[1]}**"), reply
    assert not any(t.name in reply for t in garden.venue.tours if place.name not in t.meets), reply


def test_anything_on_at_a_time_of_day_gives_what_starts_then(garden: Venue, museum: Venue) -> None:  # noqa: F811
    early = ask(garden, "is anything on early on Saturday?")
    saturday = [t for t in garden.venue.tours if "Sa" in t.schedule.spec or t.schedule.spec.startswith("Mo-Su")]
    first = min(saturday, key=lambda t: min(s.start for s in t.schedule.spans(datetime(2026, 11, 28).date())))
    assert early.startswith("Starting on Saturday in the early morning") and f"**{first.name}** at" in early, early
    assert "at 14:00" not in early, early
    afternoon = ask(museum, "what's happening around 3pm?")
    assert "around 15:00" in afternoon and "at 15:00" in afternoon and "at 12:00" not in afternoon, afternoon


def test_whats_on_today_lists_today_only_and_a_misspelt_what_still_asks(museum: Venue) -> None:  # noqa: F811
    summer = datetime(2026, 7, 1, 11, 0)
    today = ask(museum, "what's on today?", now=summer)
    assert today.startswith("On now at") and "Coming up" not in today, today
    typo = ask(museum, "wat is there to see?")
    assert all(e.title in typo for e in museum.venue.exhibitions if e.on(MONDAY.date())), typo


def _museum_with(change) -> tuple[BuiltinResponder, MemoryStore, dict]:
    """The museum's venue with one change to its data (a dish or a swap no shipped menu has)."""
    ontology = load_ontology(ONTOLOGIES / "museum.json")
    path = find_venue(ontology)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    change(data)
    venue = parse_venue(data, Path(path))
    return BuiltinResponder(venue), MemoryStore(ontology), load_agents(venue)


def _reply(setup, text: str, *pending: Said) -> str:
    responder, store, agents = setup
    return responder.reply(text, route(text, store, agents), store, list(pending), now=MONDAY)


def test_a_swap_that_says_the_allergen_is_gone_makes_a_dish_safe_and_nothing_less_does() -> None:
    def dairy_free(data: dict) -> None:
        flat = next(m for m in data["cafes"][0]["menu"] if m["item"] == "Flat white")
        flat["swap"] = "oat milk makes it vegan and dairy-free"

    allergy = Said("SpecialNeed.Allergy", "dairy", evidence="dairy", about="self")
    fixed = _reply(_museum_with(dairy_free), "can I have a flat white?", allergy)
    assert "Flat white (oat milk makes it vegan and dairy-free)" in fixed, fixed
    vegan_only = _reply(_museum_with(lambda data: None), "can I have a flat white?", allergy)
    assert "flat white has dairy" in vegan_only and "Flat white (" not in vegan_only, vegan_only


def test_the_menus_own_allergen_is_named_beside_the_visitors_word(museum: Venue) -> None:  # noqa: F811
    reply = ask(museum, "I can't eat shellfish, is the prawn sandwich ok?")
    assert "has shellfish (crustaceans on the menu) in it" in reply, reply


def test_a_snack_for_a_child_puts_the_childrens_and_light_things_first() -> None:
    def kids_box(data: dict) -> None:
        data["cafes"][0]["menu"].append({"item": "Kids' lunchbox", "kind": "food", "allergens": [], "diet": []})

    reply = _reply(_museum_with(kids_box), "any snacks for my daughter? she can't have nuts")
    picks = reply.split("good choices are: ")[1]
    assert picks.startswith("Kids' lunchbox, ") and picks.index("Fruit pot") < picks.index("wrap"), reply


def test_everyday_words_neither_hide_the_thing_asked_about_nor_name_it(museum: Venue) -> None:  # noqa: F811
    cloakroom = next(f for f in museum.venue.facilities if "coat" in f.keywords)
    assert cloakroom.name.lower() in ask(museum, "could I drop off my heavy coat somewhere?").lower()
    assert cloakroom.name.lower() in ask(museum, "can I leave my rucksack?").lower()
    assert "I'm not sure" in ask(museum, "could we land a helicopter on the roof?")
    assert "£" not in ask(museum, "where can I charge my phone?")


def test_a_dislike_leaves_out_what_a_need_would_avoid_and_puts_what_suits_first(garden: Venue) -> None:  # noqa: F811
    garden.store.upsert("Interest.Dislike", "hot weather", "asserted", "hot weather")
    reply = ask(garden, "any glasshouse worth a look?")
    hot = [e.title for e in garden.venue.exhibitions if "hot" in e.notes and "glasshouse" in e.description]
    cool = next(e.title for e in garden.venue.exhibitions if "cool" in e.notes)
    assert hot and all(f"I've left out **{t}**" in reply for t in hot), reply
    assert reply.split("\n")[1].startswith(f"- **{cool}**"), reply


def test_a_need_told_with_a_question_does_not_drive_the_lookup(garden: Venue) -> None:  # noqa: F811
    humid = Said("Access.Sensory", "humidity", evidence="humidity")
    reply = garden.ask("humidity makes me wheeze - is there anything cool inside?", humid)
    cool = next(e.title for e in garden.venue.exhibitions if "cool" in e.notes)
    assert cool in reply and "First aid" not in reply, reply


def test_a_place_named_as_the_cause_of_a_feeling_is_not_offered(museum: Venue) -> None:  # noqa: F811
    museum.store.upsert("SpecialNeed.SensorySensitivity", "noise", "asserted", "noise", about="son")
    reply = ask(museum, "somewhere quieter please? the Turbine Hall is too loud for him")
    loud = next(e for e in museum.venue.exhibitions if e.gallery.name == "Turbine Hall")
    assert "Quiet Room" in reply and loud.title not in reply, reply


def test_a_show_not_on_that_day_says_when_it_opens_or_that_it_ended(museum: Venue) -> None:  # noqa: F811
    show = next(e for e in museum.venue.exhibitions if e.opens and e.closes)
    before = ask(museum, f"is {show.title} on?", now=datetime.combine(show.opens, MONDAY.time()).replace(month=1))
    assert f"It is not on yet: it opens on {show.opens.day} {show.opens:%B}" in before, before
    after = ask(museum, f"can I see {show.title}?", now=datetime(show.closes.year + 1, 6, 1, 11, 0))
    assert "It has closed" in after and f"{show.closes.day} {show.closes:%B}" in after, after
    during = ask(museum, f"when does {show.title} finish?", now=datetime.combine(show.opens, MONDAY.time()))
    assert f"It runs until {show.closes.day} {show.closes:%B}" in during, during


def test_whats_on_without_an_apostrophe_after_a_greeting(museum: Venue) -> None:  # noqa: F811
    reply = ask(museum, "hiya! whats on?")
    assert reply.startswith("Hello") and all(e.title in reply for e in museum.venue.exhibitions if e.on(MONDAY.date()))


def test_who_may_go_in_at_a_place_is_read_from_the_tours_that_meet_there() -> None:
    def age_limit(data: dict) -> None:
        data["tours"][0]["min_age"] = 8

    setup = _museum_with(age_limit)
    tour = setup[0].venue.tours[0]
    desk = next(f for f in setup[0].venue.facilities if f.id == "information-desk")
    reply = _reply(setup, f"can my 6 year old join the tours at the {desk.name.lower()}?")
    assert f"**{tour.name}** is for ages 8 and over" in reply and "not for a 6-year-old" in reply, reply


def test_the_diet_asked_for_is_named_in_the_visitors_word(museum: Venue) -> None:  # noqa: F811
    reply = ask(museum, "what can a vegetarian have for lunch?")
    assert "With vegetarian in mind" in reply, reply


def test_irregular_and_price_words_reach_their_entries(garden: Venue) -> None:  # noqa: F811
    def otters(data: dict) -> None:
        data["words"] = {"tour": "tour feeding"}
        data["exhibitions"].append(
            {
                "id": "otters",
                "title": "River Otters",
                "gallery": "G1",
                "minutes": 10,
                "description": "a family of otters",
                "keywords": ["otters"],
            }
        )
        data["tours"].append(
            {"name": "Otter feeding", "times": ["14:00"], "days": "Mo-Su", "minutes": 15, "meets": "the river terrace"}
        )

    reply = _reply(_museum_with(otters), "when do the otters get fed?")
    assert reply.startswith("The **Otter feeding** runs daily at 14:00"), reply
    assert "£" in ask(garden, "is it cheaper for pensioners?")


def test_tour_days_in_opening_hours_syntax_are_said_as_a_visitor_reads_them() -> None:
    from museum_tui.concierge.venue_time import said_days

    assert [said_days(d) for d in ("Mo-Su", "Sa,Su", "Tu", "We,Fr", "Mo-Fr", "Tu-Th")] == [
        "daily",
        "weekends",
        "Tuesdays",
        "Wednesdays and Fridays",
        "weekdays",
        "Tuesday to Thursday",
    ]
