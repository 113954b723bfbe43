"""The import direction, enforced: tui → conversation → extraction, concierge, llm, storage → memory.

Every `import` in the package is read from the source (module level, inside functions, and under
TYPE_CHECKING alike), relative imports resolved, and checked against the one allowed direction.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "museum_tui"

# What each part of the package may import from the project. `safetext` (text made inert), `language` (how
# words are read), `lazy_names` (names loaded on first use), `clock` (the one clock) and the package root (its
# version) are leaves anyone may use;
# `cli` is the composition root and may use everything. `memory` is the pure core: it is given the time,
# never asks.
LEAVES = {"safetext", "language", "lazy_names"}
ALLOWED: dict[str, set[str]] = {
    "memory": {"memory"},
    "safetext": set(),
    "language": set(),
    "lazy_names": set(),
    "clock": set(),
    "settings": {"memory"},
    "config": {"memory", "settings"},
    "llm": {"llm", "safetext", "__init__"},
    "extraction": {"extraction", "memory", "safetext"},
    "concierge": {"concierge", "memory", "safetext", "clock"},
    "storage": {"storage", "memory", "clock"},
    "conversation": {
        "conversation",
        "extraction",
        "concierge",
        "llm",
        "memory",
        "config",
        "safetext",
        "storage",
        "clock",
    },
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


MEMORY_STDLIB_IO = {"os", "io", "shutil", "tempfile", "glob", "fcntl", "sqlite3", "socket", "subprocess",
                    "pathlib", "rtoml", "tomli_w", "tomllib", "psycopg", "httpx", "platformdirs", "time"}  # fmt: skip


# The one exception: `load_ontology` reads the ontology file it is given (a schema, not visitor memory).
PURITY_EXCEPTIONS = {"ontology.py": {"line 14: pathlib", "opens files (.read_text()"}}


@pytest.mark.parametrize("path", sorted((PACKAGE / "memory").rglob("*.py")), ids=lambda p: p.name)
def test_the_memory_core_is_pure(path: Path) -> None:
    """`memory` imports nothing of `storage` (nor of any other part but the pure `language` and `lazy_names`
    leaves), no file, process, network or clock module, and reads no environment: where memory lives and what
    time it is are given to it."""
    text = path.read_text(encoding="utf-8")
    problems = [f"line {line}: {module}" for line, module in imports(path)
                if module.split(".")[0] in MEMORY_STDLIB_IO or project_part(module) not in (None, "memory", "language", "lazy_names")]  # fmt: skip
    problems += [f"reads the environment ({word})" for word in ("os.environ", "getenv") if word in text]
    problems += [f"opens files ({word})" for word in ("open(", ".read_text(", ".write_", "datetime.now(")
                 if word in text and path.name != "timestamps.py"]  # fmt: skip
    problems = [p for p in problems if p not in PURITY_EXCEPTIONS.get(path.name, set())]
    assert not problems, f"memory/{path.name}:\n" + "\n".join(problems)


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


def _module_graph() -> dict[str, set[str]]:
    """Every module of the package → the package's modules it imports (anywhere: top level, inside
    functions, under TYPE_CHECKING), a package counted as its `__init__`."""
    modules = {}
    for path in SOURCES:
        parts = ("museum_tui", *path.relative_to(PACKAGE).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for _, module in imports(path):
            while module and module not in modules:
                module = module.rpartition(".")[0]  # `from .x import name`: the module x
            if module and module != name:
                deps.add(module)
        graph[name] = deps
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or round a loop (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for dep in sorted(graph[node]):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# Left to the llm package's owners (a deferred import in providers.py closes it); nothing may join it.
KNOWN_CYCLES = [
    ["museum_tui.llm.client", "museum_tui.llm.context", "museum_tui.llm.http_errors", "museum_tui.llm.providers"]
]


def test_no_module_imports_one_that_imports_it_back() -> None:
    """A deferred or TYPE_CHECKING import is still an import: two modules that need each other are one
    concept split in two (commands↔session, summary↔visitor, store↔views were)."""
    assert [c for c in _cycles(_module_graph()) if c not in KNOWN_CYCLES] == []
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]], "the finder finds one"


# The one clock's fixed time (`MUSEUM_TUI_NOW`, tests and demos) is read where the time is asked for.
READS_ENVIRONMENT = {"config.py", "clock.py"}


def test_only_the_settings_read_the_environment() -> None:
    """Everything else is handed the settings (or `config.environment()`, for a provider's API key)."""
    readers = sorted(
        str(path.relative_to(PACKAGE))
        for path in SOURCES
        if any(word in path.read_text(encoding="utf-8") for word in ("os.environ", "getenv("))
    )
    assert readers == sorted(READS_ENVIRONMENT)


def test_one_module_name_per_concept() -> None:
    """Two modules of one name in different packages (answers.py, clock.py, events.py, …) are one concept
    with two homes, or two concepts with one name: either way a reader takes one for the other."""
    seen: dict[str, list[str]] = {}
    for path in SOURCES:
        if path.name not in ("__init__.py", "__main__.py"):
            seen.setdefault(path.name, []).append(str(path.relative_to(PACKAGE)))
    assert {name: where for name, where in seen.items() if len(where) > 1} == {}
