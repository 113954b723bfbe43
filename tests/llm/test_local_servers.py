"""Local single-slot servers: interrupted streams, finish_reason, context overflow, deadlines, the server
probe, and remembering a refused json_schema on the first refusal. All against the real fake server."""

from __future__ import annotations

import asyncio

import pytest

from museum_tui.llm import ContextOverflowError, Finish, InterruptedError_, Provider, StreamError, TimeoutError_
from museum_tui.llm.client import ChatClient
from museum_tui.llm.context import (
    ServerInfo,
    estimate_tokens,
    is_local,
    message_tokens,
    parse_ollama_show,
    parse_props,
    probe,
)
from tests.fake_openai import FakeOpenAI, Fault, LlamaLike, count_tokens

from .conftest import MESSAGES, client_for, collect_all, provider_for


async def test_a_normal_stream_ends_with_its_finish_reason(server: FakeOpenAI) -> None:
    async with client_for(server) as client:
        text, _, finish = await collect_all(client)
    assert text.startswith("The café") and finish == [Finish("stop")]


async def test_a_complete_stream_without_any_finish_reason_still_counts(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(no_finish=True))
    async with client_for(server) as client:
        text, _, finish = await collect_all(client)
    assert text.startswith("The café") and finish == [Finish(None)]


async def test_an_empty_stream_without_finish_reason_is_interrupted_and_retried_once(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(sse="data: [DONE]\n\n"))
    async with client_for(server) as client:
        text, _, finish = await collect_all(client)
    assert text.startswith("The café") and finish == [Finish("stop")]
    assert len(server.calls("chat")) == 2

    server.always("chat", Fault(sse="data: [DONE]\n\n"))
    async with client_for(server, max_retries=3) as client:
        with pytest.raises(InterruptedError_, match="ended the reply before it began") as err:
            await collect_all(client)
    assert err.value.retryable and len(server.calls("chat")) == 4, "one retry, not max_retries"


async def test_length_is_reported_and_max_tokens_is_sent(server: FakeOpenAI) -> None:
    async with client_for(server) as client:
        text, _, finish = await collect_all(client, max_tokens=3)
    assert text == "The café is" and finish == [Finish("length")]
    assert server.calls("chat")[0].body["max_tokens"] == 3


async def test_a_llama_like_server_cuts_the_stream_when_a_second_request_arrives() -> None:
    """What broke 9 of 10 turns: extraction sent while the reply streams, on a one-slot server."""
    with FakeOpenAI(reply="one two three four five", first_token_delay=1.0, llama=LlamaLike()) as fake:
        async with client_for(fake, max_retries=0) as client:
            chat = asyncio.ensure_future(collect_all(client, max_tokens=50))
            for _ in range(500):  # until the reply's request is in
                if fake.calls("chat"):
                    break
                await asyncio.sleep(0.01)
            await client.complete_json(MESSAGES)
            text, _, finish = await chat
        assert text == "one two three four five" and finish == [Finish("stop")]
        assert fake.interrupted == 1 and fake.max_busy == 1
        assert len(fake.calls("chat")) == 2, "the cut stream (no text yet) was tried once more"


async def test_a_llama_like_server_answers_prompts_over_n_ctx_with_an_empty_200_or_a_400() -> None:
    big = [{"role": "user", "content": "word " * 300}]
    with FakeOpenAI(llama=LlamaLike(n_ctx=256)) as fake:
        async with client_for(fake) as client:
            with pytest.raises(ContextOverflowError, match="context window") as err:
                await client.complete_json(big)
            assert not err.value.retryable
            with pytest.raises(InterruptedError_):
                async for _ in client.stream_chat(big):
                    pass
        assert fake.overflows == 3


async def test_a_llama_like_reply_without_max_tokens_runs_away_until_length() -> None:
    with FakeOpenAI(reply="again and", llama=LlamaLike(runaway=50)) as fake:
        async with client_for(fake) as client:
            text, _, finish = await collect_all(client)
            assert len(text.split()) == 50 and finish == [Finish("length")]
            text, _, finish = await collect_all(client, max_tokens=20)
            assert text == "again and" and finish == [Finish("stop")]


@pytest.mark.parametrize(
    "message",
    [
        "Requested tokens (2054) exceed context window of 2048",
        "the request exceeds the available context size, try increasing it",
        "This model's maximum context length is 2048 tokens.",
    ],
)
async def test_context_overflow_messages_are_recognised(server: FakeOpenAI, message: str) -> None:
    server.always("chat", Fault(status=400, body={"error": {"message": message}}))
    server.always("json", Fault(status=500, body={"error": {"message": message}}))
    async with client_for(server) as client:
        with pytest.raises(ContextOverflowError, match="/clear"):
            await collect_all(client)
        with pytest.raises(ContextOverflowError):
            await client.complete_json(MESSAGES, schema={"type": "object"})
    assert len(server.calls()) == 2 and client.waits == [], "a retry cannot help: none is made"


