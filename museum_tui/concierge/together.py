"""Several things asked about at once: "the orchids and then the desert house, how long will that take?"."""

from __future__ import annotations

import re
from datetime import date

from .index import Index
from .model import Gallery
from .question import Question
from .wording import listing

# the parts of a question that names things one after another
THEN = re.compile(r"\s*(?:,|\band then\b|\bthen\b|\band\b|\bplus\b|\bafter that\b|\bfollowed by\b)\s*")


def time_for_all(index: Index, q: Question, today: date) -> str:
    """How long two or more shows or rooms named in turn take together; "" unless two parts of the question
    each name one (their best match a show or a room, explaining most of the part's words)."""
    if "long" not in q.focus:
        return ""
    parts = [p for p in THEN.split(q.folded) if p.strip()]
    found: dict[str, int] = {}
    for part in parts if len(parts) > 1 else []:
        hits = index.search(part)
        if not hits or hits[0].entry.kind not in ("exhibition", "gallery") or hits[0].coverage < 0.5:
            continue
        thing = hits[0].entry.obj
        shows = [e for e in index.venue.shows_in(thing) if e.on(today)] if isinstance(thing, Gallery) else [thing]
        for show in shows:
            found.setdefault(show.title, show.minutes)
    if len(found) < 2 or not all(found.values()):
        return ""
    each = listing([f"**{title}** (about {minutes} min)" for title, minutes in found.items()])
    return f"Allow about {sum(found.values())} minutes in all: {each}."
