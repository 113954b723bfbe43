"""A third round of what lets the concierge answer questions nobody here wrote: times the venue writes
relative to closing, what's on for one member of the party, a tour named by its time, a need's own thing
asked about, names holding plan words, food by a place named, what to give a miss, whether the whole place
suits a need, going round a subject named before, and a route that needs one lift after another."""

from __future__ import annotations

from datetime import datetime, timedelta

from museum_tui.concierge import route
from museum_tui.concierge.hours import clock

from .questions import Said
from .test_generalise import _museum_with, ask
from .test_reasoning import MONDAY, Venue, garden, museum  # noqa: F401 - fixtures


def _closing(venue: Venue, now: datetime) -> datetime:
    assert venue.venue.hours is not None
    return venue.venue.hours.spans(now.date())[-1].end


def test_last_entry_and_a_place_closing_early_are_given_as_clock_times(garden: Venue) -> None:  # noqa: F811
    now = MONDAY.replace(hour=16, minute=30)
    closing = _closing(garden, now)
    notes = garden.venue.hours.notes
    assert "one hour before closing" in notes and "30 minutes before the gates" in notes  # the data says so
    last_entry = clock(closing - timedelta(hours=1))
    assert f"({last_entry})" in ask(garden, "what's the last entry today?", now=now)
    glasshouses = clock(closing - timedelta(minutes=30))
    reply = ask(garden, "can we still go in the glasshouses?", now=now)
    assert f"({glasshouses})" in reply, reply
    # asked only when the gates close: the notes as written, no other times beside the closing time
    reply = ask(garden, "what time do you close today?", now=now)
    assert f"({last_entry})" not in reply and f"({glasshouses})" not in reply, reply
    assert clock(closing) in reply, reply


def test_whats_on_for_a_member_leads_with_the_tours_made_for_their_need(garden: Venue) -> None:  # noqa: F811
    """ "anything on for my dad today?" when the dad is blind: the tours for sight loss first, then the list."""
    garden.store.upsert("Access.Sight", "blind", "asserted", "my dad is blind", about="dad")
    tags = set(garden.venue.concepts["Access.Sight"].tours)
    made_for = [t.name for t in garden.venue.tours if tags & set(t.access)]
    assert made_for  # the garden has a tour for sight loss
    reply = garden.ask("anything on for my dad today?")
    assert reply.startswith("For your dad:") and all(f"**{n}**" in reply.split("On now")[0] for n in made_for), reply
    # without the member named, what's on is the list as before
    assert garden.ask("what's on today?").startswith("On now at")


def test_a_tour_named_by_its_time_is_that_tour(museum: Venue) -> None:  # noqa: F811
    """ "just missed the 3 o'clock tour, when's the next one?": the tour that starts at 15:00, and its next run
    after now — not the next of any tour."""
    at_three = [t for t in museum.venue.tours if "15:00" in t.when]
    assert len(at_three) == 1
    tour = at_three[0]
    now = datetime(2026, 11, 27, 15, 30)  # a Friday, after the 15:00 run
    run = tour.schedule.next_opening(now) if tour.schedule else None
    assert run is not None
    for text in ("just missed the 3 o'clock tour :( when's the next one?", "when's the next 3pm tour?"):
        reply = museum.ask(text, now=now)
        assert reply.startswith(f"The **{tour.name}**") and f"at {clock(run.start)}" in reply, (text, reply)


def test_a_need_whose_thing_is_asked_about_stays_in_the_question(garden: Venue) -> None:  # noqa: F811
    """ "we've got a pushchair, where can we leave it?": the need's own word is what "it" is, so the question
    keeps it and finds where pushchairs are left (it used to be dropped, as a need's words are, leaving "leave")."""
    message = "we've got a pushchair, where can we leave it?"
    place = next(f for f in garden.venue.facilities if "buggy" in f.name.lower())
    reply = garden.ask(message, Said("Access.Mobility", "pushchair", "asserted", message))
    assert place.name.lower() in reply.lower(), reply


