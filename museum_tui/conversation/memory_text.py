"""What memory holds, as Markdown for the visitor: /memory and its screen's tabs, /why, a fact that left.

Formatting only: every function reads plain data and returns text; nothing here changes memory.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from museum_tui.memory import TIER, Fact, MemoryStore, by_tier, keeps
from museum_tui.memory.facts import SELF
from museum_tui.safetext import md, md_code, plural

from .events import MemoryOverview, labelled

if TYPE_CHECKING:
    from .visitor import Departure

NOT_KEPT = " *(not kept for your next visit unless you agree: `/consent yes`)*"
PARTY_NOT_KEPT = " *(for this visit only: a companion's needs are never kept)*"
NOT_SAVED = (
    "Nothing is saved for an anonymous visitor: all of this is forgotten when you leave. "
    "Say `/user <name>` to keep your memory for your next visit."
)


def memory_markdown(store: MemoryStore, withheld: frozenset[str] = frozenset(), *, saved: bool = True) -> str:
    """What memory holds, tier by tier; facts in `withheld` (ids) are marked as not kept across visits.
    `saved` False: nothing is saved for this visitor (a kiosk's anonymous visitor), and it says so."""
    if not store.facts:
        return "I don't remember anything about you yet."
    count = len(store.facts)
    lines = [f"I remember {plural(count, 'thing')} about you, each with the words it came from."]
    for tier, facts in by_tier(store.facts.values()).items():
        if not facts:
            continue
        lines += ["", f"**{TIER[tier].title}** ({keeps(tier, saved)})"]
        for f in facts:
            label = labelled(store.ontology.concepts[f.concept].short_label, f)
            note = (PARTY_NOT_KEPT if f.about != SELF else NOT_KEPT) if f.id in withheld and saved else ""
            left = store.fades_in(f)
            fades = f" · fades in about {plural(left, 'turn')}" if left is not None else ""
            lines.append(f"- {md_code(f.id)} {md(label)}: **{md(f.value)}** — you said “{md(f.evidence)}”{fades}{note}")
    # a tier that is not kept, and what is withheld from saving (a companion's need, a need without consent)
    leaving = sum(1 for f in store.facts.values() if not TIER[f.persistence_class].kept or f.id in withheld)
    if not saved:
        lines += ["", NOT_SAVED]
    elif leaving:
        lines += ["", f"{leaving} of these will be forgotten when this visit ends."]
    lines += ["", "Say `/forget <id or words>` to remove something, `/why <id>` to see where it came from."]
    return "\n".join(lines)


def why_markdown(store: MemoryStore, fact: Fact) -> str:
    concept = store.ontology.concepts[fact.concept]
    lines = [
        f"**{md(labelled(concept.short_label, fact))}: {md(fact.value)}** "
        f"({md_code(fact.id)}, {TIER[fact.persistence_class].title})",
        f"- You said: “{md(fact.evidence, 300)}”",
    ]
    said = [m for m in fact.history if m.kind == "said"]
    # Turns are numbered as the panel's status line and the saved file number them.
    if fact.mentions > 1:
        turns = ", ".join(str(m.turn) for m in said)
        lines.append(f"- Mentioned {fact.mentions} times (turns {turns}).")
    else:
        lines.append(f"- Learned at turn {fact.created_turn}.")
    replaced = [m for m in fact.history if m.kind == "replaced"]
    for m in replaced:
        lines.append(f"- It replaced “{md(m.value)}” (you said “{md(m.evidence)}” at turn {m.turn}).")
    left = store.fades_in(fact)
    strength = f"- Strength {fact.salience:.2f}"
    if left is None:
        lines.append(strength + "; it does not fade: it stays until you ask me to forget it.")
    else:
        lines.append(strength + f"; it fades out in about {plural(left, 'turn')} unless you mention it again.")
    return "\n".join(lines)


def took_back(words: str) -> str:
    """How the visitor took a fact back, in their terms: asked to forget it, no longer, or not so."""
    folded = " ".join(words.lower().split())
    if re.search(r"\bforget\b", folded):
        return "you asked me to forget it"
    if re.search(r"\b(?:no longer|any ?more|no more)\b", folded):
        return "you said it no longer holds"
    return "you said it isn't so"


def departure_markdown(gone: Departure) -> str:
    """`/why` about a fact that left memory this visit: what it was and what happened to it."""
    fact, kind = gone.change.fact, gone.change.kind
    head = f"{md_code(fact.id)} ({md(fact.value)}) was forgotten"
    if kind == "negated":
        said = f": you said “{md(gone.words, 300)}”" if gone.words else f": {took_back('')}"
        text = f"{head} at turn {gone.turn}{said}."
    elif kind == "forgotten":
        text = f"{head} because you asked me to. `/undo` brings back what was forgotten last."
    elif kind == "evicted":
        text = f"{head} at turn {gone.turn}: {md(gone.change.note)}."
    else:  # pruned
        text = f"{md_code(fact.id)} ({md(fact.value)}) faded away by turn {gone.turn}: it was not mentioned again."
    return f"{text}\nIt came from your words “{md(fact.evidence, 300)}”."


TIMELINE_WORDS = {
    "created": "learned",
    "reinforced": "heard again",
    "recalled": "recalled",
    "negated": "you said no to",
    "evicted": "replaced",
    "pruned": "faded",
    "forgotten": "forgot",
    "restored": "remembered again",
}


def timeline_markdown(overview: MemoryOverview) -> str:
    """This visit's story of memory, newest first."""
    if not overview.timeline:
        return "Nothing has been learned or forgotten yet in this visit."
    lines = []
    for entry in reversed(overview.timeline):
        note = f" ({md(entry.note)})" if entry.note and entry.kind in ("evicted", "negated") else ""
        what = TIMELINE_WORDS.get(entry.kind, entry.kind)
        lines.append(f"- turn {entry.turn}: {what} {md(entry.label)}: **{md(entry.value)}**{note}")
    return "\n".join(lines)


def visits_markdown(overview: MemoryOverview) -> str:
    if not overview.visits:
        return "This is your first visit: nothing has been said yet."
    lines = [f"{plural(len(overview.visits), 'visit')}, most recent first:"]
    for visit in reversed(overview.visits):
        day = visit.started_at[:16].replace("T", " ")
        about = f" — {md(', '.join(visit.topics))}" if visit.topics else ""
        lines.append(f"- {md(day)} UTC, {plural(visit.turns, 'turn')}{about}")
    return "\n".join(lines)


def health_markdown(overview: MemoryOverview) -> str:
    lines = [f"**Memory health: {overview.score}/100**"]
    lines += [f"- {md(warning)}" for warning in overview.warnings] or ["- Nothing to worry about."]
    return "\n".join(lines)


def memory_sections(overview: MemoryOverview, facts: str) -> tuple[tuple[str, str], ...]:
    """The memory screen's tabs: (title, Markdown)."""
    return (
        ("Facts", facts),
        ("This visit", timeline_markdown(overview)),
        ("Visits", visits_markdown(overview)),
        ("Health", health_markdown(overview)),
    )
