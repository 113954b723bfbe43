"""Times a venue writes relative to closing ("Last entry one hour before closing", "the glasshouses close 30
minutes before the gates") are said as the clock time they are on the day asked, when the question is about
them; a question about something else keeps the note as written."""

from __future__ import annotations

from datetime import datetime, timedelta

from museum_tui.concierge.hours import clock

from .test_generalise import ask
from .test_reasoning import MONDAY, Venue, garden  # noqa: F401 - fixtures


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
