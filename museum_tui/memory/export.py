"""Memory as a document the visitor can take away: JSON for machines, Markdown for people."""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .facts import SELF, is_hidden, whose
from .private_files import prepare_private_dir, write_atomic
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
        if ch in "\\`*_{}[]<>()#+-.!|~":
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


# ---- where an export may be written ----------------------------------------------------------------------


class ExportRefused(Exception):
    """An export that must not be written there; the message says why and where exports may go."""


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def export_target(
    path: Path, *, exports_dir: Path, guarded: Iterable[Path], app_dirs: Iterable[Path], protected: Iterable[Path]
) -> Path:
    """Where writing an export to `path` really lands (its folder with links resolved, its name kept: the
    atomic write replaces a link there, never its target), or `ExportRefused`.

    Never onto a file in a `guarded` folder (the visitors' memory files) or a `protected` file (the config
    file); inside the `app_dirs` (data and config folders) only within `exports_dir`."""
    where = f"choose a file outside the app's folders, or leave the path out to write into {exports_dir}"
    path = Path(os.path.abspath(path.expanduser()))
    if path.name in ("", ".", ".."):
        raise ExportRefused(f"{path} is not a file name; {where}")
    real = path.parent.resolve() / path.name
    for file in protected:
        if real == Path(os.path.abspath(file)).parent.resolve() / Path(file).name:
            raise ExportRefused(f"{real} is the app's configuration file; {where}")
    for folder in guarded:
        if _inside(real, folder.resolve()):
            raise ExportRefused(f"{real} is in the visitors' memory folder; {where}")
    if not _inside(real, exports_dir.resolve()) or real == exports_dir.resolve():
        for folder in app_dirs:
            if _inside(real, folder.resolve()):
                raise ExportRefused(f"{real} is inside the app's own folder {folder}; {where}")
    try:
        mode = os.lstat(real).st_mode
    except FileNotFoundError:
        return real
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise ExportRefused(f"{real} is not a regular file; {where}")
    return real


def write_export(path: Path, text: str, *, exports_dir: Path, overwrite: bool) -> bool:
    """Write `text` to `path` (from `export_target`) atomically and privately (0600); False, writing nothing,
    if a file is there and `overwrite` is not given. The exports folder is made 0700; OSError passes up."""
    if os.path.lexists(path) and not overwrite:
        return False
    if _inside(path, exports_dir.resolve()):
        prepare_private_dir(exports_dir)
    else:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(path, (text if text.endswith("\n") else text + "\n").encode("utf-8"), f".{path.name}.")
    return True
