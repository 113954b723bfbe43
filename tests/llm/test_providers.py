"""Which provider is used, and which key goes where."""

from __future__ import annotations

import os

import pytest

from museum_tui.llm import ProviderError, resolve_provider
from museum_tui.llm.client import ChatClient, TextDelta
from museum_tui.llm.providers import OPENAI_URL, OPENROUTER_URL

from .conftest import SENTINEL

OR_KEY, OA_KEY = "sk-or-test", "sk-oa-test"


def test_nothing_configured_means_builtin() -> None:
    assert resolve_provider({}, {}, {}).name == "builtin"


def test_environment_prefers_openrouter_then_openai() -> None:
    both = {"OPENROUTER_API_KEY": OR_KEY, "OPENAI_API_KEY": OA_KEY}
    p = resolve_provider({}, {}, both)
    assert (p.name, p.base_url, p.api_key, p.key_env) == ("openrouter", OPENROUTER_URL, OR_KEY, "OPENROUTER_API_KEY")
    assert p.extra_headers["X-Title"] == "museum-tui" and "HTTP-Referer" in p.extra_headers
    p = resolve_provider({}, {}, {"OPENAI_API_KEY": OA_KEY})
    assert (p.name, p.base_url, p.api_key) == ("openai", OPENAI_URL, OA_KEY)


def test_config_file_beats_environment_and_command_line_beats_both() -> None:
    env = {"OPENROUTER_API_KEY": OR_KEY, "OLLAMA_HOST": "gpu-box:11434"}
    assert resolve_provider({}, {"provider": "ollama"}, env).name == "ollama"
    assert resolve_provider({"provider": "openrouter"}, {"provider": "ollama"}, env).name == "openrouter"
    assert resolve_provider({"offline": True}, {"provider": "openrouter"}, env).name == "builtin"


def test_ollama_host_forms() -> None:
    assert resolve_provider({"provider": "ollama"}, {}, {}).base_url == "http://127.0.0.1:11434/v1"
    assert (
        resolve_provider({"provider": "ollama"}, {}, {"OLLAMA_HOST": "gpu-box:11434"}).base_url
        == "http://gpu-box:11434/v1"
    )
    ollama = resolve_provider({"provider": "ollama"}, {}, {"OPENAI_API_KEY": OA_KEY})
    assert ollama.api_key == "" and (ollama.chat_model, ollama.extract_model) == ("llama3.2", "llama3.2:1b")


def test_a_key_only_goes_to_its_own_base_url() -> None:
    env = {"OPENAI_API_KEY": OA_KEY, "OPENROUTER_API_KEY": OR_KEY}
    custom = resolve_provider({"base_url": "http://127.0.0.1:8080/v1"}, {}, env)
    assert (custom.name, custom.api_key) == ("custom", "")
    elsewhere = resolve_provider({"provider": "openai", "base_url": "https://evil.example/v1"}, {}, env)
    assert elsewhere.api_key == ""
    own = resolve_provider({"provider": "openai"}, {}, {**env, "OPENAI_BASE_URL": "http://lab:8000/v1"})
    assert (own.base_url, own.api_key) == ("http://lab:8000/v1", OA_KEY)
    named = resolve_provider(
        {"base_url": "http://127.0.0.1:8080/v1", "api_key_env": "LAB_KEY"}, {}, {"LAB_KEY": SENTINEL}
    )
    assert named.api_key == SENTINEL and named.key_env == "LAB_KEY"


def test_keys_never_come_from_files_or_options() -> None:
    p = resolve_provider(
        {"provider": "openrouter", "api_key": "from-cli"}, {"api_key": "from-file"}, {"OPENROUTER_API_KEY": OR_KEY}
    )
    assert p.api_key == OR_KEY


@pytest.mark.parametrize(
    ("cli", "env", "message"),
    [
        ({"provider": "openrouter"}, {}, "set OPENROUTER_API_KEY in the environment, or run with --offline"),
        ({"provider": "openai"}, {}, "set OPENAI_API_KEY"),
        ({"provider": "custom"}, {}, "needs --base-url"),
        ({"provider": "telepathy"}, {}, "unknown provider 'telepathy'"),
        ({"base_url": "ftp://x"}, {}, "not an http(s) URL"),
        ({"base_url": "http://x:1/v1", "api_key_env": "NOPE"}, {}, "NOPE, but that environment variable is empty"),
    ],
)
def test_unusable_settings_are_explained(cli: dict, env: dict, message: str) -> None:
    with pytest.raises(ProviderError, match=message.replace("(", r"\(").replace(")", r"\)")):
        resolve_provider(cli, {}, env)


def test_separate_chat_and_extract_models() -> None:
    p = resolve_provider(
        {"provider": "openrouter", "model": "anthropic/claude-3.5-haiku"}, {}, {"OPENROUTER_API_KEY": OR_KEY}
    )
    assert (p.chat_model, p.extract_model) == ("anthropic/claude-3.5-haiku", "openai/gpt-4o-mini")


@pytest.mark.realserver
@pytest.mark.skipif(not os.environ.get("MUSEUM_TUI_REAL_BASE_URL"), reason="set MUSEUM_TUI_REAL_BASE_URL to run")
async def test_against_a_real_openai_compatible_server() -> None:
    url = os.environ["MUSEUM_TUI_REAL_BASE_URL"]
    provider = resolve_provider({"base_url": url, "model": os.environ.get("MUSEUM_TUI_REAL_MODEL", "default")}, {}, {})
    async with ChatClient(provider, max_retries=1) as client:
        text = [
            e.text
            async for e in client.stream_chat([{"role": "user", "content": "Say hello."}], max_tokens=16)
            if isinstance(e, TextDelta)
        ]
        assert "".join(text).strip()
        value = await client.complete_json([{"role": "user", "content": 'Reply with the JSON {"ok": true}'}])
        assert isinstance(value, dict | list)
