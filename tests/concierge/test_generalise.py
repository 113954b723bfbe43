"""Mechanisms that let the concierge answer questions nobody here wrote: a café named by the one word of
its name no other café has, a closed café answered with its season and what is open instead. Both shipped
venues, an injected clock."""

from __future__ import annotations

from datetime import datetime

from museum_tui.concierge import route

from .test_reasoning import MONDAY, Venue, garden, museum  # noqa: F401 - fixtures

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
