"""Personal data taken out of evidence before memory keeps it (and so before it is saved, exported or put
in a prompt).

Evidence is the visitor's own words ("I'm allergic to nuts, email me at ana@example.org"); memory needs
the fact, not the contact details around it. Replaced, in this order:

- `[secret]`: API-key-like tokens: `sk-…` (OpenAI, OpenRouter `sk-or-v1-…`, `sk-proj-…`), `ghp_…` /
  `github_pat_…`, Slack `xoxb-…` / `xoxp-…`, AWS `AKIA…`, `Bearer <token>`, and any run of 32 or more
  letters, digits, `_` or `-` that mixes letters and digits;
- `[email]`: e-mail addresses;
- `[card]`: 13 to 19 digits, optionally grouped by spaces or dashes, that pass the Luhn check;
- `[phone]`: phone numbers: an optional `+country` code, then groups of digits separated by spaces, dots,
  dashes or a bracketed area code, 7 to 15 digits in all (9 or more unless it starts with `+`, `(` or
  `0`, so a 7-digit local number such as 555 1234 is kept). Years and year ranges, dates (`12/05/2024`,
  `2024-05-12`), times, prices (`12.50`), dotted accession numbers (`1985.123.45`) and short numbers
  ("room 12", "2 kids") are left alone.

A value (the fact itself) is never rewritten: `redacts(value)` tells the store to refuse a fact whose
value is itself one of these.
"""

from __future__ import annotations

import re

_SECRET = re.compile(
    r"\b(?:sk-(?:or-v1-|proj-|ant-)?[A-Za-z0-9_-]{16,}"
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|xox[abprs]-[A-Za-z0-9-]{10,}"
    r"|AKIA[0-9A-Z]{16})"
    r"|\bBearer\s+[A-Za-z0-9._~+/=-]{12,}"
    r"|(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*[0-9])(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])"
)
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
_CARD = re.compile(r"(?<![\d.,/-])\d(?:[ -]?\d){12,18}(?![\d.,/]|-\d)")
_PHONE = re.compile(
    r"(?<![\w.,/:+-])"
    r"(?:\+\d{1,3}[ .-]?)?"  # country code
    r"(?:\(\d{1,5}\)[ .-]?)?"  # (area code), or the (0) of "+49 (0)30"
    r"\d{1,5}(?:[ .-]\d{1,8}){1,5}"  # groups
    r"(?![\w.,/:]\d|\d|[.,]?\w)"
    r"|(?<![\w.,/:+-])\+\d{7,15}\b"  # +441234567890
    r"|(?<![\w.,/:+-])\d{10,15}\b"  # 5551234567, 07946095812 (cards are taken first)
)
# Every pattern needs an "@", a digit or a key prefix (a generic token must mix in digits): text without
# any is returned after one cheap scan.
_FAST = re.compile(r"[@0-9]|sk-|gh[pousr]_|github_pat_|xox|Bearer")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = ord(ch) - 48
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _card(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group())
    return "[card]" if 13 <= len(digits) <= 19 and _luhn(digits) else match.group()


def _phone(match: re.Match[str]) -> str:
    text = match.group()
    digits = re.sub(r"\D", "", text)
    if not 7 <= len(digits) <= 15:
        return text
    groups = re.split(r"[ .-]", text.strip())
    prefixed = text.startswith(("+", "(", "0"))
    if "." in text and not prefixed and not re.fullmatch(r"\d{3}\.\d{3}\.\d{4}", text):
        return text  # "12.50", "1985.123.45" (an accession number), "10.30-17.30": not phone numbers
    if not prefixed and (len(digits) < 9 or len(groups) > 4):
        return text  # "1889-1890", "2024-05-12", "3 4 5 6 7 8 9": years, dates, lists
    return "[phone]"


def redact(text: str) -> str:
    """`text` with secrets, e-mail addresses, card and phone numbers replaced by `[secret]`, `[email]`,
    `[card]` and `[phone]`. Text with nothing that could match is returned as is, cheaply."""
    if not _FAST.search(text):
        return text
    text = _SECRET.sub("[secret]", text)
    text = _EMAIL.sub("[email]", text)
    text = _CARD.sub(_card, text)
    return _PHONE.sub(_phone, text)


def redacts(text: str) -> bool:
    """Whether `redact` would change `text`."""
    return redact(text) != text
