"""`museum-tui store migrate|status`: move visitors' memories from files into a database, and look at a store."""

from __future__ import annotations

import argparse
from pathlib import Path

from museum_tui import config
from museum_tui.memory import MemoryStore, OntologyError, load_ontology
from museum_tui.safetext import one_line
from museum_tui.storage import FileStorage, PersistenceError, SaveError, is_database_url, safe_location

from .common import CliError, add_common, settings_from


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("store", help="where visitors' memories are kept: copy files into a database, status")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    migrate = actions.add_parser(
        "migrate",
        help="copy every visitor's memory file into a PostgreSQL database (merging with what it holds)",
    )
    add_common(migrate)
    migrate.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="PATH",
        help="the memory files' folder (default: the data folder's)",
    )
    migrate.add_argument("--to", dest="target", required=True, metavar="URL", help="postgresql://user@host/database")
    migrate.set_defaults(handler=migrate_cmd)

    status = actions.add_parser("status", help="the store in use: where, its schema version, how many visitors")
    add_common(status)
    status.set_defaults(handler=status_cmd)


def migrate_cmd(args: argparse.Namespace) -> int:
    from museum_tui.storage import open_storage

    if not is_database_url(args.target):
        raise CliError(f"--to must be a postgresql:// URL, not {args.target!r}", exit_code=2)
    settings = settings_from(args)
    try:
        ontology = load_ontology(settings.ontology_path)
    except OntologyError as exc:
        raise CliError(str(exc), exit_code=2) from None
    source = FileStorage(args.source.expanduser() if args.source else config.users_dir())
    if not source.users_dir.is_dir():
        raise CliError(f"{source.users_dir} is not a folder of memory files", exit_code=2)
    target = open_storage(args.target)
    failed = copied = 0
    try:
        for name in source.visitors():
            store = MemoryStore(ontology)
            memory_file = source.open(name)
            report = memory_file.load(store)
            for notice in report.notices:
                print(f"note: {name}: {one_line(notice)}")
            if report.read_only:
                print(f"skipped {name}: its file cannot be read by this version")
                failed += 1
                continue
            dest = target.open(name)
            dest.consent = memory_file.consent
            try:
                saved = dest.save(store)
            except SaveError as exc:
                raise CliError(f"{name}: {exc}") from None
            copied += 1
            merged = f", merged with {len(saved.adopted)} already there" if saved.adopted else ""
            print(f"{name}: {saved.written} fact(s){merged}")
    finally:
        target.close()
    print(f"Copied {copied} visitor(s) from {source.users_dir} to {safe_location(args.target)}.")
    print("The files are left as they were; once kiosks use the database, move them out of the way.")
    return 1 if failed else 0


def status_cmd(args: argparse.Namespace) -> int:
    from museum_tui.storage import open_storage

    spec = config.store_spec(settings_from(args))
    storage = open_storage(spec, config.data_dir())
    try:
        names = storage.visitors()
        version = getattr(storage, "database_version", None) or storage.schema_version
    except PersistenceError as exc:
        raise CliError(str(exc)) from None
    finally:
        storage.close()
    kind = "PostgreSQL" if is_database_url(spec) else "memory files"
    print(f"{kind} at {safe_location(spec)}: schema {version} (this version writes {storage.schema_version})")
    print(f"{len(names)} visitor(s) with saved memory")
    return 0
