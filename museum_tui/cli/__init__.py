"""`museum-tui` and its subcommands. Each subcommand module adds its own parser and handler."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from museum_tui import __version__

from . import memory_cmd, ontology_cmd
from .common import CliError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="museum-tui",
        description="A museum concierge in your terminal, with a memory that forgets on purpose.",
    )
    parser.add_argument("--version", action="version", version=f"museum-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    memory_cmd.register(sub)
    ontology_cmd.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        return int(args.handler(args) or 0)
    except CliError as exc:
        print(f"museum-tui: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("museum-tui: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