async def test_the_deadline_covers_a_body_that_drips_one_byte_at_a_time(server: FakeOpenAI) -> None:
    server.always("json", Fault(drip=0.05))  # each byte in time for the read timeout, the whole far too slow
    async with client_for(server, read_timeout=1.0) as client:
        with pytest.raises(TimeoutError_, match=r"within 0\.5 s"):
            await client.complete_json(MESSAGES, deadline=0.5)
    server.always("chat", Fault(hang=True))
    async with client_for(server, read_timeout=1.0, max_retries=5) as client:
        with pytest.raises(TimeoutError_, match=r"within 0\.3 s"):
            await collect_all(client, deadline=0.3)


async def test_the_deadline_stops_a_reply_part_way(server: FakeOpenAI) -> None:
    server.script.token_delay = 0.2
    seen = []
    async with client_for(server) as client:
        with pytest.raises(StreamError, match=r"longer than 0\.3 s"):
            async for event in client.stream_chat(MESSAGES, deadline=0.3):
                seen.append(event)
    assert seen, "what came before the deadline was delivered"


async def test_a_refused_json_schema_is_remembered_even_when_the_call_then_fails(server: FakeOpenAI) -> None:
    server.always("json", Fault(reject_modes=("json_schema",), content="not json at all"))
    async with client_for(server) as client:
        for _ in range(2):
            with pytest.raises(Exception, match="not valid JSON"):
                await client.complete_json(MESSAGES, schema={"type": "object"})
    formats = [(c.body.get("response_format") or {}).get("type") for c in server.calls("json")]
    assert formats == ["json_schema", "json_object", None, "json_object", None]


async def test_probe_reads_llama_cpp_props_and_sends_nothing_to_hosted_apis() -> None:
    with FakeOpenAI(llama=LlamaLike(n_ctx=4096, props=True, slots=2)) as fake:
        async with client_for(fake) as client:
            assert await probe(client, "m") == ServerInfo(4096, 2)
    with FakeOpenAI() as fake:  # llama-cpp-python has no /props
        async with client_for(fake) as client:
            assert await probe(client, "m") == ServerInfo()
    hosted = Provider("openai", "https://api.example.com/v1", "", "", "m", "m")
    async with ChatClient(hosted) as client:
        assert await probe(client, "m") == ServerInfo()


async def test_probe_reads_ollama_show() -> None:
    show = {"model_info": {"llama.context_length": 131072}, "parameters": 'stop "<|eot_id|>"'}
    with FakeOpenAI(ollama_show=show) as fake:
        provider = provider_for(fake.base_url, name="ollama", key="")
        async with ChatClient(provider) as client:
            assert await probe(client, "llama3.2") == ServerInfo(4096)
        assert fake.requests[-1].body == {"model": "llama3.2"}


def test_server_reports_are_parsed_defensively() -> None:
    assert parse_props({"default_generation_settings": {"n_ctx": 8192}, "total_slots": 4}) == ServerInfo(8192, 4)
    assert parse_props({"n_ctx": 1024}) == ServerInfo(1024)
    assert parse_props({"n_ctx": "big", "total_slots": True}) == ServerInfo() == parse_props([1])
    assert parse_ollama_show({"parameters": "num_ctx 8192\nstop x"}) == ServerInfo(8192)
    assert parse_ollama_show({"model_info": {"qwen2.context_length": 2048}}) == ServerInfo(2048)
    assert parse_ollama_show("nonsense") == ServerInfo()


def test_locality_and_the_token_estimate() -> None:
    for url in ["http://127.0.0.1:8080/v1", "http://localhost:11434", "http://192.168.1.20/v1", "http://[::1]:8/v1"]:
        assert is_local(url), url
    for url in ["https://openrouter.ai/api/v1", "https://api.openai.com/v1", "http://8.8.8.8/v1"]:
        assert not is_local(url), url
    assert Provider("custom", "http://127.0.0.1:8080/v1").local and Provider("ollama", "http://gpu-box:11434/v1").local
    assert estimate_tokens("abcdef") == 2 and estimate_tokens("日本語") == 3
    text = "The Harbour Café (ground floor, by the main entrance) serves oat-milk lattes; nuts: none."
    messages = [{"role": "user", "content": text}]
    assert message_tokens(messages) >= count_tokens(messages), "the estimate errs on the large side"
