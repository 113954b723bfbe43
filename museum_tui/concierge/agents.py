"""Agents declared as data: a role, the slice of memory each one subscribes to, and words that route to it.

The subscription is the privacy boundary: the recommendations agent never sees a disability it does not
need, and the wayfinding agent always sees mobility needs, so the route it gives cannot forget them.
"""

from __future__ import annotations

from dataclasses import dataclass

from museum_tui.memory import MemoryStore
from museum_tui.memory.facts import Fact
from museum_tui.memory.views import select

from .venue import Venue, VenueError


@dataclass(frozen=True)
class Agent:
    name: str
    title: str
    role: str
    concept_prefixes: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    cues: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()  # live needs that pull a vague follow-up ("where can I get one?") here

    def memory(self, store: MemoryStore) -> list[Fact]:
        """The facts this agent may see."""
        return select(store, self.concept_prefixes or None, self.classes or None)

    def subscribes(self, concept: str) -> bool:
        return (not self.concept_prefixes or concept.startswith(self.concept_prefixes)) and not self.classes


def load_agents(venue: Venue) -> dict[str, Agent]:
    """The venue's agents in file order; the default agent must exist."""
    agents, problems = read_agents(venue.agents, venue.default_agent)
    if problems:
        raise VenueError(f"{venue.source or 'venue'}: " + "; ".join(problems), problems)
    return agents


def read_agents(specs: object, default_agent: str) -> tuple[dict[str, Agent], list[str]]:
    """The agents declared in `specs` (the venue file's `agents`), and every problem with them."""
    agents: dict[str, Agent] = {}
    problems = []
    if not isinstance(specs, dict):
        return {}, ["'agents' must be an object of agents by name"]
    for name, spec in specs.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("role"), str):
            problems.append(f"agent {name!r}: needs an object with a 'role' text")
            continue
        lists = {}
        for key in ("concept_prefixes", "classes", "cues", "needs"):
            value = spec.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problems.append(f"agent {name!r}: {key!r} must be a list of strings")
                value = []
            lists[key] = tuple(value)
        title = spec.get("title", name.title())
        if not isinstance(title, str):
            problems.append(f"agent {name!r}: 'title' must be a text")
            title = name.title()
        agents[name] = Agent(name, title, spec["role"], **lists)
    if default_agent not in agents:
        problems.append(f"the default agent {default_agent!r} is not declared under 'agents'")
    return agents, problems
