"""Dialogue acts come first, follow-ups resolve to the last thing discussed, and answers read the clock
(seasonal and weekend-only kiosks, the next tour, exceptions in the hours). Both shipped venues."""

from __future__ import annotations

from datetime import date, datetime

from museum_tui.concierge.hours import Schedule

from .questions import Said
from .test_reasoning import MONDAY, Venue, garden, museum  # noqa: F401 - fixtures

SUNDAY = datetime(2026, 11, 29, 10, 30)


def test_small_talk_gets_a_short_reply_and_never_a_live_need(museum: Venue) -> None:  # noqa: F811
    museum.remember("ImmediateNeed.Refreshment", "a coffee")
    assert museum.ask("thanks!") == "You're welcome! Anything else I can help with?"
    assert museum.ask("ok great") == "Glad that helps — anything else I can help with?"
    assert museum.ask("bye").startswith("Goodbye, and thank you for visiting")
    assert "Café" in museum.ask("where can I get one?"), "a clear reference still finds the need"
    assert "Café" not in museum.ask("tell me about the building")


def test_a_follow_up_is_about_the_last_thing_discussed(museum: Venue) -> None:  # noqa: F811
    earlier = ["Tell me about Dreamers"]
    reply = museum.responder.reply(
        "what floor is that on?", museum.agents["general"], museum.store, [], now=MONDAY, earlier=earlier
    )
    assert "first floor" in reply and "Dreamers" in reply
    alone = museum.responder.reply("what floor is that on?", museum.agents["general"], museum.store, [], now=MONDAY)
    assert "Dreamers" not in alone


def test_whats_on_lists_every_current_exhibition(museum: Venue) -> None:  # noqa: F811
    reply = museum.ask("Which exhibitions are on?")
    assert all(e.title in reply for e in museum.venue.exhibitions)
    later = museum.ask("Which exhibitions are on?", now=datetime(2027, 2, 1, 11, 0))
    assert "Light & Shadow" not in later and "Moving Image" in later, "a show past its last day is not on"


def test_kiosks_follow_their_days_and_seasons(museum: Venue, garden: Venue) -> None:  # noqa: F811
    assert "Rooftop Kiosk" not in museum.ask("I'm hungry, where can I eat?")
    monday = museum.ask("Is the rooftop kiosk open?")
    assert "Saturday" in monday and "open now" not in monday
    assert "open now until 16:00" in museum.ask("Is the rooftop kiosk open?", now=datetime(2026, 11, 28, 12, 0))
    november = garden.ask("Is the lakeside kiosk open?")
    assert "closed now" in november and "April" in november
    assert "open now" in garden.ask("Is the lakeside kiosk open?", now=datetime(2027, 6, 7, 12, 0))
    ice = garden.ask("Can I get an ice cream?")
    assert "Lakeside Kiosk" in ice and "closed now" in ice and "On the menu" not in ice, "not offered while closed"


def test_the_next_tour_is_the_next_one_after_now(museum: Venue) -> None:  # noqa: F811
    assert "today (Monday) at 12:00" in museum.ask("when is the next tour?")
    afternoon = museum.ask("when is the next tour?", now=datetime(2026, 11, 23, 12, 30))
    assert "at 15:00" in afternoon and "12:00" not in afternoon
    evening = museum.ask("when is the next tour?", now=datetime(2026, 11, 23, 16, 0))
    assert "tomorrow (Tuesday) at 12:00" in evening
    first_wednesday = museum.ask("when is the audio-described touch tour?")
    assert "Wednesday 2 December at 11:00" in first_wednesday and "Book ahead" in first_wednesday


def test_hours_exceptions_and_seasons() -> None:
    hours = Schedule('Mo-Sa 10:00-18:00; Fr 10:00-21:00 "late"; Su 11:00-17:00; Dec 24-26 off')
    assert hours.day_text(date(2026, 11, 27)) == "10:00–21:00 (late)"
    assert hours.day_text(date(2026, 12, 25)) == "closed"
    summer = Schedule('Mo-Su 10:00-18:00; Apr-Sep We 10:00-20:00 "summer late opening"')
    assert summer.day_text(date(2026, 11, 25)) == "10:00–18:00"
    assert summer.day_text(date(2027, 6, 9)) == "10:00–20:00 (summer late opening)"


