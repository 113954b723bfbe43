"""Mechanisms that let the concierge answer questions nobody here wrote: a café named by the one word of
its name no other café has, a closed café answered with its season and what is open instead. Both shipped
venues, an injected clock."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, load_venue, parse_venue, route
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


def test_questions_about_everything_on_are_answered_from_every_show(museum: Venue) -> None:  # noqa: F811
    shows = [e for e in museum.venue.exhibitions if e.on(MONDAY.date())]
    total = sum(e.minutes for e in shows)
    reply = ask(museum, "how long would it take us to get round the whole place?")
    assert f"about {total // 60} hours {total % 60} minutes ({len(shows)} exhibitions" in reply, reply
    newest = max((e for e in shows if e.opens), key=lambda e: e.opens)
    assert f"The newest is **{newest.title}**" in ask(museum, "which is your most recent exhibition?")
    soonest = min((e for e in shows if e.closes), key=lambda e: e.closes)
    assert ask(museum, "anything I should catch before it ends soon?").startswith(
        f"Ending soonest: **{soonest.title}**"
    )


def test_what_kinds_of_thing_and_what_to_do_ask_for_everything_on(garden: Venue) -> None:  # noqa: F811
    titles = [e.title for e in garden.venue.exhibitions if e.on(MONDAY.date())]
    for text in ("what plants have you got?", "what is there to do?"):
        reply = ask(garden, text)
        assert all(t in reply for t in titles), (text, reply)
    cafe = ask(garden, "what cakes do you have?")
    assert "Orangery" in cafe and titles[0] not in cafe, cafe


def test_tours_asked_for_in_the_plural_are_all_listed() -> None:
    def one_tour_called_tour(data: dict) -> None:
        for t in data["tours"][1:]:
            t["name"] = t["name"].replace("tour", "walk")

    setup = _museum_with(one_tour_called_tour)
    reply = _reply(setup, "what tours have you got?")
    assert all(t.name in reply for t in setup[0].venue.tours), reply


def test_what_to_skip_reads_the_questions_own_words_when_nothing_is_known(museum: Venue) -> None:  # noqa: F811
    reply = ask(museum, "my lad can't cope with loud noise, anything to avoid?")
    loud = [e.title for e in museum.venue.exhibitions if "loud" in e.notes and e.on(MONDAY.date())]
    assert reply.startswith("Best skipped:") and loud and all(t in reply for t in loud), reply
    assert "Colour Field" not in reply, reply


def test_the_lift_near_a_place_or_to_a_floor(museum: Venue) -> None:  # noqa: F811
    room = next(g for g in museum.venue.galleries.values() if any(g.id in lift.near for lift in museum.venue.lifts))
    lift = next(lift for lift in museum.venue.lifts if room.id in lift.near)
    assert f"**{lift.name}**" in ask(museum, f"is there a lift close to {room.name}?")
    top = max(museum.venue.floors)
    reply = ask(museum, f"can I take a lift up to the {museum.venue.floors[top].lower()}?")
    assert all(f"**{x.name}**" in reply for x in museum.venue.lifts if top in x.floors), reply
    assert not any(f"**{x.name}**" in reply for x in museum.venue.lifts if top not in x.floors), reply


def test_asking_for_the_best_or_what_not_to_miss_is_a_recommendation(garden: Venue) -> None:  # noqa: F811
    for text in ("what's the best thing to see here?", "what shouldn't we miss?"):
        assert ask(garden, text).startswith("You might enjoy:"), text


def test_the_way_out_is_an_entrance(garden: Venue) -> None:  # noqa: F811
    reply = ask(garden, "where's the exit?")
    assert all(e.name in reply for e in garden.venue.entrances), reply


def test_a_childrens_dish_does_not_answer_whats_good_for_kids() -> None:
    def kids_box(data: dict) -> None:
        data["cafes"][0]["menu"].append({"item": "Kids' lunchbox", "kind": "food", "allergens": [], "diet": []})

    setup = _museum_with(kids_box)
    families = next(f for f in setup[0].venue.facilities if "kids" in f.keywords)
    reply = _reply(setup, "what's good for kids?")
    assert families.text in reply and "lunchbox" not in reply, reply
    assert "Kids' lunchbox" in _reply(setup, "anything for the kids to eat?")


def test_a_message_that_only_says_a_feeling_gets_the_feelings_answer_alone(garden: Venue) -> None:  # noqa: F811
    reply = ask(garden, "is there anywhere to sit down?")
    assert "somewhere to sit" in reply and "\n\n" not in reply, reply
    both = ask(garden, "I'm exhausted, where's the café?")
    assert "somewhere to sit" in both and "Orangery Café" in both, both


def test_a_bare_aspect_question_is_about_the_last_subject(museum: Venue) -> None:  # noqa: F811
    show = next(e for e in museum.venue.exhibitions if e.ticket)
    reply = ask(museum, "how much?", f"tell me about {show.title}")
    assert reply.startswith(f"**{show.title}** needs its own ticket"), reply
    other = next(e for e in museum.venue.exhibitions if e.gallery.floor == 2)
    assert other.title in ask(museum, "which floor?", f"what about {other.title}?")


def test_access_questions_go_to_the_access_information_not_the_toilets(museum: Venue) -> None:  # noqa: F811
    access = next(f for f in museum.venue.facilities if f.id == "step-free")
    assert access.text.split(".")[0] in ask(museum, "is the museum accessible?")
    assert access.text.split(".")[0] in ask(museum, "can I get a wheelchair?")
    assert "accessible toilets" in ask(museum, "where are the accessible toilets?")


def test_a_kids_menu_is_food_and_a_free_from_diet_is_named_once(museum: Venue) -> None:  # noqa: F811
    assert "Harbour Café" in ask(museum, "do you do a kids menu?")
    reply = ask(museum, "is the café dairy free?")
    assert "With dairy in mind" in reply, reply


def test_a_facility_with_its_own_hours_says_whether_it_is_open() -> None:
    def shop_hours(data: dict) -> None:
        shop = next(f for f in data["facilities"] if f["id"] == "shop")
        shop["hours"] = "Sa,Su 10:00-16:00"

    reply = _reply(_museum_with(shop_hours), "is the shop open?")
    assert "It is closed now" in reply and "Saturday" in reply, reply


def test_a_need_named_in_a_tour_question_chooses_the_tours_by_the_needs_rule() -> None:
    """At a venue whose files never use the visitor's word ('deaf'), the ontology's description of the need
    does; its rule's tour tags choose the shows."""
    blind = Path(__file__).resolve().parent.parent / "data" / "blind"
    ontology = load_ontology(blind / "science.json")
    venue = load_venue(find_venue(ontology))
    store, agents = MemoryStore(ontology), load_agents(venue)
    text = "is there a show for deaf people?"
    reply = BuiltinResponder(venue).reply(text, route(text, store, agents), store, [], now=MONDAY)
    tags = set(venue.concepts["Access.Hearing"].tours)
    suiting = [t.name for t in venue.tours if tags & set(t.access)]
    assert suiting and all(f"**{n}**" in reply for n in suiting), reply
    assert not any(f"**{t.name}**" in reply for t in venue.tours if not tags & set(t.access)), reply


