"""Options and helpers every subcommand shares."""

from __future__ import annotations

import argparse
from pathlib import Path

from museum_tui import config
from museum_tui.memory import (
    MemoryStore,
    Ontology,
    OntologyError,
    UserMemoryFile,
    UserNameError,
    load_ontology,
)


class CliError(Exception):
    """A failure to report in one line, with the exit code to return."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--user", help=f"whose memory to use (default: {config.DEFAULT_USER})")
    parser.add_argument(
        "--ontology",
        type=Path,
        metavar="PATH",
        help="ontology JSON file (default: the bundled museum ontology)",
    )


def ontology_from(args: argparse.Namespace) -> Ontology:
    path = getattr(args, "ontology", None) or config.default_ontology_path()
    try:
        return load_ontology(path)
    except OntologyError as exc:
        raise CliError(str(exc)) from None


def open_user(args: argparse.Namespace) -> tuple[MemoryStore, UserMemoryFile, list[str]]:
    """The user's saved memory, loaded into a fresh store, and the notices to show about it."""
    ontology = ontology_from(args)
    try:
        memory_file = UserMemoryFile(config.users_dir(), getattr(args, "user", None) or config.DEFAULT_USER)
    except UserNameError as exc:
        raise CliError(str(exc), exit_code=2) from None
    store = MemoryStore(ontology)
    report = memory_file.load(store)
    return store, memory_file, report.notices
