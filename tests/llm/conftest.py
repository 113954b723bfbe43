"""Fixtures and helpers for the LLM client tests: a fake server per test, clients with tiny backoffs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from museum_tui.llm import Finish, Provider, TextDelta, Usage
from museum_tui.llm.client import ChatClient
from tests.fake_openai import FakeOpenAI

SENTINEL = "sk-SENTINEL-0123456789abcdef"
MESSAGES = [{"role": "user", "content": "where is the café?"}]


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply="The café is on the ground floor.", facts={"facts": []}) as fake:
        yield fake


def provider_for(url: str, *, key: str = SENTINEL, name: str = "custom", read_timeout: float = 5.0) -> Provider:
    return Provider(name, url, key, "TEST_API_KEY", "chat-model", "extract-model", {}, 2.0, read_timeout)


def client_for(server: FakeOpenAI, **kwargs: Any) -> ChatClient:
    """A client with backoffs in milliseconds, so retry tests cost nothing."""
    options = {"backoff_base": 0.01, "retry_after_cap": 0.05, "max_retries": 2, **kwargs}
    read_timeout = options.pop("read_timeout", 5.0)
    name = options.pop("name", "custom")
    return ChatClient(provider_for(server.base_url, read_timeout=read_timeout, name=name), **options)


async def collect(client: ChatClient, **kwargs: Any) -> tuple[str, list[Usage]]:
    text, usage, _ = await collect_all(client, **kwargs)
    return text, usage


async def collect_all(client: ChatClient, **kwargs: Any) -> tuple[str, list[Usage], list[Finish]]:
    """The text, the usage reports and the `Finish` events of one streamed reply."""
    text, usage, finish = [], [], []
    async for event in client.stream_chat(MESSAGES, **kwargs):
        if isinstance(event, TextDelta):
            text.append(event.text)
        elif isinstance(event, Usage):
            usage.append(event)
        else:
            finish.append(event)
    return "".join(text), usage, finish
