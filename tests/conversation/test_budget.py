"""Fitting the chat prompt into a context window: history oldest-first, then the venue block by relevance."""

from __future__ import annotations

import pytest

from museum_tui.conversation.budget import SHORTENED_NOTE, PromptTooLong, fit_prompt, shorten_venue
from museum_tui.conversation.budget import reply_tail as _tail
from museum_tui.conversation.summary import Exchange
from museum_tui.llm.context import estimate_tokens, message_tokens

VENUE = "\n".join(
    [
        "Venue: The Test Museum. A museum.",
        "Hours: mon 10-18",
        "Floors: 0 Ground; 1 First",
        "Exhibitions (title, room, floor):",
        "- Photography Now | Room 1 | 1",
        "- Sculpture Then | Room 2 | 0",
        "Café Harbour, ground floor, coffee and cake.",
        "  Menu: flat white; filter coffee; peanut cookie",
        "Toilets: floor 0 by the entrance",
        "Lifts: Lift A, floors 0-1",
    ]
)


def system_for(brief: str | None) -> str:
    return f"You are a concierge.\n\n{VENUE if brief is None else brief}\n\nBe brief."


HISTORY = [Exchange(f"question {i} " + "x" * 60, f"answer {i} " + "y" * 60) for i in range(5)]


def fit(budget: int | None, text: str = "Where can I get a coffee?", window: int = 12):
    return fit_prompt(system_for, VENUE, HISTORY, text, history_window=window, budget=budget, query=text)


def test_without_a_budget_only_the_history_window_trims() -> None:
    prompt = fit(None, window=4)
    assert prompt.exchanges == 2 and not prompt.venue_shortened
    assert prompt.messages[1]["content"].startswith("question 3") and prompt.messages[-1]["role"] == "user"


def test_history_goes_oldest_first_then_the_venue_shrinks_then_the_last_exchange() -> None:
    whole = message_tokens(fit(None).messages)
    prompt = fit(whole + 40)
    assert prompt.exchanges == 5 and not prompt.venue_shortened
    prompt = fit(whole - 50)
    assert 1 <= prompt.exchanges < 5 and prompt.messages[1]["content"].startswith(f"question {5 - prompt.exchanges}")
    assert not prompt.venue_shortened
    one = message_tokens(
        fit_prompt(system_for, VENUE, HISTORY[-1:], "x", history_window=2, budget=None, query="").messages
    )
    prompt = fit(one + 10)
    assert prompt.venue_shortened and prompt.tokens <= one + 10
    assert prompt.exchanges == 1 or prompt.exchanges == 0
    system = prompt.messages[0]["content"]
    assert "Venue: The Test Museum" in system and SHORTENED_NOTE in system


def test_a_prompt_that_cannot_fit_is_refused() -> None:
    with pytest.raises(PromptTooLong):
        fit(60)
    with pytest.raises(PromptTooLong):
        fit(400, text="word " * 2000)


def test_the_venue_keeps_what_the_message_is_about() -> None:
    short = shorten_venue(VENUE, 100, "coffee cafe peanut")
    assert short is not None and short.startswith("Venue:") and "Menu: flat white" in short
    assert "Sculpture" not in short and estimate_tokens(short) <= 100 + 5
    photo = shorten_venue(VENUE, 100, "photography")
    assert photo is not None and "Exhibitions (title, room, floor):\n- Photography Now" in photo
    assert shorten_venue(VENUE, 5, "coffee") is None
    assert shorten_venue(VENUE, 10_000, "anything") == VENUE


def test_the_extractor_gets_the_end_of_a_long_reply() -> None:
    assert _tail("Short reply?") == "Short reply?" and _tail(None) is None
    tail = _tail("word " * 200 + "Do you need the lift?")
    assert tail is not None and tail.startswith("…") and tail.endswith("Do you need the lift?") and len(tail) <= 401
