"""Building the chat prompt to fit the model's context window, with room left for the answer.

Sizes are estimated tokens (`museum_tui.llm.context.estimate_tokens`: a third of a token per ASCII
character, which errs on the large side). The prompt is cut in this order until it fits:

1. history, oldest exchange first, down to the last exchange;
2. the venue block, keeping the lines that matter most for this message (its words, the answering agent's
   cue words, the visitor's remembered values), always the venue's own line first, and a note that it was
   shortened; first with the last exchange kept, then without it;
3. if even that cannot fit, `PromptTooLong`: no prompt that cannot fit is ever sent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from museum_tui.language.text import content_words
from museum_tui.llm.context import estimate_tokens, message_tokens

from .visitor import Exchange

LAST_REPLY_CHARS = 400  # of the assistant's last reply, given to the extractor (small context windows)
MARGIN = 32  # tokens kept free for the chat template's own markers
SHORTENED_NOTE = "(Venue details shortened to fit; for anything not listed here, point to the information desk.)"
MIN_VENUE_WITH_HISTORY = 300  # tokens: below this, the last exchange goes before the venue does


class PromptTooLong(Exception):
    """Nothing left to cut, and the prompt still does not fit."""


@dataclass(frozen=True)
class Prompt:
    messages: list[dict[str, str]]
    tokens: int  # estimated
    exchanges: int  # history exchanges kept
    venue_shortened: bool


def _messages(system: str, history: Sequence[Exchange], text: str) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": system}]
    for exchange in history:
        messages.append({"role": "user", "content": exchange.user})
        messages.append({"role": "assistant", "content": exchange.assistant})
    messages.append({"role": "user", "content": text})
    return messages


def fit_prompt(
    system_for: Callable[[str | None], str],
    venue: str,
    history: Sequence[Exchange],
    text: str,
    *,
    history_window: int,
    budget: int | None,
    query: str,
) -> Prompt:
    """The messages for this turn, within `budget` estimated tokens (None: no limit, only the history window).

    `system_for(brief)` builds the system prompt around a venue brief (None: the whole one); `venue` is the
    whole brief, to shorten; `query` the words that decide which venue lines matter most."""
    exchanges = list(history[-(history_window // 2) :]) if history_window > 1 else []
    full = system_for(None)
    if budget is None:
        messages = _messages(full, exchanges, text)
        return Prompt(messages, message_tokens(messages), len(exchanges), False)
    budget -= MARGIN
    for keep in range(len(exchanges), 0, -1):
        messages = _messages(full, exchanges[-keep:], text)
        if (size := message_tokens(messages)) <= budget:
            return Prompt(messages, size, keep, False)
    messages = _messages(full, [], text)
    if not exchanges and (size := message_tokens(messages)) <= budget:
        return Prompt(messages, size, 0, False)
    for keep in (1, 0) if exchanges else (0,):
        kept = exchanges[-keep:] if keep else []
        fixed = message_tokens(_messages(system_for(""), kept, text))
        room = budget - fixed
        if keep and room < min(MIN_VENUE_WITH_HISTORY, estimate_tokens(venue)):
            continue
        brief = shorten_venue(venue, room, query)
        if brief is not None:
            messages = _messages(system_for(brief), kept, text)
            return Prompt(messages, message_tokens(messages), keep, True)
    raise PromptTooLong


def _blocks(venue: str) -> list[tuple[str, str]]:
    """The brief's lines as (section header, block): an indented line belongs to the one before it, and a
    `- ` item to the header above it (which is then shown with it)."""
    blocks: list[tuple[str, str]] = []
    header = ""
    for line in venue.split("\n"):
        if line.startswith((" ", "\t")) and blocks:
            head, block = blocks[-1]
            blocks[-1] = (head, f"{block}\n{line}")
        elif line.startswith("- "):
            blocks.append((header, line))
        else:
            header = line if line.rstrip().endswith(":") else ""
            blocks.append(("", line))
    return blocks


def shorten_venue(venue: str, room: int, query: str) -> str | None:
    """The most relevant lines of the venue brief within `room` estimated tokens, in their own order, with
    a note saying it was shortened; None when not even the venue's first line fits."""
    blocks = _blocks(venue)
    if not blocks:
        return None
    words = {w for w in content_words(query) if not any(ch.isdigit() for ch in w)}
    cost = estimate_tokens(SHORTENED_NOTE) + 1

    def score(index: int) -> tuple[float, int]:
        text = blocks[index][1].lower()
        core = 100.0 if index < 3 else 0.0  # the venue itself, its hours and its floors
        return (-(core + sum(1 for w in words if w in text)), index)

    chosen: set[int] = set()
    headers: set[str] = set()
    for index in sorted(range(len(blocks)), key=score):
        header, block = blocks[index]
        if not header and index and block.rstrip().endswith(":"):
            continue  # a section's heading comes with its first item chosen
        extra = estimate_tokens(block) + 1
        if header and header not in headers:
            extra += estimate_tokens(header) + 1
        if cost + extra > room:
            if index == 0:
                return None
            continue
        cost += extra
        chosen.add(index)
        if header:
            headers.add(header)
    if all(i in chosen or blocks[i][1] in headers for i in range(len(blocks))):
        return venue
    lines = []
    for index, (header, block) in enumerate(blocks):
        if header and header in headers and header not in lines and index in chosen:
            lines.append(header)
        if index in chosen and block not in lines:
            lines.append(block)
    return "\n".join([*lines, SHORTENED_NOTE])


def reply_tail(reply: str | None, limit: int = LAST_REPLY_CHARS) -> str | None:
    """The end of the assistant's last reply (where its question is), cut at a word, within `limit`."""
    if reply is None or len(reply) <= limit:
        return reply
    tail = reply[-limit:]
    return "…" + tail[tail.find(" ") + 1 :] if " " in tail else "…" + tail
