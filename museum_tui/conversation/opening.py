"""Opening a session from settings: the ontology, the venue, the engine, the store and the visitor."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from museum_tui import config
from museum_tui.config import Settings
from museum_tui.memory import (
    MemoryStore,
    Ontology,
    OntologyError,
    UserNameError,
    load_ontology,
)
from museum_tui.storage import LoadReport, MemoryStorage, PersistenceError, VisitorMemory, open_storage

from . import commands
from .concierge import VenueUnavailable, load_concierge
from .engine import EngineError, LLMChat, build_chat, build_fact_source, resolve_engine
from .events import Event, MemoryLoaded, MemorySnapshot, Notice
from .first_screen import SessionError
from .kiosk import KioskGate, anonymous_visitor
from .session import Session
from .startup import Load
from .visitor import Visitor, load_visitor, new_visitor


def _ontology(settings: Settings) -> Ontology:
    try:
        return load_ontology(settings.ontology_path)
    except OntologyError as exc:
        raise SessionError(str(exc)) from None


def storage_for(settings: Settings) -> MemoryStorage:
    """The store the settings name, with this machine's data folder for exports (and a database store's
    kiosk secrets)."""
    return open_storage(config.store_spec(settings), config.data_dir())


def _visitor(settings: Settings, ontology: Ontology) -> tuple[Visitor, LoadReport]:
    try:
        return load_visitor(settings, ontology, storage_for(settings), settings.user)
    except UserNameError as exc:
        raise SessionError(str(exc)) from None


def open_memory(settings: Settings, ontology: Ontology | None = None) -> tuple[MemoryStore, VisitorMemory, LoadReport]:
    """The visitor's saved memory loaded into a fresh store shaped by the settings. `SessionError` says why
    not (bad ontology, a user name that is not a name); a bad memory file is reported, never raised."""
    visitor, report = _visitor(settings, ontology or _ontology(settings))
    return visitor.store, visitor.memory_file, report


def _apply_retention(settings: Settings) -> list[str]:
    """`retention_days`: erase the visitors not seen that long, before anyone is loaded; problems as notices."""
    if not settings.retention_days:
        return []
    from museum_tui.storage import retention
    from museum_tui.storage.visitor_secret import SecretError

    storage = storage_for(settings)
    try:
        failed = retention.purge(storage, settings.retention_days).failed
    except (PersistenceError, SecretError) as exc:
        return [f"Visitors not seen for {settings.retention_days} days could not be looked for: {exc}"]
    finally:
        storage.close()
    return [
        f"{name}, not seen for {settings.retention_days} days, could not be erased: {reason}"
        for name, reason in failed.items()
    ]


def open_session(settings: Settings, env: Mapping[str, str] | None = None, *, defer: bool = False) -> Session:
    """Everything a conversation needs, from settings. Raises `SessionError` with a readable reason.

    `defer` (the full-screen app): the visitor's memory, the venue's index and the HTTP stack are loaded
    in threads once `session.preparing` is started (after the first frame) instead of here; the session
    opens with an empty memory that turns wait behind (see `startup`)."""
    ontology = _ontology(settings)
    try:
        concierge, responder = load_concierge(ontology)
        provider = resolve_engine(settings, env)
    except (VenueUnavailable, EngineError) as exc:
        raise SessionError(str(exc)) from None
    chat = build_chat(settings, provider, responder)
    if isinstance(chat, LLMChat):
        fact_source = build_fact_source(ontology, provider, chat.client, settings, chat.model_limits)
    else:
        fact_source = build_fact_source(ontology, provider)
    retention = _apply_retention(settings)  # before anyone is loaded
    storage = storage_for(settings)
    loaded: list[str] = []
    try:
        if settings.kiosk:  # nobody's memory opens without its secret: the kiosk starts with an anonymous visitor
            visitor = anonymous_visitor(settings, ontology, storage)
        elif defer:  # an empty memory, never saved, until the visitor's is read (see `startup`)
            visitor = new_visitor(settings, ontology, storage, settings.user)
            visitor.memory_file.read_only = True  # reading it (`load`) decides; a failed read leaves it so
        else:
            visitor, report = load_visitor(settings, ontology, storage, settings.user)
            loaded = report.notices
    except UserNameError as exc:
        raise SessionError(str(exc)) from None
    warnings = [*settings.warnings, *(f"Ontology: {w}" for w in ontology.warnings), *retention, *loaded]
    session = Session(
        settings=settings,
        visitor=visitor,
        chat=chat,
        fact_source=fact_source,
        concierge=concierge,
        start_notices=[Notice(text, "warning") for text in warnings],
        kiosk=KioskGate() if settings.kiosk else None,
        route=commands.handle,
    )
    # Built on first use otherwise; loaded after the first screen by a front end that starts `preparing`.
    session.preparing.add(Load("venue index", "the venue's index", lambda: responder.index))
    if isinstance(chat, LLMChat) and defer:  # else it is made here, as a turn would otherwise make it
        session.preparing.add(Load("http", "the connection to the model", chat.client.prepare, needed=True))
    elif isinstance(chat, LLMChat):
        chat.client.prepare()
    if defer and not settings.kiosk:
        load_memory_later(session, lambda: load_visitor(settings, ontology, storage, settings.user))
        return session
    greeting = session.welcome_back()
    if greeting:
        session.start_notices.insert(0, Notice(greeting, markdown=True))
    return session


@dataclass(frozen=True)
class LoadedMemory:
    """A visitor's memory read in a thread, with what showing it needs (made there too: a snapshot of
    50,000 facts is not built on the event loop)."""

    visitor: Visitor
    report: LoadReport
    snapshot: MemorySnapshot
    greeting: str | None


def load_memory_later(session: Session, load: Callable[[], tuple[Visitor, LoadReport]]) -> None:
    """The session opens with an empty, unsaved memory and reads the visitor's in a thread once
    `preparing` starts: a memory file of any size never holds up the first screen. Turns and commands
    wait for it, and nothing is saved before it is read (an empty memory must never overwrite a full one)."""
    session.memory_ready = False

    def read() -> LoadedMemory:
        visitor, report = load()
        greeting = visitor.welcome_back(session.concierge.welcome(visitor.store))
        return LoadedMemory(visitor, report, visitor.snapshot(), greeting)

    def loaded(memory: LoadedMemory) -> list[Event]:
        # Nothing has touched the empty memory it replaces: turns and commands waited for this.
        session.visitor, session.memory_ready = memory.visitor, True
        greeting = [Notice(memory.greeting, markdown=True)] if memory.greeting else []
        warnings = [Notice(text, "warning") for text in memory.report.notices]
        return [MemoryLoaded(memory.snapshot), *greeting, *warnings]

    def failed(exc: BaseException) -> list[Event]:
        return [Notice(f"Your saved memory could not be read ({exc}); this session will not save.", "error")]

    session.preparing.add(Load("memory", "your memory", read, needed=True, then=loaded, failed=failed))
