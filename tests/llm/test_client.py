"""The HTTP client against a real local server: streaming, JSON fallbacks, retries and every fault."""

from __future__ import annotations

import asyncio
import logging

import pytest

from museum_tui.llm import (
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
from museum_tui.llm.client import ChatClient, TextDelta, Usage
from tests.fake_openai import FakeOpenAI, Fault, unused_port

from .conftest import SENTINEL, provider_for

MESSAGES = [{"role": "user", "content": "where is the café?"}]


def client_for(server: FakeOpenAI, **kwargs) -> ChatClient:
    options = {"backoff_base": 0.01, "retry_after_cap": 0.05, "max_retries": 2, **kwargs}
    read_timeout = options.pop("read_timeout", 5.0)
    return ChatClient(provider_for(server.base_url, read_timeout=read_timeout), **options)


async def collect(client: ChatClient) -> tuple[str, list[Usage]]:
    text, usage = [], []
    async for event in client.stream_chat(MESSAGES):
        if isinstance(event, TextDelta):
            text.append(event.text)
        else:
            usage.append(event)
    return "".join(text), usage


async def test_streams_text_and_usage(server: FakeOpenAI) -> None:
    async with client_for(server) as client:
        text, usage = await collect(client)
    assert text == "The café is on the ground floor."
    assert usage == [Usage(42, 7)]
    (request,) = server.calls("chat")
    assert request.body["stream"] is True and request.body["model"] == "chat-model"
    assert request.headers["authorization"] == f"Bearer {SENTINEL}"
    assert request.headers["user-agent"].startswith("museum-tui/")


async def test_error_event_mid_stream_is_a_stream_error_not_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(error_event_after=2))
    seen = []
    async with client_for(server) as client:
        with pytest.raises(StreamError, match="upstream model overloaded"):
            async for event in client.stream_chat(MESSAGES):
                seen.append(event)
    assert [e.text for e in seen] == ["The", " café"]
    assert len(server.calls("chat")) == 1, "tokens were shown: no retry"


async def test_dropped_connection_mid_stream_is_reported_not_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(drop_after=3))
    async with client_for(server) as client:
        with pytest.raises(StreamError, match="dropped part-way") as err:
            await collect(client)
    assert err.value.retryable is False and len(server.calls("chat")) == 1


async def test_error_before_any_token_is_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(error_event_after=0))
    async with client_for(server) as client:
        text, _ = await collect(client)
    assert text == "The café is on the ground floor." and len(server.calls("chat")) == 2


async def test_connection_refused_retries_then_explains() -> None:
    port = unused_port()
    client = ChatClient(provider_for(f"http://127.0.0.1:{port}/v1"), backoff_base=0.01, max_retries=2)
    async with client:
        with pytest.raises(ConnectError, match="is the server running") as err:
            await collect(client)
    assert len(client.waits) == 2 and "--offline" in str(err.value)


async def test_timeout_before_headers_is_retried_then_reported(server: FakeOpenAI) -> None:
    server.always("chat", Fault(hang=True))
    async with client_for(server, read_timeout=0.3, max_retries=1) as client:
        with pytest.raises(TimeoutError_, match="No answer"):
            await collect(client)
    assert len(server.calls("chat")) == 2


async def test_slow_drip_stalls_out_mid_stream(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(drip=0.2))
    async with client_for(server, read_timeout=0.05, max_retries=0) as client:
        with pytest.raises((StreamError, TimeoutError_)):
            await collect(client)


@pytest.mark.parametrize("status", [401, 403])
async def test_rejected_key_names_the_variable_and_is_not_retried(server: FakeOpenAI, status: int) -> None:
    server.fail("chat", Fault(status=status, body={"error": {"message": f"bad key {SENTINEL}"}}))
    async with client_for(server) as client:
        with pytest.raises(AuthError) as err:
            await collect(client)
    assert "TEST_API_KEY" in str(err.value) and "--offline" in str(err.value)
    assert SENTINEL not in str(err.value)
    assert len(server.calls("chat")) == 1


async def test_out_of_credits(server: FakeOpenAI) -> None:
    server.fail("json", Fault(status=402))
    async with client_for(server) as client:
        with pytest.raises(CreditsError, match="out of credits"):
            await client.complete_json(MESSAGES)


async def test_rate_limit_honours_retry_after_capped(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=429, retry_after="100"))
    async with client_for(server, retry_after_cap=0.05) as client:
        text, _ = await collect(client)
        assert client.waits == [0.05], "Retry-After 100 s was capped"
    assert text.startswith("The café")


async def test_rate_limit_gives_up_with_a_clear_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(status=429, retry_after="0"))
    async with client_for(server) as client:
        with pytest.raises(RateLimitError, match="rate-limiting"):
            await client.complete_json(MESSAGES)
    assert len(server.calls("json")) == 3


