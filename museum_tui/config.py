"""Where things live: data and config folders (platformdirs, overridable) and the bundled ontology."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "museum-tui"
DEFAULT_USER = "guest"
DEFAULT_ONTOLOGY = "museum.json"


def data_dir() -> Path:
    """`MUSEUM_TUI_DATA_DIR`, else the platform's user data folder (e.g. ~/.local/share/museum-tui)."""
    override = os.environ.get("MUSEUM_TUI_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """`MUSEUM_TUI_CONFIG_DIR`, else the platform's user config folder (e.g. ~/.config/museum-tui)."""
    override = os.environ.get("MUSEUM_TUI_CONFIG_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def users_dir() -> Path:
    return data_dir() / "users"


def bundled_ontologies_dir() -> Path:
    """The shipped ontologies: inside the installed package, or the source tree's `ontologies/`."""
    packaged = Path(__file__).resolve().parent / "ontologies"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "ontologies"


def default_ontology_path() -> Path:
    return bundled_ontologies_dir() / DEFAULT_ONTOLOGY
