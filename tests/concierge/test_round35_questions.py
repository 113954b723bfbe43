"""Round 35's museum and garden questions, read after their first score: a meal said as a time of day, and
a recommendation asked as "what do you reckon I should see first?" (it had the first-aid point)."""

from __future__ import annotations

from datetime import datetime

from .test_reasoning import Venue, garden, museum  # noqa: F401 - fixtures


def test_a_meal_said_as_a_time_of_day_asks_no_food(museum: Venue) -> None:  # noqa: F811
    reply = museum.ask("what time do you close on Friday? we might come after dinner", now=datetime(2026, 11, 23, 10))
    assert "21:00" in reply and "Café" not in reply, reply
    assert "Café" in museum.ask("anywhere for dinner after the talk?"), "a meal asked for is still food"


def test_what_to_see_first_is_a_recommendation(garden: Venue) -> None:  # noqa: F811
    garden.remember("Interest.Plant", "orchids")
    reply = garden.ask("what do you think we should see first?")
    assert "Orchid" in reply and "First aid" not in reply, reply


def test_a_question_typed_without_its_apostrophe_is_the_one_asked(museum: Venue) -> None:  # noqa: F811
    """ "whats showing atm? last came in the autumn" (round 35's museum): the sentence after the question only
    says why; "whats" asks as "what's" does."""
    reply = museum.ask("whats showing atm? last came in the spring")
    assert all(e.title in reply for e in museum.venue.exhibitions if e.on(datetime(2026, 11, 23).date())), reply


def test_a_show_named_by_a_word_of_its_title_says_its_own_dates(museum: Venue) -> None:  # noqa: F811
    """ "is the surrealism exhibition open yet?? we came specially for the Magritte" before the show opens
    (round 35's museum) had the museum's hours for today; the show says when it opens."""
    reply = museum.ask("is the surrealism show open yet?", now=datetime(2026, 10, 10, 14, 0))
    assert "Dreamers: Surrealism and After" in reply and "17 October" in reply, reply
    assert "Dreamers" not in museum.ask("is the museum open yet?", now=datetime(2026, 10, 10, 9, 0))
