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


def shown(settings: config.Settings, option: config.Option) -> str:
    """A setting's value as `config show` prints it."""
    value = getattr(settings, option.name)
    if option.name == "store":
        return safe_location(config.store_spec(settings))  # never a database password
    if option.name == "ontology":
        return str(settings.ontology_path)
    if value is None:
        return option.unset
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}{option.unit}" if isinstance(value, float) else f"{value}{option.unit}"


def show_cmd(args: argparse.Namespace) -> int:
    from museum_tui.llm import ProviderError, resolve_provider

    settings = settings_from(args)
    cli = dict(settings.provider_cli)
    if settings.offline:
        cli["offline"] = True
    try:
        provider = resolve_provider(cli, settings.provider_file, config.environment())
        engine = provider.describe()
    except ProviderError as exc:
        engine = f"unusable: {exc}"
    rows = [
        ("config file", str(settings.config_file or f"{config.config_path()} (not present)")),
        ("engine", engine),
        *((o.name, shown(settings, o)) for o in config.OPTIONS if o.show and not o.provider),
        ("decay", ", ".join(f"{k}={v}" for k, v in settings.decay.items()) or "defaults"),
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
