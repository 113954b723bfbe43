"""Streaming chat against a real local server: SSE, retries before the first token only, and every fault."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from museum_tui.llm import (
    AuthError,
    ConnectError,
    LLMError,
    Provider,
    ProviderError,
    ResponseError,
    ServerError,
    StreamError,
    TextDelta,
    TimeoutError_,
    Usage,
)
from museum_tui.llm.client import ChatClient
from tests.fake_openai import FakeOpenAI, Fault, unused_port

from .conftest import MESSAGES, SENTINEL, client_for, collect, provider_for


async def test_streams_text_and_usage(server: FakeOpenAI) -> None:
    async with client_for(server, name="openrouter") as client:
        text, usage = await collect(client, max_tokens=50)
    assert text == "The café is on the ground floor."
    assert usage == [Usage(42, 7)]
    (request,) = server.calls("chat")
    assert request.path == "/v1/chat/completions"
    assert request.body["stream"] is True and request.body["model"] == "chat-model"
    assert request.body["max_tokens"] == 50 and request.body["stream_options"] == {"include_usage": True}
    assert request.headers["authorization"] == f"Bearer {SENTINEL}"
    assert request.headers["user-agent"].startswith("museum-tui/")


async def test_usage_is_only_requested_from_hosted_providers(server: FakeOpenAI) -> None:
    async with client_for(server, name="ollama") as client:
        await collect(client)
    assert "stream_options" not in server.calls("chat")[0].body


async def test_no_key_means_no_authorization_header_and_extra_headers_are_sent(server: FakeOpenAI) -> None:
    provider = Provider("openrouter", server.base_url, "", "", "m", "m", {"X-Title": "museum-tui"})
    async with ChatClient(provider) as client:
        await collect(client)
    headers = server.calls("chat")[0].headers
    assert "authorization" not in headers and headers["x-title"] == "museum-tui"


async def test_sse_comments_fields_and_multi_line_data(server: FakeOpenAI) -> None:
    server.fail(
        "chat",
        Fault(
            sse=": a comment\r\n\r\n"
            "event: message\nid: 1\nretry: 100\n"
            'data: {"choices": [{"delta": {"content": "Two"}}]}\n\n'
            'data: {"choices": [{"delta":\ndata:  {"content": " lines"}}]}\n\n'
            'data: {"choices": [{"delta": {"role": "assistant"}}]}\n\n'
            "data: [DONE]\n\n"
            'data: {"choices": [{"delta": {"content": " after done"}}]}\n\n'
        ),
    )
    async with client_for(server) as client:
        assert await collect(client) == ("Two lines", [])


async def test_a_stream_that_ends_cleanly_without_done_is_complete(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(no_done=True))
    async with client_for(server) as client:
        text, usage = await collect(client)
    assert text == "The café is on the ground floor." and usage == [Usage(42, 7)]
    assert len(server.calls("chat")) == 1


async def test_a_server_that_ignores_stream_true_still_gives_its_reply(server: FakeOpenAI) -> None:
    answer = {
        "choices": [{"message": {"content": "Whole reply."}}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2},
    }
    server.fail("chat", Fault(body=answer))
    async with client_for(server) as client:
        assert await collect(client) == ("Whole reply.", [Usage(3, 2)])


async def test_an_error_in_a_200_body_is_typed_and_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(body={"error": {"message": "provider returned error", "code": 502}}))
    async with client_for(server) as client:
        assert (await collect(client))[0].startswith("The café")
    assert len(server.calls("chat")) == 2


async def test_error_event_mid_stream_is_a_stream_error_not_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(error_event_after=2))
    seen = []
    async with client_for(server) as client:
        with pytest.raises(StreamError, match="upstream model overloaded") as err:
            async for event in client.stream_chat(MESSAGES):
                seen.append(event)
    assert [e.text for e in seen] == ["The", " café"]
    assert len(server.calls("chat")) == 1, "tokens were shown: no retry"
    assert err.value.retryable is False


async def test_error_before_any_token_is_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(error_event_after=0))
    async with client_for(server) as client:
        text, _ = await collect(client)
    assert text == "The café is on the ground floor." and len(server.calls("chat")) == 2


async def test_dropped_connection_mid_stream_is_reported_not_retried(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(drop_after=3))
    seen: list[str] = []
    async with client_for(server) as client:
        with pytest.raises(StreamError, match="dropped part-way") as err:
            async for event in client.stream_chat(MESSAGES):
                seen.append(event.text)
    assert seen == ["The", " café", " is"]
    assert err.value.retryable is False and len(server.calls("chat")) == 1


async def test_connection_refused_retries_then_explains() -> None:
    port = unused_port()
    client = ChatClient(provider_for(f"http://127.0.0.1:{port}/v1"), backoff_base=0.01, max_retries=2)
    async with client:
        with pytest.raises(ConnectError, match="is the server running") as err:
            await collect(client)
    assert client.waits == [0.01, 0.02], "exponential backoff, two retries"
    assert "--offline" in str(err.value) and err.value.retryable


async def test_timeout_before_headers_is_retried_then_reported(server: FakeOpenAI) -> None:
    server.always("chat", Fault(hang=True))
    async with client_for(server, read_timeout=0.3, max_retries=1) as client:
        with pytest.raises(TimeoutError_, match="No answer"):
            await collect(client)
    assert len(server.calls("chat")) == 2


async def test_a_slow_drip_before_the_first_token_times_out_and_is_retried(server: FakeOpenAI) -> None:
    server.always("chat", Fault(drip=0.5))
    async with client_for(server, read_timeout=0.05, max_retries=1) as client:
        with pytest.raises(TimeoutError_):
            await collect(client)
    assert len(server.calls("chat")) == 2


async def test_a_stall_after_the_first_token_is_a_stream_error_not_retried(server: FakeOpenAI) -> None:
    server.script.token_delay = 1.0
    seen: list[str] = []
    async with client_for(server, read_timeout=0.1) as client:
        with pytest.raises(StreamError, match="stalled"):
            async for event in client.stream_chat(MESSAGES):
                seen.append(event.text)
    assert seen == ["The"] and len(server.calls("chat")) == 1


@pytest.mark.parametrize("status", [401, 403])
async def test_rejected_key_names_the_variable_and_is_not_retried(server: FakeOpenAI, status: int) -> None:
    server.fail("chat", Fault(status=status, body={"error": {"message": f"bad key {SENTINEL}"}}))
    async with client_for(server) as client:
        with pytest.raises(AuthError) as err:
            await collect(client)
    assert "TEST_API_KEY" in str(err.value) and "--offline" in str(err.value)
    assert SENTINEL not in str(err.value) and err.value.status == status
    assert len(server.calls("chat")) == 1


async def test_a_missing_key_says_which_variable_to_set(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=401))
    provider = Provider("openrouter", server.base_url, "", "OPENROUTER_API_KEY", "m", "m")
    async with ChatClient(provider) as client:
        with pytest.raises(AuthError, match="set OPENROUTER_API_KEY, or run with --offline"):
            await collect(client)


async def test_rate_limit_honours_retry_after_capped(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=429, retry_after="100"))
    async with client_for(server, retry_after_cap=0.05) as client:
        text, _ = await collect(client)
        assert client.waits == [0.05], "Retry-After 100 s was capped"
    assert text.startswith("The café") and len(server.calls("chat")) == 2


async def test_rate_limit_retry_after_beats_a_shorter_backoff(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=429, retry_after="0.03"))
    async with client_for(server, backoff_base=0.001, retry_after_cap=1.0) as client:
        await collect(client)
        assert client.waits == [0.03]


async def test_rate_limit_retry_after_as_an_http_date(server: FakeOpenAI) -> None:
    later = format_datetime(datetime.now(UTC) + timedelta(hours=1), usegmt=True)
    server.fail("chat", Fault(status=429, retry_after=later))
    async with client_for(server, retry_after_cap=0.04) as client:
        await collect(client)
        assert client.waits == [0.04]


async def test_persistent_server_error_is_typed_after_all_retries(server: FakeOpenAI) -> None:
    server.always("chat", Fault(status=503, body={"error": {"message": "overloaded"}}))
    async with client_for(server) as client:
        with pytest.raises(ServerError, match=r"HTTP 503.*overloaded") as err:
            await collect(client)
    assert err.value.retryable and len(server.calls("chat")) == 3


async def test_a_huge_error_page_is_cut_short_not_mistaken_for_a_huge_answer(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=400, body={"error": {"message": "x" * 500_000}}))
    async with client_for(server) as client:
        with pytest.raises(LLMError, match="HTTP 400") as err:
            await collect(client)
    assert type(err.value) is LLMError and len(str(err.value)) < 400


async def test_garbage_in_the_stream_is_a_response_error(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(garbage=True))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="not valid JSON"):
            await collect(client)


async def test_an_oversized_stream_is_stopped(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(oversize=10_000_000))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="longer than 2,000,000 bytes"):
            await collect(client)


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
        for _ in range(250):
            if server.disconnects:
                break
            await asyncio.sleep(0.02)
    assert server.disconnects == ["stream"], "the server saw the client go away"
    assert len(got) < 200


async def test_cancelling_while_waiting_for_headers_closes_the_connection(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(hang=True))
    async with client_for(server) as client:
        task = asyncio.create_task(collect(client))
        for _ in range(250):
            if server.calls("chat"):
                break
            await asyncio.sleep(0.02)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        for _ in range(250):
            if server.disconnects:
                break
            await asyncio.sleep(0.02)
    assert server.disconnects == ["hang"] and len(server.calls("chat")) == 1


async def test_breaking_out_early_with_aclosing_closes_the_stream(server: FakeOpenAI) -> None:
    server.script.reply = " ".join(["word"] * 200)
    server.script.token_delay = 0.02
    async with client_for(server) as client:
        async with contextlib.aclosing(client.stream_chat(MESSAGES)) as events:
            async for _ in events:
                break
        for _ in range(250):
            if server.disconnects:
                break
            await asyncio.sleep(0.02)
    assert server.disconnects == ["stream"]


def test_the_builtin_provider_has_no_client() -> None:
    with pytest.raises(ProviderError, match="no HTTP endpoint"):
        ChatClient(Provider("builtin"))


async def test_sentinel_key_never_in_errors_reprs_or_logs(server: FakeOpenAI, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    provider = provider_for(server.base_url)
    assert SENTINEL not in repr(provider) and SENTINEL not in provider.describe()
    errors: list[LLMError] = []
    for fault in (
        Fault(status=401, body={"error": {"message": SENTINEL}}),
        Fault(status=500, body={"error": {"message": "x" * 230 + SENTINEL}}),  # a cut must not leave half a key
        Fault(status=429, body=SENTINEL),
        Fault(error_event_after=0),
        Fault(body={"error": {"message": f"Bearer {SENTINEL}"}}),
    ):
        server.always("chat", fault)
        async with client_for(server, max_retries=1) as client:
            assert SENTINEL not in repr(client)
            try:
                await collect(client)
            except LLMError as exc:
                errors.append(exc)
    assert len(errors) == 5
    for exc in errors:
        assert SENTINEL not in str(exc) and SENTINEL not in repr(exc)
        assert SENTINEL[:12] not in str(exc)
    assert "Retrying in" in caplog.text, "retries are logged"
    assert SENTINEL not in caplog.text
