"""OpenAI-compatible endpoints over httpx. Importing this package does not import httpx: the client
lives in `museum_tui.llm.client` and is loaded only when a provider needs it."""

from .errors import (
    AuthError,
    ConnectError,
    CreditsError,
    LLMError,
    ProviderError,
    RateLimitError,
    ResponseError,
    ServerError,
    StreamError,
    TimeoutError_,
)
from .providers import Provider, resolve_provider

__all__ = [
    "AuthError",
    "ConnectError",
    "CreditsError",
    "LLMError",
    "Provider",
    "ProviderError",
    "RateLimitError",
    "ResponseError",
    "ServerError",
    "StreamError",
    "TimeoutError_",
    "resolve_provider",
]
