"""Neutralising untrusted text (visitor input, LLM output, saved files) before it is stored or shown.

Terminal escape sequences, other control characters and bidi overrides are never passed through: they
could clear a screen, set the clipboard (OSC 52) or make text read differently from what it is.
"""

from __future__ import annotations

import re
import unicodedata

# CSI / OSC / DCS-style sequences, in 7-bit and 8-bit forms.
_ESCAPE_SEQ = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI
    r"|(?:\x1b[\]PX^_]|[\x90\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC, DCS, SOS, PM, APC
    r"|\x1b[@-Z\\-_]"  # other two-byte escapes
)
_BIDI_CONTROLS = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}


def strip_controls(text: str, *, keep_newlines: bool = False) -> str:
    """Remove escape sequences, control and bidi-override characters; tabs become spaces.

    Zero-width joiners and ordinary right-to-left letters are kept: they are part of real text.
    """
    text = _ESCAPE_SEQ.sub("", text)
    out = []
    for ch in text:
        if ch == "\t":
            out.append(" ")
        elif ch in "\r\n":
            out.append("\n" if keep_newlines else " ")
        elif ch in _BIDI_CONTROLS or unicodedata.category(ch) == "Cc":
            continue
        else:
            out.append(ch)
    result = "".join(out)
    if keep_newlines:
        result = result.replace("\n\n\n", "\n\n")
    return result


def one_line(text: str, limit: int | None = None) -> str:
    """Controls stripped, whitespace collapsed, optionally cut to `limit` characters with an ellipsis."""
    flat = " ".join(strip_controls(text).split())
    if limit is not None and len(flat) > limit:
        flat = flat[: max(0, limit - 1)].rstrip() + "…"
    return flat
