"""Which OpenAI-compatible endpoint to use, chosen by one setting, with its key bound to its own URL.

Choice: command line > config file > environment (OPENROUTER_API_KEY, then OPENAI_API_KEY or
OPENAI_BASE_URL) > the built-in offline engine. Keys are read from the environment only, and a key is
only ever sent to the base URL it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from .errors import ProviderError

OPENROUTER_URL = "https://openrouter.ai/api/v1"
OPENAI_URL = "https://api.openai.com/v1"
OLLAMA_HOST = "http://127.0.0.1:11434"
NAMES = ("builtin", "openrouter", "openai", "ollama", "custom")
DEFAULT_MODELS = {
    "openrouter": ("openai/gpt-4o-mini", "openai/gpt-4o-mini"),
    "openai": ("gpt-4o-mini", "gpt-4o-mini"),
    "ollama": ("llama3.2", "llama3.2:1b"),
    "custom": ("default", "default"),
    "builtin": ("offline concierge", "rules"),
}


@dataclass(frozen=True)
class Provider:
    name: str
    base_url: str = ""
    api_key: str = field(default="", repr=False)
    key_env: str = ""
    chat_model: str = ""
    extract_model: str = ""
    extra_headers: Mapping[str, str] = field(default_factory=dict)
    connect_timeout: float = 10.0
    read_timeout: float = 60.0

    def describe(self) -> str:
        """For headers and logs: never the key."""
        if self.name == "builtin":
            return "offline · built-in concierge"
        host = urlsplit(self.base_url).netloc or self.base_url
        model = self.chat_model if self.chat_model != "default" else "server default model"
        return f"{self.name} · {model}" + (f" @ {host}" if self.name in ("custom", "ollama") else "")

    def __repr__(self) -> str:  # keys must not leak through a repr in a log or traceback
        return f"Provider(name={self.name!r}, base_url={self.base_url!r}, key={'set' if self.api_key else 'none'})"


def _same_endpoint(a: str, b: str) -> bool:
    pa, pb = urlsplit(a.rstrip("/")), urlsplit(b.rstrip("/"))
    return (pa.scheme, pa.netloc.lower(), pa.path) == (pb.scheme, pb.netloc.lower(), pb.path)


def _check_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ProviderError(f"the base URL {url!r} is not an http(s) URL such as http://127.0.0.1:8080/v1")
    return url.rstrip("/")


def _ollama_url(host: str) -> str:
    host = host.strip() or OLLAMA_HOST
    if "://" not in host:
        host = f"http://{host}"
    return _check_url(host.rstrip("/") + "/v1")


def resolve_provider(cli: Mapping[str, Any], file: Mapping[str, Any], env: Mapping[str, str]) -> Provider:
    """The provider the settings ask for; `ProviderError` names the variable or option to fix."""
    if cli.get("offline"):
        return Provider("builtin", chat_model=DEFAULT_MODELS["builtin"][0], extract_model="rules")

    def pick(key: str) -> Any:
        return cli.get(key) or file.get(key) or None

    name = pick("provider")
    base_url = pick("base_url")
    if name is None and base_url:
        name = "custom"
    if name is None:
        if env.get("OPENROUTER_API_KEY"):
            name = "openrouter"
        elif env.get("OPENAI_API_KEY") or env.get("OPENAI_BASE_URL"):
            name = "openai"
        else:
            name = "builtin"
    if name not in NAMES:
        raise ProviderError(f"unknown provider {name!r}; choose one of {', '.join(NAMES)}")
    if name == "builtin":
        return Provider("builtin", chat_model=DEFAULT_MODELS["builtin"][0], extract_model="rules")
    chat_default, extract_default = DEFAULT_MODELS[name]
    model = pick("model") or chat_default
    extract_model = pick("extract_model") or (model if name == "custom" else extract_default)
    key_env, key, headers = "", "", {}
    if name == "openrouter":
        url = _check_url(base_url or OPENROUTER_URL)
        key_env = "OPENROUTER_API_KEY"
        if _same_endpoint(url, OPENROUTER_URL):
            key = env.get(key_env, "")
        headers = {"HTTP-Referer": "https://github.com/museum-tui/museum-tui", "X-Title": "museum-tui"}
    elif name == "openai":
        own = env.get("OPENAI_BASE_URL") or OPENAI_URL
        url = _check_url(base_url or own)
        key_env = "OPENAI_API_KEY"
        if _same_endpoint(url, own):
            key = env.get(key_env, "")
    elif name == "ollama":
        url = _ollama_url(base_url or env.get("OLLAMA_HOST", ""))
    else:
        if not base_url:
            raise ProviderError("the custom provider needs --base-url (e.g. http://127.0.0.1:8080/v1)")
        url = _check_url(base_url)
    named_env = pick("api_key_env")
    if named_env:
        key_env = str(named_env)
        key = env.get(key_env, "")
        if not key:
            raise ProviderError(f"--api-key-env names {key_env}, but that environment variable is empty")
    own_url = OPENROUTER_URL if name == "openrouter" else OPENAI_URL
    keyless_ok = name == "openai" and env.get("OPENAI_BASE_URL")
    if name in ("openrouter", "openai") and not key and not keyless_ok and _same_endpoint(url, own_url):
        raise ProviderError(f"{name} needs an API key: set {key_env} in the environment, or run with --offline")
    return Provider(name, url, key, key_env, model, extract_model, headers)
