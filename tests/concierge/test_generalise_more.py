"""More of what lets the concierge answer questions nobody here wrote, found by asking the four venues new
wordings: questions about everything on, kinds of thing, what to skip, lifts near a place, recommendations,
exits, feelings alone, follow-ups of aspect words, access, tours for a need named, floors, prices per tour,
shorthand, cafés near a place and on other days, rooms by date, Changing Places toilets."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from museum_tui.concierge import BuiltinResponder, find_venue, load_agents, load_venue, route
from museum_tui.language import content_words, dialogue_acts, plain
from museum_tui.memory import MemoryStore, load_ontology

from .questions import Said
from .test_generalise import _museum_with, _reply, ask
from .test_reasoning import MONDAY, Venue, garden, museum  # noqa: F401 - fixtures


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
    assert "until 17:30" in hours and "we close at 18:00" in hours, hours  # its show is in a glasshouse


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


def test_a_word_the_venue_uses_with_an_ending_finds_it(museum: Venue) -> None:  # noqa: F811
    show = next(e for e in museum.venue.exhibitions if any("japanese" in s.lower() for s in e.styles))
    assert show.title in ask(museum, "is there anything about Japan?")


def test_declining_and_being_done_get_fitting_replies(garden: Venue) -> None:  # noqa: F811
    assert ask(garden, "no thanks").startswith("No problem")
    assert ask(garden, "that's all, thank you!") == "You're welcome — enjoy your visit!"
    assert ask(garden, "thanks!").startswith("You're welcome! Anything else")


def test_two_places_asked_for_at_once_are_both_answered(garden: Venue) -> None:  # noqa: F811
    cafe = garden.venue.cafes[0]
    reply = ask(garden, "where's the toilet and the cafe?")
    assert "nearest toilets" in reply and cafe.name in reply, reply
    assert "\n\n" not in ask(garden, "where can I get fish and chips?")


def test_a_rainy_day_recommendation_leaves_out_what_is_outdoors(museum: Venue) -> None:  # noqa: F811
    museum.remember("ArtInterest.Medium", "sculpture")
    outdoor = next(e for e in museum.venue.exhibitions if "outdoor" in e.notes and "sculpture" in e.media)
    assert outdoor.title in ask(museum, "what do you recommend?")
    rainy = ask(museum, "what do you recommend if it rains?")
    assert rainy.startswith("You might enjoy:") and outdoor.title not in rainy, rainy


def test_a_question_for_somewhere_inside_is_not_answered_with_what_is_outdoors(museum: Venue) -> None:  # noqa: F811
    outdoor = next(e for e in museum.venue.exhibitions if "outdoor" in e.notes and "sculpture" in e.media)
    assert outdoor.title not in ask(museum, "I love sculpture, anything inside?")
    assert outdoor.gallery.name in ask(museum, f"is the {outdoor.gallery.name} inside?")


def test_which_rooms_are_quiet_or_loud_is_read_from_their_noise(garden: Venue) -> None:  # noqa: F811
    reply = ask(garden, "which areas are quietest?")
    quiet = [g.name for g in garden.venue.galleries.values() if g.noise == "quiet"]
    loud = [g.name for g in garden.venue.galleries.values() if g.noise == "loud"]
    assert reply.startswith("Quiet: ") and all(n in reply.split("Loud:")[0] for n in quiet), reply
    assert all(n in reply.split("Loud:")[1] for n in loud), reply


def test_leaving_said_in_other_words_is_a_goodbye(museum: Venue) -> None:  # noqa: F811
    """ "heading home now, cheers" leaves: it gets the goodbye, not "anything else I can help with?"."""
    for message in (
        "right, we're heading off now, thanks for all the help",
        "that's us heading home, cheers",
        "gotta go, ta",
    ):
        assert ask(museum, message).startswith("Goodbye, and thank you for visiting"), message
    assert "goodbye" not in dialogue_acts(plain("we're heading to the cafe, thanks"))
    assert "goodbye" not in dialogue_acts(plain("we're off to the shop"))


def test_an_aspect_word_with_its_s_is_still_a_follow_up(museum: Venue) -> None:  # noqa: F811
    """ "what floor's that on" is "what floor is that on": about the show just found, not first aid."""
    show = next(e for e in museum.venue.exhibitions if e.artists)
    gallery = show.gallery
    reply = ask(museum, "what floor's that on", f"is there any {show.artists[0]} here?")
    assert show.title in reply and gallery.name in reply, reply
    assert content_words("what floor's that on") == {"floor"}


def test_how_long_a_room_takes_is_the_time_of_its_shows(garden: Venue) -> None:  # noqa: F811
    """ "how long does it take?" after a room was found: the minutes of what is on there, said first."""
    room = next(g for g in garden.venue.galleries.values() if any(e.gallery == g for e in garden.venue.exhibitions))
    shows = [e for e in garden.venue.exhibitions if e.gallery == room]
    reply = ask(garden, "how long does it take?", f"where's the {room.name}?")
    assert reply.startswith(f"Allow about {sum(e.minutes for e in shows)} minutes"), reply


def test_too_late_to_come_in_asks_whether_it_is_open_now(museum: Venue) -> None:  # noqa: F811
    """ "is it too late to come in?" is about now, not the late opening; "are you open late?" still is."""
    reply = ask(museum, "is it too late to come in?")
    assert reply.startswith("Yes — we're open now, until"), reply
    assert "Late opening" in ask(museum, "are you open late?")


def test_a_route_from_one_named_place_to_another_answers_the_second(museum: Venue) -> None:  # noqa: F811
    """ "how do we get from Gallery 1 to Gallery 3?": the start is where the visitor is, the place after "to"
    is what is asked about (the whole phrase was read as where they were, leaving nothing to answer)."""
    rooms = list(museum.venue.galleries.values())
    start = rooms[0]
    room = next(g for g in rooms if g.floor != start.floor)
    for message in (f"how do we get from {start.name} to the {room.name}?", f"from {start.name} up to {room.name}?"):
        reply = ask(museum, message)
        assert reply.startswith(f"**{room.name}**"), (message, reply)


def test_the_venue_named_by_its_kind_does_not_narrow_whats_on(museum: Venue, garden: Venue) -> None:  # noqa: F811
    """ "wot's on at the museum this weekend?": the venue itself is no subject, so every show is listed."""
    for venue, message in (
        (museum, "wot's on at the museum this weekend?"),
        (garden, "what's on at the gardens today?"),
    ):
        reply = ask(venue, message)
        # (the weekend's walks and talks come first since round 39, then its shows)
        assert reply.startswith("On now at") or "at the weekend" in reply, (message, reply)
        assert all(e.title in reply for e in venue.venue.exhibitions if e.on(MONDAY.date())), reply


def test_a_sting_a_bite_or_a_fall_gets_first_aid(garden: Venue) -> None:  # noqa: F811
    """An injury said in everyday words is the built-in 'unwell' feeling, answered by the venue's first aid."""
    for message in ("I've just been stung by a bee", "my son got bitten", "I had a fall on the path"):
        assert "**First aid**" in ask(garden, message), message
    assert "**First aid**" not in ask(garden, "the bees here are lovely")


def test_eating_food_brought_from_home_asks_where_to_picnic(garden: Venue) -> None:  # noqa: F811
    """ "can we eat our own sandwiches?" is about a picnic place, not the café's sandwiches."""
    picnic = next(f for f in garden.venue.facilities if "picnic" in f.name.lower())
    for message in ("can we eat our own sandwiches?", "where can the kids eat their packed lunches?"):
        reply = ask(garden, message)
        assert reply.startswith(f"**{picnic.name}**"), (message, reply)
    assert "Café" in ask(garden, "where can I get a sandwich?")
