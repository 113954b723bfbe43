"""The import direction, enforced: tui → conversation → extraction, concierge, llm → memory.

Every `import` in the package is read from the source (module level, inside functions, and under
TYPE_CHECKING alike), relative imports resolved, and checked against the one allowed direction.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "museum_tui"

# What each part of the package may import from the project. `safetext` (text made inert), `language` (how
# words are read) and the package root (its version) are leaves anyone may use; `cli` is the composition root
# and may use everything.
LEAVES = {"safetext", "language"}
ALLOWED: dict[str, set[str]] = {
    "memory": {"memory"},
    "safetext": set(),
    "language": set(),
    "config": {"memory"},
    "llm": {"llm", "safetext", "__init__"},
    "extraction": {"extraction", "memory", "safetext"},
    "concierge": {"concierge", "memory", "safetext"},
    "storage": {"storage", "memory"},
    "conversation": {"conversation", "extraction", "concierge", "llm", "memory", "config", "safetext", "storage"},
    "tui": {"tui", "conversation", "safetext"},
}
UI_LIBRARIES = {"textual", "rich"}


def part_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py") if len(rel.parts) > 1 or rel.name != "__init__.py" else "__init__"


def imports(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the file at `path` (or in `text`, read as if it were
    that file)."""
    package = ".".join(("museum_tui", *path.relative_to(PACKAGE).with_suffix("").parts))
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8") if text is None else text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == "museum_tui":  # `from museum_tui import config`: the names are modules or the root
                found += [(node.lineno, f"museum_tui.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
    return found


def project_part(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "museum_tui":
        return None
    if len(parts) == 1 or parts[1] == "__version__":
        return "__init__"
    return parts[1]


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_follow_the_layers(path: Path) -> None:
    part = part_of(path)
    allowed = ALLOWED.get(part)
    problems = []
    for line, module in imports(path):
        top = module.split(".")[0]
        if top in UI_LIBRARIES and part not in ("tui", "cli"):
            problems.append(f"line {line}: {module} (UI libraries belong to museum_tui.tui)")
        target = project_part(module)
        if allowed is not None and target is not None and target != part and target not in allowed | LEAVES:
            problems.append(f"line {line}: {module} ({part} may import only {sorted(allowed)})")
    assert not problems, f"{path.relative_to(PACKAGE)}:\n" + "\n".join(problems)


def test_the_contract_covers_every_part_of_the_package() -> None:
    parts = {part_of(p) for p in SOURCES} - {"__init__", "__main__", "cli"}
    assert parts <= set(ALLOWED), f"no import rule for {sorted(parts - set(ALLOWED))}"


def test_the_checker_sees_a_forbidden_import() -> None:
    """The checker itself: relative imports are resolved, so one from memory up into conversation is seen."""
    probe = "from ..conversation import Session\nfrom . import facts\nimport textual\n"
    resolved = [module for _, module in imports(PACKAGE / "memory" / "store.py", probe)]
    assert resolved == ["museum_tui.conversation", "museum_tui.memory", "textual"]


def test_front_ends_never_reach_into_the_sessions_memory() -> None:
    """The TUI renders events and snapshots; it never reads `session.store` or the visitor's state."""
    offenders = []
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("store", "visitor", "memory_file", "history"):
                inner = node.value
                name = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
                if name == "session":
                    offenders.append(f"{path.name}:{node.lineno}: session.{node.attr}")
    assert not offenders, offenders