def test_a_name_holding_a_plan_word_is_that_thing_and_last_the_verb_is_no_last_run(garden: Venue) -> None:  # noqa: F811
    """ "when is the highlights walk?" names the garden's highlights walk ("highlights" alone still asks what
    to see); "how long does the walk last?" asks its length, "the last land train" its last run."""
    walk = next(t for t in garden.venue.tours if "highlights" in t.name.lower())
    for text in ("when is the highlights walk?", "how long does the highlights walk last?"):
        reply = garden.ask(text)
        assert reply.startswith(f"The **{walk.name}** runs") and f"({walk.minutes} min)" in reply, (text, reply)
    assert not garden.ask("any highlights?").startswith(f"The **{walk.name}**")
    train = next(t for t in garden.venue.tours if "train" in t.name.lower())
    assert garden.ask("when is the last land train?").startswith(f"The last **{train.name}** today is at")


def test_food_by_a_place_named_is_the_cafe_there(garden: Venue) -> None:  # noqa: F811
    """ "a treat down by the lake?": the café whose location the question names, open or not (closed, it says
    so and offers what is open); the son's peanut allergy still keeps the peanut dish out."""
    kiosk = next(c for c in garden.venue.cafes if "lake" in c.location.lower())
    assert not ({"lake"} & set(garden.venue.cafes[0].location.lower().split()))  # the first café is elsewhere
    garden.store.upsert("Food.Allergy", "peanuts", "asserted", "my son is allergic to peanuts", about="son")
    summer = datetime(2026, 7, 18, 14, 0)
    reply = garden.ask("can we get the kids a treat down by the lake?", now=summer)
    assert reply.startswith(f"The **{kiosk.name}**"), reply
    assert not any("peanut" in m.item.lower() and m.item in reply for m in kiosk.menu), reply
    winter = garden.ask("anything to eat by the lake?")  # out of its season
    assert winter.startswith(f"The **{kiosk.name}** is closed now") and "Instead:" in winter, winter


def test_give_a_miss_asks_what_to_skip(museum: Venue) -> None:  # noqa: F811
    """ "anything i should give a miss?" asks what to skip, as "give it a miss" did."""
    loud = [e.title for e in museum.venue.exhibitions if "loud" in e.notes and e.on(MONDAY.date())]
    reply = museum.ask("I can't cope with loud noise, anything i should give a miss?")
    assert reply.startswith("Best skipped:") and loud and all(t in reply for t in loud), reply


def test_whether_the_whole_place_suits_a_need_is_its_access_information(garden: Venue) -> None:  # noqa: F811
    """ "is the garden ok for wheelchairs?" asks about the whole place: the venue's step-free access, not the
    tour whose description mentions a wheelchair space; a thing named keeps its own answer."""
    ids = {fid for r in garden.venue.rules("need") if r.step_free for fid in r.facilities}
    access = next(f for f in garden.venue.facilities if f.id in ids)
    for text in ("is the garden ok for wheelchairs?", "is this place ok for wheelchairs?"):
        assert garden.ask(text).startswith(f"**{access.name}**"), text
    train = next(t for t in garden.venue.tours if "train" in t.name.lower())
    assert garden.ask("is the land train ok for wheelchairs?").startswith(f"The **{train.name}**")


def test_going_round_a_subject_named_before_is_a_follow_up() -> None:
    """ "where is Colour Field?" then "how long does it take to go round?": that show's time, even when a
    venue's own words hold "round" ("all year round"); asked first, it is the whole place's."""

    def year_round(data: dict) -> None:
        data["exhibitions"][0]["description"] += ", open all year round"

    responder, store, agents = _museum_with(year_round)
    show = responder.venue.exhibitions[2]

    def reply(text: str, *earlier: str) -> str:
        return responder.reply(text, route(text, store, agents), store, [], now=MONDAY, earlier=list(earlier))

    follow_up = reply("how long does it take to go round?", f"where is {show.title}?")
    assert f"Allow about {show.minutes} minutes for **{show.title}**" in follow_up, follow_up
    assert reply("how long does it take to go round?").startswith("Seeing everything on today takes")


