"""Food answers: the café that is open and has what fits, the items that suit the whole party's diets and
allergies, and what was left out. An unsafe item is never offered. In an answer to a food question it is
named only when the visitor asked about it by name ("is the peanut flapjack safe?"); otherwise the warning
names the allergen and how many items it rules out (dishes named beside the offer read like one). Told an
allergy with no question, the concierge names the dishes to avoid: a warning, with nothing offered."""

from __future__ import annotations

import re
from datetime import datetime

from museum_tui.language import content_words

from . import timing
from .index import Hit
from .knowledge import Known, allergen_tags, diet_tags, diet_word, item_problem
from .lexicon import ALLERGEN_WORDS, DIET_WORDS, PAYING, fold, phrase_in, stem, tokens, words
from .model import Cafe, MenuItem, Venue
from .question import Question
from .wording import listing, md, the_named

MEAL = re.compile(r"\b(?:lunch|dinner|breakfast|brunch|meal|tea time|something proper|proper food)\b")
# a café named for its one kind of thing: every item there is of that kind ("what sweets …" at a sweet shop)
KIND_WORDS = {"sweet", "sweets", "sweetie", "sweeties", "candy", "fudge", "toffee", "chocolate", "chocolates"}
SHOP = re.compile(r"\b(?:shop|kiosk|stall|cart|van|sweets?)\b")  # a place for a snack or a treat, not a meal
GENERIC_MENU_WORDS = {"food", "drink", "menu", "cafe", "eat", "snack", "safe", "good", "okay", "ok", "fine"}
SWEET = re.compile(
    r"\b(?:cakes?|tortes?|scones?|cookies?|brownies?|flapjacks?|croissants?|muffins?|banana bread|loaf|ice creams?|"
    r"sorbets?|tarts?|puddings?|biscuits?|pastry|pastries|buns?|desserts?|sweets?|sweet|treats?|chocolate)\b"
)
# light things to eat between meals, by their names
LIGHT = re.compile(rf"{SWEET.pattern}|\b(?:fruit|crisps|popcorn|snacks?|bars?|pots?|nuts|biscuits?|yogh?urts?)\b")
# a child, in a question ("for my son") or a dish's name ("Kids' lunchbox", "children's meal")
CHILD = re.compile(
    r"\b(?:kids?|kiddies|child|children|childrens|son|daughter|toddlers?|little ones?|boys?|girls?|grandkids|"
    r"grandchildren|grandson|granddaughter|babyccino)\b"
)
# a meal rather than a treat: savoury dishes come first
MEAL = re.compile(r"\b(?:lunch|dinner|supper|meal|main|savou?ry|proper food|brunch)\b")
COFFEE = re.compile(r"coffee|white|espresso|latte|cappuccino|americano|mocha|flat white")
# words for a kind of food or drink rather than one dish ("a coffee", "any sandwiches", "cake")
CATEGORY = re.compile(
    r"\b(?:coffee|tea|drinks?|water|juice|snacks?|sandwich\w*|wraps?|soups?|salads?|lunch|breakfast|food)\b"
)
# an allergen said in the question itself: "nut-free", "without dairy", "allergic to nuts", "a nut allergy"
ALLERGY_SAID = re.compile(
    r"\b(\w+)[- ]free\b|\bwithout (\w+)|\ballergic to (\w+)|\b(\w+) allerg(?:y|ies)\b|"
    r"\b(?:can(?:no|')t|cannot|mustn't|must not|shouldn't) (?:have|eat|take) (?:any )?(\w+)"
)

# words after "allergic to" that point back at what was said, not an allergen
NO_ALLERGEN = frozenset(
    "both them it that this those these all any anything everything either each stuff things something lots".split()  # noqa: SIM905
)


