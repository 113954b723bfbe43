"""The venue as data: what a venue file describes, once parsed and checked (see docs/venue-schema.md).

Nothing here names a venue or a memory concept: the rules that tie the ontology's concepts to the venue
(what a mobility need changes, which facts are interests) are `ConceptRule`s read from the venue file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from .hours import Schedule

ROLES = (
    "name",
    "language",
    "position",
    "time_budget",
    "interest",
    "dislike",
    "need",
    "want",
    "companions",
    "goal",
    "mood",
)


class VenueError(ValueError):
    """The venue file cannot be used; the message lists every problem found (`problems`, one each)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems if problems is not None else [message]


@dataclass(frozen=True)
class Gallery:
    id: str
    name: str
    floor: int
    step_free: bool = True
    noise: str = "moderate"


@dataclass(frozen=True)
class Exhibition:
    id: str
    title: str
    gallery: Gallery
    media: tuple[str, ...]
    styles: tuple[str, ...]
    artists: tuple[str, ...]
    minutes: int
    description: str
    access: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    ticket: str = ""  # a separate ticket: its price and where to buy it; empty when entry covers it
    booking: str = ""  # how to book, when booking is needed or advised
    min_age: int | None = None  # youngest age admitted
    age_note: str = ""  # e.g. "recommended for 8 and over"
    opens: date | None = None  # first day on (None: already on)
    closes: date | None = None  # last day on (None: no end)

    def on(self, day: date) -> bool:
        """Whether it is on during `day` (between its first and last days)."""
        return (self.opens is None or self.opens <= day) and (self.closes is None or day <= self.closes)

    def on_between(self, first: date, last: date) -> bool:
        """Whether it is on on any day from `first` to `last` (a month asked about)."""
        return (self.opens is None or self.opens <= last) and (self.closes is None or first <= self.closes)

    @property
    def notes(self) -> str:
        """Access notes and the gallery's noise, as one text rules can look into ('loud', 'flash')."""
        return " ".join([*self.access, f"{self.gallery.noise} room"]).lower()


@dataclass(frozen=True)
class MenuItem:
    item: str
    kind: str
    allergens: tuple[str, ...]
    diet: tuple[str, ...]
    swap: str = ""


@dataclass(frozen=True)
class Cafe:
    name: str
    floor: int
    location: str
    hours: Schedule | None  # None: open whenever the venue is
    step_free: bool
    menu: tuple[MenuItem, ...]
    notes: str = ""


@dataclass(frozen=True)
class Restroom:
    floor: int
    location: str
    accessible: bool
    baby_changing: bool
    changing_places: bool = False


@dataclass(frozen=True)
class Lift:
    name: str
    location: str
    floors: tuple[int, ...]
    near: tuple[str, ...] = ()  # ids of the galleries and facilities it stands beside (the nearest lift)


@dataclass(frozen=True)
class Tour:
    name: str
    when: str  # how it is said ("daily at 12:00 and 15:00")
    minutes: int
    meets: str
    access: tuple[str, ...] = ()
    description: str = ""
    schedule: Schedule | None = None  # its start times as open spans; None: only `when` is known
    booking: str = ""
    ticket: str = ""
    min_age: int | None = None
    age_note: str = ""


@dataclass(frozen=True)
class Facility:
    """Anything else a visitor may ask about: cloakroom, quiet room, Wi-Fi, first aid, access support."""

    id: str
    name: str
    text: str
    floor: int | None = None
    location: str = ""
    keywords: tuple[str, ...] = ()
    serves: tuple[str, ...] = ()  # feelings and needs it answers: "rest", "quiet", "unwell"
    hours: Schedule | None = None


@dataclass(frozen=True)
class Entrance:
    name: str
    floor: int
    step_free: bool
    notes: str = ""


@dataclass(frozen=True)
class Avoid:
    """A kind of room a need steers away from: `tag` is looked for in an exhibition's notes."""

    tag: str
    reason: str
    when: tuple[str, ...] = ()  # words in the visitor's own value that make it apply; empty: always


@dataclass(frozen=True)
class ConceptRule:
    """What the concierge does with one memory concept (declared per venue, keyed by concept ID)."""

    concept: str
    role: str
    acknowledge: str = ""  # said when the visitor tells it; {value} is their own word
    advice: str = ""  # said with it
    facilities: tuple[str, ...] = ()  # facility ids whose text is part of the advice
    tours: tuple[str, ...] = ()  # tour access tags to list with the advice
    step_free: bool = False  # routes by lift, accessible toilets only
    menu: str = ""  # "allergens": avoid menu items with them; "diet": only items with a fitting tag
    avoid: tuple[Avoid, ...] = ()
    weight: float = 1.0  # interests: how much a match counts
    because: str = "you like {value}"  # interests: why a pick was made
    query: str = ""  # wants: what to look up when the visitor says it ({value})
    label: str = ""  # how the concierge names the fact ("step-free access"); default: the value


@dataclass(frozen=True)
class Venue:
    name: str
    short_name: str
    description: str
    hours: Schedule | None
    floors: dict[int, str]
    galleries: dict[str, Gallery]
    exhibitions: tuple[Exhibition, ...]
    cafes: tuple[Cafe, ...]
    restrooms: tuple[Restroom, ...]
    lifts: tuple[Lift, ...]
    tours: tuple[Tour, ...]
    info: dict[str, Any] = field(default_factory=dict)  # legacy free-form entries, kept for prompts
    agents: dict[str, Any] = field(default_factory=dict)
    default_agent: str = "general"
    source: Path | None = None
    facilities: tuple[Facility, ...] = ()
    entrances: tuple[Entrance, ...] = ()
    concepts: dict[str, ConceptRule] = field(default_factory=dict)
    synonyms: dict[str, str] = field(default_factory=dict)
    allergen_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    diet_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    feelings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)  # "exhibition": "show", "gallery": "glasshouse"

    def floor_name(self, level: int) -> str:
        return self.floors.get(level, f"floor {level}")

    def facility(self, fid: str) -> Facility | None:
        return next((f for f in self.facilities if f.id == fid), None)

    def shows_in(self, gallery: Gallery) -> list[Exhibition]:
        """The exhibitions in a room, whatever their dates."""
        return [e for e in self.exhibitions if e.gallery == gallery]

    def upcoming(self, day: date) -> list[Exhibition]:
        """The exhibitions that open after `day`, soonest first."""
        return sorted((e for e in self.exhibitions if e.opens and e.opens > day), key=lambda e: e.opens or day)

    def rules(self, role: str) -> list[ConceptRule]:
        return [r for r in self.concepts.values() if r.role == role]

    def tours_supporting(self, facility_id: str) -> list[Tour]:
        """Tours whose access tags a need rule lists beside this facility (the support for that need)."""
        tags = {t for rule in self.rules("need") if facility_id in rule.facilities for t in rule.tours}
        return [t for t in self.tours if tags & set(t.access)]
