"""Which provider is used, and which key goes where."""

from __future__ import annotations

import os
import subprocess
import sys

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
    assert (
        resolve_provider({"provider": "ollama"}, {}, {"OLLAMA_HOST": "https://gpu-box:11434/"}).base_url
        == "https://gpu-box:11434/v1"
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


def test_a_bare_base_url_on_the_command_line_means_that_server() -> None:
    env = {"OPENROUTER_API_KEY": OR_KEY}
    file = {"provider": "openrouter", "model": "anthropic/claude-3.5-haiku"}
    p = resolve_provider({"base_url": "http://127.0.0.1:8080/v1"}, file, env)
    assert (p.name, p.api_key, p.chat_model) == ("custom", "", "default"), "the file's openrouter model is not used"
    assert "X-Title" not in p.extra_headers


def test_file_endpoint_settings_only_apply_to_the_files_provider() -> None:
    file = {"provider": "ollama", "base_url": "http://gpu-box:11434/v1", "model": "llama3.1:70b"}
    p = resolve_provider({"provider": "openrouter"}, file, {"OPENROUTER_API_KEY": OR_KEY})
    assert (p.base_url, p.chat_model, p.api_key) == (OPENROUTER_URL, "openai/gpt-4o-mini", OR_KEY)
    p = resolve_provider({"model": "llama3.1:8b"}, file, {})
    assert (p.name, p.base_url, p.chat_model) == ("ollama", "http://gpu-box:11434/v1", "llama3.1:8b")
    assert resolve_provider({}, {"model": "gpt-4.1-mini"}, {"OPENAI_API_KEY": OA_KEY}).chat_model == "gpt-4.1-mini"


def test_a_key_is_bound_to_an_origin_not_a_path() -> None:
    env = {"OPENROUTER_API_KEY": OR_KEY}
    same_host = resolve_provider({"provider": "openrouter", "base_url": "https://OpenRouter.ai:443/api/v1/"}, {}, env)
    assert same_host.api_key == OR_KEY
    other_port = resolve_provider({"provider": "openrouter", "base_url": "https://openrouter.ai:8443/api/v1"}, {}, env)
    plain_http = resolve_provider({"provider": "openrouter", "base_url": "http://openrouter.ai/api/v1"}, {}, env)
    lookalike = resolve_provider(
        {"provider": "openrouter", "base_url": "https://openrouter.ai.evil.example/v1"}, {}, env
    )
    assert other_port.api_key == plain_http.api_key == lookalike.api_key == ""
    assert lookalike.key_env == "", "an auth error there must not suggest setting OPENROUTER_API_KEY"


@pytest.mark.parametrize("var", ["OPENROUTER_API_KEY", "OPENAI_API_KEY"])
def test_a_well_known_key_cannot_be_redirected_with_api_key_env(var: str) -> None:
    env = {var: SENTINEL}
    with pytest.raises(ProviderError, match=f"{var} is only ever sent to") as err:
        resolve_provider({"base_url": "https://evil.example/v1", "api_key_env": var}, {}, env)
    assert SENTINEL not in str(err.value)


def test_a_malformed_key_is_refused_without_showing_it() -> None:
    env = {"OPENROUTER_API_KEY": f"{SENTINEL}\nX-Injected: 1"}
    with pytest.raises(ProviderError, match="OPENROUTER_API_KEY contains") as err:
        resolve_provider({}, {}, env)
    assert SENTINEL not in str(err.value)
    assert resolve_provider({}, {}, {"OPENROUTER_API_KEY": f"  {OR_KEY}\n"}).api_key == OR_KEY, "stripped"


def test_offline_wins_everywhere_and_builtin_describes_itself() -> None:
    p = resolve_provider({}, {"offline": True}, {"OPENROUTER_API_KEY": OR_KEY})
    assert p.name == "builtin" and p.api_key == "" and "offline" in p.describe()


def test_describe_is_short_and_safe() -> None:
    p = resolve_provider({}, {}, {"OPENROUTER_API_KEY": SENTINEL})
    assert p.describe() == "openrouter · openai/gpt-4o-mini"
    assert SENTINEL not in repr(p) and "key=set from OPENROUTER_API_KEY" in repr(p)
    local = resolve_provider({"base_url": "http://127.0.0.1:8080/v1", "model": "qwen"}, {}, {})
    assert local.describe() == "custom · qwen @ 127.0.0.1:8080"


def test_importing_the_package_does_not_import_httpx() -> None:
    code = "import sys, museum_tui.llm; sys.exit('httpx' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.realserver
@pytest.mark.skipif(not os.environ.get("MUSEUM_TUI_REAL_BASE_URL"), reason="set MUSEUM_TUI_REAL_BASE_URL to run")
async def test_against_a_real_openai_compatible_server() -> None:
    """MUSEUM_TUI_REAL_BASE_URL (+ optional MUSEUM_TUI_REAL_MODEL, and MUSEUM_TUI_REAL_KEY_ENV naming the
    variable that holds its key): a real streamed reply and a real JSON completion through the fallbacks."""
    cli = {"base_url": os.environ["MUSEUM_TUI_REAL_BASE_URL"], "model": os.environ.get("MUSEUM_TUI_REAL_MODEL")}
    cli["api_key_env"] = os.environ.get("MUSEUM_TUI_REAL_KEY_ENV")
    provider = resolve_provider(cli, {}, dict(os.environ))
    async with ChatClient(provider, max_retries=1) as client:
        text = [
            e.text
            async for e in client.stream_chat([{"role": "user", "content": "Say hello."}], max_tokens=16)
            if isinstance(e, TextDelta)
        ]
        assert "".join(text).strip()
        schema = {
            "type": "object",
            "properties": {"ok": {"type": "boolean"}},
            "required": ["ok"],
            "additionalProperties": False,
        }
        messages = [{"role": "user", "content": 'Reply with exactly this JSON: {"ok": true}'}]
        value = await client.complete_json(messages, schema=schema, schema_name="probe", max_tokens=32)
        assert isinstance(value, dict | list)
