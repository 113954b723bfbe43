"""Both front ends render every event, each in one place: the TUI's `MuseumApp._show` and plain chat's
`PlainChat.render`. A new event (or question) that one of them forgets fails here, not in front of a visitor."""

from __future__ import annotations

import ast
import inspect
import textwrap
import typing

import pytest

from museum_tui.cli.chat_cmd import PlainChat
from museum_tui.conversation import events
from museum_tui.tui.app import MuseumApp

EVENTS = typing.get_args(events.Event)


def handled(function: object) -> set[str]:
    """The event classes a renderer tests for with `isinstance(event, X)`."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
            names |= {getattr(n, "id", "") for n in ast.walk(node.args[1])}  # X, (X, Y) or X | Y
    return names


@pytest.mark.parametrize("render", [MuseumApp._show, PlainChat.render], ids=["tui", "plain"])
def test_every_event_is_rendered_by_each_front_end(render) -> None:
    seen = handled(render)
    missing = [e.__name__ for e in EVENTS if not {c.__name__ for c in e.__mro__} & seen]
    assert missing == [], f"{render.__qualname__} does not render {missing}"


def test_a_question_is_answered_by_one_rule() -> None:
    """Yes runs `confirm`, anything else `decline` (if any): what both front ends do with a `Confirm`."""
    ask = events.Confirm("forget", "Forget all?", confirm="/forget all --yes", decline="/forget all --no")
    assert (ask.follow_up(True), ask.follow_up(False)) == ("/forget all --yes", "/forget all --no")
    consent = events.ConsentQuestion("consent", "May I keep it?")
    assert (consent.follow_up(True), consent.follow_up(False)) == ("/consent yes", "/consent no")
    assert events.Confirm("export", "Replace?", confirm="/export --yes").follow_up(False) is None
    assert all(issubclass(q, events.Question) for q in (events.SecretQuestion, events.NewSecretQuestion))
