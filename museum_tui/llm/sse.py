"""Server-sent events as OpenAI-compatible servers send them: `data:` payloads, `:` comments, `[DONE]`."""

from __future__ import annotations

from collections.abc import AsyncIterator


async def sse_data(lines: AsyncIterator[str]) -> AsyncIterator[str]:
    """The `data` payload of each event (multi-line data joined with newlines); comments and other
    fields (`event:`, `id:`, `retry:`) are skipped."""
    data: list[str] = []
    async for raw in lines:
        line = raw.rstrip("\r")
        if not line:
            if data:
                yield "\n".join(data)
                data = []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        if field == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)
