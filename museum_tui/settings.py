"""Every setting, declared once: the `Settings` dataclass, whose fields carry their option (type, default,
environment variable, bounds, command-line flag, help).

From this one table `config.py` reads and validates the config file, the environment and the command
line, writes the commented config template and lists what `config show` prints, and `cli/common.py`
makes the command-line flags. A setting is added here and nowhere else.

Measured before choosing: importing pydantic-settings costs about 450 ms of start-up on the 2-core
development machine (a `python -c pass` 32 ms, `import pydantic_settings` 486 ms, medians of 9), more than
the app's whole first screen; dataclass fields with metadata cost nothing.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, field, fields
from pathlib import Path
from typing import Any

from museum_tui.memory.tiers import PRUNE_THRESHOLD

DEFAULT_USER = "guest"
DEFAULT_ONTOLOGY = "museum.json"
DEFAULT_SIMILARITY = 0.88  # merges "photos" into "photography", keeps "Monet" apart from "Manet"
PROVIDERS = ("builtin", "openrouter", "openai", "ollama", "custom")
EXTRACTION_ORDERS = ("auto", "parallel", "after_reply", "before_reply")
GROUPS = {
    "engine": 'Which engine answers: "builtin" (offline, the default), "openrouter", "openai", "ollama", or\n'
    '"custom" (any OpenAI-compatible server such as llama.cpp, vLLM or LM Studio; set base_url).',
    "general": "",
    "local": "Local models (llama.cpp, Ollama, …) and limits for every model:",
}


@dataclass(frozen=True)
class Option:
    """One setting. `allowed`: what a valid value is, in words for error messages; `low`/`high`: bounds
    (inclusive); `choices`: the only values; `env`: its `MUSEUM_TUI_*` variable; `flag`: its command-line
    option (`engine`: only where a model may be called); `file`: may be set in the config file;
    `example`: the template's value when not the default; `clamp`: a value under `low` becomes `low`;
    `lenient`: a bad value is warned about and the default kept (else it is an error); `provider`: an
    engine choice resolved by `llm.resolve_provider` (kept as given, file and command line apart)."""

    name: str
    kind: type
    default: Any
    help: str
    allowed: str = ""
    env: str | None = None
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    flag: str | None = None
    engine: bool = False
    file: bool = True
    example: str | None = None
    group: str = "general"
    clamp: bool = False
    lenient: bool = False
    provider: bool = False
    show: bool = True
    high_open: bool = False  # `high` itself is not allowed
    metavar: str | None = None
    unit: str = ""  # shown after the value by `config show`
    unset: str = "default"  # what `config show` says when the value is None


def setting(default: Any = None, **option: Any) -> Any:
    """A `Settings` field with its `Option` (name and default are filled in from the field)."""
    return field(default=default, metadata={"option": option})


@dataclass
class Settings:
    """Everything a session needs to start, with where each value came from kept for `config show`."""

    provider: str | None = setting(
        group="engine",
        kind=str,
        choices=PROVIDERS,
        flag="--provider",
        engine=True,
        provider=True,
        example='"builtin"',
        help="which engine answers",
    )
    base_url: str | None = setting(
        group="engine",
        kind=str,
        flag="--base-url",
        engine=True,
        provider=True,
        metavar="URL",
        example='"http://127.0.0.1:8080/v1"',
        help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1",
    )
    model: str | None = setting(
        group="engine",
        kind=str,
        flag="--model",
        engine=True,
        provider=True,
        example='"openai/gpt-4o-mini"',
        help="the chat model",
    )
    extract_model: str | None = setting(
        group="engine",
        kind=str,
        flag="--extract-model",
        engine=True,
        provider=True,
        example='"openai/gpt-4o-mini"',
        help="the (small) model that extracts facts",
    )
    api_key_env: str | None = setting(
        group="engine",
        kind=str,
        flag="--api-key-env",
        engine=True,
        provider=True,
        metavar="VAR",
        example='"MY_SERVER_KEY"',
        help="environment variable holding the key for --base-url (never pass a key itself)",
    )
    offline: bool = setting(
        False,
        kind=bool,
        flag="--offline",
        engine=True,
        file=False,
        show=False,
        help="use the built-in offline engine, whatever else is configured",
    )
    user: str = setting(
        DEFAULT_USER, kind=str, env="MUSEUM_TUI_USER", flag="--user", allowed="a user name", help="whose memory to use"
    )
    ontology: Path | None = setting(
        kind=Path,
        env="MUSEUM_TUI_ONTOLOGY",
        flag="--ontology",
        example='"museum.json"',
        metavar="PATH",
        allowed="a path to an ontology JSON file",
        help="ontology JSON file (default: the bundled museum ontology)",
    )
    theme: str = setting(
        "textual-dark", kind=str, env="MUSEUM_TUI_THEME", allowed="a Textual theme name", help="the colour theme"
    )
    history_window: int = setting(
        12,
        kind=int,
        env="MUSEUM_TUI_HISTORY_WINDOW",
        low=0,
        high=200,
        allowed="a whole number from 0 to 200",
        help="chat messages kept in the prompt",
    )
    similarity_threshold: float = setting(
        DEFAULT_SIMILARITY,
        kind=float,
        env="MUSEUM_TUI_SIMILARITY",
        low=0.0,
        high=1.0,
        allowed="a number in [0, 1]",
        help="1.0 = only identical values reinforce each other",
    )
    builtin_stream_delay: float = setting(
        0.01,
        kind=float,
        env="MUSEUM_TUI_STREAM_DELAY",
        low=0.0,
        clamp=True,
        allowed="seconds ≥ 0",
        show=False,
        help="seconds between the built-in reply's words",
    )
    facts_before_reply: bool = setting(
        False,
        kind=bool,
        env="MUSEUM_TUI_FACTS_BEFORE_REPLY",
        help="true: the reply waits for this message's facts (slower by the extraction time)",
    )
    sensitive_consent: bool = setting(
        False,
        kind=bool,
        env="MUSEUM_TUI_SENSITIVE_CONSENT",
        help="kiosks: ask before keeping `sensitive` concepts (e.g. allergies) across visits",
    )
    visit_gap_minutes: int = setting(
        60,
        kind=int,
        env="MUSEUM_TUI_VISIT_GAP_MINUTES",
        low=1,
        allowed="a whole number of minutes ≥ 1",
        help="a silence longer than this starts a new visit",
    )
    half_life_days: float = setting(
        180.0,
        kind=float,
        env="MUSEUM_TUI_HALF_LIFE_DAYS",
        low=0.0,
        allowed="days ≥ 0 (0 turns ageing off)",
        help="long-term interests halve in strength over this many days away (0: off)",
    )
    retention_days: int = setting(
        0,
        kind=int,
        env="MUSEUM_TUI_RETENTION_DAYS",
        low=0,
        allowed="a whole number of days ≥ 0 (0: keep)",
        help="erase a visitor not seen for this many days: facts, visits, PIN (0: keep; see Privacy)",
    )
    kiosk: bool = setting(
        False,
        kind=bool,
        env="MUSEUM_TUI_KIOSK",
        flag="--kiosk",
        help="a shared terminal: each visitor's memory opens only with their secret",
    )
    store: str | None = setting(
        kind=str,
        env="MUSEUM_TUI_STORE",
        flag="--store",
        metavar="PATH|URL",
        example='"postgresql://kiosk@db.museum.internal/museum"',
        allowed="a folder path or a postgresql:// URL",
        help="where visitors' memories are kept: a folder of files, or postgresql://… "
        "(password in ~/.pgpass or PGPASSWORD, never here; default: the data "
        "folder)",
    )
    prune_threshold: float = setting(
        PRUNE_THRESHOLD,
        kind=float,
        env="PRUNE_THRESHOLD",
        low=0.0,
        high=1.0,
        high_open=True,
        allowed="a number in [0, 1)",
        file=False,
        lenient=True,
        show=False,
        help="facts fainter than this are forgotten",
    )
    extraction_order: str = setting(
        "auto",
        kind=str,
        env="MUSEUM_TUI_EXTRACTION_ORDER",
        choices=EXTRACTION_ORDERS,
        group="local",
        help="when facts are extracted: parallel (beside the reply), "
        "after_reply or before_reply; auto = after_reply for local servers with "
        "one slot, else parallel",
    )
    context_window: int | None = setting(
        kind=int,
        env="MUSEUM_TUI_CONTEXT_WINDOW",
        low=512,
        high=10_000_000,
        unset="from the server, else 2048 local / 32768 hosted",
        group="local",
        example="2048",
        help="tokens; default: what the server reports, else 2048 local / 32768 hosted",
    )
    reply_max_tokens: int = setting(
        400,
        kind=int,
        env="MUSEUM_TUI_REPLY_MAX_TOKENS",
        low=16,
        high=1_000_000,
        group="local",
        help="the longest reply asked for (a reply cut there is reported, not kept)",
    )
    extract_max_tokens: int = setting(
        600,
        kind=int,
        env="MUSEUM_TUI_EXTRACT_MAX_TOKENS",
        low=64,
        high=1_000_000,
        group="local",
        help="the longest extraction answer",
    )
    timeout: float = setting(
        120.0,
        kind=float,
        env="MUSEUM_TUI_TIMEOUT",
        low=1,
        high=3600,
        flag="--timeout",
        metavar="S",
        unit=" s",
        engine=True,
        group="local",
        allowed="seconds, from 1 to 3600",
        help="seconds a whole reply may take, waiting and retries included (caps extraction too)",
    )
    extract_timeout: float = setting(
        60.0,
        kind=float,
        env="MUSEUM_TUI_EXTRACT_TIMEOUT",
        low=1,
        high=3600,
        unit=" s",
        group="local",
        allowed="seconds, from 1 to 3600",
        help="seconds for a whole extraction",
    )
    retry_backoff: float = setting(
        0.5,
        kind=float,
        env="MUSEUM_TUI_RETRY_BACKOFF",
        low=0,
        high=60,
        unit=" s",
        group="local",
        allowed="seconds, from 0 to 60",
        help="the first wait before a failed call is retried (each retry waits twice as long; Retry-After wins)",
    )
    decay: dict[str, float] = field(default_factory=dict)  # [decay] table: tier = per-turn multiplier
    provider_cli: dict[str, Any] = field(default_factory=dict)  # engine choices from the command line …
    provider_file: dict[str, Any] = field(default_factory=dict)  # … and from the config file, kept apart
    config_file: Path | None = None
    warnings: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def ontology_path(self) -> Path:
        return self.ontology or default_ontology_path()


def bundled_ontologies_dir() -> Path:
    """The shipped ontologies: inside the installed package, or the source tree's `ontologies/`."""
    packaged = Path(__file__).resolve().parent / "ontologies"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "ontologies"


def default_ontology_path() -> Path:
    return bundled_ontologies_dir() / DEFAULT_ONTOLOGY


def _option(f: Field[Any]) -> Option:
    spec = dict(f.metadata["option"])
    default = None if f.default is MISSING else f.default
    allowed = spec.pop("allowed", "")
    option = Option(f.name, spec.pop("kind"), default, spec.pop("help"), **spec)
    if not allowed:
        allowed = _allowed(option)
    return Option(**{**option.__dict__, "allowed": allowed})


def _allowed(option: Option) -> str:
    if option.choices:
        return " or ".join(option.choices)
    if option.kind is bool:
        return "true or false"
    if option.kind is int and option.low is not None and option.high is not None:
        return f"a whole number from {option.low:,} to {option.high:,}"
    return "text" if option.kind is str else f"a {option.kind.__name__}"


OPTIONS: tuple[Option, ...] = tuple(_option(f) for f in fields(Settings) if "option" in f.metadata)
BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
