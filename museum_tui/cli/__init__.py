"""`museum-tui` and its subcommands. Each subcommand module adds its own parser and handler."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from museum_tui import __version__

from . import chat_cmd, config_cmd, extract_cmd, memory_cmd, ontology_cmd
from .common import CliError, add_common, settings_from


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="museum-tui",
        description="A museum concierge in your terminal, with a memory that forgets on purpose. "
        "Without a command, opens the full-screen app.",
    )
    parser.add_argument("--version", action="version", version=f"museum-tui {__version__}")
    add_common(parser, engine=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chat_cmd.register(sub)
    extract_cmd.register(sub)
    memory_cmd.register(sub)
    ontology_cmd.register(sub)
    config_cmd.register(sub)
    return parser


def run_tui(args: argparse.Namespace) -> int:
    from museum_tui.conversation import SessionError, open_session

    try:
        session = open_session(settings_from(args))
    except SessionError as exc:
        raise CliError(str(exc)) from None
    from museum_tui.tui.app import MuseumApp

    app = MuseumApp(session, venue_name=session.concierge.venue_name)
    app.run()
    return app.return_code or 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None) or run_tui
    try:
        return int(handler(args) or 0)
    except CliError as exc:
        print(f"museum-tui: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("museum-tui: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
