"""The offline concierge: grounded, deterministic replies from the venue data and the agent's memory slice.

It is the default engine (no key, no network), so it has to be genuinely useful: a wheelchair user asking
for the toilet gets the accessible one and the lift, an allergy shapes the café answer, a photography fan
with an hour gets the photography shows that fit. Same input, same words, every time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from museum_tui.memory import MemoryStore

from .agents import Agent
from .knowledge import (
    FactLike,
    Known,
    avoid_allergens,
    diet_ok,
    floor_of,
    minutes_in,
    needs_step_free,
    pick_restroom,
    plan,
    score_exhibition,
)
from .venue import Venue

INTENTS: list[tuple[str, str]] = [
    ("greeting", r"^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|greetings)\b"),
    (
        "restroom",
        r"\b(?:toilets?|loos?|restrooms?|bathrooms?|washrooms?|gents|ladies|wc|baby changing|nappy)\b",
    ),
    (
        "food",
        r"\b(?:coffee|tea|caf[eé]|eat|food|drinks?|hungry|thirsty|snacks?|lunch|menu|cake|sandwich|water|"
        r"latte|breakfast|kiosk|starving|cuppa)\b",
    ),
    ("rest", r"\b(?:sit|seat|bench|benches|rest|feet|legs|break|tired)\b"),
    ("quiet", r"\b(?:quiet|overwhelm\w*|too loud|noisy|calm)\b"),
    ("access", r"\b(?:lifts?|elevators?|step.?free|ramps?|stairs|wheelchairs?|accessib\w*)\b"),
    ("hearing", r"\b(?:captions?|captioned|bsl|sign language|hearing loops?|induction loop|deaf)\b"),
    ("sight", r"\b(?:audio.?descri\w*|large print|braille|tactile|touch tour|blind)\b"),
    (
        "recommend",
        r"\b(?:recommend\w*|suggest\w*|what should i see|what (?:else )?is on|what(?:'s| else is) on|"
        r"what else|worth seeing|exhibitions?|shows?|plan|highlights|must.?see|anything (?:else )?to see)\b",
    ),
    ("hours", r"\b(?:open|opening|close|closing|closes|hours|late)\b"),
    ("cloakroom", r"\b(?:cloakroom|coats?|bags?|luggage|backpack|suitcase)\b"),
    ("audio_guide", r"\baudio ?guides?\b"),
    ("tours", r"\btours?\b"),
    ("shop", r"\b(?:shop|gifts?|souvenirs?|postcards?|catalogues?)\b"),
    ("first_aid", r"\b(?:first aid|unwell|sick|injur\w*|faint|dizzy|hurt myself|ill)\b"),
    ("wifi", r"\b(?:wi-?fi|internet)\b"),
    ("thanks", r"\b(?:thanks|thank you|cheers)\b"),
    ("goodbye", r"\b(?:bye|goodbye|see you|farewell)\b"),
]
VAGUE = re.compile(r"\b(?:one|it|some|any|there|that)\b")
MAX_PARTS = 3


def md(text: str) -> str:
    """Visitor-derived text made inert for Markdown."""
    return "".join("\\" + ch if ch in "\\`*_{}[]<>#|~" else ch for ch in " ".join(text.split()))


class BuiltinResponder:
    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def reply(self, text: str, agent: Agent, store: MemoryStore, pending: Sequence[FactLike] = ()) -> str:
        known = Known.build(agent, store, pending)
        folded = " ".join(text.lower().replace("’", "'").split())
        # compiled on first use (and cached by `re`): nothing here delays the first screen
        intents = [name for name, pattern in INTENTS if re.search(pattern, folded)]
        intents += self._implied(folded, known, intents)
        if "restroom" in intents and "access" in intents:
            intents.remove("access")  # the toilet answer already gives the step-free route
        parts: list[str] = []
        if "greeting" in intents:
            parts.append(self.greeting(known))
        parts += self.acknowledge(known)
        for intent in intents:
            if intent in ("greeting", "thanks", "goodbye"):
                continue
            answer = getattr(self, f"answer_{intent}")(known, folded)
            if answer and answer not in parts:
                parts.append(answer)
            if len(parts) >= MAX_PARTS + 1:
                break
        if "goodbye" in intents:
            parts.append(f"Thank you for visiting {self.venue.short_name} — enjoy the rest of your day!")
        elif "thanks" in intents and len(parts) < 2:
            parts.append("You're welcome! Anything else I can help with?")
        if not parts and known.said_now:
            parts.append("Thanks — I'll keep that in mind. What can I help you with?")
        if not parts:
            parts.append(self.fallback())
        elif "greeting" in intents and len(parts) == 1:
            parts.append("What would you like to see or do today?")
        return "\n\n".join(parts)

    # ---- what the message implies beyond its words ----------------------------------------------------

    def _implied(self, folded: str, known: Known, intents: list[str]) -> list[str]:
        extra: list[str] = []
        if VAGUE.search(folded) and not intents:
            if known.get("ImmediateNeed.Refreshment"):
                extra.append("food")
            elif known.get("ImmediateNeed.Restroom"):
                extra.append("restroom")
            elif known.get("ImmediateNeed.Rest"):
                extra.append("rest")
        for prefix, topic in (
            ("SpecialNeed.HearingImpairment", "hearing"),
            ("SpecialNeed.VisualImpairment", "sight"),
            ("SpecialNeed.MobilityImpairment", "access"),
            ("SpecialNeed.SensorySensitivity", "quiet"),
        ):
            if known.new(prefix) and topic not in intents and not (topic == "access" and "restroom" in intents):
                extra.append(topic)
        said_art = known.new("ArtInterest.") or known.new("VisitPlan.TimeBudget")
        if said_art and "recommend" not in intents:
            extra.append("recommend")
        if known.new("ImmediateNeed.Refreshment") and "food" not in intents:
            extra.append("food")
        said_food_need = known.new("SpecialNeed.DietaryRestriction") or known.new("SpecialNeed.Allergy")
        if said_food_need and "food" not in intents:
            extra.append("food")
        return [e for e in extra if e not in intents]

    # ---- pieces --------------------------------------------------------------------------------------

    def greeting(self, known: Known) -> str:
        name = known.first("Profile.Name")
        hello = f"Hello, {md(name)}!" if name else "Hello!"
        return f"{hello} Welcome to {self.venue.short_name}."

    def acknowledge(self, known: Known) -> list[str]:
        """Short thanks for what the visitor just told us; the support itself comes from the topic answers."""
        lines = []
        for _, value in known.retracted:
            lines.append(f"Understood — I've let go of “{md(value)}”.")
        if known.new("SpecialNeed.HearingImpairment"):
            lines.append("Thanks for telling me — I'll keep everything in writing.")
        if known.new("SpecialNeed.VisualImpairment"):
            lines.append("Thank you for letting me know.")
        if known.new("SpecialNeed.MobilityImpairment"):
            lines.append("Noted — I'll keep to step-free routes.")
        if known.new("SpecialNeed.SensorySensitivity"):
            lines.append("Noted — I'll steer you away from loud and flashing rooms.")
        food_needs = [v for _, v in known.new("SpecialNeed.Allergy") + known.new("SpecialNeed.DietaryRestriction")]
        if food_needs:
            lines.append(f"Noted — I'll check every food suggestion against {md(' and '.join(food_needs))}.")
        if known.new("Profile.Name"):
            lines.append(f"Nice to meet you, {md(known.first('Profile.Name') or '')}.")
        if known.new("Profile.Language"):
            lines.append(self.language_line(known.first("Profile.Language") or ""))
        return lines

    def language_line(self, language: str) -> str:
        guides = self.venue.info.get("audio_guides", {})
        offered = [lang for lang in guides.get("languages", []) if language.lower() in lang.lower()]
        if offered:
            return (
                f"Our audio guide comes in {md(offered[0])} — ask at {guides.get('where', 'the desk')} "
                f"({guides.get('price', '')})."
            )
        return (
            f"I'm sorry, I can only write in English, and the audio guide does not come in {md(language)}; "
            f"it is available in {', '.join(guides.get('languages', []))}."
        )

    def route_to(self, floor: int, known: Known) -> str:
        """How to reach `floor` from where the visitor is (lift for anyone who needs step-free)."""
        here = floor_of(self.venue, known.first("Position.CurrentArea"))
        name = self.venue.floor_name(floor).lower()
        if here is not None and here == floor:
            return f"It's on this floor ({name})."
        lift = next((lift for lift in self.venue.lifts if floor in lift.floors), None)
        if needs_step_free(known) and lift:
            if here is None:
                return f"**{lift.name}** ({lift.location}) gets you there step-free."
            return (
                f"From the {self.venue.floor_name(here).lower()}, take **{lift.name}** down to the {name}"
                if here > floor
                else f"From the {self.venue.floor_name(here).lower()}, take **{lift.name}** up to the {name}"
            ) + " — the way is step-free."
        if lift and here is not None:
            return f"From the {self.venue.floor_name(here).lower()}, take the stairs or {lift.name} to the {name}."
        return ""

    def answer_restroom(self, known: Known, folded: str) -> str:
        baby = "baby" in folded or "nappy" in folded or "changing" in folded
        here = floor_of(self.venue, known.first("Position.CurrentArea"))
        room = pick_restroom(self.venue, known, here, baby)
        kind = "accessible toilets" if room.accessible and needs_step_free(known) else "nearest toilets"
        extras = [
            x
            for x, ok in (
                ("baby changing", room.baby_changing),
                ("a Changing Places room", room.changing_places),
            )
            if ok
        ]
        extra = f" (with {' and '.join(extras)})" if extras else ""
        return (
            f"The {kind} are on the {self.venue.floor_name(room.floor).lower()}, {room.location}{extra}. "
            f"{self.route_to(room.floor, known)}"
        ).strip()

    def answer_food(self, known: Known, folded: str) -> str:
        cafe = self.venue.cafes[0] if self.venue.cafes else None
        if cafe is None:
            return "There is no café here, I'm afraid."
        wants = " ".join([folded, *known.get("ImmediateNeed.Refreshment")]).lower()
        drink = bool(re.search(r"coffee|tea|drink|latte|water|thirst|juice|cuppa|chocolate", wants))
        food = bool(re.search(r"food|eat|hungry|snack|lunch|cake|sandwich|starv|breakfast|peckish", wants))
        kinds = {"drink"} if drink and not food else {"food"} if food and not drink else {"drink", "food"}
        avoid = avoid_allergens(known)
        diets = known.get("SpecialNeed.DietaryRestriction")
        safe, unsafe = [], []
        for item in cafe.menu:
            if item.kind not in kinds:
                continue
            bad = [avoid[a] for a in item.allergens if a in avoid]
            broken = diet_ok(item, diets)
            if bad or broken:
                unsafe.append((item, bad[0] if bad else broken))
            else:
                safe.append(item)
        if "coffee" in wants:
            safe.sort(key=lambda i: not re.search(r"coffee|white|espresso|latte", i.item.lower()))
        asking_where = bool(re.search(r"\bwhere\b|get (?:one|there)|find", folded))
        if asking_where and not known.new("ImmediateNeed.Refreshment"):
            where = f"You can get one at the **{cafe.name}** — it's {cafe.location} (open {cafe.hours})."
        else:
            where = f"The **{cafe.name}** is {cafe.location} (open {cafe.hours})."
        if asking_where:
            where = (where + " " + self.route_to(cafe.floor, known)).strip()
        lines = [where]
        if avoid or diets:
            needs = ", ".join(md(v) for v in dict.fromkeys([*avoid.values(), *diets]))
            picks = ", ".join(i.item for i in safe[:3]) or "nothing on today's menu, sadly"
            lines.append(f"With {needs} in mind, good choices are: {picks}.")
            if unsafe:
                item, reason = unsafe[0]
                lines.append(f"Avoid the {item.item.lower()} ({md(reason)}). {cafe.notes}")
        elif not asking_where or known.new("ImmediateNeed.Refreshment"):
            lines.append("You could try: " + ", ".join(i.item for i in safe[:3]) + ".")
        return " ".join(lines)

    def answer_rest(self, known: Known, folded: str) -> str:
        room = self.venue.info.get("quiet_room", {})
        return (
            f"{self.venue.info.get('seating', 'There are benches in every gallery.')} "
            f"The Quiet Room is {room.get('location', 'on the first floor')}."
        )

    def answer_quiet(self, known: Known, folded: str) -> str:
        room = self.venue.info.get("quiet_room", {})
        floor = int(room.get("floor", 1))
        loud = [e.title for e in self.venue.exhibitions if e.loud or e.flashing]
        warn = f" Rooms to skip if noise or flashing light is hard: {', '.join(loud)}." if loud else ""
        return (
            f"The **Quiet Room** is {room.get('location', '')} ({room.get('notes', '')}). "
            f"{self.route_to(floor, known)}{warn}"
        )

    def answer_access(self, known: Known, folded: str) -> str:
        lifts = "; ".join(f"**{lift.name}** is {lift.location}" for lift in self.venue.lifts)
        return f"{self.venue.info.get('step_free', '')} {lifts}.".strip()

    def answer_hearing(self, known: Known, folded: str) -> str:
        tours = [t for t in self.venue.tours if {"bsl", "captions"} & set(t.access)]
        listed = "; ".join(f"**{t.name}**, {t.when}" for t in tours)
        return f"{self.venue.info.get('hearing', '')} Tours for deaf visitors: {listed}."

    def answer_sight(self, known: Known, folded: str) -> str:
        tours = [t for t in self.venue.tours if "audio description" in t.access or "touch" in t.access]
        listed = "; ".join(f"**{t.name}**, {t.when}" for t in tours)
        return f"{self.venue.info.get('sight', '')} {listed}.".strip()

    def answer_recommend(self, known: Known, folded: str) -> str:
        budget = minutes_in(known.first("VisitPlan.TimeBudget"))
        chosen, skipped = plan(self.venue, known, budget)
        excluded: set = set()
        if re.search(r"\b(?:else|other|more)\b", folded):
            excluded = set(chosen)
            chosen, skipped = plan(self.venue, known, budget, exclude=excluded)
        if not chosen:
            return (
                "Nothing on today fits that well, I'm afraid. The free **Highlights tour** "
                "(daily at 12:00 and 15:00, 45 min) is a good way to see the best of the collection."
            )
        items = []
        for e in chosen:
            items.append(
                f"- **{e.title}** — {e.description} ({e.gallery.name}, "
                f"{self.venue.floor_name(e.gallery.floor).lower()}, about {e.minutes} min)"
            )
        interests = [v for c in ("ArtInterest.Artist", "ArtInterest.Medium", "ArtInterest.Style") for v in known.get(c)]
        if budget is not None:
            total = sum(e.minutes for e in chosen)
            head = f"With about {_duration(budget)}, I'd suggest (about {total} min in all):"
        else:
            head = "You might enjoy:"
        if interests and not excluded and score_exhibition(chosen[0], known) <= 0:
            head = f"Nothing on at the moment features {md(interests[0])}, I'm afraid. " + head
        lines = [head, *items]
        if budget is not None:
            spare = [e for e in plan(self.venue, known, None, exclude=excluded)[0] if e not in chosen]
            if spare:
                e = spare[0]
                lines.append(
                    f"\nIf you have a little longer, **{e.title}** is in {e.gallery.name} (about {e.minutes} min)."
                )
        for e, why in skipped[:1]:
            lines.append(f"\nI've left out *{e.title}*: {why}.")
        if needs_step_free(known) and any(e.gallery.floor != 0 for e in chosen):
            lines.append("\nLift A reaches every floor.")
        return "\n".join(lines)

    def answer_hours(self, known: Known, folded: str) -> str:
        hours = self.venue.hours
        week = "; ".join(f"{day.capitalize()} {time}" for day, time in hours.items() if day != "notes")
        return f"Opening hours: {week}. {hours.get('notes', '')}".strip()

    def answer_cloakroom(self, known: Known, folded: str) -> str:
        c = self.venue.info.get("cloakroom", {})
        where, price, notes = c.get("location", ""), c.get("price", ""), c.get("notes", "")
        return f"The cloakroom is {where} on the ground floor — {price}. {notes}."

    def answer_audio_guide(self, known: Known, folded: str) -> str:
        g = self.venue.info.get("audio_guides", {})
        language = known.first("Profile.Language")
        text = (
            f"Audio guides are at {g.get('where', '')} ({g.get('price', '')}), in "
            f"{', '.join(g.get('languages', []))}. {g.get('notes', '').capitalize()}."
        )
        return text + (" " + self.language_line(language) if language else "")

    def answer_tours(self, known: Known, folded: str) -> str:
        rows = [f"- **{t.name}**: {t.when}, {t.minutes} min, from {t.meets}" for t in self.venue.tours]
        return "Tours today and this week:\n" + "\n".join(rows)

    def answer_shop(self, known: Known, folded: str) -> str:
        s = self.venue.info.get("shop", {})
        return f"The shop is {s.get('location', '')} on the ground floor ({s.get('hours', '')}): {s.get('notes', '')}."

    def answer_first_aid(self, known: Known, folded: str) -> str:
        return self.venue.info.get("first_aid", "Please ask any member of staff.")

    def answer_wifi(self, known: Known, folded: str) -> str:
        return self.venue.info.get("wifi", "Ask at the information desk about Wi-Fi.")

    def fallback(self) -> str:
        desk = self.venue.info.get("information_desk", "on the ground floor")
        return (
            "I'm not sure about that one — the information desk (" + desk + ") will know. "
            "I can help with what's on, directions and toilets, food, access, tours and opening hours."
        )


def _duration(minutes: int) -> str:
    if minutes % 60 == 0:
        hours = minutes // 60
        return "an hour" if hours == 1 else f"{hours} hours"
    if minutes > 60:
        return f"{minutes / 60:g} hours"
    return f"{minutes} minutes"
