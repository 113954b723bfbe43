"""Finding an API key that a server echoes back, in every form it was seen to take, so it can be masked.

Servers and proxies repeat the Authorization header in error text: whole, upper-cased, wrapped across
lines, cut to its last characters, or base64-encoded (`Bearer sk-…` inside a Basic or JWT-like blob).
`key_pattern` matches all of these: the key and its last 8 characters ignoring case and whitespace
between characters, and the part of a base64 encoding that any text holding the key encodes to (for
each of the three byte alignments, standard and URL-safe alphabets, whitespace allowed).
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache

MASK = "***"
TAIL = 8  # a key's last characters identify it: masked on their own too (for keys of 2 × TAIL or more)


def _spread(text: str) -> str:
    """A pattern for `text` with any whitespace (spaces, line breaks) allowed between its characters."""
    return r"\s*".join(re.escape(ch) for ch in text)


def _base64_cores(key: str) -> set[str]:
    """The base64 characters that encode `key` whatever came before it: for each alignment, the full
    4-character groups that hold only key bytes (the edges also depend on the neighbouring bytes)."""
    cores = set()
    data = key.encode("utf-8")
    for offset in range(3):
        encoded = base64.b64encode(b"\0" * offset + data).decode("ascii")
        first = 4 if offset else 0  # the group holding the padding bytes
        last = (len(b"\0" * offset + data) // 3) * 4  # the groups ending before a partial one
        core = encoded[first:last]
        if len(core) >= 8:
            cores.add(core)
            cores.add(core.replace("+", "-").replace("/", "_"))
    return cores


@lru_cache(maxsize=8)
def key_pattern(key: str) -> re.Pattern[str] | None:
    """What to mask for `key`, or None for a key too short to find without false alarms (under 4)."""
    if len(key) < 4:
        return None
    plain = [_spread(key)] + ([_spread(key[-TAIL:])] if len(key) >= 2 * TAIL else [])
    encoded = [_spread(core) for core in sorted(_base64_cores(key), key=len, reverse=True)]
    # Longest first, so a whole key is masked as one; `(?i:…)` only for the plain forms: base64 has case.
    return re.compile("|".join([f"(?i:{p})" for p in plain] + encoded))


def mask_key(text: str, key: str) -> str:
    """`text` with every form of `key` in it replaced by `***`."""
    pattern = key_pattern(key) if key else None
    return pattern.sub(MASK, text) if pattern is not None else text
