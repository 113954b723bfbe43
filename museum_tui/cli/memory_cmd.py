"""`museum-tui memory show|export|forget|health|path`: a visitor's saved memory, from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from museum_tui.clock import now
from museum_tui.memory import TIER, by_tier, keeps
from museum_tui.memory.document import export_json, export_markdown
from museum_tui.memory.health import health
from museum_tui.safetext import one_line, plural
from museum_tui.storage import SaveError

from .common import CliError, add_common, open_user, settings_from


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("memory", help="see, export or erase what is saved about a visitor")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    show = actions.add_parser("show", help="what is saved about the visitor, with the words it came from")
    add_common(show)
    show.add_argument("--json", action="store_true", help="print JSON instead of text")
    show.set_defaults(handler=show_cmd)

    export = actions.add_parser("export", help="write the saved memory as JSON or Markdown")
    add_common(export)
    export.add_argument("--format", choices=("json", "markdown"), help="default: from the file name, else json")
    export.add_argument("-o", "--output", type=Path, metavar="PATH", help="write here instead of stdout")
    export.set_defaults(handler=export_cmd)

    forget = actions.add_parser("forget", help="erase saved facts: by id, concept, label or value, or --all")
    add_common(forget)
    forget.add_argument("target", nargs="?", help="fact id (f3), concept ID or label, or a value")
    forget.add_argument("--all", action="store_true", help="erase everything saved about the visitor")
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation with --all")
    forget.set_defaults(handler=forget_cmd)

    health = actions.add_parser("health", help="a 0-100 score of how useful the saved memory is, with warnings")
    add_common(health)
    health.add_argument("--json", action="store_true", help="print JSON instead of text")
    health.set_defaults(handler=health_cmd)

    path = actions.add_parser("path", help="print where the visitor's memory is (a file, or the database)")
    add_common(path)
    path.set_defaults(handler=path_cmd)


def _notices(notices: list[str]) -> None:
    for notice in notices:
        print(f"note: {one_line(notice)}", file=sys.stderr)


def show_cmd(args: argparse.Namespace) -> int:
    store, memory_file, notices = open_user(args)
    _notices(notices)
    if args.json:
        print(export_json(store, memory_file.user, memory_file.visits.records()))
        return 0
    if not store.facts:
        print(f"Nothing is saved about {memory_file.user}.")
        return 0
    print(f"Saved about {memory_file.user} ({plural(len(store.facts), 'fact')}, {memory_file.path}):")
    for cls, facts in by_tier(store.facts.values()).items():
        if not facts:
            continue
        print(f"\n{TIER[cls].title} ({keeps(cls)})")
        for f in facts:
            label = store.ontology.concepts[f.concept].short_label
            print(f"  {one_line(f.id, 12):>4}  {one_line(label)}: {one_line(f.value, 80)}  (salience {f.salience:.2f})")
            print(f"        from: \u201c{one_line(f.evidence, 100)}\u201d")
    visits = memory_file.visits.all()
    if visits:
        print(f"\nVisits ({len(visits)}):")
        for visit in visits[-10:]:
            about = f" · {one_line(', '.join(visit.topics), 100)}" if visit.topics else ""
            print(f"  {visit.started_at[:16].replace('T', ' ')} UTC, {visit.turns} turn(s){about}")
    return 0


def export_cmd(args: argparse.Namespace) -> int:
    store, memory_file, notices = open_user(args)
    _notices(notices)
    fmt = args.format
    if fmt is None:
        fmt = "markdown" if args.output and args.output.suffix.lower() in (".md", ".markdown") else "json"
    text = export_json(store, memory_file.user) if fmt == "json" else export_markdown(store, memory_file.user)
    if args.output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    from museum_tui import config
    from museum_tui.conversation import storage_for
    from museum_tui.storage.exports import ExportRefused, export_target, write_export

    places = storage_for(settings_from(args)).places
    try:  # never onto a memory file or the config, atomically; -o is the operator's choice, so it replaces
        real = export_target(
            args.output,
            exports_dir=places.exports,
            guarded=places.guarded,
            app_dirs=[config.data_dir(), config.config_dir()],
            protected=[args.config or config.config_path(), config.config_path()],
        )
        write_export(real, text, exports_dir=places.exports, overwrite=True)
    except ExportRefused as exc:
        raise CliError(f"not exported: {exc}") from None
    except OSError as exc:
        raise CliError(f"could not write {args.output}: {exc.strerror}") from None
    print(f"Wrote {plural(len(store.facts), 'fact')} as {fmt} to {args.output}", file=sys.stderr)
    return 0


def forget_cmd(args: argparse.Namespace) -> int:
    if bool(args.target) == bool(args.all):
        raise CliError("say what to forget: a fact id, concept, label or value, or --all", exit_code=2)
    store, memory_file, notices = open_user(args)
    _notices(notices)
    if memory_file.read_only:
        raise CliError(f"{memory_file.path} cannot be changed by this version; nothing was erased")
    facts = list(store.facts.values()) if args.all else store.find(args.target)
    if not facts:
        print(f"Nothing saved about {memory_file.user} matches {args.target!r}.")
        return 1
    if args.all and not args.yes:
        if not sys.stdin.isatty():
            raise CliError("--all erases everything saved; add --yes to confirm when not at a terminal", exit_code=2)
        answer = input(f"Erase all {plural(len(facts), 'saved fact')} about {memory_file.user}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing was erased.")
            return 1
    removed = store.forget(fact_ids=[f.id for f in facts])
    try:
        memory_file.save(store)
        if args.all:  # forgetting everything forgets the visitor: the visit log and consent too, and a PIN
            _erase_visitor(args, memory_file.user)
    except SaveError as exc:
        raise CliError(str(exc)) from None
    for change in removed:
        print(f"forgot {one_line(change.fact.id, 12)}: {one_line(change.fact.value, 80)}")
    if args.all:
        print(f"erased the saved record of {memory_file.user}: visits, consent and any kiosk PIN")
    return 0


def _erase_visitor(args: argparse.Namespace, user: str) -> None:
    from museum_tui.conversation import storage_for
    from museum_tui.storage.visitor_secret import SecretError

    from .common import settings_from

    storage = storage_for(settings_from(args))
    try:
        storage.erase(user)
        storage.secret(user).delete()
    except SecretError as exc:
        raise CliError(f"the PIN of {user} could not be removed: {exc}") from None
    finally:
        storage.close()


def health_cmd(args: argparse.Namespace) -> int:
    store, memory_file, notices = open_user(args)
    _notices(notices)
    visits = memory_file.visits.all()
    last = visits[-1] if visits else None
    readings, refused = (last.model_readings, last.model_refused) if last else (0, 0)
    report = health(store, now(), file_bytes=memory_file.stored_bytes(), model_readings=readings, model_refused=refused)
    if args.json:
        record = {"user": memory_file.user, "score": report.score, "warnings": list(report.warnings)}
        print(json.dumps({**record, "figures": report.figures}, indent=2))
        return 0
    print(f"Memory health of {memory_file.user}: {report.score}/100 ({len(store.facts)} saved facts)")
    for warning in report.warnings:
        print(f"  warning: {warning}")
    return 0


def path_cmd(args: argparse.Namespace) -> int:
    _, memory_file, _ = open_user(args)
    print(memory_file.path)
    return 0
