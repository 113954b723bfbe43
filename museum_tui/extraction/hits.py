"""One clause's candidate facts (hits) before validation, and how overlapping ones are resolved."""

from __future__ import annotations

from dataclasses import dataclass, replace

from museum_tui.language.clauses import fold
from museum_tui.language.party import SELF

from .validate import NOT_VALUES

Span = tuple[int, int, str]


@dataclass
class Hit:
    concept: str
    value: str
    polarity: str
    evidence: str
    sentence: str = ""
    span: tuple[int, int] | None = None  # where in its clause's folded text, when read from one
    about: str = SELF  # the visitor, or the party member the words are about ("son")


def outer(hits: list[Hit]) -> list[Hit]:
    """One clause's hits without a word read inside a longer word of another concept ("street" of a
    style inside "street art", a medium)."""

    def inside(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return b[0] <= a[0] and a[1] <= b[1] and a != b

    return [
        h
        for h in hits
        if h.span is None
        or h.about != SELF  # "my deaf son": the companion, and inside it the son's need
        or not any(o.concept != h.concept and o.span and inside(h.span, o.span) for o in hits)
    ]


def tidy_hits(hits: list[Hit], single: bool) -> list[Hit]:
    """One clause's hits for one concept: each value once, without a value that a longer one spells out
    ("bright light" when "bright light (migraines)" is there too), and, for a one-value concept, only the
    first asserted value."""
    unique: dict[tuple[str, str, str], Hit] = {}
    for hit in hits:
        unique.setdefault((fold(hit.value), hit.polarity, hit.about), hit)
    kept = []
    for (key, polarity, about), hit in unique.items():
        if any(p == polarity and a == about and k != key and key in k for k, p, a in unique):
            continue
        if single and polarity == "asserted" and any(k.polarity == "asserted" and k.about == about for k in kept):
            continue
        kept.append(hit)
    return kept


def inside_any(span: tuple[int, int], found: list[Span]) -> bool:
    return any(not (span[1] <= s or span[0] >= e) for s, e, _ in found)


def said_once(hits: list[Hit]) -> list[Hit]:
    """ "gluten free please, I'm coeliac": one value that another spells out further is said once."""
    return [
        h
        for h in hits
        if not any(
            (o.concept, o.polarity, o.about) == (h.concept, h.polarity, h.about) and o.value.startswith(h.value + " (")
            for o in hits
        )
    ]


def as_offered(hits: list[Hit], message: str) -> list[Hit]:
    """The hits as validation is offered them: no answer word as a value ("…allergic to nuts, not me" is
    whose, not what), and a clause of one word evidenced by the whole message ("Restroom? Need one bad":
    validation refuses one-word evidence unless it is all the visitor said)."""
    kept = [h for h in hits if fold(h.value) not in NOT_VALUES]
    return [replace(h, evidence=message.strip()) if " " not in h.evidence.strip() else h for h in kept]
