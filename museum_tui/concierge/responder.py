"""The offline concierge: grounded, deterministic replies from the venue data and the agent's memory slice.

A message is read once (`Question`); what the visitor just told us is acknowledged (a retraction says what
was dropped, a need brings the venue's advice for it, declared in the venue file); a question is answered
by retrieval over the venue's entries, the best entry's kind choosing how the answer is reasoned (the
nearest suitable toilet, the menu items that fit, today's hours); then the answer is personalised from
what the agent may see. Same input, same words, every time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from museum_tui import clock
from museum_tui.memory import MemoryStore

from .agents import Agent
from .answers import Answers, cap, listing, md
from .index import Hit, Index
from .knowledge import FactLike, Known, floor_named, minutes_in, plan
from .model import Exhibition, Venue
from .question import Question
from .welcome import welcome_back

MIN_SCORE = 0.5  # below this share of the rarest word's weight, a match is too weak to answer from
MIN_COVERAGE = 0.32  # nor when it explains less than this share of the question's words
MAX_PARTS = 4
PRICE = re.compile(r"[£$€]\s?\d|\d\s?(?:€|eur|usd)\b|\bfree\b", re.IGNORECASE)
FEELING_LEADS = {
    "rest": "Let's find you somewhere to sit.",
    "quiet": "Sorry it's a lot — here is somewhere calmer.",
    "unwell": "I'm sorry you're not feeling well.",
}


class BuiltinResponder:
    def __init__(self, venue: Venue) -> None:
        self.venue = venue
        self._index: Index | None = None
        self.answers = Answers(venue)

    @property
    def index(self) -> Index:
        """The venue's retrieval index, built at the first question (a few ms), not at start-up."""
        if self._index is None:
            self._index = Index.build(self.venue)
        return self._index

    def reply(
        self,
        text: str,
        agent: Agent,
        store: MemoryStore,
        pending: Sequence[FactLike] = (),
        *,
        now: datetime | None = None,
    ) -> str:
        now = now or clock.local_now()
        known = Known.build(self.venue, agent, store, pending)
        q = Question.read(text, self.venue)
        banned = self._banned(known)
        parts: list[str] = []
        if q.greeting:
            parts.append(self.greeting(known, store, now, pick=not (q.is_question or q.plan)))
        parts += self.statements(known, banned, q)
        used = set(banned)
        for topic in q.feelings:
            parts += self.feeling(topic, q, known, used)
        told_plan = known.new("interest") or known.new("time_budget")
        if told_plan and not (q.is_question or q.plan):
            parts.append(self.recommend(q, known))
        elif q.is_question or not parts or q.plan:
            answer = self.answer(q, known, used, now)
            if answer and answer not in parts:
                parts.append(answer)
        for rule, value in known.new("want"):
            if rule.query and not q.is_question:
                wanted = Question.read(rule.query.format(value=value), self.venue)
                answer = self.answer(wanted, known, used, now, wants=[value])
                if answer and answer not in parts:
                    parts.append(answer)
        parts = parts[: MAX_PARTS + 1]
        if q.goodbye:
            parts.append(f"Thank you for visiting {self.venue.short_name} — enjoy the rest of your day!")
        elif q.thanks and len(parts) < 2:
            parts.append("You're welcome! Anything else I can help with?")
        if not parts and known.new("position"):
            parts.append("Got it — I'll give directions from there. Where would you like to go?")
        if not parts and known.said_now:
            parts.append("Thanks — I'll keep that in mind. What can I help you with?")
        if not parts:
            parts.append(self.fallback())
        elif q.greeting and len(parts) == 1:
            parts.append("What would you like to see or do today?")
        return "\n\n".join(parts)

    # ---- what the visitor told us --------------------------------------------------------------------

    def _banned(self, known: Known) -> set[str]:
        """Entries whose advice belongs to a need the visitor just said they do not have."""
        out: set[str] = set()
        for concept, _, _ in known.retracted:
            rule = known.rule(concept)
            if rule and not known.values.get(concept):
                out |= {f"facility:{fid}" for fid in rule.facilities}
                out |= {f"tour:{t.name}" for t in self.venue.tours if set(rule.tours) & set(t.access)}
        return out

    def statements(self, known: Known, used: set[str], q: Question) -> list[str]:
        lines = []
        for _concept, value, dropped in known.retracted:
            if dropped:
                lines.append(f"Understood — I've dropped “{md(value)}” from what I remember.")
            else:
                lines.append(f"I had nothing about “{md(value)}” to drop — nothing changed.")
        menu_told = False
        for rule, value in known.new():
            if rule.role == "name":
                if not q.greeting:
                    lines.append(f"Nice to meet you, {md(value)}.")
            elif rule.role == "language":
                lines.append(self.language_line(value))
            elif rule.role == "need":
                said = [rule.acknowledge.format(value=md(value))] if rule.acknowledge else []
                if rule.advice:
                    said.append(rule.advice)
                for fid in rule.facilities:
                    facility = self.venue.facility(fid)
                    if facility and f"facility:{fid}" not in used:
                        said.append(self.answers.facility(facility, q, known))
                        used.add(f"facility:{fid}")
                tours = [t for t in self.venue.tours if set(rule.tours) & set(t.access)]
                if tours:
                    said.append("Tours for you: " + "; ".join(f"**{t.name}**, {t.when}" for t in tours) + ".")
                    used |= {f"tour:{t.name}" for t in tours}
                if rule.menu and not menu_told:
                    check = self.answers.menu_check(known)
                    if check:
                        said.append(check)
                        menu_told = True
                if said:
                    lines.append(" ".join(said))
        return lines

    def feeling(self, topic: str, q: Question, known: Known, used: set[str]) -> list[str]:
        found = [f for f in self.venue.facilities if topic in f.serves and f"facility:{f.id}" not in used]
        if not found:
            return []
        used |= {f"facility:{f.id}" for f in found}
        lead = FEELING_LEADS.get(topic, "")
        return [" ".join([lead, *(self.answers.facility(f, q, known) for f in found[:2])]).strip()]

    def language_line(self, language: str) -> str:
        guide = next((f for f in self.venue.facilities if language.lower() in f.text.lower()), None)
        if guide:
            return f"{guide.name} come in {md(language)} — {guide.text}"
        return f"I'm sorry, I can only write in English, and I know of nothing here in {md(language)}."

    # ---- questions -----------------------------------------------------------------------------------

    def answer(self, q: Question, known: Known, used: set[str], now: datetime, wants: list[str] | None = None) -> str:
        hits = [h for h in self.index.search(q.ask) if h.entry.key not in used]
        if "price" in q.focus:  # a price question wants an entry that has prices
            for hit in hits:
                if any(PRICE.search(text) for text, _ in hit.entry.fields):
                    hit.score *= 1.5
            hits.sort(key=lambda h: -h.score)
        top = hits[0] if hits else None
        specific = top is not None and (
            top.named or (top.score >= MIN_SCORE * self.index.rarest and top.coverage >= MIN_COVERAGE)
        )
        named_show = top is not None and top.named and top.entry.kind in ("exhibition", "gallery", "tour")
        if (q.plan or (q.budget and not (top and top.named))) and not named_show:
            floor = floor_named(self.venue, q.ask)
            if floor is not None and not q.budget:
                return self.answers.on_floor(floor, q, known)
            return self.recommend(q, known)
        live = [v for rule, v in known.role("want") if rule.query]
        if not specific and live and wants is None:
            rule = next(r for r, _ in known.role("want") if r.query)
            wanted = Question.read(rule.query.format(value=live[0]), self.venue)
            wanted.focus = q.focus
            return self.answer(wanted, known, used, now, wants=live[:1])
        if not specific or top is None:
            return ""
        kind = top.entry.kind
        a = self.answers
        if kind in ("menu", "cafe"):
            return a.food(hits, q, known, wants or [], "where" in q.focus)
        if kind == "restroom":
            return a.restroom(q, known)
        if kind == "hours":
            cafe = next((h for h in hits[1:4] if h.entry.kind == "cafe" and h.score >= 0.5 * top.score), None)
            return a.opening(cafe.entry.obj) if cafe else a.hours(q, now)
        if kind == "tour":
            return a.tours(hits, q, known, now)
        if kind == "lift":
            return a.lifts(q, known)
        if kind == "entrance":
            return a.entrance(hits, q, known)
        if kind == "facility":
            used.add(top.entry.key)
            return a.facility(top.entry.obj, q, known)
        if kind == "gallery":
            return a.gallery(top.entry.obj, q, known)
        shows = self._shows(hits)
        if len(shows) > 1:
            return a.exhibitions(shows, q, known)
        return a.exhibition(shows[0], q, known)

    def _shows(self, hits: list[Hit]) -> list[Exhibition]:
        shows = [h for h in hits if h.entry.kind == "exhibition"]
        best = shows[0]
        if best.named:
            return [h.entry.obj for h in shows if h.named][:3]
        return [h.entry.obj for h in shows if h.score >= 0.8 * best.score][:3]

    def recommend(self, q: Question, known: Known) -> str:
        budget = q.budget if q.budget is not None else minutes_in(known.first("time_budget"))
        chosen, skipped = plan(self.venue, known, budget)
        excluded: frozenset = frozenset()
        if q.more and chosen:
            excluded = frozenset(e for e, _ in chosen)
            chosen, skipped = plan(self.venue, known, budget, exclude=excluded)
        if not chosen:
            tour = self.venue.tours[0] if self.venue.tours else None
            extra = f" The **{tour.name}** ({tour.when}, {tour.minutes} min) is a good way in." if tour else ""
            return "Nothing on fits that well, I'm afraid." + extra
        items = []
        for e, why in chosen:
            because = f" — because {md(why)}" if why else ""
            items.append(
                f"- **{e.title}** — {e.description} ({e.gallery.name}, {self.answers.floor(e.gallery.floor)}, "
                f"about {e.minutes} min){because}"
            )
        interests = [v for _, v in known.role("interest")]
        if budget is not None:
            total = sum(e.minutes for e, _ in chosen)
            head = f"With about {_duration(budget)}, I'd suggest (about {total} min in all):"
        else:
            head = "You might enjoy:"
        if interests and not excluded and not any(why for _, why in chosen):
            head = f"Nothing on at the moment features {md(interests[0])}, I'm afraid. " + head
        lines = [head, *items]
        if budget is not None:
            spare = [e for e, _ in plan(self.venue, known, None, exclude=excluded)[0] if e not in dict(chosen)]
            if spare:
                e = spare[0]
                lines.append(
                    f"\nIf you have a little longer, **{e.title}** is in {e.gallery.name} (about {e.minutes} min)."
                )
        for e, why in skipped[:1]:
            lines.append(f"\nI've left out *{e.title}*: {why}.")
        floors = {e.gallery.floor for e, _ in chosen}
        if known.step_free and len(floors | {0}) > 1:
            lift = next((lift for lift in self.venue.lifts if floors <= set(lift.floors)), None)
            if lift:
                lines.append(f"\n**{cap(lift.name)}** ({lift.location}) reaches all of them step-free.")
        return "\n".join(lines)

    # ---- small talk ----------------------------------------------------------------------------------

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


def _duration(minutes: int) -> str:
    if minutes % 60 == 0:
        hours = minutes // 60
        return "an hour" if hours == 1 else f"{hours} hours"
    if minutes > 60:
        return f"{minutes / 60:g} hours"
    return f"{minutes} minutes"
