"""The venue's entries as the index reads them: every exhibition, gallery, café, menu item, toilet, lift,
tour, facility, entrance, the venue itself and its opening hours, each a small document of weighted fields
(names count most) with the names matched whole for a bonus. Split from index.py, which scores them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .lexicon import STOPWORDS, fold, tokens, words
from .model import Venue

VENUE_KINDS = frozenset(
    """museum gallery garden gardens centre center zoo aquarium park library castle palace abbey cathedral
    observatory planetarium arboretum farm hall house fort manor estate reserve village mill priory villa
    ruins""".split()  # noqa: SIM905
)
KIND_WORDS = {
    "exhibition": "exhibition show display",
    "gallery": "gallery room",
    "cafe": "cafe coffee food drink eat lunch snack menu hungry thirsty",
    "restroom": "toilet",
    "lift": "lift step-free",
    "tour": "tour guided",
    "hours": "open opening close closing closes hours time late week christmas easter holiday new year",
    "entrance": "entrance door way in exit out",
}


@dataclass(frozen=True)
class Entry:
    kind: str
    key: str
    name: str
    obj: Any
    floor: int | None = None
    fields: tuple[tuple[str, float], ...] = ()
    names: tuple[str, ...] = ()  # matched whole for a bonus: title, artists, gallery
    phrases: tuple[tuple[str, ...], ...] = ()  # keywords of several words, as stems ("guide dog"): a bonus


SWAP_VERB = re.compile(r"\b(?:makes?|for|instead|on request|available|can|is|are|if|to)\b")


def _swapped_in(swap: str) -> str:
    """What a menu item's swap brings ("oat milk makes it vegan" → "oat milk"): found by its words, while
    the rest of the sentence ("makes it") matches no question."""
    return SWAP_VERB.split(fold(swap), maxsplit=1)[0].strip()


def _own_words(name: str, others: list[str], venue: Venue) -> tuple[str, ...]:
    """The words of a café's name that no other café's name has and that name nothing else here: "the
    kiosk" or "the lake kiosk" names a café called "… Kiosk" when no other is; a word every café shares
    ("café") names none."""
    theirs = {w for other in others for w in words(other)}
    elsewhere = {
        w for place in [venue.name, venue.short_name, *(g.name for g in venue.galleries.values())] for w in words(place)
    }
    elsewhere |= {w for f in venue.facilities for w in words(f.name)}
    generic = set(words(f"{KIND_WORDS['cafe']} {venue.words.get('cafe', '')}"))
    return tuple(w for w in words(name) if len(w) >= 4 and w not in theirs | elsewhere | generic | STOPWORDS)


def _either_number(name: str) -> tuple[str, ...]:
    """A one-word name said in the singular or the plural ("Dogs": "can I bring my dog?" names it)."""
    if " " in name or len(name) < 4:
        return (name,)
    return (name, name[:-1]) if name.endswith("s") and not name.endswith("ss") else (name, f"{name}s")


def venue_entries(venue: Venue) -> list[Entry]:
    """Every entry the concierge can answer from, each a small weighted document of its fields."""
    extra = {kind: venue.words.get(kind, "") for kind in KIND_WORDS}
    out: list[Entry] = []

    def kind_words(kind: str) -> tuple[str, float]:
        return (f"{KIND_WORDS.get(kind, '')} {extra.get(kind, '')}", 1.0)

    for e in venue.exhibitions:
        out.append(
            Entry(
                "exhibition",
                f"exhibition:{e.id}",
                e.title,
                e,
                e.gallery.floor,
                (
                    (e.title, 3.0),
                    (" ".join(e.artists), 3.0),
                    (" ".join(e.media), 2.0),
                    (" ".join(e.styles), 2.0),
                    (" ".join(e.keywords), 2.0),
                    (e.description, 1.0),
                    (e.gallery.name, 1.5),
                    (" ".join(e.access), 1.0),
                    kind_words("exhibition"),
                ),
                (fold(e.title), fold(e.title.split(":")[0]), *(fold(a) for a in e.artists)),
            )
        )
    for g in venue.galleries.values():
        out.append(
            Entry(
                "gallery",
                f"gallery:{g.id}",
                g.name,
                g,
                g.floor,
                ((g.name, 3.0), (g.id, 2.0), kind_words("gallery")),
                (fold(g.name), fold(g.name).removeprefix("the ")),
            )
        )
    for cafe in venue.cafes:
        out.append(
            Entry(
                "cafe",
                f"cafe:{cafe.name}",
                cafe.name,
                cafe,
                cafe.floor,
                ((cafe.name, 3.0), kind_words("cafe"), (cafe.location, 0.5)),
                (fold(cafe.name), *_own_words(cafe.name, [c.name for c in venue.cafes if c is not cafe], venue)),
            )
        )
        for m in cafe.menu:
            out.append(
                Entry(
                    "menu",
                    f"menu:{cafe.name}:{m.item}",
                    m.item,
                    (cafe, m),
                    cafe.floor,
                    ((m.item, 3.0), (f"{m.kind} menu", 1.0), (" ".join(m.diet), 1.0), (_swapped_in(m.swap), 1.0)),
                    (fold(m.item),),
                )
            )
    for i, r in enumerate(venue.restrooms):
        words = (
            "toilet"
            + (" accessible wheelchair" if r.accessible else "")
            + (" baby change" if r.baby_changing else "")
            + (" changing places hoist" if r.changing_places else "")
        )
        out.append(Entry("restroom", f"restroom:{i}", "toilets", r, r.floor, ((words, 2.0), (r.location, 0.5))))
    for lift in venue.lifts:
        out.append(
            Entry(
                "lift",
                f"lift:{lift.name}",
                lift.name,
                lift,
                None,
                ((lift.name, 3.0), kind_words("lift"), (lift.location, 0.5)),
                (fold(lift.name),),
            )
        )
    for t in venue.tours:
        out.append(
            Entry(
                "tour",
                f"tour:{t.name}",
                t.name,
                t,
                None,
                ((t.name, 3.0), (" ".join(t.access), 2.0), (t.description, 1.0), (t.when, 0.5), kind_words("tour")),
                (fold(t.name),),
            )
        )
    for f in venue.facilities:
        out.append(
            Entry(
                "facility",
                f"facility:{f.id}",
                f.name,
                f,
                f.floor,
                ((f.name, 3.0), (" ".join(f.keywords), 2.0), (f.text, 1.0), (f.location, 0.5)),
                _either_number(fold(f.name)),
                tuple(t for k in f.keywords if " " in k.strip() for t in [tuple(tokens(k))] if len(t) > 1),
            )
        )
    for e in venue.entrances:
        out.append(Entry("entrance", f"entrance:{e.name}", e.name, e, e.floor, ((e.name, 2.0), kind_words("entrance"))))
    kind = next((w for w in fold(venue.name).split() if w in VENUE_KINDS), "")  # "museum", "garden", "centre"
    about = f"building venue about history architecture place who are you {kind}"
    fields = ((about, 2.0), (venue.name, 0.5), (venue.description, 0.3))
    names = tuple(n for n in {fold(venue.name), fold(venue.short_name).removeprefix("the ")} if n)
    if kind:  # "tell me about the garden", "is this museum free?"
        names += (f"about the {kind}", f"this {kind}", f"the {kind} itself")
    out.append(Entry("venue", "venue", venue.short_name, venue, None, fields, names))
    if venue.hours:
        days = "monday tuesday wednesday thursday friday saturday sunday today tomorrow"
        notes = venue.hours.notes
        fields = ((kind_words("hours")[0], 2.0), (days, 0.5), (notes, 0.5))
        out.append(Entry("hours", "hours", "opening hours", venue.hours, None, fields))
    return out