def test_a_follow_up_question_is_read_apart_from_a_need_said_after_it(museum: Venue) -> None:  # noqa: F811
    """ "can I get there step-free? I use a wheelchair", after the Hepworth sculptures were named: "there" is
    the Hepworth show, so its step-free route answers (the statement after the question hid the follow-up)."""
    show = next(e for e in museum.venue.exhibitions if "Hepworth" in e.title)
    text = "can I get there step-free? I use a wheelchair"
    said = Said("SpecialNeed.MobilityImpairment", "wheelchair user", "asserted", text)
    agent = route(text, museum.store, museum.agents)
    earlier = ["I'd love to see the Hepworth sculptures"]
    reply = museum.responder.reply(text, agent, museum.store, [said], now=MONDAY, earlier=earlier)
    assert f"**{show.title}** is in" in reply and "step-free" in reply and "takes you to the" in reply, reply


def test_a_diet_told_with_a_question_about_the_cafe_is_answered_once(museum: Venue) -> None:  # noqa: F811
    """ "halal please, and my son can't have nuts, what can we get at the cafe?": the café named by its kind is
    a food question, so the menu is answered once (with the son's allergy), not also checked in the
    acknowledgement; the son's need is said as his."""
    text = "halal please, and my son can't have nuts, what can we get at the cafe?"
    said = [
        Said("SpecialNeed.DietaryRestriction", "halal", "asserted", text),
        Said("SpecialNeed.Allergy", "nuts", "asserted", text, "son"),
    ]
    reply = museum.responder.reply(text, route(text, museum.store, museum.agents), museum.store, said, now=MONDAY)
    cafe = museum.venue.cafes[0]
    assert reply.count(cafe.name) == 1, reply
    assert "nuts (your son)" in reply.split(cafe.name)[0], reply  # the acknowledgement says whose
    nutty = [m.item for c in museum.venue.cafes for m in c.menu if "nuts" in " ".join(m.allergens).lower()]
    assert nutty and not any(n.lower() in reply.lower() for n in nutty), reply


def test_a_show_meant_by_its_words_is_priced_even_after_a_statement(museum: Venue) -> None:  # noqa: F811
    """ "how much is the surrealism exhibition?": the one show those words fit clearly is the one priced, as
    its name would be; "I'm a student, …" before the question does not hide it."""
    show = next(e for e in museum.venue.exhibitions if "Surrealism" in e.title and e.ticket)
    for text in ("how much is the surrealism exhibition?", "I'm a student, how much is the surrealism exhibition?"):
        reply = museum.ask(text)
        assert reply.startswith(f"**{show.title}** needs its own ticket: {show.ticket}"), (text, reply)


def test_when_a_place_shuts_is_that_places_hours(museum: Venue) -> None:  # noqa: F811
    """ "what time does the cafe shut?" is the café's closing time, not the venue's ("shut" is "close"); "what
    time does the shop close?" is the shop's own hours, not the venue's."""
    cafe = museum.venue.cafes[0]
    assert museum.ask("what time does the cafe shut?").startswith(f"The **{cafe.name}** is open now until")
    shop = next(f for f in museum.venue.facilities if f.name.lower() == "shop")
    for text in ("what time does the shop close?", "what time does the shop shut"):
        assert museum.ask(text).startswith(f"The **{shop.name.lower()}**"), text


def test_a_route_no_one_lift_serves_takes_one_lift_after_another() -> None:
    """From the lower ground floor to the third when no single lift joins them: Lift A up to the first floor,
    then Lift B up to the third (the reply had said nothing of how to get there)."""

    def split_lifts(data: dict) -> None:
        data["lifts"][0]["floors"] = [-1, 0, 1]
        data["lifts"][1]["floors"] = [1, 2, 3]

    responder, store, agents = _museum_with(split_lifts)
    text = "how do I get from the Sculpture Garden to the Print Room?"
    reply = responder.reply(text, route(text, store, agents), store, [], now=MONDAY)
    first, second = (lift.name for lift in responder.venue.lifts)
    assert f"take **{first}** up to the first floor, then **{second}** up to the third floor" in reply, reply
