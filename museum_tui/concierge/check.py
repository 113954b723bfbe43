"""The one validation path for a venue: the file, its agents, and every reference it makes to the
ontology (concept IDs in its rules, agent prefixes and needs, memory tiers). The app starts only on what
this passes, and `museum-tui ontology check` reports exactly what this finds, all problems at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from museum_tui.memory import PERSISTENCE_CLASSES, Ontology

from .agents import Agent, read_agents
from .model import Venue, VenueError
from .venue import find_venue, parse_venue, problems_error, read_venue_json


def references(data: dict[str, Any], ontology: Ontology) -> list[str]:
    """What the venue file names that the ontology does not have."""
    concepts = set(ontology.concepts)
    problems = []
    rules = data.get("concepts")
    for concept in rules if isinstance(rules, dict) else ():
        if concept not in concepts:
            problems.append(f"concepts.{concept}: no concept {concept!r} in the ontology")
    agents = data.get("agents")
    for name, spec in agents.items() if isinstance(agents, dict) else ():
        if not isinstance(spec, dict):
            continue
        for prefix in _texts(spec.get("concept_prefixes")):
            if not any(c == prefix or c.startswith(prefix) for c in concepts):
                problems.append(f"agent {name!r}: concept prefix {prefix!r} matches no concept in the ontology")
        for need in _texts(spec.get("needs")):
            if need not in concepts:
                problems.append(f"agent {name!r}: need {need!r} is no concept in the ontology")
        for cls in _texts(spec.get("classes")):
            if cls not in PERSISTENCE_CLASSES:
                problems.append(f"agent {name!r}: class {cls!r} is not one of {', '.join(PERSISTENCE_CLASSES)}")
    return problems


def _texts(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def check_venue(ontology: Ontology, path: Path | None = None) -> tuple[Venue, dict[str, Agent]]:
    """The ontology's venue and its agents, or a `VenueError` listing every problem found."""
    path = path or find_venue(ontology)
    data = read_venue_json(path)
    problems: list[str] = []
    venue = None
    try:
        venue = parse_venue(data, path)
    except VenueError as exc:
        problems += exc.problems
    agents: dict[str, Agent] = {}
    if isinstance(data, dict):
        agents, agent_problems = read_agents(data.get("agents", {}), data.get("default_agent", "general"))
        problems += [f"{path} {p}" for p in agent_problems]
        problems += [f"{path} {p}" for p in references(data, ontology)]
    if problems or venue is None:
        raise problems_error(str(path), problems)
    return venue, agents
