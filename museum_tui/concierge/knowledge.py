"""What the offline concierge knows for one turn and the reasoning it does over the venue data: the
agent's memory slice plus this turn's facts, read through the venue's concept rules (which concept is a
position, an interest, a need that wants step-free routes), and the answers that follow from them (which
toilet, which menu items fit, which shows fit the time, what today's hours are).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from museum_tui.language.party import member_phrase
from museum_tui.memory import MemoryStore
from museum_tui.memory.views import select

from .agents import Agent
from .lexicon import ALLERGEN_WORDS, DIET_WORDS, fold, phrase_in, stem
from .model import ConceptRule, Exhibition, MenuItem, Restroom, Venue
from .wording import md


class FactLike(Protocol):
    concept: str
    value: str
    polarity: str


@dataclass
class Known:
    """Facts visible to the answering agent this turn, by concept (strongest first), with the venue's rules."""

    venue: Venue
    values: dict[str, list[str]] = field(default_factory=dict)
    said_now: list[tuple[str, str]] = field(default_factory=list)  # asserted in this very message
    retracted: list[tuple[str, str, bool]] = field(default_factory=list)  # (concept, value, was it remembered)
    about: dict[str, str] = field(default_factory=dict)  # a value (lower case) → the party member it is about
    own: set[str] = field(default_factory=set)  # values (lower case) that are the visitor's own too
    # needs that choose dishes, tours or shows to skip (rules with `menu`, `tours` or `avoid`) of the whole
    # party, whichever agent answers: a food answer must never offer an unsafe dish because the words routed
    # it elsewhere, "a tour for my husband?" reads the husband's need, "anywhere we should skip?" the son's
    party_values: dict[str, list[str]] = field(default_factory=dict)
    # each need rule's concept as the ontology describes it (label and examples), to read a need a question
    # names without telling it ("a show for deaf people?")
    need_texts: dict[str, str] = field(default_factory=dict)

    @classmethod
    def build(cls, venue: Venue, agent: Agent, store: MemoryStore, pending: Sequence[FactLike]) -> Known:
        known = cls(venue)
        ontology = getattr(store, "ontology", None)
        for rule in venue.rules("need"):
            spec = ontology.concepts.get(rule.concept) if ontology is not None else None
            if spec is not None:
                known.need_texts[rule.concept] = fold(" ".join([spec.label, *spec.examples]))
        for fact in sorted(agent.memory(store), key=lambda f: (-f.salience, -f.seq)):
            known.values.setdefault(fact.concept, []).append(fact.value)
            known.note_about(fact)
        seen, everyone = set(known.values), sorted(select(store), key=lambda f: (-f.salience, -f.seq))
        for fact in everyone:
            rule = venue.concepts.get(fact.concept)
            if rule and (rule.menu or rule.tours or rule.avoid or rule.step_free):
                known.party_values.setdefault(fact.concept, []).append(fact.value)
                known.note_about(fact)
            if rule and rule.role in ("position", "interest", "dislike") and fact.concept not in seen:
                # where the visitor is shapes every answer that gives a way ("I need a wee" to the concierge),
                # and what they like every suggestion ("anything for me today?" to the front desk)
                known.values.setdefault(fact.concept, []).append(fact.value)
        for fact in pending:
            if fact.polarity == "negated":
                try:
                    matched = store.matches(fact.concept, fact.value, _whose(fact))
                except (KeyError, ValueError):
                    matched = []
                # "it's my son who's allergic to nuts, not me": a need denied for one stays the others' need
                others = [f for f in [*pending, *everyone] if f.concept == fact.concept and _whose(f) != _whose(fact)]
                held = {f.value.lower() for f in others if getattr(f, "polarity", "asserted") == "asserted"}
                gone = ({f.value.lower() for f in matched} | {fact.value.lower()}) - held
                for table in (known.values, known.party_values):
                    if fact.concept in table:
                        table[fact.concept] = [v for v in table[fact.concept] if v.lower() not in gone]
                known.retracted.append((fact.concept, fact.value, bool(matched)))
                continue
            # this turn's facts are the visitor's own words, which every agent reads anyway
            values = known.values.setdefault(fact.concept, [])
            known.note_about(fact)
            rule = venue.concepts.get(fact.concept)
            remembered = fact.value.lower() in (v.lower() for v in values)
            if not remembered:
                values.insert(0, fact.value)
            remembered = remembered and not (rule and rule.role == "want")  # a need said again: no "Noted" twice
            chooses = rule is not None and bool(rule.menu or rule.tours or rule.avoid or rule.step_free)
            menu = known.party_values.setdefault(fact.concept, []) if chooses else []
            if chooses and fact.value.lower() not in (v.lower() for v in menu):
                menu.insert(0, fact.value)
            if (fact.concept, fact.value) not in known.said_now and not remembered:
                known.said_now.append((fact.concept, fact.value))
        return known

    def note_about(self, fact: object) -> None:
        """Remember whose a fact is (the party's needs filter food and routes too; replies name them)."""
        about = _whose(fact)
        if about != "self":
            self.about[str(getattr(fact, "value", "")).lower()] = about
        else:
            self.own.add(str(getattr(fact, "value", "")).lower())

    def whose(self, value: str) -> str:
        """'nuts' → 'nuts (your son)' for a party member's need; the visitor's own need as it is."""
        member = self.about.get(value.lower())
        if not member:
            return value
        who = member_phrase(member)  # "gluten-free (coeliac; your son)", not "(coeliac) (your son)"
        who = f"you and {who}" if value.lower() in self.own else who  # "me and the wife are both veggie"
        return f"{value[:-1]}; {who})" if value.endswith(")") else f"{value} ({who})"

    def whom(self, value: str) -> str:
        """Who a need is for, as the reply addresses them: 'your husband', or 'you'."""
        member = self.about.get(value.lower())
        if not member:
            return "you"
        return f"you and {md(member_phrase(member))}" if value.lower() in self.own else md(member_phrase(member))

    def rule(self, concept: str) -> ConceptRule | None:
        return self.venue.concepts.get(concept)

    def role(self, role: str) -> list[tuple[ConceptRule, str]]:
        """(rule, value) for every known value of a concept with this role, in the venue file's order."""
        return [(r, v) for r in self.venue.rules(role) for v in self.values.get(r.concept, [])]

    def first(self, role: str) -> str | None:
        found = self.role(role)
        return found[0][1] if found else None

    def new(self, role: str | None = None) -> list[tuple[ConceptRule, str]]:
        out = []
        for concept, value in self.said_now:
            rule = self.rule(concept)
            if rule and (role is None or rule.role == role):
                out.append((rule, value))
        return out

    @property
    def step_free(self) -> bool:
        return any(rule.step_free for rule, _ in self.role("need"))

    @property
    def party_step_free(self) -> bool:
        """Someone in the party (the visitor or a member they told about) needs step-free ways."""
        return self.step_free or any(r.step_free and self.party_values.get(r.concept) for r in self.venue.rules("need"))

    def menu_needs(self) -> list[tuple[ConceptRule, str]]:
        """(rule, value) of every allergy and diet of the party, in the venue file's order."""
        return [(r, v) for r in self.venue.rules("need") if r.menu for v in self.party_values.get(r.concept, [])]

    def tour_tags(self) -> dict[str, str]:
        """Tour access tags the party's needs ask for → the value of the need (whose it is via `whose`)."""
        return {
            tag: v
            for r in self.venue.rules("need")
            if r.tours
            for v in self.party_values.get(r.concept, [])
            for tag in r.tours
        }

    def tour_tags_named(self, folded: str, besides: set[str] = frozenset()) -> set[str]:
        """Tour access tags of the needs a question names in the ontology's words ("deaf" → bsl, captions);
        `besides`: words that name something else here (the tours' own names: "a guided walk")."""
        own = {stem(w) for w in besides}
        said = {stem(w) for w in re.findall(r"[a-z]{4,}", folded) if w not in NOT_NEEDS} - own
        return {
            tag
            for rule in self.venue.rules("need")
            if rule.tours and said & {stem(w) for w in re.findall(r"[a-z]{4,}", self.need_texts.get(rule.concept, ""))}
            for tag in rule.tours
        }

    def avoid_allergens(self) -> dict[str, str]:
        """Allergen tags to avoid → the visitor's own word for it."""
        out: dict[str, str] = {}
        for rule, value in self.menu_needs():
            if rule.menu == "allergens":
                for tag in allergen_tags(self.venue, value):
                    out.setdefault(tag, value)
        return out

    def diets(self) -> list[tuple[str, tuple[str, ...]]]:
        """(the visitor's word, the menu tags that satisfy it) for every diet they keep."""
        return [(v, t) for rule, v in self.menu_needs() if rule.menu == "diet" for t in [diet_tags(self.venue, v)] if t]


