"""`museum-tui` and its subcommands. Each subcommand module adds its own parser and handler.

The subcommand modules are imported inside `main`, after the start-up collector policy is in place: the
full-screen app starts with Python's cyclic garbage collector paused (see `run_tui`).
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

from museum_tui import __version__


def build_parser() -> argparse.ArgumentParser:
    from . import chat_cmd, config_cmd, extract_cmd, memory_cmd, ontology_cmd, store_cmd
    from .common import add_common

    parser = argparse.ArgumentParser(
        prog="museum-tui",
        description="A museum concierge in your terminal, with a memory that forgets on purpose. "
        "Without a command, opens the full-screen app.",
    )
    parser.add_argument("--version", action="version", version=f"museum-tui {__version__}")
    add_common(parser, engine=True, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chat_cmd.register(sub)
    extract_cmd.register(sub)
    memory_cmd.register(sub)
    ontology_cmd.register(sub)
    config_cmd.register(sub)
    store_cmd.register(sub)
    return parser


def run_tui(args: argparse.Namespace) -> int:
    """Open the full-screen app. The collector stays paused until the first screen is drawn: everything
    allocated before then (modules, ontology, venue, the visitor's memory, the widget tree) lives as long as
    the app, so the full collections Python would run over it on the way only delay the first screen (a
    third of the gap to a bare Textual app). Once drawn, those objects are frozen out of later collections
    and the collector resumes; replies and memory updates run with it as usual."""
    from museum_tui.conversation import SessionError, open_session

    from .common import CliError, settings_from

    try:
        session = open_session(settings_from(args))
    except SessionError as exc:
        raise CliError(str(exc)) from None
    from museum_tui.tui.app import MuseumApp

    app = MuseumApp(session, venue_name=session.venue_name, on_first_frame=resume_collector)
    app.run()
    return app.return_code or 0


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

        parser = build_parser()
        args = parser.parse_args(argv)
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
