"""Memory as a document the visitor can take away: JSON for machines, Markdown for people.

Only the text: where it may be written, and writing it, is `museum_tui.storage.exports`."""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any

from .facts import SELF, is_hidden, whose
from .tiers import KEPT_TIERS, TIER, keeps
from .views import by_tier

if TYPE_CHECKING:
    from .store import Fact, MemoryStore


def fact_record(store: MemoryStore, fact: Fact) -> dict[str, Any]:
    """A fact as plain data, with its label and whether it outlives this visit."""
    return {
        "id": fact.id,
        "concept": fact.concept,
        "label": store.ontology.label(fact.concept),
        "value": fact.value,
        "about": fact.about,  # "self", or the party member it is about ("son")
        "tier": fact.persistence_class,
        "salience": round(fact.salience, 4),
        "evidence": fact.evidence,
        "mentions": fact.mentions,
        "first_turn": fact.created_turn,
        "last_turn": fact.last_seen_turn,
        "kept_after_visit": fact.persistence_class in KEPT_TIERS,
        "source": fact.source,
        "created_at": fact.created_at,
        "last_seen_at": fact.last_seen_at,
        "history": [{"turn": m.turn, "value": m.value, "evidence": m.evidence, "kind": m.kind} for m in fact.history],
    }


def _escape_invisible(ch: str) -> str:
    """A character JSON would leave raw but a terminal could act on (C1 controls, DEL, bidi and other
    format characters, lone surrogates, line separators), as a JSON \\u escape: the value is kept exactly,
    and printing the document cannot drive the terminal."""
    if ch == "\n" or not is_hidden(ch):
        return ch
    return f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else json.dumps(ch)[1:-1]


def export_json(store: MemoryStore, user: str = "", visits: list[dict[str, Any]] | None = None) -> str:
    """Memory as JSON; `visits` (start, end, turns, topics of each visit) when the caller has them."""
    groups = by_tier(store.facts.values())
    document: dict[str, Any] = {
        "user": user,
        "turn": store.turn,
        "ontology": store.ontology.name,
        "facts": [fact_record(store, f) for group in groups.values() for f in group],
    }
    if visits is not None:
        document["visits"] = visits
    text = json.dumps(document, ensure_ascii=False, indent=2)
    if text.isascii():
        return text
    return "".join(map(_escape_invisible, text))  # only inside strings: the document's structure is ASCII


def _md(text: str) -> str:
    """Escape what Markdown would interpret, so a value shows as written."""
    out = []
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\r\n\u200d":
            continue
        if ch in "\\`*_{}[]<>()#+-.!|~&":  # `&`: an entity (`&#x202E;`) would be decoded by a viewer
            out.append("\\" + ch)
        elif ch in "\r\n":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def export_markdown(store: MemoryStore, user: str = "") -> str:
    title = f"What museum-tui remembers about {user}" if user else "What museum-tui remembers"
    lines = [f"# {_md(title)}", "", f"After {store.turn} turn(s).", ""]
    groups = by_tier(store.facts.values())
    if not store.facts:
        lines.append("Nothing is remembered.")
    for cls, facts in groups.items():
        if not facts:
            continue
        lines += [f"## {TIER[cls].title} ({keeps(cls)})", ""]
        for f in facts:
            label = store.ontology.concepts[f.concept].short_label if f.concept in store.ontology else f.concept
            label = label if f.about == SELF else f"{label} ({whose(f)})"
            lines.append(
                f"- **{_md(label)}**: {_md(f.value)} (salience {f.salience:.2f}) — you said: “{_md(f.evidence)}”"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
