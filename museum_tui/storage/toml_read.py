"""Reading a memory file's TOML without holding the interpreter for long.

rtoml parses in Rust and keeps Python's global lock for the whole call: an 11 MB file (50,000 facts) is most
of a second in which no other thread runs, so the screen would not take a key while the memory loads in the
background. A file as the app writes it is a header and then one `[[facts]]` table after another, so it is
parsed a few hundred tables at a time instead. Anything else (a hand-edited file with other tables among the
facts, a `facts` key in the header, a split inside a multi-line string) is parsed whole, as before, so the
result and any error message are exactly rtoml's.
"""

from __future__ import annotations

from typing import Any

import rtoml

TABLE = "\n[[facts]]\n"
TABLES_PER_CALL = 200  # about 50 kB of TOML: a few milliseconds with the lock held


def loads(text: str) -> dict[str, Any]:
    """`rtoml.loads(text)`, in pieces when the file is a long run of `[[facts]]` tables."""
    parts = text.split(TABLE)
    if len(parts) <= TABLES_PER_CALL:
        return rtoml.loads(text)
    try:
        return _in_pieces(parts)
    except (ValueError, RecursionError):
        pass  # not a file as the app writes it: the whole file decides (and words any error)
    return rtoml.loads(text)


def _in_pieces(parts: list[str]) -> dict[str, Any]:
    data = rtoml.loads(parts[0])
    if "facts" in data:
        raise ValueError("a facts key before the fact tables")
    facts: list[Any] = []
    for start in range(1, len(parts), TABLES_PER_CALL):
        piece = rtoml.loads(TABLE.lstrip("\n") + TABLE.join(parts[start : start + TABLES_PER_CALL]))
        if piece.keys() != {"facts"}:
            raise ValueError("another table among the facts")
        facts += piece["facts"]
    data["facts"] = facts
    return data