def allergy_said(venue: Venue, folded: str) -> bool:
    """The question names an allergen to keep out ("nut-free", "allergic to milk"; not "step-free")."""
    table = [*ALLERGEN_WORDS, *venue.allergen_words]
    for m in ALLERGY_SAID.finditer(folded):
        word = next(g for g in m.groups() if g)
        if any(word.startswith(w) or w.startswith(word) for w in table if len(w) >= 3):
            return True
    return False


class FoodAnswers:
    venue: Venue

    def route_to(self, floor: int, q: Question, known: Known, place: str = "") -> str:  # pragma: no cover
        raise NotImplementedError

    def here(self, q: Question, known: Known) -> int | None:  # pragma: no cover
        raise NotImplementedError

    def floor(self, level: int) -> str:  # pragma: no cover
        raise NotImplementedError

    # ---- food ----------------------------------------------------------------------------------------

    def needs(self, q: Question, known: Known) -> tuple[dict[str, str], list[tuple[str, tuple[str, ...]]]]:
        """Allergen tags to avoid (→ the word said) and diets to keep, of the whole party and of this
        question ("nut-free", "anything vegan?"); a diet said twice in two words counts once."""
        avoid = dict(known.avoid_allergens())
        denied = {fold(value) for _, value, _ in known.retracted}  # "my son isn't allergic to nuts, it's eggs"
        for m in re.finditer(ALLERGY_SAID, q.folded):
            word = next(g for g in m.groups() if g)
            if fold(word) in denied or fold(word) in NO_ALLERGEN:
                continue  # "allergic to both": the things said before, already read
            if word != "gluten" or not diet_tags(self.venue, q.folded):
                for tag in allergen_tags(self.venue, word):
                    avoid.setdefault(tag, word)
        diets: list[tuple[str, tuple[str, ...]]] = []
        asked_diet = diet_tags(self.venue, q.folded)
        word = diet_word(self.venue, q.folded)  # the visitor's word when it is a diet, else the diet's
        said = fold(word).replace("-", " ") in {fold(t).replace("-", " ") for t in asked_diet}
        extra = [(word if said else asked_diet[0], asked_diet)] if asked_diet else []
        for word, tags in [*known.diets(), *extra]:
            if not any(set(t) == set(tags) for _, t in diets):
                diets.append((word, tags))
        return avoid, diets

    def _named_items(self, asked: str) -> list[tuple[Cafe, MenuItem]]:
        """Menu items the question names: the whole dish, or words only one dish has; words for a kind of
        food ("a coffee", "any sandwiches", "cake"), a diet or an allergen name no dish."""
        whole = [(c, m) for c in self.venue.cafes for m in c.menu if phrase_in(fold(m.item), asked)]
        if whole:
            return whole
        overlap = {
            (c, m): len(self._own_words(asked) & set(tokens(m.item, self.venue.synonyms))) for c, m in self._menu()
        }
        most = max(overlap.values(), default=0)
        named = [pair for pair, n in overlap.items() if n and n == most]
        return named if len(named) == 1 and most >= 2 else []

    def _said(self, asked: str) -> set[str]:
        """The question's words, beside a café's name's (`_name_words`): which café it names."""
        return set(tokens(asked, self.venue.synonyms)) - GENERIC_MENU_WORDS

    def _name_words(self, cafe: Cafe) -> set[str]:
        """The words of a café's name as a question's words are read ("Pennington's Sweet Shop": sweet, shop)."""
        return set(tokens(fold(cafe.name), self.venue.synonyms))

    def _menu(self) -> list[tuple[Cafe, MenuItem]]:
        return [(c, m) for c in self.venue.cafes for m in c.menu]

    def _own_words(self, asked: str) -> set[str]:
        """The question's words that could name a dish (not a diet, allergen, kind of food or filler)."""
        said = " ".join([*DIET_WORDS, *ALLERGEN_WORDS, *self.venue.diet_words, *self.venue.allergen_words])
        kinds = " ".join([*CATEGORY.findall(asked), *(m.group(0) for m in SWEET.finditer(asked))])
        return set(tokens(asked, self.venue.synonyms)) - GENERIC_MENU_WORDS - set(tokens(said)) - set(tokens(kinds))

    def _of_kind(self, items: list[MenuItem], asked: str) -> list[MenuItem]:
        """The items of the kind asked for ("sandwiches or wraps", "a coffee", "something sweet"), when
        any fits; else all of them."""
        words = set(tokens(" ".join(CATEGORY.findall(asked)), self.venue.synonyms)) - GENERIC_MENU_WORDS
        words |= set(tokens(" ".join(m.group(0) for m in SWEET.finditer(asked)))) - {"sweet", "treat", "dessert"}

        def fits(m: MenuItem) -> bool:
            name = fold(m.item)
            if words & set(tokens(name, self.venue.synonyms)):
                return True
            if "coffee" in asked and COFFEE.search(name):
                return True
            return bool(re.search(r"\b(?:sweets?|treats?|desserts?|cakes?)\b", asked) and SWEET.search(name))

        return [m for m in items if fits(m)] or items

    def _pick_cafe(
        self, cafes: list[Cafe], q: Question, known: Known, kinds: set[str], avoid, diets, now, asked: str
    ) -> Cafe:
        """The café to send the visitor to: open now before opening later, then one whose name the question
        says most of ("sweets": the sweet shop), then not a shop or a kiosk for a meal ("lunch": the tea room,
        not the sweet shop), then one whose menu has the kind of thing asked for ("an ice cream", "a sorbet":
        the kiosk, not the café with cakes), then the nearest to where they are, then the one with the most
        that fits (the first on a tie)."""
        here = self.here(q, known)
        words, dishes = self._own_words(asked), dishes_in(asked)
        coffee = "coffee" in tokens(asked, self.venue.synonyms)
        sweet = bool(re.search(r"\b(?:puddings?|desserts?|sweets?|sweet|treats?)\b", asked))  # any sweet thing
        meal, said = MEAL.search(asked), self._said(asked)

        def rank(c: Cafe) -> tuple:
            fits = len(self._sort([m for m in c.menu if m.kind in kinds], avoid, diets)[0])
            distance = abs(c.floor - here) if here is not None else 0
            has = any(  # of what the party may have: "any puddings?" with an egg allergy is the sorbet's kiosk
                words & set(tokens(m.item, self.venue.synonyms))
                or any(phrase_in(d, fold(m.item)) for d in dishes)
                or (coffee and COFFEE.search(fold(m.item)))  # "caffeine": an espresso is one
                or (sweet and SWEET.search(fold(m.item)))
                for m in self._sort(c.menu, avoid, diets)[0]
            )
            named = len(said & self._name_words(c))  # "what sweets can my son have?": the sweet shop
            shop = bool(meal and SHOP.search(fold(c.name)))  # "lunch": the tea room, not the sweet shop
            return (fits == 0, not timing.open_now(c, self.venue, now), -named, shop, not has, distance, -fits)

        return min(cafes, key=rank)

    def food(
        self, hits: list[Hit], q: Question, known: Known, wants: list[str], where: bool, now: datetime, instead=False
    ) -> str:
        """The café to go to and what there fits the party; `instead`: the named café is closed, so what
        is open is offered (its dishes named in the question are not)."""
        if not self.venue.cafes:
            return "There is no café here, I'm afraid."
        open_cafes = [c for c in self.venue.cafes if timing.open_today(c, self.venue, now)] or list(self.venue.cafes)
        asked = " ".join([q.folded, *(fold(w) for w in wants)])
        drink = q.drink or bool(re.search(r"coffee|tea|drink|water|juice|thirst", asked))
        food = q.food or bool(re.search(r"food|eat|hungry|snack|lunch|starv|peckish", asked) or SWEET.search(asked))
        kinds = {"drink"} if drink and not food else {"food"} if food and not drink else {"drink", "food"}
        named = self._named_items(asked)
        if not named:  # "any ice creams?": the dishes of a kind only some café sells
            named = [(c, m) for c, m in self._menu() if any(phrase_in(d, fold(m.item)) for d in dishes_in(asked))]
            named = named if any(c not in open_cafes for c, _ in named) else []
        if instead:
            named = []
        if named and not any(c in open_cafes for c, _ in named):  # only a café closed today has it
            cafe = named[0][0]
            return (
                f"The {named[0][1].item.lower()} is sold at {the_named(cafe.name, mid=True)} ({cafe.location}), "
                f"which is {timing.cafe_hours(cafe, self.venue, now)}."
            )
        named = [(c, m) for c, m in named if c in open_cafes]
        said = self._said(asked)
        # "anything sweet I can have in the tea room?": of the cafés named, the one named most fully
        said_of = lambda c: len(said & self._name_words(c))  # noqa: E731
        named_cafes = [h.entry.obj for h in hits if h.entry.kind == "cafe" and (h.named or said_of(h.entry.obj) >= 2)]
        named_cafe = max(named_cafes, key=said_of, default=None)
        by = [c for c in self.venue.cafes if content_words(q.folded) & content_words(c.location)]
        if named_cafe is None and not named and not instead and len(by) == 1:  # "a treat by the lake": the kiosk
            named_cafe = by[0]
        if named_cafe is not None and named_cafe not in open_cafes:  # "a snack at the kiosk?" out of season
            others = [h for h in hits if named_cafe not in (h.entry.obj, *_pair(h.entry.obj))]
            closed = f"{the_named(named_cafe.name)} is {timing.cafe_hours(named_cafe, self.venue, now)}."
            return f"{closed} Instead: {self.food(others, q, known, wants, where, now, instead=True)}"
        avoid, diets = self.needs(q, known)
        if named_cafe or named:
            cafe: Cafe = named_cafe or named[0][0]
        else:
            cafe = self._pick_cafe(open_cafes, q, known, kinds, avoid, diets, now, asked)
        pool = [m for c, m in named if c == cafe] or [m for m in cafe.menu if m.kind in kinds]
        safe, unsafe = self._sort(pool, avoid, diets)
        note = ""
        if named and not safe:
            note = _unsafe_note(*unsafe[0], avoid)
            safe, unsafe = self._sort([m for m in cafe.menu if m.kind in kinds], avoid, diets)
        if not named and not said & self._name_words(cafe) & KIND_WORDS:  # "sweets" at the sweet shop: all
            kind_asked = self._of_kind(pool, asked)
            fitting = self._of_kind(safe, asked)
            if kind_asked is not pool and fitting is safe and (avoid or diets):  # "a cake?" and no cake fits
                word = next(iter(CATEGORY.findall(asked) + SWEET.findall(asked)), "")
                # "those cookies?" when the one cookie has peanuts: say which and why
                dish = next(iter(SWEET.findall(asked)), "")  # a dish ("cookies"), not a meal ("lunch")
                bad = [
                    (m, why) for m, why in unsafe if m in kind_asked and dish and stem(dish) == stem(words(m.item)[-1])
                ]
                note = f"No {word} on the menu fits, sorry." if word else ""
                note = _unsafe_note(*bad[0], avoid) if len(bad) == 1 else note
            safe = fitting
        self._order(safe, asked)
        lines = [self._cafe_line(cafe, q, known, wants, where, now)]
        if note:
            lines.append(note)
        if avoid or diets:
            named = [*avoid.values(), *(w for w, _ in diets if not any(a in w for a in avoid.values()))]
            needs = listing([md(known.whose(v)) for v in dict.fromkeys(named)])  # "dairy free": once
            lines.append(f"With {needs} in mind, good choices are: {self._picks(safe, kinds, 4, avoid, diets)}.")
            warning = self._left_out(unsafe, cafe) if not (note and named) else cafe.notes
            if warning:
                lines.append(warning)
            elif unsafe:
                lines.append(f"The rest of the menu isn't marked {md(diets[-1][0])}.")
        elif named:
            lines.append("On the menu: " + ", ".join(self._item(m, avoid, diets) for m in safe[:4]) + ".")
        elif not where or wants:
            lines.append(f"You could try: {self._picks(safe, kinds, 3)}.")
        if PAYING.search(q.folded):  # "can I pay cash at the kiosk?": what the cafés' notes say of paying
            told = " ".join(lines)
            paid = [c for c in self.venue.cafes if PAYING.search(fold(c.notes)) and c.notes not in told]
            lines += [c.notes if c is cafe else f"{the_named(c.name)}: {c.notes}" for c in paid]
        return " ".join(lines)

    @staticmethod
    def _order(safe: list[MenuItem], asked: str) -> None:
        """What was asked for first: coffee for a coffee, sweet things for a treat, dishes for a meal."""
        if "coffee" in asked:
            safe.sort(key=lambda i: not COFFEE.search(i.item.lower()))
        elif SWEET.search(asked):
            safe.sort(key=lambda i: not SWEET.search(fold(i.item)))
        elif MEAL.search(asked):
            safe.sort(key=lambda i: bool(SWEET.search(fold(i.item))))
        elif re.search(r"\bsnacks?\b|\bnibbles?\b|\bpeckish\b", asked):  # a snack: light things before meals
            safe.sort(key=lambda i: not LIGHT.search(fold(i.item)))
        if CHILD.search(asked):  # "for my son": what the menu makes for children first
            safe.sort(key=lambda i: not CHILD.search(fold(i.item)))

    @staticmethod
    def _left_out(unsafe: list[tuple[MenuItem, str]], cafe: Cafe) -> str:
        """What the allergies rule out, said by allergen and count, with the café's own advice."""
        risky = [r for _, r in unsafe if not r.startswith("not ")]
        if not risky:
            return ""
        n = len(risky)
        said = listing([md(r) for r in dict.fromkeys(risky)])
        text = f"I've left out {'the one item' if n == 1 else f'{n} items'} with {said}."
        return f"{text} {cafe.notes}".strip()

    @staticmethod
    def _item(m: MenuItem, avoid=None, diets=()) -> str:
        """An item as offered: with the change that makes it suit, when that is why it fits."""
        return f"{m.item} ({m.swap})" if m.swap and item_problem(m, avoid or {}, diets) else m.item

    def _picks(self, safe: list[MenuItem], kinds: set[str], per_kind: int = 4, avoid=None, diets=()) -> str:
        """What fits, food and drinks each named (a long drinks list must not hide the food that fits)."""
        if not safe:
            return "nothing on the menu, sadly"
        said = [(m, self._item(m, avoid, diets)) for m in safe]
        groups = [(k, [s for m, s in said if m.kind == k]) for k in ("food", "drink") if k in kinds]
        groups = [(k, items) for k, items in groups if items]
        if len(groups) == 1 or not groups:
            return ", ".join(s for _, s in said[:per_kind])
        return "; ".join(
            f"to {'eat' if k == 'food' else 'drink'}, {', '.join(items[:per_kind])}" for k, items in groups
        )

    def _cafe_line(self, cafe: Cafe, q: Question, known: Known, wants: list[str], where: bool, now: datetime) -> str:
        when = timing.cafe_hours(cafe, self.venue, now)
        level = self.floor(cafe.floor)  # "what floor is the café on?": said when its location does not say it
        said = [*([level] if level not in fold(cafe.location) else []), *([when] if when else [])]
        hours = f" ({'; '.join(said)})" if said else ""
        if where and wants:
            line = f"You can get one at {the_named(cafe.name, mid=True)} — it's {cafe.location}{hours}."
        else:
            line = f"{the_named(cafe.name)} is {cafe.location}{hours}."
        if where or self.here(q, known) is not None:
            line = f"{line} {self.route_to(cafe.floor, q, known)}".strip()
        return line

    @staticmethod
    def _sort(pool, avoid, diets) -> tuple[list[MenuItem], list[tuple[MenuItem, str]]]:
        """Items that suit (an item whose `swap` makes it keep the diet, or free of the allergen, suits)
        and the rest with why."""
        safe, unsafe = [], []
        for item in pool:
            problem = item_problem(item, avoid, diets)
            if problem and not swapped(item, avoid, diets):
                unsafe.append((item, problem))
            else:
                safe.append(item)
        return safe, unsafe

    def menu_check(self, known: Known) -> str:
        """After an allergy or diet is told (no food asked for): per café, what fits (food first) and, by
        name, what to avoid: a warning, since nothing is being offered."""
        avoid, diets = known.avoid_allergens(), known.diets()
        parts = []
        for cafe in self.venue.cafes:
            safe, unsafe = self._sort(cafe.menu, avoid, diets)
            safe.sort(key=lambda m: m.kind != "food")
            risky = [(m, r) for m, r in unsafe if not r.startswith("not ")]
            said = []
            if diets and safe:
                said.append("good choices are " + listing([self._item(m, avoid, diets).lower() for m in safe[:4]]))
            if risky:
                said.append("avoid " + ", ".join(f"the {m.item.lower()} ({md(r)})" for m, r in risky[:3]))
            if said:
                parts.append(f"at {the_named(cafe.name, mid=True)}, " + "; ".join(said))
        if not parts:
            return ""
        notes = self.venue.cafes[0].notes
        text = ". ".join(p[0].upper() + p[1:] for p in parts)
        return text + "." + (f" {notes}" if notes else "")


