"""Typed, explained failures of an LLM call. Each message says what happened and what to do about it,
in a sentence or two; none ever contains an API key."""

from __future__ import annotations


class LLMError(Exception):
    """Base class: `retryable` tells whether trying again may help; `status` is the HTTP status if any."""

    def __init__(self, message: str, *, retryable: bool = False, status: int | None = None) -> None:
        super().__init__(message)
        self.retryable = retryable
        self.status = status


class ProviderError(LLMError):
    """A provider cannot be used as configured (unknown name, missing key, bad base URL)."""


class AuthError(LLMError):
    """401/403: the key was refused."""


class CreditsError(LLMError):
    """402: the account is out of credits."""


class RateLimitError(LLMError):
    """429: too many requests; `retry_after` is the server's requested wait in seconds, if given."""

    def __init__(self, message: str, *, retry_after: float | None = None, status: int | None = 429) -> None:
        super().__init__(message, retryable=True, status=status)
        self.retry_after = retry_after


class ServerError(LLMError):
    """5xx, 408 or 409: the server had a problem; usually worth another try."""


class ConnectError(LLMError):
    """The server could not be reached (refused, DNS, TLS)."""


class TimeoutError_(LLMError):
    """No answer in time."""


class StreamError(LLMError):
    """The reply stream broke: an error event mid-stream, or the connection dropped."""


class ResponseError(LLMError):
    """The server answered with something unusable: invalid JSON, an unexpected shape, too large."""


class InterruptedError_(StreamError):
    """The stream ended with no text and no finish_reason: a single-slot server (llama-cpp-python's default)
    gave its only slot to another request. Trying again once may help."""


class ContextOverflowError(LLMError):
    """The prompt does not fit the model's context window: trying the same again cannot help."""
