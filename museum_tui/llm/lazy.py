"""A `ChatClient` made on first use, so opening a session imports no HTTP stack.

Importing httpx and building its client (an SSL context, the CA bundle) is most of a tenth of a second the
first screen does not need: a session opens with this stand-in, `prepare` does both in a thread once the
screen is drawn, and everything else is passed through to the real client.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from .errors import ProviderError
from .providers import Provider

if TYPE_CHECKING:
    from .client import ChatClient


OWN = frozenset({"provider", "_options", "_client", "_lock"})


class LazyChatClient:
    """Stands in for `ChatClient(provider, **options)` until it is first needed (or `prepare`d)."""

    def __init__(self, provider: Provider, **options: Any) -> None:
        if not provider.base_url:  # as ChatClient would say, but now: a setting to fix before starting
            raise ProviderError(f"the {provider.name} provider has no HTTP endpoint")
        self.provider = provider
        self._options = options
        self._client: ChatClient | None = None
        self._lock = threading.Lock()

    def prepare(self) -> ChatClient:
        """The real client, made here and now if it is not yet (safe from any thread)."""
        with self._lock:
            if self._client is None:
                from .client import ChatClient

                self._client = ChatClient(self.provider, **self._options)
            return self._client

    def __repr__(self) -> str:
        return f"ChatClient({self.provider!r})"

    def __getattr__(self, name: str) -> Any:  # stream_chat, complete_json, waits, …: the real client's
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._client if self._client is not None else self.prepare(), name)

    def __setattr__(self, name: str, value: Any) -> None:  # max_retries, backoff_base, …: set on the real one
        if name in OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self.prepare(), name, value)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
