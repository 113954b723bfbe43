"""The engines a Session drives: a chat engine (the protocol below) and a fact source (extraction's
`FactSource`), built separately from the settings.

`resolve_engine` picks the provider: the offline built-in engine when none is configured, else an
OpenAI-compatible endpoint. `build_chat` and `build_fact_source` then make each side on its own, so the
`extract` command needs no venue and the chat side no extractor. Reply errors arrive as `EngineError`
with a message a visitor can act on.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from museum_tui import config
from museum_tui.config import Settings
from museum_tui.safetext import strip_controls

from .limits import Limits, ModelLimits

if TYPE_CHECKING:
    from museum_tui.concierge import Agent, BuiltinResponder
    from museum_tui.extraction import ExtractedFact, FactSource
    from museum_tui.llm import ChatClient, Provider
    from museum_tui.memory import MemoryStore, Ontology


class EngineError(Exception):
    """A reply or extraction that could not be made; `retryable` says whether /retry may help, and `kind`
    names the cause where a front end may want to word it its own way (see `TurnFailed.kind`)."""

    def __init__(self, message: str, retryable: bool = True, kind: str = "") -> None:
        super().__init__(message)
        self.retryable = retryable
        self.kind = kind


CUT_SHORT = (
    "The reply was cut short: it reached the {tokens:,}-token limit (reply_max_tokens) before it ended, "
    "so it was not kept."
)
CUT_KEPT = "The reply reached the {tokens:,}-token limit (reply_max_tokens) and was cut there."
CUT_MIDWAY = (
    "The server stopped the reply part-way without saying why (a local server with one slot does this "
    "when another request arrives), so it was not kept."
)
MIN_EXTRACT_TOKENS = 64


@dataclass
class Turn:
    """What a chat engine needs for one reply."""

    text: str
    agent: Agent
    store: MemoryStore
    pending: Sequence[ExtractedFact]
    messages: list[dict[str, str]]
    max_tokens: int | None = None


class ChatEngine(Protocol):
    name: str
    wants_pending: bool  # the reply is composed from this turn's facts, so it waits for them

    def stream(self, turn: Turn) -> AsyncIterator[str]: ...

    async def limits(self) -> Limits | None:
        """The model's context window and reply length; None when there is no model to fit (built-in)."""
        ...

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
        earlier = [m["content"] for m in turn.messages[:-1] if m.get("role") == "user"]
        reply = self.responder.reply(turn.text, turn.agent, turn.store, turn.pending, earlier=earlier)
        for piece in chunk_words(reply):
            await asyncio.sleep(self.delay)
            yield piece

    async def limits(self) -> Limits | None:
        return None

    def describe(self) -> str:
        return "offline · built-in concierge"

    def set_model(self, model: str) -> tuple[bool, str]:
        return False, (
            "The offline concierge has no model to choose. Start with `--provider` (and a key) to use an LLM."
        )

    async def aclose(self) -> None:
        return None


class LLMChat:
    """Streaming replies from an OpenAI-compatible endpoint, each within `reply_max_tokens` and `timeout`."""

    wants_pending = False

    def __init__(self, client: ChatClient, provider: Provider, settings: Settings | None = None) -> None:
        self.client = client
        self.provider = provider
        self.settings = settings or Settings()
        self.model = provider.chat_model
        self.name = provider.name
        self.model_limits = ModelLimits(client, self.settings)
        self._finish_seen = False  # this server says why a stream ends, so a stream that does not was cut

    async def limits(self) -> Limits | None:
        return await self.model_limits.get(self.model)

    async def stream(self, turn: Turn) -> AsyncIterator[str]:
        from museum_tui.llm import ContextOverflowError, Finish, InterruptedError_, LLMError, TextDelta

        texts = 0
        try:
            async for event in self.client.stream_chat(
                turn.messages, model=self.model, max_tokens=turn.max_tokens, deadline=self.settings.timeout
            ):
                if isinstance(event, TextDelta):
                    texts += 1
                    yield strip_controls(event.text, keep_newlines=True)  # a model must not drive the terminal
                elif isinstance(event, Finish):
                    if event.reason == "length":  # with text: kept and shown as cut (stream_reply)
                        message = CUT_KEPT if texts else CUT_SHORT
                        raise EngineError(message.format(tokens=turn.max_tokens or 0), True, "cut_short")
                    if event.reason is None and self._finish_seen and texts:
                        raise EngineError(CUT_MIDWAY, True, "interrupted")
                    self._finish_seen = self._finish_seen or event.reason is not None
        except InterruptedError_ as exc:
            raise EngineError(f"{exc} It happened twice; say /retry to try again.", True, "interrupted") from None
        except ContextOverflowError as exc:
            raise EngineError(str(exc), False, "context") from None
        except LLMError as exc:
            raise EngineError(str(exc), exc.retryable) from None

    def describe(self) -> str:
        if self.model == self.provider.chat_model:
            return self.provider.describe()
        return f"{self.provider.name} · {self.model}"

    def set_model(self, model: str) -> tuple[bool, str]:
        self.model = model
        self.model_limits.forget()
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
        return resolve_provider(cli, settings.provider_file, config.environment() if env is None else env)
    except ProviderError as exc:
        raise EngineError(str(exc), retryable=False) from None


def build_chat(settings: Settings, provider: Provider, responder: BuiltinResponder) -> ChatEngine:
    """The chat side: the built-in concierge, or streaming from the provider's endpoint."""
    if provider.name == "builtin":
        return BuiltinChat(responder, settings.builtin_stream_delay)
    from museum_tui.llm.lazy import LazyChatClient

    client = LazyChatClient(provider, backoff_base=settings.retry_backoff)  # made on first use (no httpx before)
    return LLMChat(client, provider, settings)  # type: ignore[arg-type]


def build_fact_source(
    ontology: Ontology,
    provider: Provider,
    client: ChatClient | None = None,
    settings: Settings | None = None,
    limits: ModelLimits | None = None,
) -> FactSource:
    """The extraction side: the ontology's rules offline, else the provider's extract model over `client`
    (the chat engine's, so both share one connection pool, and `limits`, so one report of the server's
    context window serves both). Each call has `extract_timeout` in all, and asks for at most
    `extract_max_tokens`, fewer if the context window has less room. The caller closes the client."""
    if provider.name == "builtin":
        from museum_tui.extraction import BuiltinFactSource

        return BuiltinFactSource(ontology)
    if client is None:
        raise ValueError(f"{provider.name}: an HTTP client is needed to extract facts with a model")
    from museum_tui.extraction import LLMExtractor
    from museum_tui.llm import ContextOverflowError, LLMError
    from museum_tui.llm.context import message_tokens

    settings = settings or Settings()
    limits = limits or ModelLimits(client, settings)

    async def complete_json(messages: list[dict[str, str]], schema: dict[str, object]) -> object:
        window = (await limits.get(provider.extract_model)).context_window
        room = window - message_tokens(messages) - 32
        if room < MIN_EXTRACT_TOKENS:
            raise ContextOverflowError(
                f"the message is too long for the model's context window ({window:,} tokens) to read facts from"
            )
        return await client.complete_json(
            messages,
            model=provider.extract_model,
            schema=schema,
            max_tokens=min(settings.extract_max_tokens, room),
            deadline=settings.extract_timeout,
        )

    from museum_tui.extraction import BuiltinFactSource, FlooredExtractor

    model = LLMExtractor(ontology, complete_json, name=f"{provider.name}:{provider.extract_model}")
    # the rules stand under the model: a model whose every reading is refused still leaves the visit a memory
    return FlooredExtractor(model, BuiltinFactSource(ontology), failures=(LLMError,))
