"""What one model call may use: the context window, the reply's length, the deadlines, and whether the
server can answer the reply and the extraction at the same time. Asked of the server once per session."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from museum_tui.config import Settings

if TYPE_CHECKING:
    from museum_tui.llm import ChatClient
    from museum_tui.llm.context import ServerInfo

MIN_REPLY_TOKENS = 16  # the smallest reply_max_tokens the settings allow


@dataclass(frozen=True)
class Limits:
    context_window: int  # tokens
    reply_tokens: int  # max_tokens for a reply
    parallel_ok: bool  # a second request will not cut (or wait behind) the first
    reported: bool  # the window is what the server said


class ModelLimits:
    """The limits for one endpoint: the server's report (asked once, on first use) within the settings.

    The window is the server's `n_ctx` (at most `context_window` if that is set too), else `context_window`,
    else 2,048 tokens for a local server and 32,768 for a hosted one. A reply may use at most half of it."""

    def __init__(self, client: ChatClient, settings: Settings) -> None:
        self.client = client
        self.settings = settings
        self._info: ServerInfo | None = None
        self._lock = asyncio.Lock()

    def forget(self) -> None:
        """Ask again on next use (another model was chosen)."""
        self._info = None

    async def get(self, model: str) -> Limits:
        from museum_tui.llm.context import HOSTED_CONTEXT_WINDOW, LOCAL_CONTEXT_WINDOW, probe

        async with self._lock:
            if self._info is None:
                self._info = await probe(self.client, model)
        info, provider, configured = self._info, self.client.provider, self.settings.context_window
        if info.n_ctx:
            window = min(info.n_ctx, configured) if configured else info.n_ctx
        else:
            window = configured or (LOCAL_CONTEXT_WINDOW if provider.local else HOSTED_CONTEXT_WINDOW)
        reply = max(MIN_REPLY_TOKENS, min(self.settings.reply_max_tokens, window // 2))
        parallel_ok = not provider.local or (info.slots or 1) >= 2
        return Limits(window, reply, parallel_ok, bool(info.n_ctx))
