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
# Invisible format characters that real text needs: the joiners of emoji sequences and of Persian/Indic
# spelling. Every other format character (zero-width space, BOM, word joiner, bidi marks and overrides,
# tag characters used to smuggle hidden text) is dropped.
_KEPT_FORMAT = {"\u200c", "\u200d"}
_LINE_BREAKS = {"\r", "\n", "\u2028", "\u2029"}


def strip_controls(text: str, *, keep_newlines: bool = False) -> str:
    """Remove escape sequences, control, bidi-override and other invisible format characters; tabs
    become spaces; a lone surrogate (undecodable input) becomes U+FFFD, so the text can always be
    encoded, saved and printed.

    Zero-width joiners and ordinary right-to-left letters are kept: they are part of real text.
    """
    text = _ESCAPE_SEQ.sub("", text)
    out = []
    for ch in text:
        if ch == "\t":
            out.append(" ")
        elif ch in _LINE_BREAKS:
            out.append("\n" if keep_newlines else " ")
        elif ch.isprintable() or ch == " " or ch in _KEPT_FORMAT:
            out.append(ch)
        elif ch in _BIDI_CONTROLS:
            continue
        else:
            category = unicodedata.category(ch)
            if category == "Cs":
                out.append("\ufffd")
            elif category not in ("Cc", "Cf"):
                out.append(ch)  # other separators (Zs is printable; Zl/Zp handled above), unassigned
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


MARKDOWN_SPECIALS = "\\`*_{}[]<>#|~"


def md(text: str, limit: int | None = 120) -> str:
    """Visitor or model text made safe to embed in Markdown: one line, markup characters escaped."""
    return "".join("\\" + ch if ch in MARKDOWN_SPECIALS else ch for ch in one_line(text, limit))


def md_code(text: str, limit: int = 40) -> str:
    """Text shown as inline code: backslashes do not escape inside backticks, so a backtick (possible in a
    hand-edited file) is replaced instead."""
    return "`" + one_line(text, limit).replace("`", "'") + "`"


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 fact`, `3 facts`, `2 turns`; `many` for a word whose plural is not word + s."""
    return f"{count} {word if count == 1 else many or word + 's'}"
