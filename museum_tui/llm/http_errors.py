"""Turning HTTP statuses, bodies and transport failures into typed `LLMError`s a visitor can act on.

Everything a server says is flattened to one line, cut short and scrubbed of the API key before it goes
into a message: some servers echo the Authorization header back in their error text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

import httpx

from museum_tui.safetext import one_line

from .errors import (
    AuthError,
    ConnectError,
    ContextOverflowError,
    CreditsError,
    LLMError,
    RateLimitError,
    ServerError,
    StreamError,
    TimeoutError_,
)
from .jsonparse import loads
from .keymask import mask_key
from .providers import Provider

FORMAT_WORDS = ("response_format", "json_schema", "json_object", "schema")
# How servers say a prompt is too long: OpenAI / llama-cpp-python ("context_length_exceeded", "maximum context
# length"), llama-cpp-python's bare ValueError ("Requested tokens (2054) exceed context window of 2048"),
# llama.cpp ("exceed_context_size_error", "exceeds the available context size"), vLLM, Ollama.
CONTEXT_WORDS = (
    "context_length_exceeded",
    "maximum context length",
    "exceed context window",
    "exceeds the available context size",
    "exceed_context_size",
    "context window",
    "context length",
    "too many tokens",
)
CONTEXT_ADVICE = (
    "The conversation no longer fits the model's context window{size}, so trying again cannot help. "
    "Say /clear to start the conversation afresh (memory is kept), or give the server a larger context "
    "(llama.cpp: --ctx-size / n_ctx) and set context_window to match."
)


def context_overflow(text: str, n_ctx: int | None = None) -> ContextOverflowError | None:
    """The error for a server message that says the prompt was too long; None for any other message."""
    lowered = text.lower()
    if not any(word in lowered for word in CONTEXT_WORDS):
        return None
    return ContextOverflowError(CONTEXT_ADVICE.format(size=f" ({n_ctx:,} tokens)" if n_ctx else ""), status=400)


class FormatRejected(LLMError):
    """The server does not support the requested response_format (some answer 500 instead of 400)."""


def safe_url(url: str) -> str:
    """The URL without any user:password part, for messages."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return parts._replace(netloc=host).geturl() if parts.netloc else url


def scrub(text: str, key: str, limit: int = 240) -> str:
    """One line, controls removed, the key replaced *before* cutting (a cut must not leave half a key). A
    key echoed masked (`sk-…a1b2c3d4`) loses its last 8 characters too: they identify it; so does one
    echoed upper-cased, split across lines or base64-encoded (`keymask`)."""
    return one_line(mask_key(text, key), limit)


def server_message(body: bytes, key: str) -> str:
    """The human part of an error body: `{"error": {"message": …}}`, `{"error": "…"}`, `{"detail": …}` or text."""
    try:
        data = loads(body)
    except ValueError:
        return scrub(body[:600].decode("utf-8", "replace"), key)
    message: object = data
    if isinstance(data, dict):
        error = data.get("error", data.get("detail", data))
        message = error.get("message", "") if isinstance(error, dict) else error
    return scrub(str(message), key)


def parse_retry_after(value: str | None, cap: float, now: datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), within [0, cap]."""
    if not value:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        try:
            seconds = (parsedate_to_datetime(value) - (now or datetime.now(UTC))).total_seconds()
        except (TypeError, ValueError, OverflowError):
            return None
    if seconds != seconds:  # NaN
        return None
    return max(0.0, min(seconds, cap))


def http_error(provider: Provider, status: int, headers: Mapping[str, str], body: bytes, cap: float) -> LLMError:
    """The typed error for an HTTP status >= 400."""
    name = provider.name
    said = server_message(body, provider.api_key)
    detail = f" The server said: {said}" if said else ""
    if status in (401, 403):
        if not provider.api_key:
            hint = f"set {provider.key_env}" if provider.key_env else "give it a key with --api-key-env"
            return AuthError(f"{name} wants an API key (HTTP {status}): {hint}, or run with --offline.", status=status)
        return AuthError(
            f"{name} rejected the API key (HTTP {status}). Check {provider.key_env or 'the key'}, "
            "or run with --offline to use the built-in concierge.",
            status=status,
        )
    if status == 402:
        return CreditsError(
            f"The {name} account is out of credits (HTTP 402). Add credits, or run with --offline.", status=status
        )
    if status == 429:
        wait = parse_retry_after(headers.get("retry-after"), cap)
        return RateLimitError(
            f"{name} is rate-limiting requests (HTTP 429); try again shortly.{detail}", retry_after=wait
        )
    if status in (400, 413, 422) or status >= 500:
        overflow = context_overflow(body[:4096].decode("utf-8", "replace"))
        if overflow is not None:
            return overflow
    if status in (408, 409) or status >= 500:
        return ServerError(
            f"{name} had a problem (HTTP {status}); trying again may help.{detail}", retryable=True, status=status
        )
    return LLMError(f"{name} refused the request (HTTP {status}).{detail}", status=status)


def body_error(provider: Provider, error: object) -> LLMError:
    """An `{"error": …}` inside a 200 answer (OpenRouter reports upstream failures this way)."""
    message, code = (error.get("message", ""), error.get("code")) if isinstance(error, dict) else (error, None)
    status = code if isinstance(code, int) and 400 <= code < 600 else None
    said = scrub(str(message), provider.api_key)
    if (overflow := context_overflow(said)) is not None:
        return overflow
    if status in (401, 402, 403, 429):
        return http_error(provider, status, {}, json.dumps({"error": {"message": said}}).encode(), 0.0)
    return ServerError(f"{provider.name} reported an error: {said or 'no details'}", retryable=True, status=status)


def rejection(provider: Provider, status: int, headers: Mapping[str, str], body: bytes, cap: float) -> LLMError:
    """A refused JSON request that asked for a response_format: `FormatRejected` when it was the format that
    was refused (a 400-class answer, or llama.cpp's 500 naming the field), else the usual typed error."""
    error = http_error(provider, status, headers, body, cap)
    if isinstance(error, ContextOverflowError):
        return error
    named = any(word in body[:4096].decode("utf-8", "replace").lower() for word in FORMAT_WORDS)
    if status in (400, 404, 415, 422) or (status >= 500 and named):
        return FormatRejected(str(error), status=status)
    return error


def transport_error(provider: Provider, exc: httpx.HTTPError, mid_stream: bool) -> LLMError:
    """The typed error for a failure below HTTP. Only a failure before the first token is retryable."""
    where = safe_url(provider.base_url)
    if isinstance(exc, httpx.TimeoutException):
        if mid_stream:
            return StreamError("The reply stalled and timed out part-way.", retryable=False)
        return TimeoutError_(f"No answer from {where} in time; it may be busy.", retryable=True)
    if isinstance(exc, httpx.ConnectError):
        return ConnectError(f"Cannot reach {where}: is the server running? (or run with --offline)", retryable=True)
    if mid_stream or isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError):
        return StreamError("The connection dropped part-way through the reply.", retryable=not mid_stream)
    return ConnectError(f"Network problem talking to {where}: {type(exc).__name__}.", retryable=True)
