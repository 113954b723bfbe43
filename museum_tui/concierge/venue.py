"""Load and check a venue file: galleries, exhibitions, cafés, toilets, lifts, tours, facilities, and the
rules that tie memory concepts to them. Loaded once, validated whole.

A venue file sits beside its ontology (the ontology's `venue` field names it). Every problem is reported
at once, naming where it is, so a venue can edit the file without a programmer. The format is documented
in docs/venue-schema.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from museum_tui.memory import Ontology

from .model import (
    ROLES,
    Avoid,
    Cafe,
    ConceptRule,
    Entrance,
    Exhibition,
    Facility,
    Gallery,
    Lift,
    MenuItem,
    Restroom,
    Tour,
    Venue,
    VenueError,
)
from .venue_time import admission, day_of, hours_of, tour_schedule

__all__ = ["Exhibition", "MenuItem", "Restroom", "Venue", "VenueError", "find_venue", "load_venue", "parse_venue"]

# Older venue files kept these as top-level entries; each becomes a facility of the same id.
LEGACY_FACILITIES = (
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
)


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
            self.problems.append(f"{where}: {key!r} is {value!r:.60}; expected {names}")
            return None if default is ... else default
        return value

    def items(self, data: Any, key: str, where: str) -> list[tuple[str, dict]]:
        value = self.get(data, key, list, where, [])
        out = []
        for i, item in enumerate(value or []):
            if isinstance(item, dict):
                out.append((f"{where} {key}[{i}]", item))
            else:
                self.problems.append(f"{where} {key}[{i}]: expected an object, found {item!r:.60}")
        return out

    def strings(self, data: Any, key: str, where: str) -> tuple[str, ...]:
        value = self.get(data, key, list, where, [])
        if not all(isinstance(v, str) for v in value or []):
            self.problems.append(f"{where}: {key!r} must be a list of texts")
        return tuple(v for v in value or [] if isinstance(v, str))

    def word_lists(self, data: Any, key: str, where: str) -> dict[str, tuple[str, ...]]:
        table = self.get(data, key, dict, where, {}) or {}
        out = {}
        for word, values in table.items():
            if isinstance(values, str):
                values = [values]
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                self.problems.append(f"{where} {key}.{word}: expected a list of texts")
                continue
            out[str(word).lower()] = tuple(v.lower() for v in values)
        return out


def _exhibitions(c: _Checker, data: dict, where: str, galleries: dict[str, Gallery]) -> list[Exhibition]:
    out = []
    for w, e in c.items(data, "exhibitions", where):
        gid = e.get("gallery", "")
        gallery = galleries.get(gid) if isinstance(gid, str) else None
        if gallery is None:
            c.problems.append(f"{w}: gallery {e.get('gallery')!r} is not one of the galleries")
        minutes = c.get(e, "minutes", int, w)
        if isinstance(minutes, int) and minutes <= 0:
            c.problems.append(f"{w}: 'minutes' must be a positive number of minutes")
        title = c.get(e, "title", str, w)
        fields = {k: c.strings(e, k, w) for k in ("media", "styles", "artists", "access", "keywords")}
        extra = admission(c, e, w)
        opens, closes = day_of(c, e, "opens", w), day_of(c, e, "closes", w)
        if opens and closes and closes < opens:
            c.problems.append(f"{w}: 'closes' ({closes}) is before 'opens' ({opens})")
        if gallery and title and isinstance(minutes, int) and minutes > 0:
            out.append(
                Exhibition(
                    c.get(e, "id", str, w, "") or title,
                    title,
                    gallery,
                    fields["media"],
                    fields["styles"],
                    fields["artists"],
                    minutes,
                    c.get(e, "description", str, w, ""),
                    fields["access"],
                    fields["keywords"],
                    opens=opens,
                    closes=closes,
                    **extra,
                )
            )
    return out


def _cafes(c: _Checker, data: dict, where: str) -> list[Cafe]:
    cafes = []
    for w, cafe in c.items(data, "cafes", where):
        menu = tuple(
            MenuItem(
                c.get(m, "item", str, mw) or "?",
                c.get(m, "kind", str, mw, "food"),
                c.strings(m, "allergens", mw),
                c.strings(m, "diet", mw),
                c.get(m, "swap", str, mw, ""),
            )
            for mw, m in c.items(cafe, "menu", w)
        )
        cafes.append(
            Cafe(
                c.get(cafe, "name", str, w) or "Café",
                c.get(cafe, "floor", int, w, 0),
                c.get(cafe, "location", str, w) or "",
                hours_of(c, cafe, "hours", w),
                c.get(cafe, "step_free", bool, w, True),
                menu,
                c.get(cafe, "notes", str, w, ""),
            )
        )
    return cafes


def _facilities(c: _Checker, data: dict, where: str) -> list[Facility]:
    out = []
    for w, f in c.items(data, "facilities", where):
        fid = c.get(f, "id", str, w)
        if fid:
            out.append(
                Facility(
                    fid,
                    c.get(f, "name", str, w, fid),
                    c.get(f, "text", str, w, ""),
                    c.get(f, "floor", int, w, None),
                    c.get(f, "location", str, w, ""),
                    c.strings(f, "keywords", w),
                    c.strings(f, "serves", w),
                    hours_of(c, f, "hours", w),
                )
            )
    for key in LEGACY_FACILITIES:
        value = data.get(key)
        if key in {f.id for f in out} or not isinstance(value, str | dict):
            continue
        spec = value if isinstance(value, dict) else {"text": value}
        text = "; ".join(
            ", ".join(v) if isinstance(v, list) else str(v) for k, v in spec.items() if k not in ("floor", "location")
        )
        floor = spec.get("floor")
        out.append(
            Facility(
                key,
                key.replace("_", " ").capitalize(),
                text,
                floor if isinstance(floor, int) and not isinstance(floor, bool) else None,
                str(spec.get("location", "")),
            )
        )
    return out


def _concepts(c: _Checker, data: dict, where: str, facility_ids: set[str]) -> dict[str, ConceptRule]:
    rules = {}
    for concept, spec in (c.get(data, "concepts", dict, where, {}) or {}).items():
        w = f"{where} concepts.{concept}"
        if not isinstance(spec, dict):
            c.problems.append(f"{w}: expected an object with a 'role'")
            continue
        role = spec.get("role")
        if role not in ROLES:
            c.problems.append(f"{w}: 'role' is {role!r}; expected one of {', '.join(ROLES)}")
            continue
        facilities = c.strings(spec, "facilities", w)
        for fid in facilities:
            if fid not in facility_ids:
                c.problems.append(f"{w}: facility {fid!r} is not one of the facilities")
        avoid = tuple(
            Avoid(c.get(a, "tag", str, aw) or "", c.get(a, "reason", str, aw) or "", c.strings(a, "when", aw))
            for aw, a in c.items(spec, "avoid", w)
        )
        menu = c.get(spec, "menu", str, w, "")
        if menu not in ("", "allergens", "diet"):
            c.problems.append(f"{w}: 'menu' is {menu!r}; expected 'allergens' or 'diet'")
        weight = c.get(spec, "weight", (int, float), w, 1.0)
        rules[concept] = ConceptRule(
            concept,
            role,
            acknowledge=c.get(spec, "acknowledge", str, w, ""),
            advice=c.get(spec, "advice", str, w, ""),
            facilities=facilities,
            tours=c.strings(spec, "tours", w),
            step_free=c.get(spec, "step_free", bool, w, False),
            menu=menu or "",
            avoid=avoid,
            weight=float(weight),
            because=c.get(spec, "because", str, w, "you like {value}"),
            query=c.get(spec, "query", str, w, ""),
            label=c.get(spec, "label", str, w, ""),
        )
    return rules


def parse_venue(data: Any, source: Path | None = None) -> Venue:
    """Build a `Venue` from decoded JSON; raise `VenueError` listing every problem."""
    c = _Checker()
    where = str(source or "venue")
    if not isinstance(data, dict):
        raise VenueError(f"{where}: expected a JSON object, found {type(data).__name__}")
    name = c.get(data, "name", str, where)
    floors = {}
    for w, f in c.items(data, "floors", where):
        level = c.get(f, "level", int, w)
        if level is not None:
            floors[level] = c.get(f, "name", str, w, f"Floor {level}")
    galleries: dict[str, Gallery] = {}
    for w, g in c.items(data, "galleries", where):
        gid, floor = c.get(g, "id", str, w), c.get(g, "floor", int, w)
        if gid and floor is not None:
            galleries[gid] = Gallery(
                gid,
                c.get(g, "name", str, w, gid),
                floor,
                c.get(g, "step_free", bool, w, True),
                c.get(g, "noise", str, w, "moderate"),
            )
    exhibitions = _exhibitions(c, data, where, galleries)
    cafes = _cafes(c, data, where)
    restrooms = [
        Restroom(
            c.get(r, "floor", int, w, 0),
            c.get(r, "location", str, w) or "",
            c.get(r, "accessible", bool, w, False),
            c.get(r, "baby_changing", bool, w, False),
            c.get(r, "changing_places", bool, w, False),
        )
        for w, r in c.items(data, "restrooms", where)
    ]
    lifts = []
    for w, lift in c.items(data, "lifts", where):
        levels = c.get(lift, "floors", list, w, [])
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in levels):
            c.problems.append(f"{w}: 'floors' must be a list of floor levels (whole numbers)")
        lifts.append(
            Lift(
                c.get(lift, "name", str, w) or "Lift",
                c.get(lift, "location", str, w, ""),
                tuple(x for x in levels if isinstance(x, int)),
                c.strings(lift, "near", w),
            )
        )
    tours = []
    for w, t in c.items(data, "tours", where):
        minutes = c.get(t, "minutes", int, w, 60)
        times, when = tour_schedule(c, t, w, minutes)
        tours.append(
            Tour(
                c.get(t, "name", str, w) or "Tour",
                when,
                minutes,
                c.get(t, "meets", str, w, "the information desk"),
                c.strings(t, "access", w),
                c.get(t, "description", str, w, ""),
                times,
                **admission(c, t, w),
            )
        )
    entrances = [
        Entrance(
            c.get(e, "name", str, w) or "Entrance",
            c.get(e, "floor", int, w, 0),
            c.get(e, "step_free", bool, w, True),
            c.get(e, "notes", str, w, ""),
        )
        for w, e in c.items(data, "entrances", where)
    ]
    facilities = _facilities(c, data, where)
    concepts = _concepts(c, data, where, {f.id for f in facilities})
    agents = c.get(data, "agents", dict, where, {})
    hours = hours_of(c, data, "hours", where)
    synonyms = c.get(data, "synonyms", dict, where, {}) or {}
    words = c.get(data, "words", dict, where, {}) or {}
    tables = {k: c.word_lists(data, k, where) for k in ("allergen_words", "diet_words", "feelings")}
    if not restrooms:
        c.problems.append(f"{where}: at least one restroom is needed")
    places = set(galleries) | {f.id for f in facilities}
    for i, lift in enumerate(lifts):
        for place in lift.near:
            if place not in places:
                c.problems.append(f"{where} lifts[{i}]: 'near' names {place!r}, which is no gallery or facility id")
    if c.problems:
        raise problems_error(where, c.problems)
    return Venue(
        name=name or "the venue",
        short_name=c.get(data, "short_name", str, where, "") or name,
        description=c.get(data, "description", str, where, ""),
        hours=hours,
        floors=floors,
        galleries=galleries,
        exhibitions=tuple(exhibitions),
        cafes=tuple(cafes),
        restrooms=tuple(restrooms),
        lifts=tuple(lifts),
        tours=tuple(tours),
        info={k: data[k] for k in LEGACY_FACILITIES if k in data},
        agents=agents or {},
        default_agent=c.get(data, "default_agent", str, where, "general"),
        source=source,
        facilities=tuple(facilities),
        entrances=tuple(entrances),
        concepts=concepts,
        synonyms={str(k).lower(): str(v).lower() for k, v in synonyms.items() if isinstance(v, str)},
        allergen_words=tables["allergen_words"],
        diet_words=tables["diet_words"],
        feelings=tables["feelings"],
        words={str(k): str(v) for k, v in words.items() if isinstance(v, str)},
    )


def problems_error(where: str, problems: list[str]) -> VenueError:
    listed = "\n".join(f"  - {p}" for p in problems)
    return VenueError(f"{where}: {len(problems)} problem(s) in the venue file:\n{listed}", problems)


def read_venue_json(path: Path) -> Any:
    """The decoded venue file; a `VenueError` saying why it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VenueError(f"{path}: the venue file does not exist") from None
    except IsADirectoryError:
        raise VenueError(f"{path}: is a folder, not a venue file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VenueError(f"{path}: cannot read the venue file ({exc})") from None
    except json.JSONDecodeError as exc:
        raise VenueError(f"{path}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise VenueError(f"{path}: the JSON is nested too deeply") from None
    return data


def load_venue(path: str | Path) -> Venue:
    path = Path(path)
    return parse_venue(read_venue_json(path), path)


def find_venue(ontology: Ontology) -> Path:
    """The venue file the ontology names, relative to the ontology file."""
    if not ontology.venue:
        raise VenueError('the ontology does not name a venue file (add "venue": "<file>.json")')
    base = ontology.source.parent if ontology.source else Path.cwd()
    return base / ontology.venue
