"""Options and helpers every subcommand shares."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from museum_tui import config

if TYPE_CHECKING:  # the full-screen app's command line is read before the memory core is imported
    from museum_tui.memory import MemoryStore
    from museum_tui.storage import VisitorMemory


class CliError(Exception):
    """A failure to report in one line, with the exit code to return."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _flag_help(option: config.Option) -> str:
    default = f"default: {option.default:g}" if isinstance(option.default, float) else ""
    if isinstance(option.default, str) and option.default:
        default = f"default: {option.default}"
    also = f"also {option.env}" if option.env else ""
    extra = "; ".join(part for part in (default, also) if part)
    return f"{option.help} ({extra})" if extra else option.help


def add_flag(group: argparse._ArgumentGroup, option: config.Option, default: object = None) -> None:
    """The command-line flag of a setting, as the settings table declares it."""
    if option.kind is bool:
        group.add_argument(option.flag, dest=option.name, action="store_true", default=default, help=_flag_help(option))
        return
    extra: dict[str, Any] = {"type": option.kind} if option.kind in (int, float, Path) else {}
    if option.choices:
        extra["choices"] = option.choices
    elif option.metavar:
        extra["metavar"] = option.metavar
    group.add_argument(option.flag, dest=option.name, default=default, help=_flag_help(option), **extra)


def add_common(parser: argparse.ArgumentParser, *, engine: bool = False, top: bool = False) -> None:
    """The settings' flags (from the settings table) everywhere, with --config; the engine's where a model
    may be called.

    The same options are accepted before the subcommand (`top`, the main parser) and after it. A subcommand
    leaves an option it was not given unset (`SUPPRESS`), so one given before it is kept, not replaced by
    the subcommand's default: `museum-tui --kiosk chat` is a kiosk. `check_placement` refuses an option
    given before a subcommand that does not take it, rather than drop it."""
    default = None if top else argparse.SUPPRESS
    taken = [o for o in config.OPTIONS if o.flag and (engine or not o.engine)]
    if not top:
        parser.set_defaults(common_options=("config", *(o.name for o in taken)))
    group = parser.add_argument_group("common options")
    for option in (o for o in taken if not o.engine):
        add_flag(group, option, default)
    group.add_argument(
        "--config", type=Path, metavar="PATH", default=default, help="config file (default: the user config file)"
    )
    for option in (o for o in taken if o.engine):
        add_flag(group, option, default)


def check_placement(args: argparse.Namespace) -> None:
    """Refuse (a usage error, exit 2) an option given before a subcommand that does not take it."""
    if getattr(args, "handler", None) is None:
        return  # the full-screen app takes them all
    taken = getattr(args, "common_options", ())
    for option in [*(o for o in config.OPTIONS if o.flag), None]:
        name, flag = (option.name, option.flag) if option is not None else ("config", "--config")
        if name not in taken and getattr(args, name, None) is not None:
            command = " ".join(filter(None, (getattr(args, "command", None), getattr(args, "action", None))))
            raise CliError(f"{flag} does not apply to `{command}`; nothing was run", exit_code=2)


def settings_from(args: argparse.Namespace) -> config.Settings:
    names = ["config", *(o.name for o in config.OPTIONS if o.flag)]
    cli: dict[str, Any] = {name: getattr(args, name, None) for name in names}
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
