"""Which agent answers a turn: decided by the visitor's words and live memory, never by an extra LLM call."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from museum_tui.memory import MemoryStore
from museum_tui.memory.recall import VAGUE as VAGUE_WORDS

from .agents import Agent
from .intents import vague_need

VAGUE = re.compile(r"\b(" + "|".join(sorted(VAGUE_WORDS)) + r")\b")


@lru_cache(maxsize=256)
def _cue_regex(cue: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(cue.lower()) + r"(?:s|es)?(?![\w])")


def _fold(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def scores(text: str, agents: Mapping[str, Agent]) -> dict[str, float]:
    """How strongly the words point at each agent: each matching cue counts, longer cues count more."""
    folded = _fold(text)
    out = {}
    for name, agent in agents.items():
        out[name] = sum(1.0 + 0.25 * cue.count(" ") for cue in agent.cues if _cue_regex(cue).search(folded))
    return out


def route(text: str, store: MemoryStore, agents: Mapping[str, Agent], default: str = "general") -> Agent:
    """The best agent for `text`. A vague follow-up goes to the agent whose live need it refers to; ties
    go to the agent declared first; nothing at all goes to `default`."""
    folded = _fold(text)
    pulled = {need for agent in agents.values() for need in agent.needs}
    live_needs = [f for f in sorted(store.facts.values(), key=lambda f: -f.seq) if f.concept in pulled]
    points = scores(text, agents)
    best = max(points.values(), default=0.0)
    if live_needs and VAGUE.search(folded) and best <= 1.25 and vague_need(folded):
        for fact in live_needs:
            for agent in agents.values():
                if fact.concept in agent.needs:
                    return agent
    if best <= 0:
        return agents.get(default) or next(iter(agents.values()))
    return next(agents[name] for name in agents if points[name] == best)
