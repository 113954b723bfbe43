"""Settings from the config file < environment < command line, and where things live on disk.

API keys never pass through here: they are read from the environment by the provider that needs them,
so no config file, export or log can ever hold one.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from museum_tui.memory.tiers import PERSISTENCE_CLASSES, PRUNE_THRESHOLD

APP_NAME = "museum-tui"
DEFAULT_USER = "guest"
DEFAULT_ONTOLOGY = "museum.json"
DEFAULT_SIMILARITY = 0.88  # merges "photos" into "photography", keeps "Monet" apart from "Manet"
PROVIDER_KEYS = ("provider", "base_url", "model", "extract_model", "api_key_env")
EXTRACTION_ORDERS = ("auto", "parallel", "after_reply", "before_reply")
LIMIT_KEYS = (
    "extraction_order",
    "context_window",
    "reply_max_tokens",
    "extract_max_tokens",
    "timeout",
    "extract_timeout",
)
SECRET_KEYS = ("api_key", "key", "token", "openai_api_key", "openrouter_api_key")

CONFIG_TEMPLATE = """\
# museum-tui configuration. The command line and environment override what is set here.
# API keys are never read from this file: export OPENROUTER_API_KEY or OPENAI_API_KEY instead.

# Which engine answers: "builtin" (offline, the default), "openrouter", "openai", "ollama", or "custom"
# (any OpenAI-compatible server such as llama.cpp, vLLM or LM Studio; set base_url).
# provider = "builtin"
# base_url = "http://127.0.0.1:8080/v1"
# model = "openai/gpt-4o-mini"          # the chat model
# extract_model = "openai/gpt-4o-mini"  # the small model that extracts facts
# api_key_env = "MY_SERVER_KEY"         # for "custom": the environment variable holding its key

# user = "guest"                # whose memory is used when --user is not given
# theme = "textual-dark"
# history_window = 12           # chat messages kept in the prompt
# similarity_threshold = 0.88   # 1.0 = only identical values reinforce each other
# facts_before_reply = false    # true: the reply waits for this message's facts (slower by the extraction time)
# sensitive_consent = false     # kiosks: ask before keeping `sensitive` concepts (e.g. allergies) across visits
# visit_gap_minutes = 60        # a silence longer than this starts a new visit
# half_life_days = 180          # long-term interests halve in strength over this many days away (0: off)
# kiosk = false                 # a shared terminal: each visitor's memory opens only with their own secret
# store = "postgresql://kiosk@db.museum.internal/museum"  # kiosk fleets: one shared database (password in
#                               # ~/.pgpass or PGPASSWORD, never here); or a folder for the memory files

# Local models (llama.cpp, Ollama, …) and limits for every model:
# extraction_order = "auto"     # when facts are extracted: "parallel" (beside the reply), "after_reply", or
#                               # "before_reply"; auto = after_reply for local servers with one slot, else parallel
# context_window = 2048         # tokens; default: what the server reports, else 2048 local / 32768 hosted
# reply_max_tokens = 400        # the longest reply asked for (a reply cut there is reported, not kept)
# extract_max_tokens = 600      # the longest extraction answer
# timeout = 120                 # seconds for a whole reply, waiting in line and retries included (--timeout)
# extract_timeout = 60          # seconds for a whole extraction

# [decay]                       # per-turn multipliers; permanent facts never fade below the threshold
# long_term = 0.99
# session = 0.85
# ephemeral = 0.55
"""


class ConfigError(ValueError):
    """A config file that cannot be used; the message says which file, which setting and why."""


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


def bundled_ontologies_dir() -> Path:
    """The shipped ontologies: inside the installed package, or the source tree's `ontologies/`."""
    packaged = Path(__file__).resolve().parent / "ontologies"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "ontologies"


def default_ontology_path() -> Path:
    return bundled_ontologies_dir() / DEFAULT_ONTOLOGY


