"""What the visitor just told us, acknowledged: a retraction says what was dropped, a need brings the
venue's advice for it (its facilities, tours, the menu check), a feeling the places that serve it, a
language the guide that speaks it. A mixin of the responder (it reads the venue, the index and answers)."""

from __future__ import annotations

import re

from .answers import Answers
from .food import allergy_said, dishes_in
from .index import Index
from .knowledge import Known, diet_tags
from .model import ConceptRule, Venue
from .question import Question
from .wording import listing, md

FEELING_LEADS = {
    "rest": "Let's find you somewhere to sit.",
    "quiet": "Sorry it's a lot — here is somewhere calmer.",
    "unwell": "I'm sorry you're not feeling well.",
}


class Told:
    venue: Venue
    answers: Answers
    index: Index

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
        lines: list[str] = []
        corrected = {concept for concept, _ in known.said_now}  # "it's Jo, not Joe": a correction, not a drop
        for concept, value, dropped in known.retracted:
            if dropped:
                lines.append(f"Understood — I've dropped “{md(value)}” from what I remember.")
            elif concept not in corrected:
                lines.append(f"I had nothing about “{md(value)}” to drop — nothing changed.")
        menu_told = False
        food_question = self._asks_food(q)  # the food answer follows, warnings included
        # "how do I get to X? wheelchair user": the way there follows, by a route that suits the need
        way_asked = q.is_question and "where" in q.focus
        for rule, values in _grouped(self.venue, known.new()):
            if rule.role == "name":
                if not q.greeting:
                    lines.append(f"Nice to meet you, {md(values[0])}.")
            elif rule.role == "language":
                lines.append(self.language_line(values[0]))
            elif rule.role == "need":
                said = (
                    [rule.acknowledge.format(value=listing([md(known.whose(v)) for v in values]))]
                    if rule.acknowledge
                    else []
                )
                if rule.advice:
                    said.append(rule.advice)
                for fid in [] if way_asked else rule.facilities:
                    facility = self.venue.facility(fid)
                    if facility and f"facility:{fid}" not in used:
                        said.append(self.answers.facility(facility, q, known))
                        used.add(f"facility:{fid}")
                tours = [t for t in self.venue.tours if set(rule.tours) & set(t.access)]
                if tours:
                    whom = listing(list(dict.fromkeys(known.whom(v) for v in values)))  # "your mum", "you"
                    said.append(f"Tours for {whom}: " + "; ".join(f"**{t.name}**, {t.when}" for t in tours) + ".")
                    used |= {f"tour:{t.name}" for t in tours}
                if rule.menu and not menu_told and not food_question:
                    # a food question gets the whole menu answer, warnings included: not said twice
                    check = self.answers.menu_check(known)
                    if check:
                        said.append(check)
                        menu_told = True
                if said:
                    lines.append(" ".join(said))
        return lines

    def _asks_food(self, q: Question) -> bool:
        """A question about food or drink: it says so, or names a café or a dish."""
        if q.food or q.drink or EATERY.search(q.folded) or dishes_in(q.folded):  # "…at the cafe?", "a brownie?"
            return True
        if q.is_question and allergy_said(self.venue, q.folded):  # "anything here without milk?"
            return True
        return any(h.named and h.entry.kind in ("cafe", "menu") for h in self.index.search(q.ask)[:3])

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


# a place to eat named by its kind, not its name
EATERY = re.compile(r"\b(?:cafe|cafes|café|cafés|kiosk|restaurant|canteen|tea ?rooms?|snack bar|coffee shop|menu)\b")


def _grouped(venue: Venue, new: list[tuple[ConceptRule, str]]) -> list[tuple[ConceptRule, list[str]]]:
    """This turn's facts by rule, in order, so two allergies are acknowledged in one sentence; a diet or
    allergy said twice in two words ("coeliac", "gluten-free") counts once."""
    out: dict[str, tuple[ConceptRule, list[str]]] = {}
    seen: set[tuple[str, str]] = set()
    for rule, value in new:
        key = value.lower()
        if rule.menu == "diet":
            key = " ".join(diet_tags(venue, value)) or key
        if (rule.concept, key) in seen:
            continue
        seen.add((rule.concept, key))
        out.setdefault(rule.concept, (rule, []))[1].append(value)
    return list(out.values())
