"""Visitor names: a name is a name, never a path."""

from __future__ import annotations

import unicodedata

MAX_USER_NAME = 64


class UserNameError(ValueError):
    """The name cannot be used; the message says what is allowed."""


def check_user_name(name: str) -> str:
    """Return the name (NFC) if it is a plain name, else raise `UserNameError` saying what is allowed.

    Letters, digits, `-`, `_` and `.`; 1–64 characters; not starting with a dot. The name is never
    interpreted as a path, so `../x`, `/x`, `.x` or a NUL can never reach the file system.
    """
    if not isinstance(name, str):
        raise UserNameError("a user name must be text")
    clean = unicodedata.normalize("NFC", name)
    allowed = "letters, digits, '-', '_' and '.', at most 64 characters, not starting with a dot"
    if not clean:
        raise UserNameError(f"the user name is empty; use {allowed}")
    if len(clean) > MAX_USER_NAME:
        raise UserNameError(f"the user name is {len(clean)} characters long; use {allowed}")
    if clean.startswith("."):
        raise UserNameError(f"the user name {clean!r} starts with a dot; use {allowed}")
    for ch in clean:
        if ch in "-_." or (ch.isascii() and ch.isalnum()):
            continue
        category = unicodedata.category(ch)
        if category.startswith("L") or category == "Nd":
            continue
        shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
        raise UserNameError(f"the user name contains {shown}; use {allowed}")
    return clean
