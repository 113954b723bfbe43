"""`museum-tui store migrate|status`: move visitors' memories from files into a database, and look at a store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from museum_tui import config
from museum_tui.memory import MemoryStore, OntologyError, UserNameError, load_ontology
from museum_tui.safetext import one_line
from museum_tui.storage import (
    FileStorage,
    MemoryStorage,
    PersistenceError,
    SaveError,
    is_database_url,
    safe_location,
)

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

    purge = actions.add_parser(
        "purge", help="erase the visitors not seen for retention_days (facts, visits and PIN); see Privacy"
    )
    add_common(purge)
    purge.add_argument("--dry-run", action="store_true", help="only list who would be erased")
    purge.set_defaults(handler=purge_cmd)

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
            dest.visits.past = list(memory_file.visits.past)  # the visit log, and the time facts age from
            dest.save_time = report.saved_at
            try:
                saved = dest.save(store)
            except SaveError as exc:
                raise CliError(f"{name}: {exc}") from None
            copied += 1
            merged = f", merged with {len(saved.adopted)} already there" if saved.adopted else ""
            print(f"{name}: {saved.written} fact(s){merged}")
        pins = _copy_pins(source, target)
    finally:
        target.close()
    print(f"Copied {copied} visitor(s) from {source.users_dir} to {safe_location(args.target)}.")
    if pins:
        print(f"Copied {pins} kiosk PIN(s) (their hashes and wrong-try counts); a PIN already there was kept.")
    print("The files are left as they were; once kiosks use the database, move them out of the way.")
    return 1 if failed else 0


def _copy_pins(source: FileStorage, target: MemoryStorage) -> int:
    """Each kiosk PIN of the files into the database, hash and back-off as they are; never over a PIN the
    database already holds for that name (it may be newer)."""
    from museum_tui.storage.visitor_secret import SecretError

    copied = 0
    for name in source.secret_holders():
        try:
            record = source.secret(name).record()
            if record is not None and target.secret(name).adopt(record):
                copied += 1
                print(f"{name}: PIN copied")
            elif record is not None:
                print(f"{name}: the database already has a PIN for this name; kept it")
        except (SecretError, UserNameError) as exc:
            print(f"skipped the PIN of {name}: {one_line(str(exc))}")
    return copied


def purge_cmd(args: argparse.Namespace) -> int:
    from museum_tui.conversation import storage_for
    from museum_tui.storage import retention
    from museum_tui.storage.visitor_secret import SecretError

    settings = settings_from(args)
    if not settings.retention_days:
        raise CliError("retention_days is not set (0: visitors are kept); nothing to purge", exit_code=2)
    storage = storage_for(settings)
    try:
        result = retention.purge(storage, settings.retention_days, dry_run=args.dry_run)
    except (PersistenceError, SecretError) as exc:
        raise CliError(str(exc)) from None
    finally:
        storage.close()
    verb = "would erase" if args.dry_run else "erased"
    for name in result.erased:
        print(f"{verb} {name}")
    for name, reason in result.failed.items():
        print(f"could not erase {name}: {one_line(reason)}", file=sys.stderr)
    outcome = "would be erased (dry run: nothing was changed)" if args.dry_run else "erased"
    print(f"{len(result.erased)} visitor(s) not seen for {settings.retention_days} days: {outcome}.")
    if result.failed:
        print(f"{len(result.failed)} could not be erased; run the purge again once fixed.", file=sys.stderr)
        return 1
    return 0


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
