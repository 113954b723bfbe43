"""Intents read from the venue's own data: the whole list of what is on in any wording, the kind asked for
when no one entry answers (tours still to come, what entry costs, whether one can still come in), food for
the whole party whichever agent answers, tours that suit a party member, routes that say a lift only when
the level changes. Both shipped venues, an injected clock."""

from __future__ import annotations

from datetime import datetime

from .questions import Said
from .test_reasoning import MONDAY, Venue, garden, museum  # noqa: F401 - fixtures

TUESDAY_LATE = datetime(2026, 11, 24, 15, 30)
SATURDAY = datetime(2026, 11, 28, 13, 0)
TUESDAY = datetime(2026, 11, 24, 13, 0)


def party(venue: Venue, concept: str, value: str, about: str) -> None:
    venue.store.upsert(concept, value, "asserted", value, about=about)


def on_today(venue: Venue, now: datetime) -> list[str]:
    return [e.title for e in venue.venue.exhibitions if e.on(now.date())]


def test_every_current_show_is_listed_however_the_list_is_asked_for(museum: Venue) -> None:  # noqa: F811
    titles = on_today(museum, MONDAY)
    for text in ("what exhibitions do u have", "which shows are running at present", "wot exhibitions r u showing"):
        reply = museum.ask(text)
        assert all(t in reply for t in titles), (text, reply)
    narrowed = museum.ask("which photography exhibitions are on?")
    assert "Colour Field" not in narrowed, "a word the shows use narrows the list"


def test_whats_on_says_what_opens_later(museum: Venue) -> None:  # noqa: F811
    summer = datetime(2026, 7, 1, 11, 0)
    reply = museum.ask("what exhibitions are on?", now=summer)
    later = [e for e in museum.venue.exhibitions if e.opens and e.opens > summer.date()]
    assert later and "Coming up:" in reply
    assert all(e.title in reply.split("Coming up:")[1] for e in later)
    assert "Coming up" not in museum.ask("what exhibitions are on?", now=datetime(2026, 12, 1, 11, 0))


def test_tours_still_to_come_today(museum: Venue) -> None:  # noqa: F811
    reply = museum.ask("are there tours remaining this afternoon?", now=TUESDAY_LATE)
    assert "No more tours today" in reply and "12:00" in reply, reply
    morning = museum.ask("any tours left today?", now=datetime(2026, 11, 24, 9, 0))
    assert "Tours still to come today" in morning and "12:00, 15:00" in morning, morning


def test_a_tour_for_a_party_member_reads_their_need(museum: Venue) -> None:  # noqa: F811
    party(museum, "SpecialNeed.HearingImpairment", "hard of hearing", "mum")
    reply = museum.ask("is there a tour that would suit my mum?")
    assert reply.startswith("Tours that suit your mum:"), reply
    assert "BSL-interpreted" in reply and "Captioned tour" in reply and "Highlights tour" not in reply


def test_what_entry_costs_and_whether_one_can_still_come_in(garden: Venue) -> None:  # noqa: F811
    assert "£19.50" in garden.ask("how much is it for us to go in?")
    late = garden.ask("can we still come in?", now=datetime(2026, 11, 24, 17, 20))
    assert "Last entry one hour before closing" in late and "not sure" not in late
    # round 34: "come in now … wait" asks the hours, whoever is with them
    early = garden.ask(
        "Can we come in now or do we have to wait a bit? got the kids with us", now=datetime(2026, 11, 29, 8, 40)
    )
    assert "We open at 09:00 today" in early, early


def test_party_allergies_filter_food_whichever_agent_answers(museum: Venue) -> None:  # noqa: F811
    party(museum, "SpecialNeed.Allergy", "eggs", "granddaughter")
    reply = museum.ask("any treats for my granddaughter?")
    assert "eggs (your granddaughter)" in reply and "Vegan banana bread" in reply, reply
    for item in museum.venue.cafes[0].menu:
        if "egg" in item.allergens:
            assert item.item.lower() not in reply.lower(), item.item


def test_a_kind_of_food_narrows_the_menu_and_names_no_dish(museum: Venue) -> None:  # noqa: F811
    reply = museum.ask(
        "any wraps or sandwiches I could have?",
        Said("SpecialNeed.Allergy", "mustard"),
        Said("SpecialNeed.Allergy", "shellfish"),
    )
    assert reply.startswith("I'll keep mustard and shellfish in mind."), reply
    assert "good choices are: Hummus and roast vegetable wrap." in reply
    assert "sandwich" not in reply.lower().split("good choices")[1]


def test_a_swap_that_keeps_the_diet_is_offered_with_it(garden: Venue) -> None:  # noqa: F811
    garden.remember("Food.Diet", "vegan")
    reply = garden.ask("fancy a coffee")
    assert "Cappuccino (oat milk makes it vegan)" in reply and "Iced coffee" not in reply, reply


