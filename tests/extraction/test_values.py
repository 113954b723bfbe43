"""One house style for values, so the same thing said two ways is stored once."""

from __future__ import annotations

import pytest

from museum_tui.extraction.values import normalize_duration, tidy


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("an hour", "1 hour"),
        ("about an hour and a half", "1.5 hours"),
        ("90 mins", "90 minutes"),
        ("120 mins", "2 hours"),
        ("an hour and a half", "1.5 hours"),
        ("ninety minutes", "90 minutes"),
        ("60 minutes", "1 hour"),
        ("45 mins", "45 minutes"),
        ("half an hour", "30 minutes"),
        ("a couple of hours", "2 hours"),
        ("2 hrs", "2 hours"),
        ("the whole afternoon", "all afternoon"),
        ("the entire day", "all day"),
        ("3", "until 3pm"),
        ("4pm", "until 4pm"),
        ("16:30", "until 4:30"),
        ("half four", "until 4:30"),
        ("a quarter to five", "until 4:45"),
        ("about 3 o'clock", "until 3pm"),
        ("closing", "until closing"),
        ("no rush", "no rush"),
    ],
)
def test_durations_and_times(said: str, stored: str) -> None:
    assert normalize_duration(said) == stored


def test_tidy_drops_articles_and_title_cases_names() -> None:
    assert tidy("the Hockney exhibition.", "none") == "Hockney exhibition"
    assert tidy("mary-jane", "title") == "Mary-jane"
    assert tidy("ABBA", "title") == "ABBA"
