"""The records memory is made of: facts, the mentions behind them, and the changes a turn makes."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from museum_tui.language.party import member_phrase

ChangeKind = Literal[
    "created", "reinforced", "negated", "evicted", "decayed", "pruned", "forgotten", "restored", "recalled"
]
LEFT_KINDS = frozenset({"negated", "evicted", "pruned", "forgotten"})


@dataclass
class Mention:
    """One time the visitor said something about a fact, or a value the fact replaced."""

    turn: int
    value: str
    evidence: str
    kind: Literal["said", "replaced"] = "said"


@dataclass
class Fact:
    """One remembered fact. The first value said is kept; `evidence` is the latest supporting words."""

    id: str
    concept: str
    value: str
    polarity: str
    evidence: str
    persistence_class: str
    salience: float
    created_turn: int
    last_seen_turn: int
    mentions: int = 1
    source: str = ""
    created_at: str = ""
    last_seen_at: str = ""
    history: list[Mention] = field(default_factory=list)
    about: str = "self"  # whose fact: the visitor ("self") or a member of their party ("son", "mum")
    seq: int = field(default=0, repr=False, compare=False)  # store-wide order of the last mention

    def __post_init__(self) -> None:
        # `Fact(**asdict(f))` (the seed's persistence recipe) hands history back as plain dicts.
        self.history = [m if isinstance(m, Mention) else Mention(**m) for m in self.history]


class Change(NamedTuple):
    """What one operation did to one fact. `fact` is the live fact, or the removed one for departures.

    A named tuple rather than a dataclass: `tick` makes one per fact per turn, so creation cost matters.
    """

    kind: ChangeKind
    fact: Fact
    before: float
    after: float
    note: str = ""

    @property
    def left(self) -> bool:
        """True when the fact is no longer in the store."""
        return self.kind in LEFT_KINDS


# Joiners are part of emoji and of Persian/Indic spelling; other invisible characters never belong in a fact.
_JOINERS = frozenset("\u200c\u200d")
_HIDDEN_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_BREAKS = frozenset("\t\n\r\u2028\u2029")


def is_hidden(ch: str) -> bool:
    """A character that could act on a terminal or hide in text: a control (escapes, line breaks and tabs
    included), a format character other than the joiners (bidi overrides, zero-width space, BOM, tags), a
    lone surrogate, a line or paragraph separator. The one definition memory uses for facts, ontology
    labels and exports."""
    return ch not in _JOINERS and not ch.isprintable() and unicodedata.category(ch) in _HIDDEN_CATEGORIES


def has_hidden(text: str) -> bool:
    """Controls, escapes, bidi overrides, zero-width or line-separator characters: what could act on a
    terminal or hide in a prompt. Checked on every value a memory file holds, so the usual case is in C."""
    return not text.isprintable() and any(is_hidden(ch) for ch in text)


def visible(text: str) -> str:
    """`text` on one line without hidden characters (line breaks and tabs become spaces), as a fact holds it."""
    if text.isprintable():
        return text
    return "".join(" " if ch in _BREAKS else "" if is_hidden(ch) else ch for ch in text)


SELF = "self"


def whose(fact: Fact) -> str:
    """ "your son's" for a party member's fact ("your grandparents'" for a plural one), "" for the visitor's
    own: how views say whose a fact is."""
    if fact.about == SELF:
        return ""
    named = member_phrase(fact.about)
    return f"{named}'" if named.endswith("s") and not named.endswith("ss") else f"{named}'s"


def normalize(text: str) -> str:
    """The key two values are compared by: lower-cased, stripped, inner whitespace collapsed."""
    return " ".join(text.lower().split())


def id_number(fact_id: str) -> int | None:
    """The number in a fact id (`f12` → 12), or None for ids this store did not make."""
    digits = fact_id[1:] if fact_id[:1] == "f" else fact_id
    # ASCII digits only ("²" is a digit int() refuses), and at most 18 of them: the next id must stay a 64-bit
    # integer, or the file saved with it is one TOML cannot read back (a saved file may hold anything)
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 18 else None


def value_mentions(stored: str, query: str) -> bool:
    """True when `query` equals `stored` or appears in it as whole words, ignoring case and spacing."""
    stored_n, query_n = normalize(stored), normalize(query)
    if not query_n:
        return False
    if stored_n == query_n:
        return True
    return f" {query_n} " in f" {stored_n} "
