"""Food answers: the café that is open and has what fits, the items that suit the whole party's diets and
allergies (an unsafe item is never offered, only warned about), and what to avoid."""

from __future__ import annotations

import re
from datetime import datetime

from . import timing
from .index import Hit
from .knowledge import Known, allergen_tags, diet_tags, item_problem
from .lexicon import DIET_WORDS, fold, tokens
from .model import Cafe, MenuItem, Venue
from .question import Question
from .wording import listing, md

GENERIC_MENU_WORDS = {"food", "drink", "menu", "cafe", "eat", "snack"}
SWEET = re.compile(
    r"\b(?:cakes?|tortes?|scones?|cookies?|brownies?|flapjacks?|croissants?|muffins?|banana bread|ice creams?|"
    r"sorbets?|tarts?|puddings?|biscuits?|pastry|pastries|buns?|desserts?|sweets?|treats?|chocolate)\b"
)
# an allergen said in the question itself: "nut-free", "without dairy", "allergic to nuts", "a nut allergy"
ALLERGY_SAID = re.compile(
    r"\b(\w+)[- ]free\b|\bwithout (\w+)|\ballergic to (\w+)|\b(\w+) allerg(?:y|ies)\b|"
    r"\b(?:can(?:no|')t|cannot|mustn't|must not|shouldn't) (?:have|eat|take) (?:any )?(\w+)"
)


