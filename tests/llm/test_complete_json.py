"""JSON completions: the response_format fallback chain, the remembered mode, retries and bad bodies."""

from __future__ import annotations

import pytest

from museum_tui.llm import CreditsError, RateLimitError, ResponseError
from tests.fake_openai import FakeOpenAI, Fault

from .conftest import MESSAGES, client_for

SCHEMA = {"type": "object", "properties": {"facts": {"type": "array"}}}


def formats(server: FakeOpenAI) -> list[str | None]:
    return [(r.body.get("response_format") or {}).get("type") for r in server.calls("json")]


async def test_strict_schema_first_and_what_was_sent(server: FakeOpenAI) -> None:
    server.script.facts = {"facts": [{"concept": "Accessibility.Mobility", "value": "wheelchair"}]}
    async with client_for(server) as client:
        value = await client.complete_json(MESSAGES, schema=SCHEMA, schema_name="visitor_facts")
    assert value == {"facts": [{"concept": "Accessibility.Mobility", "value": "wheelchair"}]}
    (request,) = server.calls("json")
    assert request.body["model"] == "extract-model" and request.body["stream"] is False
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "visitor_facts", "strict": True, "schema": SCHEMA},
    }


async def test_without_a_schema_json_object_mode_comes_first(server: FakeOpenAI) -> None:
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, model="other") == {"facts": []}
    assert formats(server) == ["json_object"] and server.calls("json")[0].body["model"] == "other"


async def test_fallback_chain_and_remembered_mode(server: FakeOpenAI) -> None:
    server.always(
        "json",
        Fault(
            reject_modes=("json_schema", "json_object"),
            content='Sure! ```json\n{"facts": [{"concept": "X"}]}\n``` Hope that helps.',
        ),
    )
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema=SCHEMA) == {"facts": [{"concept": "X"}]}
        assert formats(server) == ["json_schema", "json_object", None]
        await client.complete_json(MESSAGES, schema=SCHEMA)
        assert formats(server)[3:] == [None], "the mode that worked is remembered"
        await client.complete_json(MESSAGES, schema=SCHEMA, model="another-model")
        assert formats(server)[4:] == ["json_schema", "json_object", None], "remembered per model"
        assert client.waits == [], "a refused format is not retried"


@pytest.mark.parametrize("status", [400, 422])
async def test_json_object_is_remembered_when_only_the_schema_is_refused(server: FakeOpenAI, status: int) -> None:
    server.always("json", Fault(reject_modes=("json_schema",), reject_status=status))
    async with client_for(server) as client:
        await client.complete_json(MESSAGES, schema=SCHEMA)
        await client.complete_json(MESSAGES, schema=SCHEMA)
    assert formats(server) == ["json_schema", "json_object", "json_object"]


async def test_a_500_that_names_the_response_format_falls_back_without_retrying(server: FakeOpenAI) -> None:
    """llama.cpp's server answers an unsupported json_schema with HTTP 500 naming the field."""
    server.always("json", Fault(reject_modes=("json_schema",), reject_status=500))
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema=SCHEMA) == {"facts": []}
        assert client.waits == []
    assert formats(server) == ["json_schema", "json_object"]


async def test_a_plain_500_is_retried_not_mistaken_for_a_format_problem(server: FakeOpenAI) -> None:
    server.fail("json", Fault(status=500), times=1)
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES, schema=SCHEMA) == {"facts": []}
    assert formats(server) == ["json_schema", "json_schema"]


@pytest.mark.parametrize("status", [500, 502, 503, 408, 409])
async def test_server_errors_are_retried_then_succeed(server: FakeOpenAI, status: int) -> None:
    server.fail("json", Fault(status=status), times=2)
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES) == {"facts": []}
        assert len(client.waits) == 2
    assert len(server.calls("json")) == 3


async def test_rate_limit_gives_up_with_a_clear_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(status=429, retry_after="0"))
    async with client_for(server) as client:
        with pytest.raises(RateLimitError, match="rate-limiting") as err:
            await client.complete_json(MESSAGES)
    assert len(server.calls("json")) == 3 and err.value.retry_after == 0.0


async def test_out_of_credits_is_not_retried(server: FakeOpenAI) -> None:
    server.always("json", Fault(status=402))
    async with client_for(server) as client:
        with pytest.raises(CreditsError, match="out of credits"):
            await client.complete_json(MESSAGES, schema=SCHEMA)
    assert len(server.calls("json")) == 1


async def test_an_error_in_a_200_body_keeps_its_meaning(server: FakeOpenAI) -> None:
    server.always("json", Fault(body={"error": {"message": "Insufficient credits", "code": 402}}))
    async with client_for(server) as client:
        with pytest.raises(CreditsError):
            await client.complete_json(MESSAGES)


async def test_garbage_json_body_is_a_response_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(garbage=True))
    async with client_for(server, max_retries=1) as client:
        with pytest.raises(ResponseError, match="not an OpenAI-style completion"):
            await client.complete_json(MESSAGES)
    assert len(server.calls("json")) == 2


async def test_ten_megabyte_body_is_refused_without_reading_it(server: FakeOpenAI) -> None:
    server.fail("json", Fault(oversize=10_000_000))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="larger than 2,000,000 bytes") as err:
            await client.complete_json(MESSAGES)
    assert not err.value.retryable and len(server.calls("json")) == 1


async def test_content_as_a_list_of_parts(server: FakeOpenAI) -> None:
    parts = [{"type": "text", "text": '{"facts": '}, {"type": "text", "text": "[]}"}]
    server.fail("json", Fault(body={"choices": [{"message": {"content": parts}}]}))
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES) == {"facts": []}


async def test_tolerant_parse_in_a_json_mode_too(server: FakeOpenAI) -> None:
    server.always("json", Fault(content='Here are the facts: {"facts": [{"note": "a } in text"}]} Done.'))
    async with client_for(server) as client:
        assert await client.complete_json(MESSAGES) == {"facts": [{"note": "a } in text"}]}
    assert len(server.calls("json")) == 1


async def test_invalid_json_in_every_mode_is_a_response_error(server: FakeOpenAI) -> None:
    server.always("json", Fault(content="I think the visitor is deaf."))
    async with client_for(server) as client:
        with pytest.raises(ResponseError, match="not valid JSON"):
            await client.complete_json(MESSAGES, schema=SCHEMA)
    assert formats(server) == ["json_schema", "json_object", None]
