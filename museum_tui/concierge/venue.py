"""The venue's own data: galleries, exhibitions, cafés, toilets, lifts, tours. Loaded once, validated whole.

A venue file sits beside its ontology (the ontology's `venue` field names it). Every problem is reported
at once, naming where it is, so a museum can edit the file without a programmer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from museum_tui.memory import Ontology


class VenueError(ValueError):
    """The venue file cannot be used; the message lists every problem found."""


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

    @property
    def loud(self) -> bool:
        return any("loud" in a for a in self.access) or self.gallery.noise == "loud"

    @property
    def flashing(self) -> bool:
        return any("flash" in a for a in self.access)


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
    hours: str
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


@dataclass(frozen=True)
class Tour:
    name: str
    when: str
    minutes: int
    meets: str
    access: tuple[str, ...] = ()


@dataclass(frozen=True)
class Venue:
    name: str
    short_name: str
    description: str
    hours: dict[str, str]
    quiet_times: str
    floors: dict[int, str]
    galleries: dict[str, Gallery]
    exhibitions: tuple[Exhibition, ...]
    cafes: tuple[Cafe, ...]
    restrooms: tuple[Restroom, ...]
    lifts: tuple[Lift, ...]
    tours: tuple[Tour, ...]
    info: dict[str, Any] = field(default_factory=dict)  # step_free, quiet_room, cloakroom, audio_guides, …
    agents: dict[str, Any] = field(default_factory=dict)
    default_agent: str = "general"
    source: Path | None = None

    def floor_name(self, level: int) -> str:
        return self.floors.get(level, f"floor {level}")


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def get(self, data: Any, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
        if not isinstance(data, dict) or key not in data:
            if default is ...:
                self.problems.append(f"{where}: missing {key!r}")
            return None if default is ... else default
        value = data[key]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.problems.append(f"{where}: {key!r} is {value!r}; expected {names}")
            return None if default is ... else default
        return value

    def items(self, data: Any, key: str, where: str) -> list[tuple[str, dict]]:
        value = self.get(data, key, list, where, [])
        out = []
        for i, item in enumerate(value or []):
            if isinstance(item, dict):
                out.append((f"{where} {key}[{i}]", item))
            else:
                self.problems.append(f"{where} {key}[{i}]: expected an object, found {item!r}")
        return out


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def parse_venue(data: Any, source: Path | None = None) -> Venue:
    """Build a `Venue` from decoded JSON; raise `VenueError` listing every problem."""
    c = _Checker()
    where = str(source or "venue")
    if not isinstance(data, dict):
        raise VenueError(f"{where}: expected a JSON object")
    name = c.get(data, "name", str, where)
    floors = {
        f.get("level"): f.get("name", "") for _, f in c.items(data, "floors", where) if isinstance(f.get("level"), int)
    }
    galleries: dict[str, Gallery] = {}
    for w, g in c.items(data, "galleries", where):
        gid, floor = c.get(g, "id", str, w), c.get(g, "floor", int, w)
        if gid and floor is not None:
            galleries[gid] = Gallery(
                gid,
                c.get(g, "name", str, w) or gid,
                floor,
                c.get(g, "step_free", bool, w, True),
                c.get(g, "noise", str, w, "moderate"),
            )
    exhibitions = []
    for w, e in c.items(data, "exhibitions", where):
        gallery = galleries.get(e.get("gallery", ""))
        if gallery is None:
            c.problems.append(f"{w}: gallery {e.get('gallery')!r} is not one of the galleries")
        minutes = c.get(e, "minutes", int, w)
        if isinstance(minutes, int) and minutes <= 0:
            c.problems.append(f"{w}: 'minutes' must be a positive number of minutes")
        title = c.get(e, "title", str, w)
        if gallery and title and isinstance(minutes, int) and minutes > 0:
            exhibitions.append(
                Exhibition(
                    c.get(e, "id", str, w) or title,
                    title,
                    gallery,
                    _strings(e.get("media")),
                    _strings(e.get("styles")),
                    _strings(e.get("artists")),
                    minutes,
                    c.get(e, "description", str, w, ""),
                    _strings(e.get("access")),
                )
            )
    cafes = []
    for w, cafe in c.items(data, "cafes", where):
        menu = tuple(
            MenuItem(
                m.get("item", "?"),
                m.get("kind", "food"),
                _strings(m.get("allergens")),
                _strings(m.get("diet")),
                m.get("swap", ""),
            )
            for _, m in c.items(cafe, "menu", w)
        )
        cafes.append(
            Cafe(
                c.get(cafe, "name", str, w) or "Café",
                c.get(cafe, "floor", int, w) or 0,
                c.get(cafe, "location", str, w) or "",
                c.get(cafe, "hours", str, w, ""),
                c.get(cafe, "step_free", bool, w, True),
                menu,
                c.get(cafe, "notes", str, w, ""),
            )
        )
    restrooms = [
        Restroom(
            c.get(r, "floor", int, w) or 0,
            c.get(r, "location", str, w) or "",
            c.get(r, "accessible", bool, w, False),
            c.get(r, "baby_changing", bool, w, False),
            c.get(r, "changing_places", bool, w, False),
        )
        for w, r in c.items(data, "restrooms", where)
    ]
    lifts = [
        Lift(
            c.get(lift, "name", str, w) or "Lift",
            c.get(lift, "location", str, w) or "",
            tuple(x for x in lift.get("floors", []) if isinstance(x, int)),
        )
        for w, lift in c.items(data, "lifts", where)
    ]
    tours = [
        Tour(
            c.get(t, "name", str, w) or "Tour",
            c.get(t, "when", str, w) or "",
            c.get(t, "minutes", int, w, 60),
            c.get(t, "meets", str, w, "the information desk"),
            _strings(t.get("access")),
        )
        for w, t in c.items(data, "tours", where)
    ]
    agents = c.get(data, "agents", dict, where, {})
    hours = c.get(data, "hours", dict, where, {})
    if not restrooms:
        c.problems.append(f"{where}: at least one restroom is needed")
    if c.problems:
        raise VenueError(
            f"{where}: {len(c.problems)} problem(s) in the venue file:\n" + "\n".join(f"  - {p}" for p in c.problems)
        )
    info_keys = (
        "step_free",
        "quiet_room",
        "cloakroom",
        "audio_guides",
        "hearing",
        "sight",
        "first_aid",
        "shop",
        "seating",
        "information_desk",
        "wifi",
        "entrances",
    )
    return Venue(
        name=name or "the museum",
        short_name=data.get("short_name", name) or name,
        description=data.get("description", ""),
        hours={k: v for k, v in (hours or {}).items() if isinstance(v, str)},
        quiet_times=data.get("quiet_times", ""),
        floors=floors,
        galleries=galleries,
        exhibitions=tuple(exhibitions),
        cafes=tuple(cafes),
        restrooms=tuple(restrooms),
        lifts=tuple(lifts),
        tours=tuple(tours),
        info={k: data[k] for k in info_keys if k in data},
        agents=agents or {},
        default_agent=data.get("default_agent", "general"),
        source=source,
    )


def load_venue(path: str | Path) -> Venue:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VenueError(f"{path}: the venue file does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VenueError(f"{path}: cannot read the venue file ({exc})") from None
    except json.JSONDecodeError as exc:
        raise VenueError(f"{path}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    return parse_venue(data, path)


def find_venue(ontology: Ontology) -> Path:
    """The venue file the ontology names, relative to the ontology file."""
    if not ontology.venue:
        raise VenueError('the ontology does not name a venue file (add "venue": "<file>.json")')
    base = ontology.source.parent if ontology.source else Path.cwd()
    return base / ontology.venue