class MeaningOf:
    """Word vectors in miniature: each listed word's meaning is one axis (the seam the real table fills)."""

    AXES = {"palm": 0, "cactus": 1, "cacti": 1}

    def embed(self, text: str):
        import numpy as np

        out = np.zeros(4, dtype=np.float32)
        for word in text.lower().split():
            if word in self.AXES:
                out[self.AXES[word]] += 1
        norm = float(np.linalg.norm(out))
        return out / norm if norm else out


def test_words_the_venue_never_listed_match_by_meaning(garden: Venue) -> None:  # noqa: F811
    from museum_tui.concierge import BuiltinResponder

    question = "Where do the palm trees grow?"
    agent = garden.agents[garden.venue.default_agent]
    meaning = BuiltinResponder(garden.venue, vectors=MeaningOf())
    with_meaning = meaning.reply(question, agent, garden.store, now=MONDAY)
    assert "Palm House" in with_meaning
    lexical = BuiltinResponder(garden.venue, vectors=None).reply(question, agent, garden.store, now=MONDAY)
    assert "Palm House" not in lexical, "without vectors, BM25 alone has too little to go on"


def test_dates_holidays_and_named_days(museum: Venue) -> None:  # noqa: F811
    christmas = museum.ask("Are you open on Christmas day?")
    assert "closed on Friday 25 December" in christmas and "Sunday 27 December at 11:00" in christmas
    saturday = museum.ask("Which tours run on Saturday?")
    assert "BSL-interpreted" in saturday and "Captioned" not in saturday, "only Saturday's tours"
    cafe = museum.ask("What time does the café close?")
    assert "Harbour Café" in cafe and "17:30" in cafe and "18:00" not in cafe


def test_the_right_agent_answers_beside_a_live_need(museum: Venue) -> None:  # noqa: F811
    from museum_tui.concierge import route

    museum.remember("ImmediateNeed.Refreshment", "a coffee")
    assert route("is there wifi?", museum.store, museum.agents).name != "food", "'there' is no reference to coffee"
    assert route("where can I get one?", museum.store, museum.agents).name == "food"


def test_an_older_tour_with_only_a_when_text_still_has_a_next_time() -> None:
    import json

    from museum_tui.concierge import BuiltinResponder, load_agents, parse_venue

    from .test_reasoning import ONTOLOGIES

    data = json.loads((ONTOLOGIES / "museum.venue.json").read_text(encoding="utf-8"))
    for tour in data["tours"]:
        tour.pop("times", None), tour.pop("days", None)
    data["tours"][0]["when"] = "Daily at 11:00, 13:30 and 15:30"
    venue = parse_venue(data)
    store = Venue("museum").store
    agent = load_agents(venue)["general"]
    reply = BuiltinResponder(venue, vectors=None).reply("when is the next tour?", agent, store, now=MONDAY)
    assert "today (Monday) at 11:00" in reply


def test_the_venue_itself_and_its_next_seasonal_late_opening(garden: Venue) -> None:  # noqa: F811
    assert garden.ask("tell me about the garden").startswith("**Riverside Botanic Garden**")
    assert "Rose Garden" in garden.ask("where is the rose garden?")
    late = garden.ask("is there a late opening?")
    assert "Wednesday 7 April, until 20:00 (summer late opening)" in late


def test_an_allergy_said_with_a_food_question_is_warned_about_once(museum: Venue) -> None:  # noqa: F811
    """The need's own acknowledgement leaves the menu warnings to the food answer: never said twice."""
    text = "my son has a nut allergy, what can we eat at the cafe?"
    reply = museum.ask(text, Said("SpecialNeed.Allergy", "nuts", "asserted", text))
    assert reply.lower().count("left out") == 1 and reply.count("3 items with nuts") == 1, reply
    assert "peanut butter cookie" not in reply.lower() and "almond croissant" not in reply.lower(), reply
