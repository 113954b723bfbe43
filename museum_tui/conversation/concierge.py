"""The venue seen from the conversation: its agents, how a turn is routed and how an agent is prompted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from museum_tui.memory import MemoryStore, Ontology

if TYPE_CHECKING:
    from museum_tui.concierge import Agent, BuiltinResponder, Venue


class VenueUnavailable(Exception):
    """The venue beside the ontology could not be loaded; the message says what to fix."""


@dataclass
class Concierge:
    """The venue and its agents. The concierge package is imported on first use (start-up speed)."""

    venue: Venue
    agents: dict[str, Agent]

    @property
    def venue_name(self) -> str:
        return self.venue.name or "the museum"

    def route(self, text: str, store: MemoryStore) -> Agent:
        from museum_tui.concierge import route

        return route(text, store, self.agents)

    def welcome(self, store: MemoryStore) -> str:
        """The venue's greeting for a visitor whose memory was loaded ("" when nothing is remembered)."""
        from museum_tui.concierge import welcome

        return welcome(self.venue, store)

    def system_prompt(self, agent: Agent, store: MemoryStore, brief: str | None = None) -> str:
        """The agent's system prompt; `brief` (e.g. a shortened one) replaces the venue's whole brief."""
        from museum_tui.concierge import build_system_prompt

        return build_system_prompt(agent, self.venue, store, brief)

    def venue_brief(self) -> str:
        from museum_tui.concierge.prompts import venue_brief

        return venue_brief(self.venue)


def load_concierge(ontology: Ontology) -> tuple[Concierge, BuiltinResponder]:
    """The venue and agents beside the ontology, and the offline responder built on them."""
    from museum_tui.concierge import BuiltinResponder, VenueError, check_venue

    try:  # the same check as `museum-tui ontology check`: one path decides what may start
        venue, agents = check_venue(ontology)
    except VenueError as exc:
        raise VenueUnavailable(str(exc)) from None
    return Concierge(venue, agents), BuiltinResponder(venue)
