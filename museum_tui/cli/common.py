"""Options and helpers every subcommand shares."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from museum_tui import config
from museum_tui.memory import MemoryStore
from museum_tui.storage import VisitorMemory

PROVIDERS = ("builtin", "openrouter", "openai", "ollama", "custom")


class CliError(Exception):
    """A failure to report in one line, with the exit code to return."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def add_common(parser: argparse.ArgumentParser, *, engine: bool = False) -> None:
    """--user, --ontology, --config everywhere; the engine options where a model may be called."""
    group = parser.add_argument_group("common options")
    group.add_argument("--user", help=f"whose memory to use (default: {config.DEFAULT_USER})")
    group.add_argument(
        "--ontology",
        type=Path,
        metavar="PATH",
        help="ontology JSON file (default: the bundled museum ontology)",
    )
    group.add_argument("--config", type=Path, metavar="PATH", help="config file (default: the user config file)")
    group.add_argument(
        "--kiosk",
        action="store_true",
        default=None,
        help="a shared terminal: each visitor's memory opens only with their secret (also MUSEUM_TUI_KIOSK)",
    )
    group.add_argument(
        "--store",
        metavar="PATH|URL",
        help="where visitors' memories are kept: a folder of files, or postgresql://… (default: the data folder)",
    )
    if not engine:
        return
    group.add_argument(
        "--offline",
        action="store_true",
        default=None,
        help="use the built-in offline engine, whatever else is configured",
    )
    group.add_argument("--provider", choices=PROVIDERS, help="which engine answers (default: from config/env)")
    group.add_argument(
        "--base-url",
        dest="base_url",
        metavar="URL",
        help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1",
    )
    group.add_argument("--model", help="the chat model")
    group.add_argument("--extract-model", dest="extract_model", help="the (small) model that extracts facts")
    group.add_argument(
        "--api-key-env",
        dest="api_key_env",
        metavar="VAR",
        help="environment variable holding the key for --base-url (never pass a key itself)",
    )
    group.add_argument(
        "--timeout",
        type=float,
        metavar="S",
        help="seconds a whole reply may take, waiting and retries included (default 120; caps extraction too)",
    )


def settings_from(args: argparse.Namespace) -> config.Settings:
    keys = (
        "user",
        "ontology",
        "config",
        "store",
        "offline",
        "provider",
        "base_url",
        "model",
        "extract_model",
        "api_key_env",
        "kiosk",
        "timeout",
    )
    cli: dict[str, Any] = {k: getattr(args, k, None) for k in keys}
    try:
        return config.load_settings(cli)
    except config.ConfigError as exc:
        raise CliError(str(exc), exit_code=2) from None


def open_user(args: argparse.Namespace) -> tuple[MemoryStore, VisitorMemory, list[str]]:
    """The user's saved memory, loaded into a fresh store, and the notices to show about it."""
    from museum_tui.conversation import SessionError, open_memory

    settings = settings_from(args)
    if settings.kiosk:
        _kiosk_unlock(settings)
    try:
        store, memory_file, report = open_memory(settings)
    except SessionError as exc:
        raise CliError(str(exc), exit_code=2) from None
    return store, memory_file, report.notices


def _kiosk_unlock(settings: config.Settings) -> None:
    """Kiosk mode: a visitor's saved memory opens from the command line only with their secret, typed at a
    terminal (never piped, never an option); anyone else is refused. The secret is looked for where the
    configured store keeps it, as the app does."""
    import getpass
    import sys

    from museum_tui.conversation import storage_for
    from museum_tui.memory import UserNameError
    from museum_tui.storage import PersistenceError
    from museum_tui.storage.visitor_secret import SecretError

    try:
        secret_file = storage_for(settings).secret(settings.user)
        protected = secret_file.exists()
    except (UserNameError, SecretError, PersistenceError) as exc:
        raise CliError(str(exc), exit_code=2) from None
    refused = f"kiosk mode: the memory of {secret_file.user} opens only with its PIN or pass phrase"
    if not protected:
        raise CliError(f"{refused}, and it has none")
    if not sys.stdin.isatty():
        raise CliError(f"{refused}, typed at a terminal")
    try:
        ok = secret_file.check(getpass.getpass(f"PIN or pass phrase of {secret_file.user}: "))
    except (EOFError, KeyboardInterrupt):
        ok = False
    except SecretError as exc:
        raise CliError(f"{refused}: {exc}") from None
    if not ok:
        raise CliError(f"{refused}; that was not it")
