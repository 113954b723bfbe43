from __future__ import annotations

from collections.abc import Iterator

import pytest

from museum_tui.llm import Provider
from tests.fake_openai import FakeOpenAI

SENTINEL = "sk-SENTINEL-0123456789abcdef"


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply="The café is on the ground floor.", facts={"facts": []}) as fake:
        yield fake


def provider_for(url: str, *, key: str = SENTINEL, name: str = "custom", read_timeout: float = 5.0) -> Provider:
    return Provider(name, url, key, "TEST_API_KEY", "chat-model", "extract-model", {}, 2.0, read_timeout)
