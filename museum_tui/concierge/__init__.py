"""The concierge: venue knowledge, agents with memory subscriptions, routing, prompts and the offline
responder. Imports only the memory core."""

from museum_tui import clock

from .agents import Agent, load_agents
from .check import check_venue
from .knowledge import FactLike
from .prompts import build_system_prompt, venue_brief
from .responder import BuiltinResponder
from .router import route
from .venue import Venue, VenueError, find_venue, load_venue, parse_venue
from .welcome import welcome

__all__ = [
    "Agent",
    "BuiltinResponder",
    "FactLike",
    "Venue",
    "VenueError",
    "build_system_prompt",
    "check_venue",
    "clock",
    "find_venue",
    "load_agents",
    "load_venue",
    "parse_venue",
    "route",
    "venue_brief",
    "welcome",
]
