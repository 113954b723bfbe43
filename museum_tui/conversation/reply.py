"""Streaming one reply into events, stoppable at any moment by the turn's stop event."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from .engine import ChatEngine, EngineError, Turn
from .events import Event, ReplyChunk, ReplyDone, TurnCancelled, TurnFailed


async def stream_reply(chat: ChatEngine, turn: Turn, stop: asyncio.Event) -> AsyncIterator[Event]:
    """`ReplyChunk`s, then `ReplyDone` (`cut` when the reply reached its length limit with text to keep); or
    `TurnCancelled` (stop was set) / `TurnFailed` (with the partial text and why: an `EngineError`, or an
    empty reply)."""
    parts: list[str] = []
    stream = chat.stream(turn).__aiter__()
    waiter = asyncio.ensure_future(stop.wait())
    try:
        while True:
            step = asyncio.ensure_future(stream.__anext__())
            done, _ = await asyncio.wait({step, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if waiter in done:
                step.cancel()
                with contextlib.suppress(BaseException):
                    await step
                yield TurnCancelled("".join(parts))
                return
            try:
                piece = step.result()
            except StopAsyncIteration:
                break
            except EngineError as exc:
                if exc.kind == "cut_short" and "".join(parts).strip():
                    yield ReplyDone("".join(parts), turn.agent.name, turn.agent.title, cut=True)
                    return
                yield TurnFailed(str(exc), exc.retryable, "".join(parts), exc.kind)
                return
            if piece:
                parts.append(piece)
                yield ReplyChunk(piece)
    finally:
        waiter.cancel()
        with contextlib.suppress(BaseException):
            await stream.aclose()
    reply = "".join(parts)
    if not reply.strip():
        yield TurnFailed("The model sent an empty reply, so nothing was remembered.", retryable=True)
        return
    yield ReplyDone(reply, turn.agent.name, turn.agent.title)
