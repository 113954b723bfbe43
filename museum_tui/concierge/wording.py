"""How replies are worded: names with their articles and verbs, lists, visitor text made safe."""

from __future__ import annotations

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
    last = fold(name).split()[-1] if name.strip() else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and last != "wifi"
    return "are" if plural else "is"


def the(name: str) -> str:
    """A facility's name with its article, bold: 'The **Cloakroom**'; none before a name that has one."""
    if fold(name).startswith(("the ", "a ", "an ")):
        return f"**{cap(name)}**"
    rest = name.split()[1:]
    common = all(w.islower() for w in rest) and not any(ch.isupper() for ch in name[1:2])
    return f"The **{name[:1].lower() + name[1:] if common else name}**"


def listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""
