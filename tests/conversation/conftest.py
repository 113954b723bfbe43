from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import Event
from tests.fake_openai import FakeOpenAI


def offline_session(user: str = "visitor", **cli: object) -> Session:
    settings = load_settings({"offline": True, "user": user, **cli})
    settings.builtin_stream_delay = 0.0
    return open_session(settings)


def llm_session(server: FakeOpenAI, user: str = "visitor", **cli: object) -> Session:
    settings = load_settings({"base_url": server.base_url, "model": "fake-chat", "user": user, **cli})
    session = open_session(settings, env={})
    client = session.chat.client
    client.backoff_base, client.retry_after_cap, client.max_retries = 0.01, 0.05, 1
    return session


async def run(session: Session, text: str) -> list[Event]:
    return [event async for event in session.handle(text)]


def kinds(events: list[Event]) -> list[str]:
    """The events' names, without the `Working` ones (tested on their own)."""
    return [type(e).__name__ for e in events if type(e).__name__ != "Working"]


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply="Welcome! The café is on the ground floor.") as fake:
        yield fake


@pytest.fixture
async def session() -> AsyncIterator[Session]:
    s = offline_session()
    yield s
    await s.aclose()
