"""Welcome back: what a returning visitor is greeted with, from what is remembered about them."""

from __future__ import annotations

from datetime import datetime

from museum_tui import clock
from museum_tui.memory import MemoryStore

from .answers import listing, md
from .knowledge import Known, plan
from .model import Venue


def welcome(venue: Venue, store: MemoryStore, now: datetime | None = None) -> str:
    """A greeting for a visitor whose memory was loaded: their name, what is remembered (needs and
    interests, in their own words) and one pick with why. Empty when nothing is remembered."""
    if not store.facts:
        return ""
    del now  # the greeting does not depend on the time yet; kept for a steady signature
    known = Known(venue)
    for fact in sorted(store.facts.values(), key=lambda f: (-f.salience, -f.seq)):
        known.values.setdefault(fact.concept, []).append(fact.value)
    return welcome_back(venue, known) + " Say “forget …” any time to make me let go of something."


def welcome_back(venue: Venue, known: Known, pick: bool = True) -> str:
    """'Welcome back, Ann!' with what `known` holds: needs kept to, interests, and a pick with why."""
    name = known.first("name")
    lines = [f"Welcome back{', ' + md(name) if name else ''}! Good to see you again at {venue.short_name}."]
    needs = [rule.label or value for rule, value in known.role("need")]
    likes = [value for _, value in known.role("interest")]
    remembered = []
    if needs:
        remembered.append("I'll keep to " + listing([md(n) for n in dict.fromkeys(needs)]))
    if likes:
        remembered.append("I remember you like " + listing([md(v) for v in likes[:3]]))
    if remembered:
        lines.append("; ".join(remembered) + ".")
    if likes and pick:
        chosen, _ = plan(venue, known, None)
        picks = [(e, why) for e, why in chosen if why]
        if picks:
            e, why = picks[0]
            lines.append(
                f"This time, try **{e.title}** ({e.gallery.name}, {venue.floor_name(e.gallery.floor).lower()}) "
                f"— because {md(why)}."
            )
    return " ".join(lines)


__all__ = ["clock", "welcome", "welcome_back"]