# words of a question that name no need, though a need's description may use them
NOT_NEEDS = frozenset(
    re.findall(
        r"\w+",
        "people visitor visitors person someone anyone need needs there show shows tour tours talk talks with have "
        "that this what which when where your their they them does from free step cost price much",
    )
)


def allergen_tags(venue: Venue, value: str) -> set[str]:
    low = fold(value)
    table = {**ALLERGEN_WORDS, **venue.allergen_words}
    found = {tag for word, tags in table.items() if re.search(rf"\b{re.escape(word)}", low) for tag in tags}
    if "peanut" in low and "tree nut" not in low and not re.search(r"\bnuts?\b", low.replace("peanut", "")):
        found.discard("tree nuts")
    return found or {low}


def diet_tags(venue: Venue, text: str) -> tuple[str, ...]:
    """The menu tags that satisfy the diet named in `text` (empty when it names none)."""
    word = diet_word(venue, text)
    return {**DIET_WORDS, **venue.diet_words}[word] if word else ()


def diet_word(venue: Venue, text: str) -> str:
    """The word for a diet `text` uses ("vegetarian", "gluten free"), '' when none."""
    low = fold(text).replace("-", " ")
    table = {**DIET_WORDS, **venue.diet_words}
    return next((w for w in sorted(table, key=len, reverse=True) if phrase_in(w.replace("-", " "), low)), "")


