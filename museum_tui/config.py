"""Settings from the config file < environment < command line, and where things live on disk.

Every setting is declared once, in `settings.py`'s table; this module reads and checks them from that table
(and writes the commented template from it). The environment is read here and nowhere else, except the
one clock's `MUSEUM_TUI_NOW` (a fixed time for tests and demos, `museum_tui.clock`); code that needs the
environment (the providers' API keys) is handed `environment()`.

API keys never pass through the settings: they are read from the environment by the provider that needs
them, so no config file, export or log can ever hold one.
"""

from __future__ import annotations

import os
import textwrap
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from museum_tui.memory.tiers import DECAY, PERSISTENCE_CLASSES
from museum_tui.settings import (
    BY_NAME,
    DEFAULT_ONTOLOGY,
    DEFAULT_SIMILARITY,
    DEFAULT_USER,
    EXTRACTION_ORDERS,
    GROUPS,
    OPTIONS,
    PROVIDERS,
    Option,
    Settings,
    bundled_ontologies_dir,
    default_ontology_path,
)

APP_NAME = "museum-tui"
PROVIDER_KEYS = tuple(o.name for o in OPTIONS if o.provider)
SECRET_KEYS = ("api_key", "key", "token", "openai_api_key", "openrouter_api_key")
TEMPLATE_HEAD = """\
# museum-tui configuration. The command line and environment override what is set here.
# API keys are never read from this file: export OPENROUTER_API_KEY or OPENAI_API_KEY instead.
"""


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f'"{value}"' if isinstance(value, str | Path) else str(value)


def template() -> str:
    """The commented config file `config init` writes: every setting a file may hold, from the table."""
    lines = [TEMPLATE_HEAD]
    for group, title in GROUPS.items():
        lines += [f"# {line}" for line in title.splitlines()]
        for option in (o for o in OPTIONS if o.group == group and o.file):
            value = option.example or _toml_value(option.default)
            first, *rest = textwrap.wrap(option.help, 116 - max(32, len(option.name) + len(value) + 5))
            lines.append(f"# {option.name} = {value}".ljust(32) + f"  # {first}")
            lines += ["#".ljust(32) + f"  # {more}" for more in rest]
        lines.append("")
    lines.append("# [decay]".ljust(32) + "  # per-turn multipliers; permanent facts never fade")
    lines += [f"# {tier} = {factor}" for tier, factor in DECAY.items() if tier != "permanent"]
    return "\n".join(lines) + "\n"


CONFIG_TEMPLATE = template()


class ConfigError(ValueError):
    """A config file that cannot be used; the message says which file, which setting and why."""


def environment() -> Mapping[str, str]:
    """The process environment, for the one part that reads it past the settings (a provider's API key)."""
    return os.environ