@dataclass
class Settings:
    """Everything a session needs to start, with where each value came from kept for `config show`."""

    user: str = DEFAULT_USER
    ontology: Path | None = None
    offline: bool = False
    provider_cli: dict[str, Any] = field(default_factory=dict)
    provider_file: dict[str, Any] = field(default_factory=dict)
    theme: str = "textual-dark"
    history_window: int = 12
    similarity_threshold: float = DEFAULT_SIMILARITY
    decay: dict[str, float] = field(default_factory=dict)
    prune_threshold: float = PRUNE_THRESHOLD  # `PRUNE_THRESHOLD` in the environment: facts under it are pruned
    builtin_stream_delay: float = 0.01
    facts_before_reply: bool = False  # the seed's order: extract → upsert → tick → chat
    sensitive_consent: bool = False  # kiosks: keep `sensitive` concepts across visits only if the visitor agrees
    visit_gap_minutes: int = 60  # a silence longer than this starts a new visit
    half_life_days: float = 180.0  # long-term facts halve in strength over this many days between visits (0: off)
    kiosk: bool = False  # a shared terminal: memory opens only with the visitor's secret; no /model, paths, …
    store: str | None = None  # where memory is kept: a folder of TOML files or a postgresql:// URL; None: users_dir()
    extraction_order: str = "auto"  # see EXTRACTION_ORDERS; facts_before_reply = true means "before_reply"
    context_window: int | None = None  # tokens; None: what the server reports, else a default for its kind
    reply_max_tokens: int = 400
    extract_max_tokens: int = 600
    timeout: float = 120.0  # seconds for a whole reply (queueing and retries included)
    extract_timeout: float = 60.0  # seconds for a whole extraction
    config_file: Path | None = None
    warnings: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def ontology_path(self) -> Path:
        return self.ontology or default_ontology_path()


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


def _check(path: Path, name: str, value: Any, kind: type | tuple[type, ...], allowed: str) -> Any:
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise ConfigError(f"{path}: setting {name!r} is {value!r}; expected {allowed}")
    return value


def _boolean(raw: str) -> bool:
    """An environment variable's yes/no: 1/true/yes/on or 0/false/no/off, any case."""
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(raw)


def load_settings(
    cli: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None, path: Path | None = None
) -> Settings:
    """Merge the config file, `MUSEUM_TUI_*` environment variables and command-line options."""
    cli = {k: v for k, v in (cli or {}).items() if v is not None}
    env = os.environ if env is None else env
    path = Path(cli.get("config") or env.get("MUSEUM_TUI_CONFIG") or config_path())
    data = _read_config(path)
    settings = Settings(config_file=path if data else None)

    for name in data:
        if name.lower() in SECRET_KEYS:
            settings.warnings.append(f"{path}: {name!r} ignored — API keys are only read from the environment")
    known = {
        *PROVIDER_KEYS,
        "user",
        "theme",
        "history_window",
        "similarity_threshold",
        "decay",
        "ontology",
        "builtin_stream_delay",
        "facts_before_reply",
        "sensitive_consent",
        "visit_gap_minutes",
        "half_life_days",
        "kiosk",
        "store",
        *LIMIT_KEYS,
    }
    for name in data:
        if name not in known and name.lower() not in SECRET_KEYS:
            settings.warnings.append(f"{path}: unknown setting {name!r} ignored")

    for key in PROVIDER_KEYS:
        if key in data:
            settings.provider_file[key] = _check(path, key, data[key], str, "text")
            settings.sources[key] = "config file"
        if cli.get(key):
            settings.provider_cli[key] = str(cli[key])
            settings.sources[key] = "command line"

    def pick(name: str, env_name: str, kind: type | tuple[type, ...], allowed: str, convert: Any = None) -> Any:
        value, source = None, None
        if name in data:
            value, source = _check(path, name, data[name], kind, allowed), "config file"
        if env.get(env_name):
            raw = env[env_name]
            try:
                value = convert(raw) if convert else raw
            except ValueError:
                raise ConfigError(f"environment variable {env_name}={raw!r}; expected {allowed}") from None
            source = "environment"
        if cli.get(name) is not None:
            value, source = cli[name], "command line"
        if source:
            settings.sources[name] = source
        return value

    user = pick("user", "MUSEUM_TUI_USER", str, "a user name")
    if user:
        settings.user = user
    ontology = pick("ontology", "MUSEUM_TUI_ONTOLOGY", (str, Path), "a path to an ontology JSON file")
    if ontology:
        settings.ontology = Path(ontology).expanduser()
    theme = pick("theme", "MUSEUM_TUI_THEME", str, "a Textual theme name")
    if theme:
        settings.theme = theme
    window = pick("history_window", "MUSEUM_TUI_HISTORY_WINDOW", int, "a whole number from 0 to 200", int)
    if window is not None:
        if not 0 <= window <= 200:
            raise ConfigError(f"history_window is {window}; expected a whole number from 0 to 200")
        settings.history_window = window
    similarity = pick("similarity_threshold", "MUSEUM_TUI_SIMILARITY", (int, float), "a number in [0, 1]", float)
    if similarity is not None:
        if not 0.0 <= float(similarity) <= 1.0:
            raise ConfigError(f"similarity_threshold is {similarity}; expected a number in [0, 1]")
        settings.similarity_threshold = float(similarity)
    delay = pick("builtin_stream_delay", "MUSEUM_TUI_STREAM_DELAY", (int, float), "seconds ≥ 0", float)
    if delay is not None:
        settings.builtin_stream_delay = max(0.0, float(delay))

    before = pick("facts_before_reply", "MUSEUM_TUI_FACTS_BEFORE_REPLY", bool, "true or false", _boolean)
    if before is not None:
        settings.facts_before_reply = bool(before)
    consent = pick("sensitive_consent", "MUSEUM_TUI_SENSITIVE_CONSENT", bool, "true or false", _boolean)
    if consent is not None:
        settings.sensitive_consent = bool(consent)
    gap = pick("visit_gap_minutes", "MUSEUM_TUI_VISIT_GAP_MINUTES", int, "a whole number of minutes ≥ 1", int)
    if gap is not None:
        if gap < 1:
            raise ConfigError(f"visit_gap_minutes is {gap}; expected a whole number of minutes ≥ 1")
        settings.visit_gap_minutes = gap
    half_life = pick("half_life_days", "MUSEUM_TUI_HALF_LIFE_DAYS", (int, float), "days ≥ 0 (0: off)", float)
    if half_life is not None:
        if float(half_life) < 0:
            raise ConfigError(f"half_life_days is {half_life}; expected days ≥ 0 (0 turns ageing off)")
        settings.half_life_days = float(half_life)
    kiosk = pick("kiosk", "MUSEUM_TUI_KIOSK", bool, "true or false", _boolean)
    if kiosk is not None:
        settings.kiosk = bool(kiosk)
    store = pick("store", "MUSEUM_TUI_STORE", (str, Path), "a folder path or a postgresql:// URL")
    if store:
        settings.store = str(store)

    _limits(settings, pick)
    _prune_threshold(settings, env)

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

    settings.offline = bool(cli.get("offline"))
    if settings.offline:
        settings.sources["provider"] = "command line (--offline)"
    return settings


