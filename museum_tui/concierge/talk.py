"""Small talk: one short fitting reply to a message that only greets, thanks, says goodbye or acknowledges;
the greeting (a returning visitor is welcomed back); the fallback, which names who will know. A mixin of
the responder."""

from __future__ import annotations

from datetime import datetime

from museum_tui.memory import MemoryStore

from .knowledge import Known
from .model import Venue
from .welcome import welcome_back
from .wording import listing, md


class Talk:
    venue: Venue

    def small_talk(self, acts: set[str], known: Known, store: MemoryStore, now: datetime) -> str:
        """One short fitting reply to a message that only greets, thanks, says goodbye or acknowledges."""
        if "goodbye" in acts:
            return self.farewell()
        if "done" in acts and "thanks" in acts:  # "that's all, thank you"
            return "You're welcome — enjoy your visit!"
        if "declined" in acts or "done" in acts:  # "no thanks", "I'm good"
            return "No problem — just ask if you need anything. Enjoy your visit!"
        if "thanks" in acts:
            return "You're welcome! Anything else I can help with?"
        if "greeting" in acts:
            return self.greeting(known, store, now) + " What would you like to see or do today?"
        if "no" in acts:
            return "No problem — just ask if you need anything. Enjoy your visit!"
        return "Glad that helps — anything else I can help with?"

    def farewell(self) -> str:
        """The one goodbye, whether the message only says goodbye or asks something first."""
        return f"Goodbye, and thank you for visiting {self.venue.short_name} — enjoy the rest of your day!"

    def greeting(self, known: Known, store: MemoryStore, now: datetime, pick: bool = True) -> str:
        name = known.first("name")
        who = f", {md(name)}" if name else ""
        if returning(store, now):
            return welcome_back(self.venue, known, pick)
        if name and known.new("name"):
            return f"Hello{who} — nice to meet you! Welcome to {self.venue.short_name}."
        return f"Hello{who}! Welcome to {self.venue.short_name}."

    def fallback(self) -> str:
        desk = next((f for f in self.venue.facilities if "help" in f.serves), None)
        name = desk.name if desk and any(ch.isupper() for ch in desk.name[1:]) else desk.name.lower() if desk else ""
        where = f"the {name} ({desk.location})" if desk and desk.location else "a member of staff"
        topics = ["what's on", "directions and toilets", "food", "access", "tours", "opening hours"]
        return f"I'm not sure about that one — {where} will know. I can help with {listing(topics)}."


def returning(store: MemoryStore, now: datetime) -> bool:
    """Whether memory holds facts from an earlier day: a visitor we have met before."""
    today = now.date()
    for fact in store.facts.values():
        try:
            created = datetime.fromisoformat(fact.created_at)
        except (TypeError, ValueError):
            continue
        if (created.astimezone().replace(tzinfo=None) if created.tzinfo else created).date() < today:
            return True
    return False