class FoodAnswers:
    venue: Venue

    def route_to(self, floor: int, q: Question, known: Known, place: str = "") -> str:  # pragma: no cover
        raise NotImplementedError

    # ---- food ----------------------------------------------------------------------------------------

    def food(self, hits: list[Hit], q: Question, known: Known, wants: list[str], where: bool, now: datetime) -> str:
        if not self.venue.cafes:
            return "There is no café here, I'm afraid."
        open_cafes = [c for c in self.venue.cafes if timing.open_today(c, self.venue, now)] or list(self.venue.cafes)
        asked = " ".join([q.folded, *(fold(w) for w in wants)])
        drink = q.drink or bool(re.search(r"coffee|tea|drink|water|juice|thirst", asked))
        food = q.food or bool(re.search(r"food|eat|hungry|snack|lunch|starv|peckish", asked))
        kinds = {"drink"} if drink and not food else {"food"} if food and not drink else {"drink", "food"}
        diet_words = " ".join([*DIET_WORDS, *self.venue.diet_words])
        words = set(tokens(asked, self.venue.synonyms)) - GENERIC_MENU_WORDS - set(tokens(diet_words))
        overlap = {
            (c, m): len(words & set(tokens(m.item, self.venue.synonyms))) for c in self.venue.cafes for m in c.menu
        }
        most = max(overlap.values(), default=0)
        named = [pair for pair, n in overlap.items() if n and n == most]
        if named and not any(c in open_cafes for c, _ in named):  # only a café closed today has it
            cafe = named[0][0]
            return (
                f"The {named[0][1].item.lower()} is sold at the **{cafe.name}** ({cafe.location}), which is "
                f"{timing.cafe_hours(cafe, self.venue, now)}."
            )
        named = [(c, m) for c, m in named if c in open_cafes]
        named_cafe = next((h.entry.obj for h in hits if h.entry.kind == "cafe" and h.named), None)
        avoid = dict(known.avoid_allergens())
        for m in re.finditer(ALLERGY_SAID, q.folded):
            word = next(g for g in m.groups() if g)
            if word != "gluten" or not diet_tags(self.venue, q.folded):
                for tag in allergen_tags(self.venue, word):
                    avoid.setdefault(tag, word)
        asked_diet = diet_tags(self.venue, q.folded)
        diets = list(known.diets())
        if asked_diet and not any(set(t) == set(asked_diet) for _, t in diets):
            word = next(w for w in sorted(asked_diet, key=len) if w)
            diets.append((word, asked_diet))
        if named_cafe or named:
            cafe: Cafe = named_cafe or named[0][0]
        else:  # the café open today with the most that fits (the first on a tie)
            cafe = max(
                open_cafes,
                key=lambda c: len(self._sort([m for m in c.menu if m.kind in kinds], avoid, diets)[0]),
            )
        pool = [m for c, m in named if c == cafe] or [m for m in cafe.menu if m.kind in kinds]
        safe, unsafe = self._sort(pool, avoid, diets)
        note = ""
        if named and not safe:
            item, why = unsafe[0]
            note = (
                f"The {item.item.lower()} is {why}, sorry."
                if why.startswith("not ")
                else f"The {item.item.lower()} has {why} in it, sorry."
            )
            safe, unsafe = self._sort([m for m in cafe.menu if m.kind in kinds], avoid, diets)
        if "coffee" in asked:
            safe.sort(key=lambda i: not re.search(r"coffee|white|espresso|latte", i.item.lower()))
        elif SWEET.search(asked):  # asked for a cake: the sweet things that fit come first
            safe.sort(key=lambda i: not SWEET.search(fold(i.item)))
        lines = [self._cafe_line(cafe, q, known, wants, where, now)]
        if note:
            lines.append(note)
        if avoid or diets:
            needs = ", ".join(md(known.whose(v)) for v in dict.fromkeys([*avoid.values(), *(w for w, _ in diets)]))
            lines.append(f"With {needs} in mind, good choices are: {self._picks(safe, kinds)}.")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            if risky:
                avoided = ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3])
                lines.append(f"Avoid {avoided}. {cafe.notes}".strip())
            elif unsafe:
                lines.append(f"The rest of the menu isn't marked {md(diets[-1][0])}.")
        elif named:
            lines.append("On the menu: " + ", ".join(m.item for m in safe[:4]) + ".")
        elif not where or wants:
            lines.append(f"You could try: {self._picks(safe, kinds, 3)}.")
        return " ".join(lines)

    @staticmethod
    def _picks(safe: list[MenuItem], kinds: set[str], per_kind: int = 4) -> str:
        """What fits, food and drinks each named (a long drinks list must not hide the food that fits)."""
        if not safe:
            return "nothing on the menu, sadly"
        groups = [(k, [m.item for m in safe if m.kind == k]) for k in ("food", "drink") if k in kinds]
        groups = [(k, items) for k, items in groups if items]
        if len(groups) == 1 or not groups:
            return ", ".join(m.item for m in safe[:per_kind])
        return "; ".join(
            f"to {'eat' if k == 'food' else 'drink'}, {', '.join(items[:per_kind])}" for k, items in groups
        )

    def _cafe_line(self, cafe: Cafe, q: Question, known: Known, wants: list[str], where: bool, now: datetime) -> str:
        when = timing.cafe_hours(cafe, self.venue, now)
        hours = f" ({when})" if when else ""
        if where and wants:
            line = f"You can get one at the **{cafe.name}** — it's {cafe.location}{hours}."
        else:
            line = f"The **{cafe.name}** is {cafe.location}{hours}."
        if where:
            line = f"{line} {self.route_to(cafe.floor, q, known)}".strip()
        return line

    @staticmethod
    def _sort(pool, avoid, diets) -> tuple[list[MenuItem], list[tuple[MenuItem, str]]]:
        safe, unsafe = [], []
        for item in pool:
            problem = item_problem(item, avoid, diets)
            if problem:
                unsafe.append((item, problem))
            else:
                safe.append(item)
        return safe, unsafe

    def menu_check(self, known: Known) -> str:
        """After an allergy or diet is told: per café, what fits (food first) and what to avoid."""
        avoid, diets = known.avoid_allergens(), known.diets()
        parts = []
        for cafe in self.venue.cafes:
            safe, unsafe = self._sort(cafe.menu, avoid, diets)
            safe.sort(key=lambda m: m.kind != "food")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            said = []
            if diets and safe:
                said.append("good choices are " + listing([m.item.lower() for m in safe[:4]]))
            if risky:
                said.append("avoid " + ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3]))
            if said:
                parts.append(f"at the **{cafe.name}**, " + "; ".join(said))
        if not parts:
            return ""
        notes = self.venue.cafes[0].notes
        text = ". ".join(p[0].upper() + p[1:] for p in parts)
        return text + "." + (f" {notes}" if notes else "")