def test_the_cafe_nearest_the_visitor_that_is_open_now(museum: Venue) -> None:  # noqa: F811
    here = Said("Position.CurrentArea", "third floor")
    weekend = museum.ask("we're on the third floor, somewhere for a drink?", here, now=SATURDAY)
    assert weekend.startswith("The **Rooftop Kiosk**") and "on this floor" in weekend and "take" not in weekend
    weekday = museum.ask("we're on the third floor, somewhere for a drink?", here, now=TUESDAY)
    assert weekday.startswith("The **Harbour Café**") and "Lift A" in weekday, weekday


def test_a_seasonal_kiosk_says_its_season(garden: Venue) -> None:  # noqa: F811
    reply = garden.ask("is the lakeside kiosk open?")
    assert "closed now — it is open April to October; next open" in reply, reply
    assert "is open April" not in garden.ask("is the lakeside kiosk open?", now=datetime(2026, 6, 1, 9, 0))


def test_a_step_free_follow_up_gives_the_step_free_route(museum: Venue) -> None:  # noqa: F811
    earlier = ["tell me about the Hepworth show"]
    reply = museum.responder.reply(
        "can I get there without steps?", museum.agents["general"], museum.store, [], now=MONDAY, earlier=earlier
    )
    assert "Hepworth" in reply and "step-free" in reply and "Lift" in reply, reply


def test_like_that_points_back_at_what_another_clause_says_is_liked(garden: Venue) -> None:  # noqa: F811
    reply = garden.ask("my nephew is mad about trains, got anything like that?")
    assert reply.startswith("The **Land train tour**"), reply


def test_something_for_children(garden: Venue, museum: Venue) -> None:  # noqa: F811
    reply = garden.ask("is there anything for little ones?")
    assert "Seed Explorers" in reply and "£" not in reply, "a room for children, not the ticket prices"
    family = museum.ask("is there anything for the grandkids?")
    assert family.startswith("**Families and children**: at"), "the facility for families, by its name"


def test_shows_to_skip_are_the_ones_that_clash_with_a_party_members_need(garden: Venue) -> None:  # noqa: F811
    party(garden, "Access.Sensory", "loud noise", "daughter")
    reply = garden.ask("which bits should we avoid?")
    assert reply.startswith("Best skipped:") and "Seed Explorers" in reply and "your daughter" in reply, reply
    assert "queue" in garden.ask("how do we skip the queue?"), "skipping a queue is not skipping a show"


def test_a_venues_own_word_for_its_tours_wins(tmp_path) -> None:
    """At a venue whose `words` call its timed tours shows, "what shows are on?" gets those, not the tanks."""
    import json

    from museum_tui.concierge import BuiltinResponder, load_agents, load_venue, route
    from museum_tui.memory import MemoryStore, load_ontology

    from .test_reasoning import ONTOLOGIES

    data = json.loads((ONTOLOGIES / "garden.venue.json").read_text(encoding="utf-8"))
    data["words"]["tour"] = "show walk"
    path = tmp_path / "garden.venue.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    venue = load_venue(path)
    store = MemoryStore(load_ontology(ONTOLOGIES / "garden.json"))
    agents = load_agents(venue)
    text = "what shows are on today?"
    reply = BuiltinResponder(venue).reply(text, route(text, store, agents), store, now=MONDAY)
    assert "Shows still to come today" in reply and "Land train tour" in reply, reply
    plain = Venue("garden").ask(text)
    assert "Land train tour" not in plain and "Rainforest Giants" in plain, "by default a show is an exhibition"


def test_an_older_hours_text_with_months_is_a_season() -> None:
    from museum_tui.concierge.hours import Schedule, legacy_span

    spec = legacy_span("11:00–16:00, April to October only")
    assert spec == "Apr-Oct 11:00-16:00"
    assert Schedule(spec).spans(datetime(2026, 11, 24).date()) == []
    assert Schedule(spec).season == "April to October"


def test_a_venue_calls_its_tours_by_the_head_of_their_names(garden: Venue) -> None:  # noqa: F811
    reply = garden.ask("any walks left today?", now=datetime(2026, 11, 24, 12, 30))
    assert reply.startswith("Tours still to come today") and "Garden highlights walk at 14:00" in reply.replace(
        "**", ""
    ), reply


def test_whats_on_display_is_the_list(museum: Venue) -> None:  # noqa: F811
    for text in ("what have you got on display?", "what's currently on?", "is there anything on right now?"):
        reply = museum.ask(text)
        assert all(t in reply for t in on_today(museum, MONDAY)), (text, reply)


def test_where_the_visitor_is_is_the_phrase_that_names_a_place(museum: Venue) -> None:  # noqa: F811
    reply = museum.ask("how do I get to Colour Field from here? I'm in Gallery 4")
    assert reply.startswith("**Colour Field**") and "From the second floor" in reply, reply


def test_a_diet_named_alone_is_a_food_question(garden: Venue) -> None:  # noqa: F811
    reply = garden.ask("anything for a coeliac?")
    assert "With gluten-free in mind" in reply and "Walnut and carrot cake" not in reply, reply


