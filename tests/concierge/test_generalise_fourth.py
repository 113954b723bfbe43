"""A fourth round of what lets the concierge answer questions nobody here wrote (found in round 25's work
and its blind sets' errors)."""

from __future__ import annotations

from .test_generalise import ask
from .test_reasoning import Venue, garden  # noqa: F401 - fixtures


def test_a_tour_word_inside_a_places_name_is_that_place(garden: Venue) -> None:  # noqa: F811
    """ "the treetop walk" is the Treetop Walkway said short, not the garden's walks (its tour word)."""
    tours = [t.name for t in garden.venue.tours]
    assert any(t.lower().endswith("walk") for t in tours)  # "walk" is this venue's tour word
    reply = ask(garden, "is the treetop walk open today?")
    assert not any(t in reply for t in tours), reply
    assert "open" in reply.lower(), reply
    # a walk asked for as such is still the tours
    assert any(t in ask(garden, "when's the next walk?") for t in tours)


def test_a_swap_a_menu_names_is_found_by_its_words(garden: Venue) -> None:  # noqa: F811
    """ "do you have oat milk?": no item is called oat milk, but a drink's swap offers it; the café that
    serves it answers (it had been the fallback)."""
    cafe = next(c for c in garden.venue.cafes if any("oat milk" in m.swap for m in c.menu))
    reply = ask(garden, "do you have oat milk?")
    assert cafe.name in reply and "not sure" not in reply, reply
