"""The conversation layer: Session, its events and slash commands, and how it is opened from settings.

Imports one way only: the conversation uses extraction, concierge, llm and memory; front ends use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from museum_tui import config
from museum_tui.config import Settings
from museum_tui.memory import (
    LoadReport,
    MemoryStore,
    Ontology,
    OntologyError,
    UserMemoryFile,
    UserNameError,
    load_ontology,
)

from .engine import EngineError, build_engines
from .events import Notice
from .session import Session


class SessionError(Exception):
    """The session could not start; the message says what to fix."""


@dataclass
class Concierge:
    """The venue, its agents, and how a turn is routed and prompted."""

    venue: Any
    agents: Any

    @property
    def venue_name(self) -> str:
        return getattr(self.venue, "name", "") or "the museum"

    def route(self, text: str, store: MemoryStore) -> Any:
        from museum_tui.concierge import route

        return route(text, store, self.agents)

    def system_prompt(self, agent: Any, store: MemoryStore) -> str:
        from museum_tui.concierge import build_system_prompt

        return build_system_prompt(agent, self.venue, store)


def load_concierge(ontology: Ontology) -> tuple[Concierge, Any]:
    """The venue and agents beside the ontology, and the offline responder built on them."""
    from museum_tui.concierge import BuiltinResponder, VenueError, find_venue, load_agents, load_venue

    try:
        venue = load_venue(find_venue(ontology))
        agents = load_agents(venue)
    except VenueError as exc:
        raise SessionError(str(exc)) from None
    return Concierge(venue, agents), BuiltinResponder(venue)


def open_memory(settings: Settings, ontology: Ontology | None = None) -> tuple[MemoryStore, UserMemoryFile, LoadReport]:
    """The visitor's saved memory loaded into a fresh store shaped by the settings. `SessionError` says why
    not (bad ontology, a user name that is not a name); a bad memory file is reported, never raised."""
    try:
        ontology = ontology or load_ontology(settings.ontology_path)
    except OntologyError as exc:
        raise SessionError(str(exc)) from None
    try:
        memory_file = UserMemoryFile(config.users_dir(), settings.user)
    except UserNameError as exc:
        raise SessionError(str(exc)) from None
    memory_file.ask_sensitive = settings.sensitive_consent
    store = MemoryStore(ontology, settings.similarity_threshold, decay=settings.decay or None)
    return store, memory_file, memory_file.load(store)


def open_session(settings: Settings, env: dict[str, str] | None = None) -> Session:
    """Everything a conversation needs, from settings. Raises `SessionError` with a readable reason."""
    try:
        ontology = load_ontology(settings.ontology_path)
    except OntologyError as exc:
        raise SessionError(str(exc)) from None
    concierge, responder = load_concierge(ontology)
    try:
        engines = build_engines(settings, ontology, responder, env)
    except EngineError as exc:
        raise SessionError(str(exc)) from None
    store, memory_file, report = open_memory(settings, ontology)
    notices = [Notice(text, "warning") for text in [*settings.warnings, *ontology_warnings(ontology), *report.notices]]
    return Session(
        settings=settings,
        store=store,
        memory_file=memory_file,
        chat=engines.chat,
        extractor=engines.facts,
        concierge=concierge,
        start_notices=notices,
    )


def ontology_warnings(ontology: Ontology) -> list[str]:
    return [f"Ontology: {w}" for w in ontology.warnings]


__all__ = ["Concierge", "Session", "SessionError", "open_memory", "open_session"]
