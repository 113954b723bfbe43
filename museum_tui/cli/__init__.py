"""`museum-tui` and its subcommands. Each subcommand module adds its own parser and handler.

The subcommand modules are imported inside `main`, after the start-up collector policy is in place: the
full-screen app starts with Python's cyclic garbage collector paused (see `run_tui`). Without a command
(the full-screen app) they are not imported at all: `parse` reads the options with the top-level parser
alone, and builds the whole parser only when the line names a command, asks for help, or is not understood.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from museum_tui import __version__

if TYPE_CHECKING:
    from museum_tui.config import Settings
    from museum_tui.conversation import Session


def top_parser(**kwargs: Any) -> argparse.ArgumentParser:
    """The options `museum-tui` takes before any command (the settings' flags and --config)."""
    from .common import add_common

    parser = argparse.ArgumentParser(
        prog="museum-tui",
        description="A museum concierge in your terminal, with a memory that forgets on purpose. "
        "Without a command, opens the full-screen app.",
        **kwargs,
    )
    add_common(parser, engine=True, top=True)
    return parser


def build_parser() -> argparse.ArgumentParser:
    from . import chat_cmd, config_cmd, extract_cmd, memory_cmd, ontology_cmd, store_cmd

    parser = top_parser()
    parser.add_argument("--version", action="version", version=f"museum-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chat_cmd.register(sub)
    extract_cmd.register(sub)
    memory_cmd.register(sub)
    ontology_cmd.register(sub)
    config_cmd.register(sub)
    store_cmd.register(sub)
    return parser


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line, as `build_parser` reads it. The full-screen app's line (options only, the common
    case) is read by the top-level parser alone, without importing every command's module; anything else
    it does not take as a whole (a command, --help, --version, an abbreviation, a bad value) is read again
    by the whole parser, which also reports the errors, so its usage and messages are the ones shown."""
    args = sys.argv[1:] if argv is None else list(argv)
    quick = top_parser(add_help=False, allow_abbrev=False, exit_on_error=False)
    try:
        known, rest = quick.parse_known_args(args)
    except argparse.ArgumentError:
        rest = ["the whole parser says what is wrong"]
    if not rest:
        known.command = None
        return known
    return build_parser().parse_args(args)


def run_tui(args: argparse.Namespace) -> int:
    """Open the full-screen app. Its first screen is drawn from the settings alone (`FirstScreen`); the
    session (ontology, venue, engine, store, the visitor's memory) opens in threads after it. What would
    stop the session from opening is reported here, as before the app: a name, an engine, or an ontology
    or venue file that cannot be read, at once; a file read but found wrong as soon as the session finds it
    (the app then ends).

    The collector stays paused until the first screen is drawn: everything allocated before then lives as
    long as the app, so the full collections Python would run over it on the way only delay the first
    screen. Once drawn, those objects are frozen out of later collections and the collector resumes;
    replies and memory updates run with it as usual."""
    from museum_tui.conversation import FirstScreen, SessionError

    from .common import CliError, settings_from

    settings = settings_from(args)
    try:
        first = FirstScreen.read(settings)
        # Ontology or venue files that cannot even be read: open now, so what is wrong is said before any screen.
        session = None if first.venue_name else open_now(settings)
    except SessionError as exc:
        raise CliError(str(exc)) from None
    from museum_tui.tui.app import MuseumApp

    if session is not None:
        app = MuseumApp(session, venue_name=session.venue_name, on_first_frame=resume_collector)
    else:
        app = MuseumApp(first=first, on_first_frame=resume_collector)
    app.run()
    if isinstance(app.startup_error, SessionError):
        raise CliError(str(app.startup_error))
    if app.startup_error is not None:
        raise app.startup_error
    return app.return_code or 0


def open_now(settings: Settings) -> Session:
    """The session opened before the app starts, when `FirstScreen` could not read the ontology or venue
    file: its reason is then said before any screen. The visitor's memory still loads after the first
    frame. Raises `SessionError`."""
    from museum_tui.conversation import open_session

    return open_session(settings, defer=True)


def resume_collector() -> None:
    """End the start-up pause: what exists now is long-lived, so later collections need not scan it."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    collector_was_on = gc.isenabled()
    gc.disable()  # only start-up runs with it paused; every path below turns it back on
    try:
        from .common import CliError, check_placement

        args = parse(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            handler = run_tui
        elif collector_was_on:
            gc.enable()  # chat --plain, extract --jsonl and the rest can run long: collect as usual
        try:
            check_placement(args)
            return int(handler(args) or 0)
        except CliError as exc:
            print(f"museum-tui: {exc}", file=sys.stderr)
            return exc.exit_code
        except KeyboardInterrupt:
            print("museum-tui: interrupted", file=sys.stderr)
            return 130
        except BrokenPipeError:
            return 0
    finally:
        if collector_was_on:
            gc.enable()
