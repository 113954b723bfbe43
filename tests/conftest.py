"""Shared fixtures. Every test runs with its own data and config folders, never the real home."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

# A shell that sets PYTHONDONTWRITEBYTECODE (this project's machines do) made every `museum-tui` a test starts
# compile the package from source (~0.1 s of CPU each, hundreds of runs) and every xdist worker re-write and
# compile the test modules and plugins (~2 s each). The suite keeps compiled files in one folder of the temp
# directory instead: still nothing beside the source, and this process, its workers and its children reuse them.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / f"museum-tui-pyc-{os.getuid()}"))
    sys.pycache_prefix, sys.dont_write_bytecode = os.environ["PYTHONPYCACHEPREFIX"], False

from museum_tui import config
from museum_tui.memory import Ontology, load_ontology

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the app's data and config folders at fresh temp folders for every test."""
    root = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MUSEUM_TUI_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("MUSEUM_TUI_CONFIG_DIR", str(root / "config"))
    for var in ("OPENROUTER_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OLLAMA_HOST", "PRUNE_THRESHOLD"):
        monkeypatch.delenv(var, raising=False)
    return root


@pytest.fixture(scope="session")
def museum_ontology() -> Ontology:
    return load_ontology(config.default_ontology_path())


@pytest.fixture
def users_dir() -> Path:
    return config.users_dir()


# Tests that take seconds each (the app driven by Pilot, real processes, real PostgreSQL) are collected first,
# each module kept whole, so that on several xdist workers the run ends on the quick unit tests rather than on
# one worker finishing a long test alone; worksteal balances the rest (timings: docs/development.md).
SLOW_FIRST = (
    "tests/tui/",
    "tests/hardening/",
    "tests/conversation/test_local_models.py",
    "tests/test_cli",
    "tests/test_packaging.py",
    "tests/storage/",
    "tests/concierge/test_questions.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW_FIRST))  # stable: the order within stays


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core, at most 8. Many tests wait on something real (a subprocess, the fake
    server's delays, PostgreSQL), so one worker per core leaves cores idle: on this project's 2-core
    machine 4 workers ran the suite in 89 s where 2 took 121 s (3: 91 s, 6: 96 s)."""
    return max(2, min(8, 2 * (os.cpu_count() or 1)))
