"""`museum-tui extract`: what the extractor finds in a message, as validated JSON (for ontology authors)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import asdict

from museum_tui.config import Settings
from museum_tui.conversation.engine import EngineError, build_fact_source, resolve_engine
from museum_tui.llm import LLMError, Provider
from museum_tui.memory import Ontology, OntologyError, load_ontology

from .common import CliError, add_common, settings_from


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("extract", help="print the facts found in a message as JSON")
    add_common(parser, engine=True)
    parser.add_argument("text", nargs="?", help="the visitor's message")
    parser.add_argument("--bot", metavar="TEXT", help="the assistant's previous message, for context")
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help='read JSON lines {"user": …, "bot": …} on stdin; print one JSON array per line',
    )
    parser.set_defaults(handler=extract_cmd)


def extract_cmd(args: argparse.Namespace) -> int:
    if bool(args.text) == bool(args.jsonl):
        raise CliError("give a message, or --jsonl to read JSON lines on stdin", exit_code=2)
    settings = settings_from(args)
    try:
        ontology = load_ontology(settings.ontology_path)
        provider = resolve_engine(settings)
    except (OntologyError, EngineError) as exc:
        raise CliError(str(exc)) from None
    return asyncio.run(_run(args, ontology, provider, settings))


async def _run(args: argparse.Namespace, ontology: Ontology, provider: Provider, settings: Settings) -> int:
    from museum_tui.llm import ChatClient

    client = None if provider.name == "builtin" else ChatClient(provider, backoff_base=settings.retry_backoff)
    facts = build_fact_source(ontology, provider, client, settings)
    try:
        if not args.jsonl:
            try:
                result = await facts.extract(args.text, args.bot)
            except LLMError as exc:
                raise CliError(str(exc)) from None
            print(json.dumps([asdict(f) for f in result.facts], ensure_ascii=False, indent=2))
            if result.model_error:  # the built-in floor's facts stood: say why the model's did not
                print(f"museum-tui: {result.model_error} (the built-in reading was kept)", file=sys.stderr)
            return 1 if result.model_error else 0
        failures = 0
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                user, bot = item["user"], item.get("bot")
                if not isinstance(user, str) or not (bot is None or isinstance(bot, str)):
                    raise TypeError
            except (json.JSONDecodeError, KeyError, TypeError):
                print(
                    f'museum-tui: line {number}: expected {{"user": text, "bot": text or null}}',
                    file=sys.stderr,
                )
                print("[]", flush=True)
                failures += 1
                continue
            try:
                result = await facts.extract(user, bot)
            except LLMError as exc:
                print(f"museum-tui: line {number}: {exc}", file=sys.stderr)
                print("[]", flush=True)
                failures += 1
                continue
            except Exception as exc:  # a fault in the reading of one line: said, and the next lines are read
                print(f"museum-tui: line {number}: the extractor failed ({type(exc).__name__})", file=sys.stderr)
                print("[]", flush=True)
                failures += 1
                continue
            if result.model_error:
                kept = f"{result.model_error} (the built-in reading was kept)"
                print(f"museum-tui: line {number}: {kept}", file=sys.stderr)
                failures += 1
            print(json.dumps([asdict(f) for f in result.facts], ensure_ascii=False), flush=True)
        return 1 if failures else 0
    finally:
        if client is not None:
            await client.aclose()
