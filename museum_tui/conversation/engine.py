"""The engines a Session drives, behind two small protocols: a chat engine and a fact source.

`build_engines` picks them from the settings: the offline built-in pair (rule extractor + concierge
responder) when no provider is configured, else an OpenAI-compatible endpoint over one shared HTTP client.
Errors from any engine arrive as `EngineError` with a message a visitor can act on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from museum_tui.memory import MemoryStore, Ontology
from museum_tui.safetext import strip_controls


class EngineError(Exception):
    """A reply or extraction that could not be made; `retryable` says whether /retry may help."""

    def __init__(self, message: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


@dataclass
class Turn:
    """What a chat engine needs for one reply."""

    text: str
    agent: Any
    store: MemoryStore
    pending: Sequence[Any]
    messages: list[dict[str, str]]


@dataclass
class Extraction:
    facts: list[Any] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)


class ChatEngine(Protocol):
    name: str
    wants_pending: bool
    usage: dict[str, int] | None

    def stream(self, turn: Turn) -> AsyncIterator[str]: ...

    def describe(self) -> str: ...

    def set_model(self, model: str) -> tuple[bool, str]: ...

    async def aclose(self) -> None: ...


class FactSource(Protocol):
    name: str

    async def extract(self, text: str, bot: str | None) -> Extraction: ...


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

    def __init__(self, responder: Any, delay: float = 0.0) -> None:
        self.responder = responder
        self.delay = delay
        self.usage: dict[str, int] | None = None

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


class BuiltinFacts:
    """The rule-based extractor, driven by the ontology's cue words. Importing the extraction package and
    compiling the museum's cues takes most of a second, which the first screen does not need: both happen
    in a thread, on `warm_up` (the app calls it once it is drawn) or at the first message."""

    name = "builtin"

    def __init__(self, ontology: Ontology) -> None:
        self.ontology = ontology
        self._extractor: Any = None
        self._lock = threading.Lock()

    def _build(self) -> Any:
        with self._lock:
            if self._extractor is None:
                from museum_tui.extraction import RuleExtractor

                extractor = RuleExtractor(self.ontology)
                extractor.warm_up()
                self._extractor = extractor
            return self._extractor

    @property
    def extractor(self) -> Any:
        """The compiled `RuleExtractor` (built here and now if `warm_up` has not run)."""
        return self._extractor if self._extractor is not None else self._build()

    async def warm_up(self) -> None:
        if self._extractor is None:
            await asyncio.to_thread(self._build)

    async def extract(self, text: str, bot: str | None) -> Extraction:
        await self.warm_up()
        return Extraction(list(self._extractor.extract(text, bot)))


class LLMChat:
    """Streaming replies from an OpenAI-compatible endpoint."""

    wants_pending = False

    def __init__(self, client: Any, provider: Any) -> None:
        self.client = client
        self.provider = provider
        self.model = provider.chat_model
        self.name = provider.name
        self.usage: dict[str, int] | None = None

    async def stream(self, turn: Turn) -> AsyncIterator[str]:
        from museum_tui.llm import LLMError
        from museum_tui.llm.client import TextDelta, Usage

        self.usage = None
        try:
            async for event in self.client.stream_chat(turn.messages, model=self.model):
                if isinstance(event, TextDelta):
                    yield strip_controls(event.text, keep_newlines=True)  # a model must not drive the terminal
                elif isinstance(event, Usage):
                    self.usage = {
                        "prompt_tokens": event.prompt_tokens,
                        "completion_tokens": event.completion_tokens,
                    }
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


class LLMFacts:
    """Facts from an LLM extractor (validated and grounded before they reach memory)."""

    def __init__(self, extractor: Any, name: str) -> None:
        self.extractor = extractor
        self.name = name

    async def extract(self, text: str, bot: str | None) -> Extraction:
        from museum_tui.llm import LLMError

        try:
            result = await self.extractor.extract(text, bot)
        except LLMError as exc:
            raise EngineError(str(exc), exc.retryable) from None
        return Extraction(list(result.facts), [r.reason for r in result.rejected])


@dataclass
class Engines:
    chat: ChatEngine
    facts: FactSource
    provider: Any


def build_engines(settings: Any, ontology: Ontology, responder: Any, env: dict[str, str] | None = None) -> Engines:
    """The engines the settings ask for. Raises `EngineError` with a fix when a provider can't be used."""
    import os

    from museum_tui.llm import ProviderError, resolve_provider

    cli = dict(settings.provider_cli)
    if settings.offline:
        cli["offline"] = True
    try:
        provider = resolve_provider(cli, settings.provider_file, os.environ if env is None else env)
    except ProviderError as exc:
        raise EngineError(str(exc), retryable=False) from None
    if provider.name == "builtin":
        return Engines(
            BuiltinChat(responder, settings.builtin_stream_delay),
            BuiltinFacts(ontology),
            provider,
        )
    from museum_tui.extraction import LLMExtractor
    from museum_tui.llm.client import ChatClient

    client = ChatClient(provider)

    async def complete_json(messages: list[dict], schema: dict) -> Any:
        return await client.complete_json(messages, model=provider.extract_model, schema=schema)

    extractor = LLMExtractor(ontology, complete_json, name=f"{provider.name}:{provider.extract_model}")
    return Engines(LLMChat(client, provider), LLMFacts(extractor, extractor.name), provider)