def item_problem(item: MenuItem, avoid: dict[str, str], diets: Sequence[tuple[str, tuple[str, ...]]]) -> str | None:
    """Why an item does not suit (the visitor's word for the allergen or diet), or None if it does."""
    bad = [avoid[a] for a in item.allergens if a.lower() in avoid]
    if bad:
        return bad[0]
    for word, tags in diets:
        if not set(tags) & {d.lower() for d in item.diet}:
            return f"not {word}" if not word.lower().startswith("not ") else word
    return None


def floor_named(venue: Venue, text: str) -> int | None:
    """The floor a question names by its name or number ('the third floor', 'level 2'), not by a room."""
    low = fold(text)
    for level, name in sorted(venue.floors.items(), key=lambda f: -len(f[1])):
        core = fold(name).replace(" floor", "").replace(" level", "").strip()
        if phrase_in(fold(name), low) or (core and re.search(rf"\b{re.escape(core)} (?:floor|level)\b", low)):
            return level
    m = re.search(r"\b(?:floor|level)\s*(-?\d)\b", low)
    return int(m.group(1)) if m and int(m.group(1)) in venue.floors else None


def floor_in(venue: Venue, text: str | None) -> int | None:
    """The floor a described place is on ('second floor', a gallery's name, a café's, 'level 2'), if known."""
    if not text:
        return None
    low = re.sub(r"\b(?:main|front) (?:door|doors)\b", "main entrance", fold(text))  # "I am at main door now"
    places: list[tuple[str, int]] = []
    for level, name in venue.floors.items():
        places.append((fold(name), level))
        core = fold(name).replace(" floor", "").replace(" level", "").strip()
        if core:
            places += [(f"{core} floor", level), (f"{core} level", level)]
    places += [(fold(g.name), g.floor) for g in venue.galleries.values()]
    places += [(fold(g.id), g.floor) for g in venue.galleries.values()]
    places += [(fold(f.name), f.floor) for f in venue.facilities if f.floor is not None]
    places += [(fold(c.name), c.floor) for c in venue.cafes]
    places += [(fold(e.name), e.floor) for e in venue.entrances]
    places += [(fold(e.title), e.gallery.floor) for e in venue.exhibitions if e.gallery]  # "we're in Faces of …"
    ordinals = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}
    for short, word in ordinals.items():
        low = low.replace(short, word)
    for place, level in sorted(places, key=lambda p: -len(p[0])):
        if len(place) >= 2 and phrase_in(place, low):
            return level
    said = {w for w in re.findall(r"[a-z0-9]{4,}", low)} - PLACE_WORDS
    partial = [(len(said & set(re.findall(r"[a-z0-9]{4,}", place))), level) for place, level in places]
    partial += [(len(said & set(re.findall(r"[a-z0-9]{4,}", fold(text)))), level) for text, level in _located(venue)]
    best = max(partial, default=(0, None), key=lambda p: p[0])
    if best[0]:
        return best[1]
    m = re.search(r"\b(?:floor|level)\s*(-?\d)\b", low)
    if m and int(m.group(1)) in venue.floors:
        return int(m.group(1))
    if re.search(r"\btop floor\b", low) and venue.floors:
        return max(venue.floors)
    return None


PLACE_WORDS = {"floor", "level", "room", "area", "garden", "house", "gallery", "main", "next", "near", "with"}


