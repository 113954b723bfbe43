"""`museum-tui config path|show|init`."""

from __future__ import annotations

import argparse

from museum_tui import config
from museum_tui.storage.urls import safe_location

from .common import CliError, add_common, settings_from


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("config", help="where the config file is, what is in effect, or create one")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    path = actions.add_parser("path", help="print the config file's path")
    path.set_defaults(handler=path_cmd)
    show = actions.add_parser("show", help="the settings in effect and where each came from")
    add_common(show, engine=True)
    show.set_defaults(handler=show_cmd)
    init = actions.add_parser("init", help="write a commented config file (never overwrites)")
    init.set_defaults(handler=init_cmd)


def path_cmd(args: argparse.Namespace) -> int:
    print(config.config_path())
    return 0


def show_cmd(args: argparse.Namespace) -> int:
    import os

    from museum_tui.llm import ProviderError, resolve_provider

    settings = settings_from(args)
    cli = dict(settings.provider_cli)
    if settings.offline:
        cli["offline"] = True
    try:
        provider = resolve_provider(cli, settings.provider_file, os.environ)
        engine = provider.describe()
    except ProviderError as exc:
        engine = f"unusable: {exc}"
    rows = [
        ("config file", str(settings.config_file or f"{config.config_path()} (not present)")),
        ("engine", engine),
        ("user", settings.user),
        ("ontology", str(settings.ontology_path)),
        ("theme", settings.theme),
        ("history_window", str(settings.history_window)),
        ("similarity_threshold", str(settings.similarity_threshold)),
        ("facts_before_reply", str(settings.facts_before_reply).lower()),
        ("sensitive_consent", str(settings.sensitive_consent).lower()),
        ("kiosk", str(settings.kiosk).lower()),
        ("extraction_order", settings.extraction_order),
        ("context_window", str(settings.context_window or "from the server, else 2048 local / 32768 hosted")),
        ("reply_max_tokens", str(settings.reply_max_tokens)),
        ("extract_max_tokens", str(settings.extract_max_tokens)),
        ("timeout", f"{settings.timeout:g} s"),
        ("extract_timeout", f"{settings.extract_timeout:g} s"),
        ("decay", ", ".join(f"{k}={v}" for k, v in settings.decay.items()) or "defaults"),
        ("store", safe_location(config.store_spec(settings))),
        ("data folder", str(config.data_dir())),
    ]
    for name, value in rows:
        source = settings.sources.get(name.split()[0], "")
        print(f"{name:>20}: {value}" + (f"  [{source}]" if source else ""))
    for warning in settings.warnings:
        print(f"warning: {warning}")
    return 0


def init_cmd(args: argparse.Namespace) -> int:
    try:
        path = config.write_template()
    except FileExistsError:
        raise CliError(f"{config.config_path()} already exists; edit it, or delete it first") from None
    except OSError as exc:
        raise CliError(f"could not write {config.config_path()}: {exc.strerror}") from None
    print(f"Wrote {path}")
    return 0
