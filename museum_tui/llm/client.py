"""One keep-alive HTTP client per session for an OpenAI-compatible endpoint: streamed chat and JSON completions.

Retries follow one rule: a call may be retried (with backoff honouring Retry-After, capped) until the
visitor has seen a token of it. Every failure becomes a typed `LLMError` with a message that says what to
do; API keys are scrubbed from anything a server echoes back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx

from museum_tui import __version__

from .chat_stream import ChatEvent, Finish, TextDelta, Usage
from .errors import (
    InterruptedError_,
    LLMError,
    ProviderError,
    RateLimitError,
    ResponseError,
    StreamError,
    TimeoutError_,
)
from .http_errors import (
    FormatRejected,
    body_error,
    context_overflow,
    http_error,
    rejection,
    scrub,
    transport_error,
)
from .jsonparse import loads, parse_json_text
from .payload import text_of, usage_of
from .providers import Provider, repetition_penalty
from .sse import LineTooLong, sse_data, sse_lines

__all__ = ["MODES", "ChatClient", "ChatEvent", "Finish", "TextDelta", "Usage"]

log = logging.getLogger("museum_tui.llm")
MODES = ("json_schema", "json_object", "plain")
ERROR_BODY_LIMIT = 65_536  # an error page is read this far, never further


class ChatClient:
    """Streamed chat and JSON completions against one provider, over one shared keep-alive connection pool.

    `max_retries` retries after the first try; waits grow as `backoff_base` × 2ⁿ, a 429's Retry-After is
    honoured, and no single wait exceeds `retry_after_cap`. Answers past `max_response_bytes` are refused.
    `transport` and `sleep` are seams for tests and embedding; `waits` lists every backoff taken.
    """

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
        if not provider.base_url:
            raise ProviderError(f"the {provider.name} provider has no HTTP endpoint")
        self.provider = provider
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.retry_after_cap = retry_after_cap
        self.max_response_bytes = max_response_bytes
        self.sleep = sleep
        self.waits: list[float] = []  # every backoff actually taken, for logs and tests
        self._modes: dict[tuple[str, str], int] = {}  # (base URL, model) → index in MODES that worked
        headers = {"User-Agent": f"museum-tui/{__version__}", **provider.extra_headers}
        if provider.api_key:  # resolve_provider only sets a key for the URL it belongs to
            headers["Authorization"] = f"Bearer {provider.api_key}"
        timeout = httpx.Timeout(provider.read_timeout, connect=provider.connect_timeout)
        self._http = httpx.AsyncClient(
            base_url=provider.base_url + "/", headers=headers, timeout=timeout, transport=transport
        )

    def __repr__(self) -> str:
        return f"ChatClient({self.provider!r})"

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> ChatClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ---- plumbing ------------------------------------------------------------------------------------

    async def _backoff(self, attempt: int, error: LLMError) -> bool:
        """Wait before retry number `attempt + 1`; False when no retry is allowed."""
        if not error.retryable or attempt >= self.max_retries:
            return False
        wait = self.backoff_base * (2**attempt)
        if isinstance(error, RateLimitError) and error.retry_after is not None:
            wait = max(wait, error.retry_after)
        wait = min(wait, self.retry_after_cap)
        self.waits.append(wait)
        log.info("%s Retrying in %.2f s (retry %d of %d).", error, wait, attempt + 1, self.max_retries)
        await self.sleep(wait)
        return True

    async def _read_limited(self, response: httpx.Response, limit: int, *, truncate: bool = False) -> bytes:
        """The body, refusing (or, with `truncate`, cutting) it past `limit` bytes without reading the rest."""
        declared = response.headers.get("content-length", "")
        if not truncate and declared.isdigit() and int(declared) > limit:
            raise ResponseError(f"The server's answer was larger than {limit:,} bytes; it was not read.")
        chunks, size = [], 0
        async for chunk in response.aiter_bytes():
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                if truncate:
                    break
                raise ResponseError(f"The server's answer was larger than {limit:,} bytes; it was not read.")
        return b"".join(chunks)[:limit]

    async def _error_for(self, response: httpx.Response) -> LLMError:
        raw = await self._read_limited(response, ERROR_BODY_LIMIT, truncate=True)
        return http_error(self.provider, response.status_code, response.headers, raw, self.retry_after_cap)

    async def get_json(self, url: str, *, body: dict[str, Any] | None = None) -> Any:
        """A small JSON document from the server (GET, or POST with `body`); None if it answered otherwise."""
        if body is None:
            response = await self._http.get(url)
        else:
            response = await self._http.post(url, json=body)
        if response.status_code != 200 or len(response.content) > ERROR_BODY_LIMIT:
            return None
        try:
            return loads(response.content)
        except ValueError:
            return None

    # ---- streaming chat ------------------------------------------------------------------------------

    async def stream_chat(
        self,
        messages: list[dict[str, str]],
        *,
        model: str | None = None,
        temperature: float = 0.3,
        max_tokens: int | None = None,
        deadline: float | None = None,
    ) -> AsyncIterator[ChatEvent]:
        """`TextDelta`s as they arrive, maybe one `Usage`, then one `Finish` with the server's finish_reason.
        Retried only until the first text has been yielded (a stream a single-slot server cut before any text,
        `InterruptedError_`, only once). `deadline` bounds the whole call in seconds, queueing, retries and
        streaming included. Cancelling the task, or `aclose()` on the iterator, closes the request at once."""
        body: dict[str, Any] = {
            "model": model or self.provider.chat_model,
            "messages": messages,
            "temperature": temperature,
            "stream": True,
        }
        if max_tokens:
            body["max_tokens"] = max_tokens
        body.update(repetition_penalty(self.provider))
        if self.provider.name in ("openai", "openrouter"):
            body["stream_options"] = {"include_usage": True}
        loop = asyncio.get_running_loop()
        ends = loop.time() + deadline if deadline else None
        attempt, interrupted = 0, 0
        while True:
            started = False
            stream = self._stream_once(body)
            try:
                while True:
                    try:
                        async with asyncio.timeout_at(ends):
                            event = await anext(stream)
                    except StopAsyncIteration:
                        return
                    except TimeoutError:
                        raise self._late(deadline or 0, mid_stream=started) from None
                    started = started or isinstance(event, TextDelta)
                    yield event
            except InterruptedError_ as error:
                if started or interrupted >= 1:
                    raise
                interrupted += 1
                log.info("%s Trying once more.", error)
            except LLMError as error:
                if started:
                    raise
                try:
                    async with asyncio.timeout_at(ends):
                        retry = await self._backoff(attempt, error)
                except TimeoutError:
                    raise self._late(deadline or 0, mid_stream=False) from None
                if not retry:
                    raise
                attempt += 1
            finally:
                await stream.aclose()

    def _late(self, deadline: float, *, mid_stream: bool) -> LLMError:
        if mid_stream:
            return StreamError(f"The reply took longer than {deadline:g} s (timeout) and was stopped.")
        return TimeoutError_(
            f"No answer from the model within {deadline:g} s (the timeout setting); it may be busy or slow.",
            retryable=True,
        )

    async def _stream_once(self, body: dict[str, Any]) -> AsyncIterator[ChatEvent]:
        started = done = False
        finish: str | None = None
        try:
            async with self._http.stream("POST", "chat/completions", json=body) as response:
                if response.status_code >= 400:
                    raise await self._error_for(response)
                if response.headers.get("content-type", "").startswith("application/json"):
                    # A server that ignored `stream: true`, or reports an error in a 200: one whole answer.
                    data = self._completion(await self._read_limited(response, self.max_response_bytes))
                    choice = data["choices"][0]
                    text = text_of(choice.get("message", {}).get("content"))
                    if text:
                        yield TextDelta(text)
                    if usage := usage_of(data):
                        yield usage
                    reason = choice.get("finish_reason")
                    yield Finish(reason if isinstance(reason, str) else ("stop" if text else None))
                    return
                received = 0
                lines = sse_lines(response.aiter_text(), self.max_response_bytes)
                async for payload in sse_data(lines):
                    if payload.strip() == "[DONE]":
                        done = True
                        break
                    received += len(payload)
                    if received > self.max_response_bytes:
                        raise ResponseError(f"The reply was longer than {self.max_response_bytes:,} bytes; stopped.")
                    try:
                        chunk = loads(payload)
                    except ValueError:
                        raise ResponseError(
                            "The server sent a reply that is not valid JSON.", retryable=not started
                        ) from None
                    if not isinstance(chunk, dict):
                        continue
                    if chunk.get("error"):
                        error = chunk["error"]
                        message = error.get("message", "") if isinstance(error, dict) else str(error)
                        said = scrub(str(message), self.provider.api_key)
                        if not started and (overflow := context_overflow(said)) is not None:
                            raise overflow
                        raise StreamError(f"The server reported an error part-way: {said}", retryable=not started)
                    for choice in chunk.get("choices") or []:
                        if not isinstance(choice, dict):
                            continue
                        delta = choice.get("delta")
                        text = delta.get("content") if isinstance(delta, dict) else None
                        if isinstance(text, str) and text:
                            started = True
                            yield TextDelta(text)
                        if isinstance(choice.get("finish_reason"), str):
                            finish = choice["finish_reason"]
                    if usage := usage_of(chunk):
                        yield usage
                # [DONE], or a body that ended cleanly without it (some servers do that, with a finish_reason).
        except LineTooLong:
            raise ResponseError(f"The reply was longer than {self.max_response_bytes:,} bytes; stopped.") from None
        except httpx.HTTPError as exc:
            raise transport_error(self.provider, exc, mid_stream=started) from None
        if not started and finish is None:
            # llama-cpp-python, by default, ends the running stream like this when another request arrives.
            raise InterruptedError_(
                "The server ended the reply before it began, without saying why (a local server with one slot "
                "does this when another request takes its place).",
                retryable=True,
            )
        if started and not done and finish is None:  # neither end mark: the connection ended early
            raise StreamError(
                "The reply stopped part-way: the server ended it without marking its end (no [DONE], no "
                "finish_reason), as when a connection drops, so it was not kept.",
                retryable=True,
            )
        yield Finish(finish)

    # ---- JSON completion -----------------------------------------------------------------------------

    async def complete_json(
        self,
        messages: list[dict[str, str]],
        *,
        model: str | None = None,
        schema: dict[str, Any] | None = None,
        schema_name: str = "facts",
        max_tokens: int = 600,
        deadline: float | None = None,
    ) -> Any:
        """A JSON answer: strict json_schema → json_object → plain prompt with tolerant parsing. A mode the
        server refuses is remembered for this (base URL, model) at once, and so is the first one that works.
        `deadline` bounds the whole call in seconds, every mode and retry included."""
        try:
            async with asyncio.timeout(deadline):
                return await self._complete_json(messages, model, schema, schema_name, max_tokens)
        except TimeoutError:
            raise TimeoutError_(
                f"No answer from the model within {deadline:g} s (the extract_timeout setting).", retryable=True
            ) from None

    async def _complete_json(
        self,
        messages: list[dict[str, str]],
        model: str | None,
        schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int,
    ) -> Any:
        model = model or self.provider.extract_model
        key = (self.provider.base_url, model)
        first = max(self._modes.get(key, 0), 0 if schema else 1)
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
                log.info("%s does not take response_format %s; trying a looser mode.", self.provider.name, mode)
                self._modes[key] = max(self._modes.get(key, 0), index + 1)  # never asked again
                last_error = error
                continue
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
                if response.status_code >= 400:
                    raw = await self._read_limited(response, ERROR_BODY_LIMIT, truncate=True)
                    if "response_format" in body:
                        raise rejection(
                            self.provider, response.status_code, response.headers, raw, self.retry_after_cap
                        )
                    raise http_error(self.provider, response.status_code, response.headers, raw, self.retry_after_cap)
                raw = await self._read_limited(response, self.max_response_bytes)
        except httpx.HTTPError as exc:
            raise transport_error(self.provider, exc, mid_stream=False) from None
        data = self._completion(raw)
        content = text_of(data["choices"][0].get("message", {}).get("content"))
        if content is None:
            raise ResponseError("The completion had no text content.")
        return content

    def _completion(self, raw: bytes) -> dict[str, Any]:
        """A parsed chat.completion with at least one choice; an `{"error": …}` body becomes its typed error."""
        try:
            data = loads(raw)
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("error"):
            raise body_error(self.provider, data["error"])
        choices = data.get("choices") if isinstance(data, dict) else None
        if not choices or not isinstance(choices, list) or not isinstance(choices[0], dict):
            raise ResponseError("The server's answer was not an OpenAI-style completion.", retryable=True)
        if not isinstance(choices[0].get("message", {}), dict):
            raise ResponseError("The server's answer was not an OpenAI-style completion.", retryable=True)
        return data
