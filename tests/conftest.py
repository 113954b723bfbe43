"""Shared fixtures. Every test runs with its own data and config folders, never the real home."""

from __future__ import annotations

from pathlib import Path

import pytest

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
