"""Which OpenAI-compatible endpoint to use, chosen by one setting, with its key bound to its own URL.

Choice: command line > config file > environment (OPENROUTER_API_KEY, then OPENAI_API_KEY or
OPENAI_BASE_URL) > the built-in offline engine. Keys are read from the environment only, and a key is
only ever sent to the origin (scheme, host, port) it belongs to: a mistyped or hostile --base-url must not
receive someone's OpenRouter or OpenAI key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from .errors import ProviderError

OPENROUTER_URL = "https://openrouter.ai/api/v1"
OPENAI_URL = "https://api.openai.com/v1"
OLLAMA_HOST = "http://127.0.0.1:11434"
NAMES = ("builtin", "openrouter", "openai", "ollama", "custom")
# (chat model, extractor model): extraction is a small structured task, so it gets the cheapest model that
# follows a JSON schema reliably.
DEFAULT_MODELS = {
    "openrouter": ("openai/gpt-4o-mini", "openai/gpt-4o-mini"),
    "openai": ("gpt-4o-mini", "gpt-4o-mini"),
    "ollama": ("llama3.2", "llama3.2:1b"),
    "custom": ("default", "default"),
    "builtin": ("offline concierge", "rules"),
}
OPENROUTER_HEADERS = {"HTTP-Referer": "https://github.com/museum-tui/museum-tui", "X-Title": "museum-tui"}
# Settings that describe one provider's endpoint: a config file's values only apply to the provider it names.
ENDPOINT_KEYS = ("base_url", "model", "extract_model", "api_key_env")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_USUAL_NAME = re.compile(r"[A-Z_][A-Z0-9_]{0,63}")  # what variable names look like; anything else may be a key
NOT_A_NAME = (
    "--api-key-env takes the name of an environment variable that holds the key (such as MY_SERVER_KEY), "
    "not the key itself"
)


@dataclass(frozen=True)
class Provider:
    """One resolved endpoint. `api_key` is empty unless it belongs to `base_url`; it never shows in a repr."""

    name: str
    base_url: str = ""
    api_key: str = field(default="", repr=False)
    key_env: str = ""  # where the key came from (or would come from): named in error messages
    chat_model: str = ""
    extract_model: str = ""
    extra_headers: Mapping[str, str] = field(default_factory=dict)
    connect_timeout: float = 10.0
    read_timeout: float = 60.0

    @property
    def local(self) -> bool:
        """Ollama, or a server on a loopback or private address: likely one model serving one request at a time."""
        from .context import is_local

        return self.name == "ollama" or (self.name != "builtin" and is_local(self.base_url))

    def describe(self) -> str:
        """For headers and logs: never the key."""
        if self.name == "builtin":
            return "offline · built-in concierge"
        host = urlsplit(self.base_url).netloc or self.base_url
        model = self.chat_model if self.chat_model != "default" else "server default model"
        return f"{self.name} · {model}" + (f" @ {host}" if self.name in ("custom", "ollama") else "")

    def __repr__(self) -> str:  # keys must not leak through a repr in a log or traceback
        key = f"set from {self.key_env}" if self.api_key else "none"
        return f"Provider({self.name!r}, {self.base_url!r}, chat_model={self.chat_model!r}, key={key})"


def origin(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) with default ports filled in: what a key is bound to."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        port = -1
    return scheme, (parts.hostname or "").lower(), port


def _check_url(url: str) -> str:
    parts = urlsplit(url.strip())
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:  # a port that is not a number
        port_ok = False
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        raise ProviderError(f"the base URL {url!r} is not an http(s) URL such as http://127.0.0.1:8080/v1")
    return url.strip().rstrip("/")


def _ollama_url(host: str) -> str:
    host = host.strip() or OLLAMA_HOST
    if "://" not in host:
        host = f"http://{host}"
    host = host.rstrip("/")
    return _check_url(host if host.endswith("/v1") else host + "/v1")


def _read_key(env: Mapping[str, str], name: str) -> str:
    """The key in `name`, stripped. A key with spaces or control characters would be mangled in (or break)
    the Authorization header, so it is refused with a message that names the variable, never the value."""
    key = (env.get(name) or "").strip()
    if key and not all(33 <= ord(ch) < 127 for ch in key):
        raise ProviderError(f"{name} contains spaces, line breaks or non-ASCII characters; set it to the bare key")
    return key


def _own_urls(env: Mapping[str, str]) -> dict[str, str]:
    """Each well-known key variable and the only endpoint it may be sent to."""
    return {"OPENROUTER_API_KEY": OPENROUTER_URL, "OPENAI_API_KEY": env.get("OPENAI_BASE_URL") or OPENAI_URL}


def _choose(cli: Mapping[str, Any], file: Mapping[str, Any], env: Mapping[str, str]) -> tuple[str, dict[str, Any]]:
    """The provider name and the endpoint settings that apply to it (command line over config file).

    A bare --base-url on the command line means "this server" (custom), even if the file names another
    provider; and a file's base URL, models and key variable only apply when its provider is the one chosen.
    """
    name = cli.get("provider") or ("custom" if cli.get("base_url") else None)
    file_name = file.get("provider") or ("custom" if file.get("base_url") else None)
    use_file = name is None or file_name is None or file_name == name
    name = name or file_name
    if name is None:
        if env.get("OPENROUTER_API_KEY"):
            name = "openrouter"
        elif env.get("OPENAI_API_KEY") or env.get("OPENAI_BASE_URL"):
            name = "openai"
        else:
            name = "builtin"
    settings = {key: cli.get(key) or (file.get(key) if use_file else None) or None for key in ENDPOINT_KEYS}
    return str(name), settings


def resolve_provider(cli: Mapping[str, Any], file: Mapping[str, Any], env: Mapping[str, str]) -> Provider:
    """The provider the settings ask for; `ProviderError` names the variable or option to fix."""
    builtin = Provider("builtin", chat_model=DEFAULT_MODELS["builtin"][0], extract_model="rules")
    if cli.get("offline") or file.get("offline"):
        return builtin
    name, opts = _choose(cli, file, env)
    if name not in NAMES:
        raise ProviderError(f"unknown provider {name!r}; choose one of {', '.join(NAMES)}")
    if name == "builtin":
        return builtin
    chat_default, extract_default = DEFAULT_MODELS[name]
    model = opts["model"] or chat_default
    extract_model = opts["extract_model"] or (model if name == "custom" else extract_default)
    base_url, key_env, key, headers = opts["base_url"], "", "", {}
    own_urls = _own_urls(env)
    if name == "openrouter":
        url = _check_url(base_url or OPENROUTER_URL)
        key_env, headers = "OPENROUTER_API_KEY", dict(OPENROUTER_HEADERS)
    elif name == "openai":
        url = _check_url(base_url or own_urls["OPENAI_API_KEY"])
        key_env = "OPENAI_API_KEY"
    elif name == "ollama":
        url = _ollama_url(base_url or env.get("OLLAMA_HOST", ""))
    else:
        if not base_url:
            raise ProviderError("the custom provider needs --base-url (e.g. http://127.0.0.1:8080/v1)")
        url = _check_url(base_url)
    if key_env and origin(url) == origin(own_urls[key_env]):
        key = _read_key(env, key_env)
    elif key_env:
        key_env = ""  # that key is not for this URL: an auth error must not suggest setting it
    named_env = opts["api_key_env"]
    if named_env:
        key_env = str(named_env)
        if not _ENV_NAME.fullmatch(key_env):  # most likely the key itself: never repeat it back
            raise ProviderError(NOT_A_NAME)
        if key_env in own_urls and origin(url) != origin(own_urls[key_env]):
            raise ProviderError(
                f"{key_env} is only ever sent to {own_urls[key_env]}, not to {url}; "
                "put this server's key in a variable of its own and name that with --api-key-env"
            )
        key = _read_key(env, key_env)
        if not key:
            if not _USUAL_NAME.fullmatch(key_env):  # "ghp_…": a key that happens to be a valid name
                raise ProviderError(f"the environment variable given to --api-key-env is empty; {NOT_A_NAME}")
            raise ProviderError(f"--api-key-env names {key_env}, but that environment variable is empty")
    own = key_env in own_urls and origin(url) == origin(own_urls[key_env])
    keyless_ok = name == "openai" and env.get("OPENAI_BASE_URL")  # a local server set up through the env
    if own and not key and not keyless_ok:
        raise ProviderError(f"{name} needs an API key: set {key_env} in the environment, or run with --offline")
    return Provider(name, url, key, key_env, str(model), str(extract_model), headers)


# Small local models loop ("…the café, the café, the café…") until the length limit: local servers are asked
# for a repetition penalty in the parameter they read. llama.cpp and llama-cpp-python take `repeat_penalty`
# (their default 1.1 is too gentle for a 135M model); Ollama's OpenAI endpoint takes `frequency_penalty`.
# Hosted APIs keep their own defaults.
REPEAT_PENALTY = 1.3
FREQUENCY_PENALTY = 0.6


def repetition_penalty(provider: Provider) -> dict[str, float]:
    """What to add to a chat request so this provider's server discourages repeating itself."""
    if provider.name == "ollama":
        return {"frequency_penalty": FREQUENCY_PENALTY}
    if provider.local:
        return {"repeat_penalty": REPEAT_PENALTY}
    return {}
