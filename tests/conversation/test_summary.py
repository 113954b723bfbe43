"""The rolling summary: only what leaves the window is summarised, and early details survive."""

from __future__ import annotations

from museum_tui.conversation.summary import MAX_NOTES, Exchange, RollingSummary, keep_up

CHATTER = ["Thanks!", "ok", "What time do you close?", "Where is the shop?", "hello again", "Is there a lift?"]


def test_nothing_is_summarised_before_it_leaves_the_window() -> None:
    summary, history = RollingSummary(), [Exchange("We've come from Lisbon for the weekend.", "Welcome!")]
    keep_up(summary, history, window=6)
    assert summary.text == "" and summary.folded == 0
    history += [Exchange(f"{CHATTER[i]} Room {i}.", "Noted.") for i in range(6)]  # the first one leaves now
    keep_up(summary, history, window=6)
    assert summary.folded == 1 and "Lisbon" in summary.text


def test_an_early_detail_is_still_there_forty_turns_later_and_the_summary_stays_bounded() -> None:
    summary = RollingSummary()
    history = [Exchange("Hi! We've come from Lisbon for the weekend.", "Welcome to the museum.")]
    sizes = []
    for turn in range(1, 41):
        history.append(Exchange(f"{CHATTER[turn % len(CHATTER)]} I also liked room {turn} a lot.", "Noted."))
        keep_up(summary, history, window=6)
        sizes.append(len(summary.text))
    assert "Lisbon" in summary.text
    assert summary.folded == len(history) - 6
    assert len(summary.notes) <= MAX_NOTES and max(sizes[20:]) <= max(sizes[:20]) * 1.2, "bounded"


def test_greetings_and_thanks_leave_no_note() -> None:
    summary = RollingSummary()
    summary.fold([Exchange("Thanks!", "You're welcome."), Exchange("hello", "Hi")], 0)
    assert summary.notes == [] and summary.folded == 2
