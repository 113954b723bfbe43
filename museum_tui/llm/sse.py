"""Server-sent events as OpenAI-compatible servers send them: `data:` payloads, `:` comments, `[DONE]`.

Lines are split here rather than by httpx so that one endless line (a broken or hostile server) is refused
at `max_line` characters instead of being buffered whole.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

_EOL = re.compile(r"\r\n|\r|\n")


class LineTooLong(ValueError):
    """A single SSE line grew past the limit."""


async def sse_lines(chunks: AsyncIterator[str], max_line: int) -> AsyncIterator[str]:
    """Lines split on CRLF, LF or CR (the three SSE line ends), without their ends."""
    buf = ""
    async for chunk in chunks:
        buf += chunk
        start = 0
        for match in _EOL.finditer(buf):
            if match.group() == "\r" and match.end() == len(buf):
                break  # maybe the first half of a CRLF split across chunks
            yield buf[start : match.start()]
            start = match.end()
        buf = buf[start:]
        if len(buf) > max_line:
            raise LineTooLong(f"an event line longer than {max_line:,} characters")
    if buf:
        yield _EOL.sub("", buf)


async def sse_data(lines: AsyncIterator[str]) -> AsyncIterator[str]:
    """The `data` payload of each event (multi-line data joined with newlines); comments and other
    fields (`event:`, `id:`, `retry:`) are skipped. An event still open when the stream ends is delivered."""
    data: list[str] = []
    async for line in lines:
        if not line:
            if data:
                yield "\n".join(data)
                data = []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        if name == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)