# the words a swap may say an allergen tag with ("oat milk makes it dairy-free" fixes milk)
FREE_OF = {
    "milk": ("milk", "dairy", "lactose"),
    "gluten": ("gluten", "wheat"),
    "peanuts": ("peanut", "nut"),
    "tree nuts": ("nut", "tree nut"),
    "soya": ("soya", "soy"),
    "egg": ("egg",),
}


def dishes_in(asked: str) -> set[str]:
    """The sweet things a question names, singular ("ice creams" → "ice cream"), not "a treat"."""
    return {re.sub(r"(?<=[^s])s$", "", m.group(0)) for m in SWEET.finditer(asked)} - {"sweet", "treat", "dessert"}


def _unsafe_note(item: MenuItem, why: str, avoid: dict[str, str]) -> str:
    """Why a dish asked about is not offered: "The peanut butter cookie has peanuts in it, sorry." """
    if why.startswith("not "):
        return f"The {item.item.lower()} is {why}, sorry."
    tags = [a for a in item.allergens if a.lower() in avoid and fold(a) != fold(why)]
    listed = f" ({listing(tags)} on the menu)" if tags else ""  # "shellfish (crustaceans on the menu)"
    return f"The {item.item.lower()} has {why}{listed} in it, sorry."


def swapped(item: MenuItem, avoid: dict[str, str], diets) -> bool:
    """Whether the item's `swap` fixes everything wrong with it: each diet it misses is named in the swap
    ("oat milk makes it vegan"), and each allergen the party avoids is said to be gone from it in so many
    words ("… makes it dairy-free", "served in a cup it is gluten-free"). Nothing less counts."""
    if not item.swap:
        return False
    text = fold(item.swap)
    bad = [a.lower() for a in item.allergens if a.lower() in avoid]
    for tag in bad:
        if not any(re.search(rf"\b{re.escape(w)}[- ]free\b", text) for w in FREE_OF.get(tag, (tag,))):
            return False
    have = {d.lower() for d in item.diet}
    missed = [tags for _, tags in diets if not set(tags) & have]
    if not all(any(fold(t) in text for t in tags) for tags in missed):
        return False
    return bool(bad or missed)


def _pair(obj: object) -> tuple:
    """A menu entry's (café, item); nothing for other entries."""
    return obj if isinstance(obj, tuple) else ()
