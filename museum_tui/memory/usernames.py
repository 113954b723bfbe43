"""Visitor names: a name is a name, never a path, and one visitor has one name.

A name is normalised (NFKC, then case-folded) before it becomes a file name, so `Ann`, `ＡＮＮ`
(fullwidth) and `ann` are one visitor. What would still look like another visitor's name is refused:
letters from more than one script (`аnn` with a Cyrillic a), Windows device names (`CON`, `NUL`, …), and
names that are the app's own files (a quarantine copy `ann.corrupt-…`). A script's own combining signs
(Devanagari's vowel signs and virama) go with its letters. A name in one script that looks exactly like
another visitor's in another (`аре`, all Cyrillic, beside `ape`) is found by `look_alike`, which compares
Unicode TR39-style skeletons.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_USER_NAME = 64
MAX_MARKS = 3  # a script's combining signs in a row on one letter (Devanagari: a vowel sign, a nasal sign)
ALLOWED = "letters, digits, '-', '_' and '.' (letters of one script), at most 64 characters, not starting with a dot"

# Windows refuses these as file names, with any extension (`con.toml`), whatever the case.
DEVICE_NAMES = frozenset(
    {"con", "prn", "aux", "nul", "conin$", "conout$"} | {f"{port}{n}" for port in ("com", "lpt") for n in range(10)}
)
# The files a users folder holds besides `<name>.toml`: quarantine copies `<name>.corrupt-<time>-<digest>.toml`.
RESERVED = re.compile(r"\.corrupt-")
# Scripts that one name may mix: Japanese writes kanji with kana, Korean hangul with hanja.
SCRIPT_FAMILIES = {
    "HIRAGANA": "CJK",
    "KATAKANA": "CJK",
    "KATAKANA-HIRAGANA": "CJK",  # the prolonged sound mark ー
    "HANGUL": "CJK",
    "IDEOGRAPHIC": "CJK",
    "ARABIC-INDIC": "ARABIC",  # digits ٠…٩ go with Arabic letters
    "EXTENDED": "ARABIC",  # EXTENDED ARABIC-INDIC DIGIT …
}


class UserNameError(ValueError):
    """The name cannot be used; the message says what is allowed."""


def _script(ch: str) -> str | None:
    """The script of a letter or digit, from its Unicode name ("CYRILLIC SMALL LETTER A" → CYRILLIC);
    None for the ASCII digits and `-_.`, which go with any script."""
    if ch in "-_." or ("0" <= ch <= "9"):
        return None
    first = unicodedata.name(ch, "UNKNOWN").split(" ", 1)[0]
    return SCRIPT_FAMILIES.get(first, first)


def check_user_name(name: str) -> str:
    """Return the visitor's canonical name (NFKC, case-folded) if it is a plain name, else raise
    `UserNameError` saying what is allowed.

    Letters of one script, digits, `-`, `_` and `.`; 1–64 characters; not starting with a dot. The name
    is never interpreted as a path, so `../x`, `/x`, `.x` or a NUL can never reach the file system.
    """
    if not isinstance(name, str):
        raise UserNameError("a user name must be text")
    clean = unicodedata.normalize("NFKC", name).casefold()
    clean = unicodedata.normalize("NFC", clean)  # case folding can decompose (`İ` → `i̇`)
    shown_name = repr(name) if len(name) <= 80 else repr(name[:80] + "…")
    if not clean:
        raise UserNameError(f"the user name is empty; use {ALLOWED}")
    if len(clean) > MAX_USER_NAME:
        raise UserNameError(f"the user name is {len(clean)} characters long; use {ALLOWED}")
    if clean.startswith("."):
        raise UserNameError(f"the user name {shown_name} starts with a dot; use {ALLOWED}")
    scripts: set[str] = set()
    marks, base = 0, ""  # combining signs in a row, and the letter they sit on
    for ch in clean:
        category = unicodedata.category(ch)
        marks = marks + 1 if category in ("Mn", "Mc") else 0
        base = base if marks else ch
        sign = 0 < marks <= MAX_MARKS and base.isalpha() and _script(ch) not in (None, "COMBINING")
        if not (ch in "-_." or category.startswith("L") or category == "Nd" or sign):
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            raise UserNameError(f"the user name contains {shown}; use {ALLOWED}")
        script = _script(ch)
        if script is not None:
            scripts.add(script)
    if len(scripts) > 1:
        raise UserNameError(
            f"the user name {shown_name} mixes letters of different scripts ({', '.join(sorted(scripts)).lower()}),"
            f" so it could pass for another visitor's; use {ALLOWED}"
        )
    if clean.endswith("."):
        raise UserNameError(f"the user name {shown_name} ends with a dot; use {ALLOWED}")
    if clean.split(".", 1)[0] in DEVICE_NAMES:
        raise UserNameError(f"the user name {shown_name} is a device name on Windows; use {ALLOWED}")
    if RESERVED.search(clean):
        raise UserNameError(
            f"the user name {shown_name} looks like a copy of a memory file kept aside ('.corrupt-'); use {ALLOWED}"
        )
    return clean


# TR39's confusables (confusables.txt) reduced to what a case-folded, NFKC name can hold: the lower-case
# letters of other scripts drawn like a Latin letter, and the digits drawn like one. A name's skeleton maps
# each to that Latin letter, so names that look the same have the same skeleton.
_PROTOTYPES = {
    "o": "0οоօ၀",
    "l": "1ӏ",
    "a": "аα",
    "c": "сϲ",
    "d": "ԁ",
    "e": "е",
    "g": "ց",
    "h": "һհ",
    "i": "іι",
    "j": "јϳ",
    "n": "ո",
    "p": "рρ",
    "q": "ԛզ",
    "s": "ѕ",
    "u": "սυ",
    "v": "νѵ",
    "w": "ԝ",
    "x": "хχ",
    "y": "уүγ",
}
_SKELETON = str.maketrans({ch: latin for latin, chars in _PROTOTYPES.items() for ch in chars})


def skeleton(name: str) -> str:
    """TR39's skeleton, for the characters above: decompose, map each look-alike to its Latin letter."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).translate(_SKELETON))


def look_alike(user: str, names: Iterable[str]) -> str | None:
    """A visitor's name among `names` (canonical) that is not `user` but looks the same, if any."""
    wanted = skeleton(user)
    return next((name for name in names if name != user and skeleton(name) == wanted), None)
