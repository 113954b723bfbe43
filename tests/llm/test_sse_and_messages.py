"""Small pure pieces: SSE line splitting and events, Retry-After, and message scrubbing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from datetime import UTC, datetime

import pytest

from museum_tui.llm.http_errors import parse_retry_after, safe_url, scrub, server_message
from museum_tui.llm.sse import LineTooLong, sse_data, sse_lines


async def chunks(parts: Iterable[str]) -> AsyncIterator[str]:
    for part in parts:
        yield part


async def lines(parts: Iterable[str], max_line: int = 1000) -> list[str]:
    return [line async for line in sse_lines(chunks(parts), max_line)]


async def events(parts: Iterable[str]) -> list[str]:
    return [data async for data in sse_data(sse_lines(chunks(parts), 1000))]


async def test_line_ends_of_all_three_kinds_even_split_across_chunks() -> None:
    assert await lines(["a\r", "\nb\rc\n", "d"]) == ["a", "b", "c", "d"]
    assert await lines(["a\r", "b"]) == ["a", "b"]
    assert await lines(["a\r"]) == ["a"]


async def test_an_endless_line_is_refused() -> None:
    with pytest.raises(LineTooLong):
        await lines(["x" * 600, "x" * 600])


async def test_events_comments_fields_and_multi_line_data() -> None:
    stream = [": ping\n\n", "event: delta\nid: 7\ndata: one\n", "data:two\n\n", "data: [DONE]\n\n", "data: tail"]
    assert await events(stream) == ["one\ntwo", "[DONE]", "tail"]


def test_retry_after_seconds_dates_and_nonsense() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("3", 20.0, now) == 3.0
    assert parse_retry_after("300", 20.0, now) == 20.0
    assert parse_retry_after("-5", 20.0, now) == 0.0
    assert parse_retry_after("Wed, 01 Jan 2025 12:00:07 GMT", 20.0, now) == 7.0
    assert parse_retry_after("Wed, 01 Jan 2025 11:00:00 GMT", 20.0, now) == 0.0
    assert parse_retry_after("soon", 20.0, now) is None
    assert parse_retry_after("nan", 20.0, now) is None
    assert parse_retry_after(None, 20.0, now) is None


def test_scrub_removes_the_key_before_cutting_and_flattens() -> None:
    key = "sk-abcdefghijklmnop"
    text = scrub("x" * 235 + key + "\x1b[2J\nmore", key)
    assert "sk-abc" not in text and "\x1b" not in text and "\n" not in text
    assert len(text) <= 240


def test_server_message_shapes() -> None:
    assert server_message(b'{"error": {"message": "bad model"}}', "") == "bad model"
    assert server_message(b'{"error": "plain"}', "") == "plain"
    assert server_message(b'{"detail": "Not Found"}', "") == "Not Found"
    assert server_message(b"<html>Bad Gateway</html>", "") == "<html>Bad Gateway</html>"


def test_safe_url_drops_credentials() -> None:
    assert safe_url("http://user:secret@host:8080/v1") == "http://host:8080/v1"
    assert safe_url("https://api.example/v1") == "https://api.example/v1"
