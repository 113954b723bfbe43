"""OpenAI-compatible endpoints over httpx. Importing this package does not import httpx (start-up speed, and
the offline mode never needs it): the client lives in `museum_tui.llm.client` and `ChatClient` is loaded
from there on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .chat_stream import ChatEvent, Finish, TextDelta, Usage
from .errors import (
    AuthError,
    ConnectError,
    ContextOverflowError,
    CreditsError,
    InterruptedError_,
    LLMError,
    ProviderError,
    RateLimitError,
    ResponseError,
    ServerError,
    StreamError,
    TimeoutError_,
)
from .providers import Provider, resolve_provider

if TYPE_CHECKING:
    from .client import ChatClient

__all__ = [
    "AuthError",
    "ChatClient",
    "ChatEvent",
    "ConnectError",
    "ContextOverflowError",
    "CreditsError",
    "Finish",
    "InterruptedError_",
    "LLMError",
    "Provider",
    "ProviderError",
    "RateLimitError",
    "ResponseError",
    "ServerError",
    "StreamError",
    "TextDelta",
    "TimeoutError_",
    "Usage",
    "resolve_provider",
]


def __getattr__(name: str) -> Any:
    if name == "ChatClient":
        from .client import ChatClient

        return ChatClient
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
