"""A rolling summary of the conversation: what the turns that left the prompt's history window said.

Budget-driven, as llm-bawt's: nothing is summarised before it has to leave the prompt. Offline the summary
is extractive: from each exchange that leaves, the visitor's most informative sentence (names, places,
numbers, content words; greetings and thanks carry nothing) becomes one short note. When the notes outgrow
their budget the least informative goes, not the oldest, so an early detail ("we've come from Lisbon")
is still there forty turns later. The summary rides in the system prompt; it is never on the path to the
first word (it is updated when a turn commits).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from museum_tui.language.text import STOPWORDS as STOP
from museum_tui.language.text import WORD
from museum_tui.safetext import one_line

SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "i'll", "me", "my", "we", "we're", "we've", "we'd", "our", "us"})
MAX_NOTES = 12
NOTE_CHARS = 100
MIN_SCORE = 2.0


def informativeness(sentence: str) -> float:
    """Content words count 1; a capitalised word past the first (a name, a place) 2 more, a number 1 more.
    A statement about the visitor ("we've come from …") counts half again; a question half (it says
    less about the visitor)."""
    words = WORD.findall(sentence)
    score = 0.0
    for index, word in enumerate(words):
        if word.lower() in STOP:
            continue
        score += 1.0
        if index > 0 and word[:1].isupper():
            score += 2.0
        elif any(ch.isdigit() for ch in word):
            score += 1.0
    if sentence.rstrip().endswith("?"):
        return score * 0.5
    about_the_visitor = not FIRST_PERSON.isdisjoint(w.lower() for w in words)
    return score * 1.5 if about_the_visitor else score


@dataclass
class Exchange:
    """One turn of the conversation: what the visitor said and what was answered."""

    user: str
    assistant: str


@dataclass(frozen=True)
class Note:
    turn: int
    text: str
    score: float


@dataclass
class RollingSummary:
    notes: list[Note] = field(default_factory=list)
    folded: int = 0  # exchanges summarised so far (the history index up to which the summary reaches)

    def fold(self, exchanges: list[Exchange], first_turn: int) -> None:
        """Summarise `exchanges` (turns `first_turn`, `first_turn + 1`, … leaving the prompt's window)."""
        for offset, exchange in enumerate(exchanges):
            best = max(
                ((informativeness(s), s.strip()) for s in SENTENCE.findall(exchange.user) if s.strip()),
                default=(0.0, ""),
            )
            if best[0] >= MIN_SCORE:
                self.notes.append(Note(first_turn + offset, one_line(best[1], NOTE_CHARS), best[0]))
        self.folded = first_turn + len(exchanges)
        while len(self.notes) > MAX_NOTES:
            weakest = min(self.notes, key=lambda n: (n.score, n.turn))
            self.notes.remove(weakest)

    @property
    def text(self) -> str:
        """For the system prompt: what the visitor said earlier, oldest first."""
        if not self.notes:
            return ""
        lines = [f"- turn {n.turn + 1}: the visitor said “{n.text}”" for n in self.notes]
        return "Earlier in this conversation (summary):\n" + "\n".join(lines)


def keep_up(summary: RollingSummary, history: list[Exchange], window: int) -> None:
    """Fold into `summary` every exchange that no longer fits the last `window` exchanges of `history`."""
    leaving = len(history) - window
    if leaving > summary.folded:
        summary.fold(history[summary.folded : leaving], summary.folded)
