"""The tolerant JSON parser: the value a model meant, wherever it put it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from museum_tui.llm.jsonparse import loads, parse_json_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"facts": []}', {"facts": []}),
        ('  \n{"a": 1}\n', {"a": 1}),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ("```\n[1, 2]\n```", [1, 2]),
        ('Sure, here it is:\n```JSON\n{"a": {"b": [1]}}\n```\nAnything else?', {"a": {"b": [1]}}),
        ('The facts are {"a": 1} as requested.', {"a": 1}),
        (
            'Note: {"text": "braces } and ] and { in a string", "n": 2} end',
            {"text": "braces } and ] and { in a string", "n": 2},
        ),
        ('quote \\" escaped {"q": "say \\"hi\\" {"} trailing', {"q": 'say "hi" {'}),
        ('List: ["a", {"b": 2}] and more', ["a", {"b": 2}]),
        ('bad {not json} then good {"ok": true}', {"ok": True}),
        ('```json\n{broken\n```\nfallback {"x": 1}', {"x": 1}),
        ("[1, [2, [3]]]", [1, [2, [3]]]),
    ],
)
def test_finds_the_json(text: str, expected: object) -> None:
    assert parse_json_text(text) == expected


@pytest.mark.parametrize("text", ["", "no json here", "{unclosed", "[1, 2", "} ] stray closers", '{"a": }'])
def test_nothing_found_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="no JSON"):
        parse_json_text(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@given(
    value=st.dictionaries(st.text(max_size=5), json_values, max_size=4),
    before=st.text(alphabet="abc .:\n", max_size=20),
)
def test_an_object_in_prose_round_trips(value: dict, before: str) -> None:
    assert parse_json_text(f"{before}{json.dumps(value)} thanks") == value


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "[" * 100_000 + "]" * 100_000, "x{" * 200_000 + "]", '{"a": ' * 50_000],
)
def test_hostile_text_ends_in_value_error_not_recursion_or_a_hang(text: str) -> None:
    with pytest.raises(ValueError):
        parse_json_text(text)


def test_loads_turns_every_failure_into_value_error() -> None:
    for bad in ("[" * 100_000 + "]" * 100_000, b"\xff\xfe{", "{"):
        with pytest.raises(ValueError):
            loads(bad)
    assert loads(b'{"a": 1}') == {"a": 1}
