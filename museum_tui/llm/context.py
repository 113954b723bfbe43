"""How big the model's context window is, how many tokens a prompt takes, and whether a server is local.

Token counts are estimated, never exact (no tokenizer is shipped): every ASCII character counts a third of a
token and every other character a whole one, plus 4 tokens per message for the chat template. English text
runs at about 4 characters a token with the usual BPE vocabularies, so the estimate errs on the side of a
prompt that is smaller than it had to be, never one that overflows.

The window itself is asked of the server where it says: llama.cpp's `GET /props` (`n_ctx` of one slot, and
`total_slots`), Ollama's `POST /api/show` (`num_ctx` from the model's parameters, else the model's
`context_length` capped at Ollama's own default of 4,096). Otherwise the `context_window` setting decides,
and without one the defaults below.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from .client import ChatClient

log = logging.getLogger("museum_tui.llm")

LOCAL_CONTEXT_WINDOW = 2048  # llama-cpp-python's and older Ollama's default n_ctx
HOSTED_CONTEXT_WINDOW = 32_768
OLLAMA_NUM_CTX = 4096  # what Ollama runs a model with unless told otherwise
PER_MESSAGE = 4
PROBE_TIMEOUT = 3.0


def estimate_tokens(text: str) -> int:
    """An upper estimate of the tokens in `text` (see the module's docstring)."""
    ascii_chars = len(text.encode("ascii", "ignore"))
    return math.ceil(ascii_chars / 3) + (len(text) - ascii_chars)


def message_tokens(messages: Iterable[Mapping[str, str]]) -> int:
    """The estimated size of a chat prompt: its messages, each with the template's overhead."""
    return 3 + sum(PER_MESSAGE + estimate_tokens(m.get("content", "")) for m in messages)


def is_local(url: str) -> bool:
    """True for a server on this machine or the local network: loopback, private or link-local addresses,
    `localhost` and `*.local`. Such servers usually run one request at a time on one model."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


@dataclass(frozen=True)
class ServerInfo:
    """What the server said about itself; None where it said nothing."""

    n_ctx: int | None = None
    slots: int | None = None


def root_url(base_url: str) -> str:
    """The server's root: the base URL without its `/v1`."""
    return re.sub(r"/v1/?$", "", base_url.rstrip("/"))


def _positive(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def parse_props(data: Any) -> ServerInfo:
    """llama.cpp's `/props`: the per-slot `n_ctx` and the number of slots."""
    if not isinstance(data, dict):
        return ServerInfo()
    settings = data.get("default_generation_settings")
    n_ctx = _positive(settings.get("n_ctx")) if isinstance(settings, dict) else None
    return ServerInfo(n_ctx or _positive(data.get("n_ctx")), _positive(data.get("total_slots")))


def parse_ollama_show(data: Any) -> ServerInfo:
    """Ollama's `/api/show`: `num_ctx` if the model sets it, else its trained length capped at the default."""
    if not isinstance(data, dict):
        return ServerInfo()
    params = data.get("parameters")
    if isinstance(params, str) and (match := re.search(r"^\s*num_ctx\s+(\d+)", params, re.MULTILINE)):
        return ServerInfo(_positive(int(match.group(1))))
    info = data.get("model_info")
    lengths = [v for k, v in info.items() if k.endswith(".context_length")] if isinstance(info, dict) else []
    trained = next((n for n in map(_positive, lengths) if n), None)
    return ServerInfo(min(trained, OLLAMA_NUM_CTX) if trained else None)


async def probe(client: ChatClient, model: str) -> ServerInfo:
    """Ask a local server about its context window and slots; ServerInfo() when it does not say (or is
    not local: hosted APIs have no such endpoint, and nothing is sent to them)."""
    provider = client.provider
    if not (provider.name == "ollama" or is_local(provider.base_url)):
        return ServerInfo()
    root = root_url(provider.base_url)
    try:
        async with asyncio.timeout(PROBE_TIMEOUT):
            if provider.name == "ollama":
                data = await client.get_json(f"{root}/api/show", body={"model": model})
                return parse_ollama_show(data)
            return parse_props(await client.get_json(f"{root}/props"))
    except (TimeoutError, Exception) as exc:  # a probe is a courtesy: any failure means "it did not say"
        log.info("could not ask %s about its context window: %s", root, type(exc).__name__)
        return ServerInfo()