def _located(venue: Venue) -> list[tuple[str, int]]:
    """Places named only inside locations ('on the lake terrace, by the boathouse')."""
    out = [(r.location, r.floor) for r in venue.restrooms]
    out += [(c.location, c.floor) for c in venue.cafes]
    return out + [(f.location, f.floor) for f in venue.facilities if f.floor is not None and f.location]


def pick_restroom(
    venue: Venue, here: int | None, step_free: bool, baby: bool, near: str = "", changing: bool = False
) -> Restroom:
    """The toilet to send someone to: the nearest that suits them (step-free, baby changing, a Changing
    Places room), by floor, then by the place named."""

    def suits(r: Restroom) -> bool:
        return (not step_free or r.accessible) and (not baby or r.baby_changing) and (not changing or r.changing_places)

    start = 0 if here is None else here
    near_words = set(re.findall(r"[a-z0-9]{3,}", fold(near)))
    candidates = [r for r in venue.restrooms if suits(r)] or list(venue.restrooms)
    return min(
        candidates,
        key=lambda r: (
            abs(r.floor - start),
            -len(near_words & set(re.findall(r"[a-z0-9]{3,}", fold(r.location)))),
            r.floor,
        ),
    )


def interest_score(e: Exhibition, known: Known) -> tuple[float, str]:
    """How well a show matches the visitor's interests, and why (the first matching interest)."""
    text = fold(" ".join([*e.media, *e.styles, *e.artists, *e.keywords, e.title, e.description]))
    score, why = 0.0, ""
    for rule, value in known.role("interest"):
        if mentions(text, value):
            score += rule.weight
            why = why or rule.because.format(value=value)
    for _, value in known.role("dislike"):
        if mentions(text, value):
            score -= 5.0
    return score, why


def mentions(text: str, value: str) -> bool:
    words = [w for w in re.findall(r"[a-z0-9-]+", fold(value)) if len(w) > 2 and w not in ("art", "the", "and")]
    stems = [w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words]
    return bool(stems) and all(re.search(rf"\b{re.escape(s)}", text) for s in stems)


def party_clash(e: Exhibition, known: Known) -> tuple[str, str] | None:
    """Why a show does not suit someone in the party, and the need's value (whose it is via `whom`)."""
    for rule in known.venue.rules("need"):
        for value in known.party_values.get(rule.concept, []):
            if rule.step_free and not e.gallery.step_free:
                return f"{e.gallery.name} is not step-free", value
            low = fold(value)
            for avoid in rule.avoid:
                if avoid.tag.lower() in e.notes and (not avoid.when or any(w in low for w in avoid.when)):
                    return avoid.reason, value
    return None


def clash(e: Exhibition, known: Known) -> str | None:
    """Why a show does not suit the visitor's needs (a loud room for someone sensitive to noise)."""
    return clash_with(e.notes, known)


def clash_with(notes: str, known: Known) -> str | None:
    """Why something whose notes or tags are `notes` (lower case) does not suit the visitor's needs."""
    for rule, value in known.role("need"):
        low = fold(value)
        for avoid in rule.avoid:
            if avoid.tag.lower() in notes and (not avoid.when or any(w in low for w in avoid.when)):
                return avoid.reason
    return None


def plan(
    venue: Venue, known: Known, budget: int | None, exclude: frozenset | set = frozenset()
) -> tuple[list[tuple[Exhibition, str]], list[tuple[Exhibition, str]]]:
    """Shows to suggest with why (best first, fitting the time if known), and shows left out with why.
    With `exclude` (the visitor asked for something else), interest no longer narrows the choice."""
    scored = {e: interest_score(e, known) for e in venue.exhibitions if e not in exclude}
    ranked = sorted(scored, key=lambda e: (-scored[e][0], e.minutes, e.title))
    interested = not exclude and any(s > 0 for s, _ in scored.values())
    chosen: list[tuple[Exhibition, str]] = []
    skipped, used = [], 0
    for e in ranked:
        score, why = scored[e]
        if score < 0 or (interested and score == 0 and chosen):
            continue
        # anyone's need in the party, whichever memory the agent answering reads ("somewhere calm we can go for
        # 15 mins?" with an autistic son suggested the loudest show)
        reason = clash(e, known) or next(iter(party_clash(e, known) or ()), None)
        if reason:
            skipped.append((e, reason))
            continue
        if budget is not None and used + e.minutes > budget:
            continue
        chosen.append((e, why))
        used += e.minutes
        if len(chosen) == 3 or (budget is None and len(chosen) == 2 and interested):
            break
    return chosen, skipped


def _whose(fact: object) -> str:
    """Whose a remembered or pending fact is: "self", or the party member's word."""
    return getattr(fact, "about", "self") or "self"