@pytest.mark.parametrize("status", [500, 502, 503, 408, 409])
async def test_server_errors_are_retried_then_succeed(server: FakeOpenAI, status: int) -> None:
    server.fail("json", Fault(status=status), times=2)
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES) == {"facts": []}
    assert len(server.calls("json")) == 3


async def test_persistent_server_error_is_typed(server: FakeOpenAI) -> None:
    server.always("chat", Fault(status=503))
    async with client_for(server) as client:
        with pytest.raises(ServerError, match="HTTP 503"):
            await collect(client)


async def test_garbage_json_body_is_a_response_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(garbage=True))
    async with client_for(server, max_retries=1) as client:
        with pytest.raises(ResponseError, match="not an OpenAI-style completion"):
            await client.complete_json(MESSAGES)


async def test_garbage_in_the_stream_is_a_response_error(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(garbage=True))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="not valid JSON"):
            await collect(client)


async def test_ten_megabyte_body_is_refused_without_reading_it_all(server: FakeOpenAI) -> None:
    server.fail("json", Fault(oversize=10_000_000))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="larger than 2,000,000 bytes"):
            await client.complete_json(MESSAGES)
    server.fail("chat", Fault(oversize=10_000_000))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="longer than"):
            await collect(client)


async def test_json_fallback_chain_and_remembered_mode(server: FakeOpenAI) -> None:
    server.always(
        "json",
        Fault(
            reject_modes=("json_schema", "json_object"),
            content='Sure! ```json\n{"facts": [{"concept": "X"}]}\n``` Hope that helps.',
        ),
    )
    schema = {"type": "object"}
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema=schema) == {"facts": [{"concept": "X"}]}
        formats = [(r.body.get("response_format") or {}).get("type") for r in server.calls("json")]
        assert formats == ["json_schema", "json_object", None]
        assert server.calls("json")[0].body["response_format"]["json_schema"]["strict"] is True
        await client.complete_json(MESSAGES, schema=schema)
    formats = [(r.body.get("response_format") or {}).get("type") for r in server.calls("json")]
    assert formats[3:] == [None], "the mode that worked is remembered"


async def test_a_500_that_names_the_response_format_falls_back_without_retrying(server: FakeOpenAI) -> None:
    """llama.cpp's server answers an unsupported json_schema with HTTP 500 naming the field."""
    server.always("json", Fault(reject_modes=("json_schema",), reject_status=500))
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema={"type": "object"}) == {"facts": []}
        assert client.waits == [], "a refused format is not retried"
    formats = [(r.body.get("response_format") or {}).get("type") for r in server.calls("json")]
    assert formats == ["json_schema", "json_object"]


async def test_a_plain_500_is_retried_not_mistaken_for_a_format_problem(server: FakeOpenAI) -> None:
    server.fail("json", Fault(status=500), times=1)
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema={"type": "object"}) == {"facts": []}
    formats = [(r.body.get("response_format") or {}).get("type") for r in server.calls("json")]
    assert formats == ["json_schema", "json_schema"]


async def test_invalid_json_in_every_mode_is_a_response_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(content="I think the visitor is deaf."))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="not valid JSON"):
            await client.complete_json(MESSAGES, schema={"type": "object"})


async def test_cancelling_stops_the_request(server: FakeOpenAI) -> None:
    server.script.reply = " ".join(["word"] * 200)
    server.script.token_delay = 0.02
    got: list[str] = []
    three = asyncio.Event()

    async def consume(client: ChatClient) -> None:
        async for event in client.stream_chat(MESSAGES):
            if isinstance(event, TextDelta):
                got.append(event.text)
                if len(got) == 3:
                    three.set()

    async with client_for(server) as client:
        task = asyncio.create_task(consume(client))
        await three.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    for _ in range(100):
        if server.disconnects:
            break
        await asyncio.sleep(0.02)
    assert server.disconnects == ["stream"], "the server saw the client go away"
    assert len(got) < 50


async def test_sentinel_key_never_in_errors_reprs_or_logs(server: FakeOpenAI, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    provider = provider_for(server.base_url)
    assert SENTINEL not in repr(provider) and SENTINEL not in provider.describe()
    errors: list[LLMError] = []
    for fault in (
        Fault(status=401, body={"error": {"message": SENTINEL}}),
        Fault(status=500, body=SENTINEL),
        Fault(error_event_after=0),
    ):
        server.always("chat", fault)
        async with client_for(server, max_retries=0) as client:
            try:
                await collect(client)
            except LLMError as exc:
                errors.append(exc)
    assert len(errors) == 3
    for exc in errors:
        assert SENTINEL not in str(exc) and SENTINEL not in repr(exc)
    assert SENTINEL not in caplog.text
