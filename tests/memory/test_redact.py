"""PII redaction of evidence: what is replaced, and the ordinary numbers of a museum visit that are not."""

from __future__ import annotations

import pytest

from museum_tui.memory.redact import redact, redacts

REDACTED = [
    ("my email is ana.lopez@example.org, I'm allergic to nuts", "my email is [email], I'm allergic to nuts"),
    ("write to a+museum@mail.co.uk please", "write to [email] please"),
    ("call me on +44 20 7946 0958", "call me on [phone]"),
    ("my number is 020 7946 0958.", "my number is [phone]."),
    ("ring (555) 123-4567 if lost", "ring [phone] if lost"),
    ("it's 555-123-4567", "it's [phone]"),
    ("06 12 34 56 78 is my mobile", "[phone] is my mobile"),
    ("text +33612345678", "text [phone]"),
    ("or 07946095812", "or [phone]"),
    ("my card is 4111 1111 1111 1111", "my card is [card]"),
    ("card 5500-0000-0000-0004 expired", "card [card] expired"),
    ("use 378282246310005", "use [card]"),
    ("4111111111111111", "[card]"),
    ("mobile 07700 900123", "mobile [phone]"),
    ("in France +33 6 12 34 56 78", "in France [phone]"),
    ("Berlin +49 (0)30 1234567", "Berlin [phone]"),
    ("bare 5551234567 works", "bare [phone] works"),
    ("US style 555.123.4567", "US style [phone]"),
    ("my US number +1 555 123 4567", "my US number [phone]"),
    ("my key is sk-or-v1-0123456789abcdef0123456789abcdef", "my key is [secret]"),
    ("sk-proj-AbCdEf0123456789xyz is the token", "[secret] is the token"),
    ("ghp_0123456789abcdefghijABCDEFGHIJ0123", "[secret]"),
    ("xoxb-1234567890-abcdefghij", "[secret]"),
    ("AKIAIOSFODNN7EXAMPLE leaked", "[secret] leaked"),
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc", "Authorization: [secret]"),
    ("token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b", "token [secret]"),
]

KEPT = [
    "I'm allergic to peanuts",
    "we came in 1889? no, 2024",
    "tickets cost 12.50 each, or 10.30-17.30 today",
    "room 12, 2 kids and 3 adults",
    "I visited on 12/05/2024 at 14:30",
    "Gallery 4, second floor, about 25 min",
    "the 1950s and 1960s",
    "a card number 4111 1111 1111 1112 that fails the Luhn check",
    "a state-of-the-art-installation-in-the-turbine-hall",
    "I have 1 hour",
    "catalogue no. 1985.123.45 is my favourite",
    "call 555 1234 (a 7-digit local number is kept)",
    "the collection from 1889-1890 and 1945-1970",
    "on 2024-05-12, open 10-17",
    "cards like 4111111111111112 that fail Luhn",
    "seats 1 2 3 4 5 6 7 please",
    "Monet, Van Gogh and Rothko",
    "",
]


@pytest.mark.parametrize(("text", "expected"), REDACTED)
def test_personal_data_and_secrets_are_replaced(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redacts(text)


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_visit_numbers_are_kept(text: str) -> None:
    assert redact(text) == text
    assert not redacts(text)


def test_redaction_is_stable() -> None:
    for text, _ in REDACTED:
        once = redact(text)
        assert redact(once) == once