def _prune_threshold(settings: Settings, env: Mapping[str, str]) -> None:
    """`PRUNE_THRESHOLD` (environment only): a bad value is warned about and the default kept."""
    raw = env.get("PRUNE_THRESHOLD")
    if raw is None or not raw.strip():
        return
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value < 1.0:
        settings.warnings.append(f"PRUNE_THRESHOLD={raw!r} is not a number in [0, 1); using {PRUNE_THRESHOLD}")
        return
    settings.prune_threshold = value
    settings.sources["prune_threshold"] = "environment"


def _limits(settings: Settings, pick: Any) -> None:
    """The settings for local models and the limits of every model call."""
    order = pick("extraction_order", "MUSEUM_TUI_EXTRACTION_ORDER", str, " or ".join(EXTRACTION_ORDERS))
    if order is not None:
        if order not in EXTRACTION_ORDERS:
            raise ConfigError(f"extraction_order is {order!r}; expected one of {', '.join(EXTRACTION_ORDERS)}")
        settings.extraction_order = order
    elif settings.facts_before_reply:
        settings.extraction_order = "before_reply"
    for name, env_name, low, high in (
        ("context_window", "MUSEUM_TUI_CONTEXT_WINDOW", 512, 10_000_000),
        ("reply_max_tokens", "MUSEUM_TUI_REPLY_MAX_TOKENS", 16, 1_000_000),
        ("extract_max_tokens", "MUSEUM_TUI_EXTRACT_MAX_TOKENS", 64, 1_000_000),
    ):
        value = pick(name, env_name, int, f"a whole number from {low:,} to {high:,}", int)
        if value is not None:
            if not low <= value <= high:
                raise ConfigError(f"{name} is {value}; expected a whole number from {low:,} to {high:,}")
            setattr(settings, name, value)
    for name, env_name in (("timeout", "MUSEUM_TUI_TIMEOUT"), ("extract_timeout", "MUSEUM_TUI_EXTRACT_TIMEOUT")):
        value = pick(name, env_name, (int, float), "seconds, from 1 to 3600", float)
        if value is not None:
            if not 1 <= float(value) <= 3600:
                raise ConfigError(f"{name} is {value}; expected seconds, from 1 to 3600")
            setattr(settings, name, float(value))
    if settings.sources.get("timeout") == "command line" and "extract_timeout" not in settings.sources:
        settings.extract_timeout = min(settings.extract_timeout, settings.timeout)


def write_template(path: Path | None = None) -> Path:
    """Create a commented config file (never overwriting one that exists)."""
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as fh:
        fh.write(CONFIG_TEMPLATE)
    return path
