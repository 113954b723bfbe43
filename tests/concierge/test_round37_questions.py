"""Round 37's museum and garden questions, read after their first score (new wording, not the sets' lines),
asked through a real offline session: the message's facts are extracted and remembered as in the app."""

from __future__ import annotations

import asyncio

from tests.concierge.questions import answer

from .test_reasoning import ONTOLOGIES


def ask(venue: str, question: str, now: str, *before: str, memory: list | None = None) -> str:
    case = {"q": question, "now": now, "before": list(before), "memory": memory or []}
    return asyncio.run(answer(ONTOLOGIES / f"{venue}.json", case))


def test_the_front_door_is_the_main_entrance() -> None:
    """ "where is Turbine Hall? I am at main door now" routed from the first floor (a text there says "the
    door marked Quiet Room")."""
    reply = ask("museum", "how do I get to the Turbine Hall? we're at the front door", "2026-11-24T11:00:00")
    assert "on this floor" in reply and "Lift" not in reply, reply


def test_something_a_member_can_have_is_food_or_drink() -> None:
    """ "we're up on the roof terrace, is there anything here gran can have?" had "Got it — I'll give
    directions from there"; the kiosk's drinks suit a gluten-free diet."""
    reply = ask(
        "museum",
        "we're on the roof terrace now, anything up here my husband could have?",
        "2026-11-29T13:00:00",
        memory=[["SpecialNeed.DietaryRestriction", "gluten-free", "husband"]],
    )
    assert "Rooftop Kiosk" in reply and "Espresso" in reply and "Flapjack" not in reply.split("isn't marked")[0], reply
    assert "Rooftop Kiosk" not in ask(
        "museum", "is there anything I can have a look at up here?", "2026-11-29T13:00:00"
    )


def test_what_it_costs_a_class_is_the_price() -> None:
    """ "How much is it to get in? I'm a teacher … my year 8s" had the age limits."""
    reply = ask("museum", "How much to get in? I'm bringing my year 9s next week", "2026-11-24T10:05:00")
    assert "free" in reply and "Age limits" not in reply, reply


def test_the_one_after_that_is_the_last_question_again() -> None:
    """ "and after that one?" after "when's the next tour?" had Dreamers: Surrealism and After."""
    reply = ask("museum", "ok and the one after that?", "2026-11-23T10:30:00", "what time is the next tour?")
    assert "15:00" in reply and "Dreamers" not in reply, reply


def test_near_there_is_near_the_place_talked_of() -> None:
    """ "whats the nearest loo to there" after "where is Colour Field" had the ground floor's."""
    reply = ask("museum", "any toilets close to there?", "2026-11-24T14:30:00", "where's Colour Field?")
    assert "next to Gallery 2" in reply, reply


def test_a_dislike_said_before_the_question_is_no_subject() -> None:
    """ "I can't stand the heat, which of the glasshouses would suit me?" had first aid (its keywords hold
    "heat")."""
    reply = ask("garden", "i cant stand the heat, which glasshouses are ok for me?", "2026-11-23T12:15:00")
    assert "Alpine Treasures" in reply and "First aid" not in reply, reply


FORT = "../tests/data/blind/fort"  # round 37's third venue, written from docs/ alone (now a tuning set)


def test_whats_on_at_the_venue_by_its_kind() -> None:
    """ "what's on at the fort today?" had a recommendation of three: "fort" was no kind of venue."""
    reply = ask(FORT, "anything on at the fort this morning?", "2026-11-24T10:30:00")
    assert "On now at Windhill Fort" in reply and "The West Gate" in reply and "Coins of the Empire" in reply, reply


def test_shuttle_is_not_shut() -> None:
    """ "how often does the shuttle go up the hill?" had the closing time: "shut\\w*" took "shuttle"."""
    from museum_tui.concierge.kinds import asks_time
    from museum_tui.concierge.question import Question
    from museum_tui.concierge.venue import load_venue

    venue = load_venue(ONTOLOGIES / "museum.venue.json")
    assert not asks_time(Question.read("where does the shuttle bus stop?", venue))
    assert asks_time(Question.read("when do you shut?", venue))
    reply = ask(FORT, "where do I catch the shuttle?", "2026-11-24T10:30:00")
    assert "Hill Shuttle" in reply and "We close" not in reply, reply


def test_a_facility_that_runs_to_a_timetable_answers_when() -> None:
    """A facility whose words give a timetable ("every 20 minutes from 10:15") answers "when" itself."""
    reply = ask(FORT, "until when does the shuttle run?", "2026-11-24T10:30:00")
    assert "every 20 minutes" in reply and "We close" not in reply, reply


def test_a_one_word_name_said_in_the_singular() -> None:
    """ "can I bring my dog round the fort?" had the picnic area (its words say "bring", "dogs welcome"):
    "dog" names the facility called "Dogs"."""
    reply = ask(FORT, "is it ok to bring my dog?", "2026-11-24T10:30:00")
    assert reply.startswith("**Dogs**") and "on a lead" in reply, reply