def test_floors_a_rooms_one_show_and_a_rooms_hours(garden: Venue) -> None:  # noqa: F811
    floors = ask(garden, "how many levels are there?")
    assert floors.startswith(f"There are {len(garden.venue.floors)} levels:"), floors
    room = next(g for g in garden.venue.galleries.values() if g.name == "Rose Garden")
    show = next(e for e in garden.venue.exhibitions if e.gallery == room)
    assert show.description in ask(garden, f"is the {room.name} worth it in winter?")
    hours = ask(garden, "what time does the palm house shut?")
    assert "has no hours of its own" in hours and "18:00" in hours, hours


def test_an_access_question_about_a_room_named_is_answered_for_that_room(garden: Venue) -> None:  # noqa: F811
    room = next(g for g in garden.venue.galleries.values() if not g.step_free)
    reply = ask(garden, "is it step free?", f"where is the {room.name}?")
    assert reply.startswith(f"**{room.name}**") and "is not step-free" in reply, reply


def test_what_the_tours_cost_is_said_per_tour(garden: Venue) -> None:  # noqa: F811
    reply = ask(garden, "do the tours cost extra?")
    assert all(f"- **{t.name}**: " in reply for t in garden.venue.tours), reply
    assert "no ticket of its own" in reply, reply


def test_texting_shorthand_for_thanks_and_how_much(museum: Venue) -> None:  # noqa: F811
    assert ask(museum, "thx").startswith("You're welcome")
    show = next(e for e in museum.venue.exhibitions if e.ticket)
    assert "needs its own ticket" in ask(museum, f"hw much is {show.title}")


def test_a_cafe_near_a_place_named_is_the_nearest_open_one_to_it(museum: Venue) -> None:  # noqa: F811
    saturday = datetime(2026, 11, 28, 13, 0)
    kiosk = next(c for c in museum.venue.cafes if c.hours is not None)
    room = next(g for g in museum.venue.galleries.values() if g.floor == kiosk.floor)
    reply = ask(museum, f"can I get a coffee near the {room.name}?", now=saturday)
    assert reply.startswith(f"The **{kiosk.name}**"), reply


def test_cake_asked_for_is_any_sweet_bake_that_fits(museum: Venue) -> None:  # noqa: F811
    vegan = Said("SpecialNeed.DietaryRestriction", "vegan", evidence="vegan")
    reply = museum.ask("I'm vegan, any cake?", vegan)
    assert "Vegan banana bread" in reply and "No cake" not in reply, reply


def test_a_room_lists_what_is_on_that_day_and_what_comes_later(museum: Venue) -> None:  # noqa: F811
    later = next(
        e
        for e in museum.venue.exhibitions
        if e.opens and any(o.gallery == e.gallery and not o.opens for o in museum.venue.exhibitions)
    )
    before = datetime.combine(later.opens, MONDAY.time()).replace(month=1)
    reply = ask(museum, f"what's in {later.gallery.name}?", now=before)
    now_part = reply.split("Coming later:")[0]
    assert later.title not in now_part and f"**{later.title}** (from {later.opens.day}" in reply, reply


def test_a_changing_places_toilet_is_a_toilet_that_has_one(museum: Venue) -> None:  # noqa: F811
    room = next(r for r in museum.venue.restrooms if r.changing_places)
    reply = ask(museum, "is there a changing places toilet on the second floor?")
    assert reply.startswith("The nearest toilets") and room.location in reply, reply
    assert ask(museum, "is there a changing places toilet?").startswith("The nearest toilets")


def test_a_cafe_asked_about_another_day_gives_that_days_hours(museum: Venue) -> None:  # noqa: F811
    kiosk = next(c for c in museum.venue.cafes if "kiosk" in c.name.lower())
    assert f"**{kiosk.name}** is open on Saturday, 11:00–16:00" in ask(museum, "is the kiosk open on saturdays?")
    assert f"**{kiosk.name}** is closed tomorrow (Tuesday)" in ask(museum, "will the kiosk be open tomorrow?")