def test_a_location_without_a_preposition_is_placed() -> None:
    from museum_tui.concierge.wording import placed

    assert placed("ticket desk, Main Entrance") == "at the ticket desk, Main Entrance"
    assert placed("Calm Cove, First floor") == "at Calm Cove, First floor"
    assert placed("left of the main entrance") == "left of the main entrance"
    assert placed("on the ground floor") == "on the ground floor"
    assert placed("whole aquarium") == "across the whole aquarium"


def test_a_kind_of_food_none_of_which_fits_is_said_so(garden: Venue) -> None:  # noqa: F811
    party(garden, "Food.Diet", "vegan", "son")
    reply = garden.ask("any cake for my son?")
    # the one cake on the menu, and why it does not fit (round 25: "those cookies?" named the peanut cookie)
    assert "The walnut and carrot cake is not vegan, sorry." in reply and "Falafel and beetroot salad" in reply, reply
    assert "cake" not in reply.lower().split("good choices")[1]


def test_the_last_run_of_a_tour_today(garden: Venue) -> None:  # noqa: F811
    assert garden.ask("when does the last land train go?") == "The last **Land train tour** today is at 15:30."
    # round 34: asked after it has gone, it has gone, and the next is said
    late = garden.ask("did we just miss the last train tour?? when's the next one", now=datetime(2026, 11, 23, 15, 45))
    assert late == "The last **Land train tour** today left at 15:30. The next one is tomorrow (Tuesday) at 10:30."


def test_an_older_tour_text_with_months_runs_only_in_its_season() -> None:
    from museum_tui.concierge.venue_time import read_when

    assert read_when("Daily at 11:30 and 15:00, April to October only") == ("Apr-Oct", ("11:30", "15:00"))
    assert read_when("Saturdays at 09:00") == ("Sa", ("09:00",))


def test_shows_a_wheelchair_user_in_the_party_cannot_reach(garden: Venue) -> None:  # noqa: F811
    party(garden, "Access.Mobility", "wheelchair", "grandad")
    reply = garden.ask("is there anything my grandad can't get to?")
    assert reply.startswith("Best skipped:") and "Garden of Stillness" in reply and "your grandad" in reply, reply
    assert "Seed Explorers" not in reply, "only what clashes with the need that was told"


def test_an_older_hours_text_gives_named_days_their_own_hours() -> None:
    from museum_tui.concierge.hours import Schedule
    from museum_tui.concierge.venue_time import other_days, schedule

    class Checker:
        problems: list[str] = []

    text = "10:00–16:30 daily (Saturdays and Sundays 09:30–17:00)"
    assert other_days(text) == "Sa,Su 09:30-17:00"
    hours = schedule(Checker(), text, "cafe")
    assert isinstance(hours, Schedule) and not Checker.problems
    assert hours.day_text(datetime(2026, 11, 28).date()) == "09:30–17:00"  # a Saturday
    assert hours.day_text(datetime(2026, 11, 23).date()) == "10:00–16:30"  # a Monday


def test_a_keyword_of_several_words_said_whole_counts_like_a_name(garden: Venue) -> None:  # noqa: F811
    reply = garden.ask("can I bring my guide dog into the palm house?")
    assert reply.startswith("**Support for blind and partially sighted visitors**"), reply


def test_a_price_asked_for_the_kids_is_a_price(garden: Venue) -> None:  # noqa: F811
    """The children's words match the family shows, and the family room in a venue that has one, but "how
    much" asks a price: the entry with the prices answers, however the party is said."""
    for question in (
        "how much for me and my two kids? they're 8 and 12",
        "How much is it for two adults and two kids?",
    ):
        reply = garden.ask(question)
        assert "£19.50" in reply and "£6" in reply, (question, reply)


def test_a_price_for_the_kids_at_a_venue_with_a_families_desk() -> None:
    """At the science centre (written from docs/ alone) "kids" finds its facility named for families, which
    was the answer; "how much" asks a price, so the entry with the prices answers."""
    science = Venue("../tests/data/blind/science")
    reply = science.ask("How much is it for two adults and two kids?")
    assert "£40" in reply, reply


def test_a_follow_up_whose_other_words_name_nothing_here_is_about_the_last_subject(museum: Venue) -> None:  # noqa: F811
    """'go round' and 'from the main entrance' name no show: the question is about the one just discussed.
    A word the venue does use still makes its own subject."""
    general = museum.agents["general"]

    def ask(text: str, before: str) -> str:
        return museum.responder.reply(text, general, museum.store, [], now=MONDAY, earlier=[before])

    reply = ask("and how long does it take to go round?", "Where's the surrealism exhibition?")
    assert "Dreamers" in reply and "50" in reply, reply
    reply = ask("how do I get there from the main entrance?", "Tell me about Faces of the City")
    assert "Faces of the City" in reply or "Gallery 4" in reply, reply
    assert "Harbour Café" in ask("and the cafe, how far is it?", "Tell me about Faces of the City")
