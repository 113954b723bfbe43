"""How replies are worded: names with their articles and verbs, lists, visitor text made safe."""

from __future__ import annotations

import re

from museum_tui.safetext import md as markdown_escaped

from .lexicon import fold


def md(text: str) -> str:
    """Visitor-derived text made inert for Markdown (the project's one escaping, uncut)."""
    return markdown_escaped(text, None)


def cap(text: str) -> str:
    """A name that starts a sentence ('the east lift' → 'The east lift')."""
    return text[:1].upper() + text[1:]


def be(name: str) -> str:
    """'is' or 'are' after a name: 'Audio guides are', 'Lockers are', 'The shop is'."""
    said = fold(name).split()
    last = said[-1] if said else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and last != "wifi"
    plural = plural or last in IRREGULAR_PLURALS or "and" in said  # "Families and children"
    return "are" if plural else "is"


IRREGULAR_PLURALS = frozenset("children people men women feet teeth mice geese staff".split())  # noqa: SIM905


def the_named(name: str, mid: bool = False) -> str:
    """A proper name with its article, bold, as written: 'The **Orchard Café**', '**The Old Forge**';
    `mid`, inside a sentence: 'the **Orchard Café**' ('at the **The Old Forge**' was said)."""
    if fold(name).startswith(("the ", "a ", "an ")):
        return f"**{cap(name)}**"
    return f"{'the' if mid else 'The'} **{name}**"


def the(name: str) -> str:
    """A facility's name with its article, bold: 'The **cloakroom**', a common noun lower-cased; none before
    a name that has one (`the_named`)."""
    rest = name.split()[1:]
    common = all(w.islower() for w in rest) and not any(ch.isupper() for ch in name[1:2])
    has_article = fold(name).startswith(("the ", "a ", "an "))
    return the_named(name[:1].lower() + name[1:] if common and not has_article else name)


PREPOSITION = re.compile(
    r"^(?:in|on|at|by|next|beside|near|opposite|behind|left|right|inside|outside|between|under|above|up|down|"
    r"past|through|straight|to|along|across|off|just|round|around|from|within|every|all|throughout|upstairs|"
    r"downstairs|here|there|where)\b",
    re.IGNORECASE,
)


def placed(location: str) -> str:
    """A location that can follow 'is': 'ticket desk, Main Entrance' → 'at the ticket desk, Main Entrance'
    ('on the ground floor' stays as it is)."""
    if not location or PREPOSITION.match(location):
        return location
    if fold(location).startswith(("whole ", "entire ")):  # "whole aquarium": across the whole aquarium
        return f"across the {location}"
    if location[:1].isupper() or fold(location).startswith(("the ", "a ", "an ")):
        return f"at {location}"
    return f"at the {location}"


def listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def people(names: tuple[str, ...] | list[str]) -> str:
    """Names as a list that can sit inside brackets: 'Kenji Mori (garden designer)' → 'Kenji Mori, garden
    designer' (no brackets inside brackets)."""
    flat = [re.sub(r"\s*\(([^()]*)\)", r", \1", n).strip() for n in names]
    return listing(flat) if len(flat) > 1 and not any("," in n for n in flat) else "; ".join(flat)


def once(parts: list[str]) -> list[str]:
    """The reply's paragraphs with every sentence said only the first time (a note two answers share)."""
    seen: set[str] = set()
    out = []
    for part in parts:
        kept = []
        for line in part.split("\n"):
            sentences = re.split(r"(?<=[.!?])\s+", line)
            fresh = [x for x in sentences if len(x) < 12 or x not in seen]
            seen.update(sentences)
            if fresh:
                kept.append(" ".join(fresh))
        if kept and any(k.strip() for k in kept):
            out.append("\n".join(kept))
    return out
