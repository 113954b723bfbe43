"""The engines a Session drives: a chat engine (the protocol below) and a fact source (extraction's
`FactSource`), built separately from the settings.

`resolve_engine` picks the provider: the offline built-in engine when none is configured, else an
OpenAI-compatible endpoint. `build_chat` and `build_fact_source` then make each side on its own, so the
`extract` command needs no venue and the chat side no extractor. Reply errors arrive as `EngineError`
with a message a visitor can act on.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from museum_tui.config import Settings
from museum_tui.memory import MemoryStore, Ontology
from museum_tui.safetext import strip_controls

if TYPE_CHECKING:
    from museum_tui.concierge import Agent, BuiltinResponder
    from museum_tui.extraction import ExtractedFact, FactSource
    from museum_tui.llm import ChatClient, Provider


class EngineError(Exception):
    """A reply or extraction that could not be made; `retryable` says whether /retry may help."""

    def __init__(self, message: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


@dataclass
class Turn:
    """What a chat engine needs for one reply."""

    text: str
    agent: Agent
    store: MemoryStore
    pending: Sequence[ExtractedFact]
    messages: list[dict[str, str]]


class ChatEngine(Protocol):
    name: str
    wants_pending: bool  # the reply is composed from this turn's facts, so it waits for them

    def stream(self, turn: Turn) -> AsyncIterator[str]: ...

    def describe(self) -> str: ...

    def set_model(self, model: str) -> tuple[bool, str]: ...

    async def aclose(self) -> None: ...


def chunk_words(text: str, size: int = 3) -> list[str]:
    """Split a reply into small runs of words (whitespace kept) so it can be streamed like a model's."""
    pieces, current, words = [], [], 0
    for token in _tokens(text):
        current.append(token)
        if not token.isspace():
            words += 1
        if words >= size and token.isspace():
            pieces.append("".join(current))
            current, words = [], 0
    if current:
        pieces.append("".join(current))
    return pieces


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for ch in text:
        if out and (ch.isspace() == out[-1][-1].isspace()):
            out[-1] += ch
        else:
            out.append(ch)
    return out


class BuiltinChat:
    """The offline concierge: grounded replies composed from venue data and the agent's memory slice."""

    name = "builtin"
    wants_pending = True

    def __init__(self, responder: BuiltinResponder, delay: float = 0.0) -> None:
        self.responder = responder
        self.delay = delay

    async def stream(self, turn: Turn) -> AsyncIterator[str]:
        reply = self.responder.reply(turn.text, turn.agent, turn.store, turn.pending)
        for piece in chunk_words(reply):
            await asyncio.sleep(self.delay)
            yield piece

    def describe(self) -> str:
        return "offline · built-in concierge"

    def set_model(self, model: str) -> tuple[bool, str]:
        return False, (
            "The offline concierge has no model to choose. Start with `--provider` (and a key) to use an LLM."
        )

    async def aclose(self) -> None:
        return None


class LLMChat:
    """Streaming replies from an OpenAI-compatible endpoint."""

    wants_pending = False

    def __init__(self, client: ChatClient, provider: Provider) -> None:
        self.client = client
        self.provider = provider
        self.model = provider.chat_model
        self.name = provider.name

    async def stream(self, turn: Turn) -> AsyncIterator[str]:
        from museum_tui.llm import LLMError, TextDelta

        try:
            async for event in self.client.stream_chat(turn.messages, model=self.model):
                if isinstance(event, TextDelta):
                    yield strip_controls(event.text, keep_newlines=True)  # a model must not drive the terminal
        except LLMError as exc:
            raise EngineError(str(exc), exc.retryable) from None

    def describe(self) -> str:
        if self.model == self.provider.chat_model:
            return self.provider.describe()
        return f"{self.provider.name} · {self.model}"

    def set_model(self, model: str) -> tuple[bool, str]:
        self.model = model
        return True, f"Replies now come from **{model}** on {self.provider.name}."

    async def aclose(self) -> None:
        await self.client.aclose()


def resolve_engine(settings: Settings, env: Mapping[str, str] | None = None) -> Provider:
    """The provider the settings ask for. Raises `EngineError` with a fix when one can't be used."""
    from museum_tui.llm import ProviderError, resolve_provider

    cli = dict(settings.provider_cli)
    if settings.offline:
        cli["offline"] = True
    try:
        return resolve_provider(cli, settings.provider_file, os.environ if env is None else env)
    except ProviderError as exc:
        raise EngineError(str(exc), retryable=False) from None


def build_chat(settings: Settings, provider: Provider, responder: BuiltinResponder) -> ChatEngine:
    """The chat side: the built-in concierge, or streaming from the provider's endpoint."""
    if provider.name == "builtin":
        return BuiltinChat(responder, settings.builtin_stream_delay)
    from museum_tui.llm import ChatClient

    return LLMChat(ChatClient(provider), provider)


def build_fact_source(ontology: Ontology, provider: Provider, client: ChatClient | None = None) -> FactSource:
    """The extraction side: the ontology's rules offline, else the provider's extract model over `client`
    (the chat engine's, so both share one connection pool). The caller closes the client."""
    if provider.name == "builtin":
        from museum_tui.extraction import BuiltinFactSource

        return BuiltinFactSource(ontology)
    if client is None:
        raise ValueError(f"{provider.name}: an HTTP client is needed to extract facts with a model")
    from museum_tui.extraction import LLMExtractor

    async def complete_json(messages: list[dict[str, str]], schema: dict[str, object]) -> object:
        return await client.complete_json(messages, model=provider.extract_model, schema=schema)

    return LLMExtractor(ontology, complete_json, name=f"{provider.name}:{provider.extract_model}")
