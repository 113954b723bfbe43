"""Score the offline concierge on a labelled question set, as a visitor meets it: every case runs through
a real offline session (the rule extractor reads each message, memory ticks, faded facts are recallable),
so a case scores what the app would say.

One JSON object per line:

    {"set": "tune", "q": "Is the café open now?", "expect": ["Harbour Café", "17:30"]}

- `q` (required): the visitor's message.
- `expect` (required): every item must appear in the reply; `a|b` means either. Matching ignores case.
- `avoid`: texts the reply must not contain (an unsafe dish, the wrong room).
- `before`: earlier visitor messages, oldest first; each is a full turn of the same conversation (facts
  extracted, memory ticked) before `q` is asked. Follow-ups ("where is it?") are cases with `before`.
- `now`: ISO date-time of the visit (default Monday 2026-11-23 10:30); opening hours and tours read it.
- `memory`: `[[concept, value, about?]]` facts remembered before the conversation; the optional third
  element is who the fact is about: "self" (default) or a party member ("son", "wife").
- `pending`: `[[concept, value, polarity_or_about?]]` facts this very message carries, beside what the
  extractor reads from it: the third element is "asserted" (default) or "negated", or else whom the fact
  is about, as in `memory` (writers of blind sets use both).
- `set`: "tune" or "heldout" (or any name: `--set NAME` picks one); `tags`: free labels for reports.

    python -m tests.concierge.questions ontologies/museum.json tests/concierge/data/museum_questions.jsonl -v
    python -m tests.concierge.questions ONTOLOGY QUESTIONS [--set NAME] [-v]

prints the score per set and, with `-v`, every failure with the reply.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.conversation.events import ReplyDone, TurnFailed

NOW = "2026-11-23T10:30:00"  # a Monday
_SOURCES: dict[str, object] = {}


@dataclass(frozen=True)
class Said:
    concept: str
    value: str
    polarity: str = "asserted"
    evidence: str = ""
    about: str = "self"


def load_questions(path: str | Path) -> list[dict]:
    """The cases of a JSONL file; a line that is not a case is reported with its number."""
    cases = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(case, dict) or not isinstance(case.get("q"), str) or not isinstance(case.get("expect"), list):
            raise ValueError(f'{path}:{number}: a case needs "q" (text) and "expect" (a list)')
        cases.append(case)
    return cases


def passes(reply: str, case: dict) -> bool:
    low = reply.lower()
    ok = all(any(alt.lower() in low for alt in str(item).split("|")) for item in case["expect"])
    return ok and not any(bad.lower() in low for bad in case.get("avoid", []))


@contextmanager
def _environment(now: str, data: Path) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("MUSEUM_TUI_NOW", "MUSEUM_TUI_DATA_DIR", "MUSEUM_TUI_CONFIG_DIR")}
    os.environ.update(MUSEUM_TUI_NOW=now, MUSEUM_TUI_DATA_DIR=str(data / "data"))
    os.environ["MUSEUM_TUI_CONFIG_DIR"] = str(data / "config")
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _remember(store, concept: str, value: str, about: str = "self", polarity: str = "asserted") -> None:
    """A remembered fact, about the visitor or a party member (when the store knows `about`)."""
    try:
        store.upsert(concept, value, polarity, value, about=about)
    except TypeError:  # a memory without `about`: the fact is stored plainly
        store.upsert(concept, value, polarity, value)


def _pending(item: list[str], question: str) -> Said:
    """A fact the message carries: `[concept, value]`, then a polarity or whom it is about."""
    third = item[2] if len(item) > 2 else "asserted"
    if third in ("asserted", "negated"):
        return Said(item[0], item[1], third, question)
    return Said(item[0], item[1], "asserted", question, about=third)


async def _ask(session, text: str, extra: list[Said]) -> str:
    if extra:  # facts the case says this message carries, beside what the extractor reads
        source = session.fact_source
        original = source.extract

        async def extract(message, last_reply=None):
            result = await original(message, last_reply)
            result.facts.extend(f for f in extra if f not in result.facts)
            return result

        source.extract = extract
    reply = ""
    async for event in session.run_turn(text):
        if isinstance(event, ReplyDone):
            reply = event.text
        elif isinstance(event, TurnFailed):
            reply = f"[failed: {event.message}]"
    if extra:
        del session.fact_source.extract
    return reply


async def answer(ontology_path: str | Path, case: dict) -> str:
    """The reply to the case's question after its earlier turns, in a fresh offline session."""
    with tempfile.TemporaryDirectory() as tmp, _environment(case.get("now", NOW), Path(tmp)):
        settings = load_settings({"offline": True, "user": "visitor", "ontology": str(ontology_path)})
        settings.builtin_stream_delay = 0.0
        session = open_session(settings)
        key = str(ontology_path)
        if key in _SOURCES:  # the rule extractor takes a while to build: one per ontology
            session.fact_source = _SOURCES[key]
        else:
            _SOURCES[key] = session.fact_source
        try:
            for item in case.get("memory", []):
                _remember(session.store, item[0], item[1], item[2] if len(item) > 2 else "self")
            for earlier in case.get("before", []):
                await _ask(session, earlier, [])
            extra = [_pending(item, case["q"]) for item in case.get("pending", [])]
            return await _ask(session, case["q"], extra)
        finally:
            await session.aclose()


def run(ontology_path: str | Path, questions_path: str | Path, split: str | None = None) -> tuple[float, list]:
    """The share of questions answered right, and the failures as (question, reply)."""
    cases = [c for c in load_questions(questions_path) if split is None or c.get("set") == split]
    failures = []
    for case in cases:
        reply = asyncio.run(answer(ontology_path, case))
        if not passes(reply, case):
            failures.append((case["q"], reply))
    return (1 - len(failures) / len(cases)) if cases else 0.0, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.concierge.questions", description=__doc__.split("\n")[0])
    parser.add_argument("ontology", type=Path)
    parser.add_argument("questions", type=Path)
    parser.add_argument("--set", dest="split", help="score only this set (default: each set in the file)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure with its reply")
    args = parser.parse_args(argv)
    try:
        cases = load_questions(args.questions)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    parts = [args.split] if args.split else list(dict.fromkeys(c.get("set", "") for c in cases))
    for part in parts:
        score, failed = run(args.ontology, args.questions, part or None)
        total = sum(1 for c in cases if c.get("set", "") == part)
        print(f"{part or 'all'}: {score:.2f} ({total - len(failed)}/{total}, {len(failed)} failed)")
        for q, reply in failed if args.verbose else ():
            print(f"  ✗ {q}\n    {reply[:400]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