def data_dir() -> Path:
    """`MUSEUM_TUI_DATA_DIR`, else the platform's user data folder (e.g. ~/.local/share/museum-tui)."""
    override = os.environ.get("MUSEUM_TUI_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """`MUSEUM_TUI_CONFIG_DIR`, else the platform's user config folder (e.g. ~/.config/museum-tui)."""
    override = os.environ.get("MUSEUM_TUI_CONFIG_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def config_path() -> Path:
    return config_dir() / "config.toml"


def users_dir() -> Path:
    return data_dir() / "users"


def config_in_use(settings: Settings | None = None) -> Path:
    """The config file the app reads (`--config`, `MUSEUM_TUI_CONFIG` or the default), even if it does not
    exist yet."""
    if settings is not None and settings.config_file:
        return settings.config_file
    return Path(os.environ.get("MUSEUM_TUI_CONFIG") or config_path())


def store_spec(settings: Settings) -> str:
    """Where visitors' memories are kept: the `store` setting, else the memory files' folder."""
    return settings.store or str(users_dir())


def _read_config(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read the config file {path}: {exc.strerror}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"the config file {path} is not valid TOML ({exc}); fix or delete it") from None


def _boolean(raw: str) -> bool:
    """An environment variable's yes/no: 1/true/yes/on or 0/false/no/off, any case."""
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(raw)


def _from_file(path: Path, option: Option, value: Any) -> Any:
    """A config file's value, of the option's type (a whole number is a number too; true is not one)."""
    kinds = {float: (int, float), Path: (str, Path)}.get(option.kind, option.kind)
    if (isinstance(value, bool) and option.kind is not bool) or not isinstance(value, kinds):
        raise ConfigError(f"{path}: setting {option.name!r} is {value!r}; expected {option.allowed}")
    return value


def _from_env(option: Option, raw: str) -> Any:
    if option.kind is bool:
        return _boolean(raw)
    return option.kind(raw) if option.kind in (int, float) else raw


def _checked(option: Option, value: Any) -> Any:
    """`value` within the option's bounds and choices, as its type; `ConfigError` if not."""
    if option.kind is Path:
        return Path(value).expanduser()
    if option.kind is float:
        value = float(value)
    if option.clamp and option.low is not None:
        return max(option.low, value)
    if option.choices and not option.provider and value not in option.choices:
        raise ConfigError(f"{option.name} is {value!r}; expected one of {', '.join(option.choices)}")
    too_low = option.low is not None and value < option.low
    too_high = option.high is not None and (value >= option.high if option.high_open else value > option.high)
    if too_low or too_high:
        raise ConfigError(f"{option.name} is {value}; expected {option.allowed}")
    return str(value) if option.kind is str else value


def _pick(option: Option, data: Mapping[str, Any], env: Mapping[str, str], cli: Mapping[str, Any], settings: Settings,
          path: Path) -> None:  # fmt: skip
    """One setting: the config file's value, the environment's over it, the command line's over both."""
    value, source = None, None
    if option.file and option.name in data:
        value, source = _from_file(path, option, data[option.name]), "config file"
    raw = env.get(option.env) if option.env else None
    if raw and raw.strip():
        try:
            value, source = _checked(option, _from_env(option, raw)), "environment"
        except (ValueError, ConfigError):
            if not option.lenient:
                raise ConfigError(f"environment variable {option.env}={raw!r}; expected {option.allowed}") from None
            settings.warnings.append(f"{option.env}={raw!r} is not {option.allowed}; using {option.default}")
            value, source = None, None
    if cli.get(option.name) is not None:
        value, source = cli[option.name], "command line"
    if value is None or (value == "" and option.kind in (str, Path)):
        return
    setattr(settings, option.name, _checked(option, value))
    settings.sources[option.name] = source or ""


def load_settings(
    cli: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None, path: Path | None = None
) -> Settings:
    """Merge the config file, `MUSEUM_TUI_*` environment variables and command-line options, as the
    settings table declares them."""
    cli = {k: v for k, v in (cli or {}).items() if v is not None}
    env = os.environ if env is None else env
    path = Path(cli.get("config") or env.get("MUSEUM_TUI_CONFIG") or config_path())
    data = _read_config(path)
    settings = Settings(config_file=path if data else None)

    known = {o.name for o in OPTIONS if o.file} | {"decay"}
    for name in data:
        if name.lower() in SECRET_KEYS:
            settings.warnings.append(f"{path}: {name!r} ignored — API keys are only read from the environment")
        elif name not in known:
            settings.warnings.append(f"{path}: unknown setting {name!r} ignored")

    for option in OPTIONS:
        if option.provider:  # resolved by `llm.resolve_provider`, which weighs the file and the command line
            if option.name in data:
                settings.provider_file[option.name] = _from_file(path, option, data[option.name])
                settings.sources[option.name] = "config file"
            if cli.get(option.name):
                settings.provider_cli[option.name] = str(cli[option.name])
                settings.sources[option.name] = "command line"
        elif option.name != "offline":
            _pick(option, data, env, cli, settings, path)

    if "extraction_order" not in settings.sources and settings.facts_before_reply:
        settings.extraction_order = "before_reply"
    if settings.sources.get("timeout") == "command line" and "extract_timeout" not in settings.sources:
        settings.extract_timeout = min(settings.extract_timeout, settings.timeout)
    _decay(settings, data, path)
    settings.offline = bool(cli.get("offline"))
    if settings.offline:
        settings.sources["provider"] = "command line (--offline)"
    return settings


def _decay(settings: Settings, data: Mapping[str, Any], path: Path) -> None:
    """The `[decay]` table: a per-turn multiplier in (0, 1] for any tier."""
    decay = data.get("decay", {})
    if not isinstance(decay, dict):
        raise ConfigError(f"{path}: [decay] must be a table of tier = factor")
    for tier, factor in decay.items():
        if tier not in PERSISTENCE_CLASSES:
            raise ConfigError(f"{path}: [decay] {tier!r} is not a tier ({', '.join(PERSISTENCE_CLASSES)})")
        if isinstance(factor, bool) or not isinstance(factor, int | float) or not 0 < factor <= 1:
            raise ConfigError(f"{path}: [decay] {tier} = {factor!r}; expected a number in (0, 1]")
        settings.decay[tier] = float(factor)
    if decay:
        settings.sources["decay"] = "config file"


def write_template(path: Path | None = None) -> Path:
    """Create a commented config file (never overwriting one that exists)."""
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as fh:
        fh.write(CONFIG_TEMPLATE)
    return path


__all__ = [
    "APP_NAME",
    "BY_NAME",
    "DEFAULT_ONTOLOGY",
    "DEFAULT_SIMILARITY",
    "DEFAULT_USER",
    "EXTRACTION_ORDERS",
    "OPTIONS",
    "PROVIDERS",
    "ConfigError",
    "Option",
    "Settings",
    "bundled_ontologies_dir",
    "default_ontology_path",
    "environment",
    "load_settings",
    "template",
]
