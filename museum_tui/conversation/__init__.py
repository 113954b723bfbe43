"""The conversation layer: Session, its events and slash commands, and how it is opened from settings.

Imports one way only: the conversation uses extraction, concierge, llm and memory; front ends use it.
"""

from __future__ import annotations

from collections.abc import Mapping

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
from .concierge import Concierge, VenueUnavailable, load_concierge
from .engine import EngineError, LLMChat, build_chat, build_fact_source, resolve_engine
from .events import Notice
from .kiosk import KioskGate, anonymous_visitor
from .session import Outcome, Session
from .visitor import Visitor, load_visitor


class SessionError(Exception):
    """The session could not start; the message says what to fix."""


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
        retention.purge(storage, settings.retention_days)
    except (PersistenceError, SecretError) as exc:
        return [f"Visitors not seen for {settings.retention_days} days could not all be erased: {exc}"]
    finally:
        storage.close()
    return []


def open_session(settings: Settings, env: Mapping[str, str] | None = None) -> Session:
    """Everything a conversation needs, from settings. Raises `SessionError` with a readable reason."""
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
    retention = _apply_retention(settings)
    if settings.kiosk:  # nobody's memory opens without its secret: the kiosk starts with an anonymous visitor
        visitor, loaded = anonymous_visitor(settings, ontology, storage_for(settings)), []
    else:
        visitor, report = _visitor(settings, ontology)
        loaded = report.notices
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
    greeting = session.welcome_back()
    if greeting:
        session.start_notices.insert(0, Notice(greeting, markdown=True))
    return session


__all__ = ["Concierge", "Outcome", "Session", "SessionError", "Visitor", "open_memory", "open_session", "storage_for"]
