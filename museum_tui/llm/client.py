"""One keep-alive HTTP client per session for an OpenAI-compatible endpoint: streamed chat and JSON completions.

Retries follow one rule: a call may be retried (with backoff honouring Retry-After, capped) until the
visitor has seen a token of it. Every failure becomes a typed `LLMError` with a message that says what to
do; API keys are scrubbed from anything a server echoes back.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

from museum_tui import __version__
from museum_tui.safetext import one_line

from .errors import (
    AuthError,
    ConnectError,
    CreditsError,
    LLMError,
    RateLimitError,
    ResponseError,
    ServerError,
    StreamError,
    TimeoutError_,
)
from .jsonparse import parse_json_text
from .providers import Provider
from .sse import sse_data

MODES = ("json_schema", "json_object", "plain")


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int
    completion_tokens: int


ChatEvent = TextDelta | Usage


def _retry_after(value: str | None, cap: float) -> float | None:
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            from datetime import UTC, datetime

            seconds = (parsedate_to_datetime(value) - datetime.now(UTC)).total_seconds()
        except (TypeError, ValueError):
            return None
    return max(0.0, min(seconds, cap))


FORMAT_WORDS = ("response_format", "json_schema", "json_object", "schema")


class FormatRejected(LLMError):
    """The server does not support the requested response_format (some answer 500 instead of 400)."""


class ChatClient:
    def __init__(
        self,
        provider: Provider,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        retry_after_cap: float = 20.0,
        max_response_bytes: int = 2_000_000,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.provider = provider
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.retry_after_cap = retry_after_cap
        self.max_response_bytes = max_response_bytes
        self.sleep = sleep
        self.waits: list[float] = []  # every backoff actually taken, for logs and tests
        self._modes: dict[tuple[str, str], int] = {}
        headers = {"User-Agent": f"museum-tui/{__version__}", **provider.extra_headers}
        if provider.api_key:
            headers["Authorization"] = f"Bearer {provider.api_key}"
        timeout = httpx.Timeout(provider.read_timeout, connect=provider.connect_timeout)
        self._http = httpx.AsyncClient(
            base_url=provider.base_url + "/", headers=headers, timeout=timeout, transport=transport
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> ChatClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ---- errors --------------------------------------------------------------------------------------

    def _scrub(self, text: str) -> str:
        text = one_line(text, 240)
        key = self.provider.api_key
        return text.replace(key, "***") if key else text

    def _server_message(self, body: bytes) -> str:
        try:
            data = json.loads(body)
            error = data.get("error", data) if isinstance(data, dict) else data
            message = error.get("message", "") if isinstance(error, dict) else str(error)
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
            message = body[:300].decode("utf-8", "replace")
        return self._scrub(str(message))

    def _http_error(self, response: httpx.Response, body: bytes) -> LLMError:
        status, name = response.status_code, self.provider.name
        said = self._server_message(body)
        detail = f" The server said: {said}" if said else ""
        if status in (401, 403):
            if not self.provider.api_key:
                hint = f"set {self.provider.key_env}" if self.provider.key_env else "give it a key with --api-key-env"
                return AuthError(
                    f"{name} wants an API key (HTTP {status}): {hint}, or run with --offline.", status=status
                )
            return AuthError(
                f"{name} rejected the API key (HTTP {status}). Check {self.provider.key_env or 'the key'}, "
                "or run with --offline to use the built-in concierge.",
                status=status,
            )
        if status == 402:
            return CreditsError(
                f"The {name} account is out of credits (HTTP 402). Add credits, or run with --offline.", status=status
            )
        if status == 429:
            wait = _retry_after(response.headers.get("retry-after"), self.retry_after_cap)
            return RateLimitError(
                f"{name} is rate-limiting requests (HTTP 429); try again shortly.{detail}", retry_after=wait
            )
        if status in (408, 409) or status >= 500:
            return ServerError(
                f"{name} had a problem (HTTP {status}); trying again may help.{detail}", retryable=True, status=status
            )
        return LLMError(f"{name} refused the request (HTTP {status}).{detail}", status=status)

    def _rejection(self, response: httpx.Response, raw: bytes, asked_format: bool) -> LLMError:
        """A refused JSON request: `FormatRejected` when it was the response_format that was refused (some
        servers say so with a 400, llama.cpp's with a 500 naming the field), else the usual typed error."""
        error = self._http_error(response, raw)
        said = raw[:4096].decode("utf-8", "replace").lower()
        named = any(word in said for word in FORMAT_WORDS)
        if asked_format and (response.status_code in (400, 404, 415, 422) or (response.status_code >= 500 and named)):
            return FormatRejected(str(error), status=response.status_code)
        return error

    def _transport_error(self, exc: httpx.HTTPError, mid_stream: bool) -> LLMError:
        where = self.provider.base_url
        if isinstance(exc, httpx.TimeoutException):
            if mid_stream:
                return StreamError("The reply stalled and timed out part-way.", retryable=False)
            return TimeoutError_(f"No answer from {where} in time; it may be busy.", retryable=True)
        if isinstance(exc, httpx.ConnectError):
            return ConnectError(f"Cannot reach {where}: is the server running? (or run with --offline)", retryable=True)
        if mid_stream or isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError):
            return StreamError("The connection dropped part-way through the reply.", retryable=not mid_stream)
        return ConnectError(f"Network problem talking to {where}: {type(exc).__name__}.", retryable=True)

    async def _backoff(self, attempt: int, error: LLMError) -> bool:
        """Wait before retry number `attempt`; False when no retry is allowed."""
        if not error.retryable or attempt >= self.max_retries:
            return False
        wait = self.backoff_base * (2**attempt)
        if isinstance(error, RateLimitError) and error.retry_after is not None:
            wait = max(wait, error.retry_after)
        wait = min(wait, self.retry_after_cap)
        self.waits.append(wait)
        await self.sleep(wait)
        return True

    async def _read_limited(self, response: httpx.Response, limit: int) -> bytes:
        chunks, size = [], 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                raise ResponseError(f"The server's answer was larger than {limit:,} bytes; it was not read.")
            chunks.append(chunk)
        return b"".join(chunks)

    # ---- streaming chat ------------------------------------------------------------------------------

    async def stream_chat(
        self,
        messages: list[dict[str, str]],
        *,
        model: str | None = None,
        temperature: float = 0.3,
        max_tokens: int | None = None,
    ) -> AsyncIterator[ChatEvent]:
        body: dict[str, Any] = {
            "model": model or self.provider.chat_model,
            "messages": messages,
            "temperature": temperature,
            "stream": True,
        }
        if max_tokens:
            body["max_tokens"] = max_tokens
        if self.provider.name in ("openai", "openrouter"):
            body["stream_options"] = {"include_usage": True}
        attempt = 0
        while True:
            started = False
            try:
                async for event in self._stream_once(body):
                    started = True
                    yield event
                return
            except LLMError as error:
                if started or not await self._backoff(attempt, error):
                    raise
                attempt += 1

    async def _stream_once(self, body: dict[str, Any]) -> AsyncIterator[ChatEvent]:
        received = 0
        started = False
        try:
            async with self._http.stream("POST", "chat/completions", json=body) as response:
                if response.status_code >= 400:
                    raise self._http_error(response, await self._read_limited(response, 65536))
                async for payload in sse_data(response.aiter_lines()):
                    if payload.strip() == "[DONE]":
                        return
                    received += len(payload)
                    if received > self.max_response_bytes:
                        raise ResponseError(f"The reply was longer than {self.max_response_bytes:,} bytes; stopped.")
                    try:
                        chunk = json.loads(payload)
                    except json.JSONDecodeError:
                        raise ResponseError(
                            "The server sent a reply that is not valid JSON.", retryable=not started
                        ) from None
                    if not isinstance(chunk, dict):
                        continue
                    if chunk.get("error"):
                        error = chunk["error"]
                        message = error.get("message", "") if isinstance(error, dict) else str(error)
                        raise StreamError(
                            f"The server reported an error part-way: {self._scrub(str(message))}", retryable=not started
                        )
                    for choice in chunk.get("choices") or []:
                        delta = (choice or {}).get("delta") or {}
                        text = delta.get("content")
                        if isinstance(text, str) and text:
                            started = True
                            yield TextDelta(text)
                    usage = chunk.get("usage")
                    if isinstance(usage, dict):
                        yield Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, mid_stream=started) from None

    # ---- JSON completion -----------------------------------------------------------------------------

    async def complete_json(
        self,
        messages: list[dict[str, str]],
        *,
        model: str | None = None,
        schema: dict[str, Any] | None = None,
        schema_name: str = "facts",
        max_tokens: int = 600,
    ) -> Any:
        """A JSON answer: strict json_schema → json_object → plain prompt with tolerant parsing. The first
        mode a server accepts is remembered for this (base URL, model)."""
        model = model or self.provider.extract_model
        key = (self.provider.base_url, model)
        first = self._modes.get(key, 0 if schema else 1)
        last_error: LLMError | None = None
        for index in range(first, len(MODES)):
            mode = MODES[index]
            body: dict[str, Any] = {
                "model": model,
                "messages": messages,
                "temperature": 0,
                "stream": False,
                "max_tokens": max_tokens,
            }
            if mode == "json_schema":
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": schema_name, "strict": True, "schema": schema},
                }
            elif mode == "json_object":
                body["response_format"] = {"type": "json_object"}
            try:
                text = await self._complete(body)
            except FormatRejected as error:
                last_error = error  # not supported here: try the next, looser mode
                continue
            try:
                value = json.loads(text) if mode != "plain" else parse_json_text(text)
            except (json.JSONDecodeError, ValueError):
                try:
                    value = parse_json_text(text)
                except ValueError:
                    last_error = ResponseError("The model's answer was not valid JSON.")
                    continue
            self._modes[key] = index
            return value
        raise last_error or ResponseError("The model's answer was not valid JSON.")

    async def _complete(self, body: dict[str, Any]) -> str:
        attempt = 0
        while True:
            try:
                return await self._complete_once(body)
            except LLMError as error:
                if not await self._backoff(attempt, error):
                    raise
                attempt += 1

    async def _complete_once(self, body: dict[str, Any]) -> str:
        try:
            async with self._http.stream("POST", "chat/completions", json=body) as response:
                raw = await self._read_limited(
                    response, self.max_response_bytes if response.status_code < 400 else 65536
                )
                if response.status_code >= 400:
                    raise self._rejection(response, raw, "response_format" in body)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, mid_stream=False) from None
        try:
            data = json.loads(raw)
            content = data["choices"][0]["message"]["content"]
        except (json.JSONDecodeError, UnicodeDecodeError, KeyError, IndexError, TypeError):
            raise ResponseError("The server's answer was not an OpenAI-style completion.", retryable=True) from None
        if not isinstance(content, str):
            raise ResponseError("The completion had no text content.")
        return content
