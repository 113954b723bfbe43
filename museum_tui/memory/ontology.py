"""Load and validate an ontology: the closed list of things the assistant may remember.

The ontology is the contract between the extractor (what it may emit) and the store (how each fact ages).
Validation reports every problem at once, each naming the concept, the field, what was found and what is
allowed, so an author can fix a file in one pass. Unknown fields only warn: a newer file still loads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .lexicon_schema import SUFFIX, join_lexicon
from .ontology_problems import NO_HIDDEN, OntologyError, OntologyProblem, describe, hidden
from .tiers import PERSISTENCE_CLASSES, TierName

PersistenceClass = TierName
EVICTIONS = ("recency", "salience")
UNLIMITED = "unlimited"

# Legacy `update_policy` → (cardinality, eviction); kept so old ontologies still load.
LEGACY_POLICIES: dict[str, tuple[int | str, str]] = {
    "superseded": (1, "recency"),
    "mutable": (UNLIMITED, "salience"),
    "monotonic": (UNLIMITED, "salience"),
}

KNOWN_TOP_LEVEL = {"version", "name", "description", "concepts", "venue", "language"}
KNOWN_CONCEPT_FIELDS = {
    "label",
    "examples",
    "persistence_class",
    "salience_weight",
    "cardinality",
    "eviction",
    "update_policy",
    "sensitive",
    "description",
    "cues",
}
MAX_LABEL = 200


@dataclass(frozen=True)
class Concept:
    """One kind of fact the assistant may remember, and how such facts age and update."""

    id: str
    label: str
    persistence_class: PersistenceClass
    salience_weight: float
    cardinality: int | None  # None means unlimited
    eviction: str
    examples: tuple[str, ...] = ()
    sensitive: bool = False
    description: str = ""
    legacy_policy: str | None = None
    cues: Mapping[str, Any] = field(default_factory=dict)

    @property
    def domain(self) -> str:
        """The part before the first dot: `SpecialNeed` for `SpecialNeed.Allergy`."""
        return self.id.split(".", 1)[0]

    @cached_property
    def short_label(self) -> str:
        """The label up to its first parenthesis or colon: a name that fits a narrow panel."""
        cut = min((i for i in (self.label.find(" ("), self.label.find(":")) if i > 0), default=len(self.label))
        return self.label[:cut].strip()

    @cached_property
    def guidance(self) -> str:
        """What the label tells the assistant to do, after its first colon (may be empty)."""
        _, sep, rest = self.label.partition(":")
        return rest.strip() if sep else ""


@dataclass(frozen=True)
class Ontology:
    """A validated ontology. `concepts` keeps the file's order, which every view follows."""

    concepts: Mapping[str, Concept]
    version: str = ""
    name: str = ""
    description: str = ""
    venue: str = ""
    source: Path | None = None
    warnings: tuple[OntologyProblem, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    lexicon_source: Path | None = None  # the lexicon file the concepts' cues came from, if any

    @property
    def lexicon(self) -> dict[str, Mapping[str, Any]]:
        """The built-in extractor's cues per concept (empty for a concept read from label and examples)."""
        return {cid: c.cues for cid, c in self.concepts.items() if c.cues}

    def __contains__(self, concept_id: object) -> bool:
        return concept_id in self.concepts

    def __getitem__(self, concept_id: str) -> Concept:
        return self.concepts[concept_id]

    def label(self, concept_id: str) -> str:
        concept = self.concepts.get(concept_id)
        return concept.label if concept else concept_id

    @property
    def legacy_concepts(self) -> list[str]:
        return [c.id for c in self.concepts.values() if c.legacy_policy]


def _check_concept(
    cid: str, spec: Any, problems: list[OntologyProblem], warnings: list[OntologyProblem]
) -> Concept | None:
    def bad(field_name: str, found: Any, allowed: str) -> None:
        problems.append(OntologyProblem(cid, field_name, describe(found), allowed))

    if not isinstance(cid, str) or not cid.strip() or any(ch.isspace() for ch in cid) or hidden(cid):
        bad("", cid, "a concept ID without spaces or control characters, by convention Domain.Subtype")
    if not isinstance(spec, Mapping):
        bad("", spec, "an object with label, persistence_class, salience_weight, cardinality, eviction")
        return None
    for name in spec:
        if name not in KNOWN_CONCEPT_FIELDS:
            warnings.append(
                OntologyProblem(cid, str(name), "an unknown field (ignored)", ", ".join(sorted(KNOWN_CONCEPT_FIELDS)))
            )
    ok = True

    label = spec.get("label")
    if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL:
        bad("label", label, f"a non-empty string of at most {MAX_LABEL} characters, written for the LLM")
        ok = False
    elif hidden(label):
        bad("label", label, f"{NO_HIDDEN} (found {hidden(label)})")
        ok = False

    examples = spec.get("examples", [])
    if not isinstance(examples, list) or not all(isinstance(e, str) and e.strip() for e in examples):
        bad("examples", examples, "a list of non-empty strings (2–4 short, varied examples)")
        ok = False
    elif any(hidden(e) for e in examples):
        bad("examples", examples, NO_HIDDEN)
        ok = False
    elif not examples:
        warnings.append(OntologyProblem(cid, "examples", "an empty list", "2–4 examples help an LLM extractor"))

    pclass = spec.get("persistence_class")
    if pclass not in PERSISTENCE_CLASSES:
        bad("persistence_class", pclass, " | ".join(PERSISTENCE_CLASSES))
        ok = False

    weight = spec.get("salience_weight")
    # `not 0 < weight <= 1` also refuses NaN and infinities, and (unlike math.isfinite) never overflows
    # on a huge integer
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not 0 < weight <= 1:
        bad("salience_weight", weight, "a number in (0, 1]")
        ok = False

    legacy = spec.get("update_policy")
    cardinality_raw = spec.get("cardinality")
    eviction = spec.get("eviction")
    if legacy is not None:
        if not isinstance(legacy, str) or legacy not in LEGACY_POLICIES:  # a list or object is not hashable
            bad(
                "update_policy",
                legacy,
                " | ".join(LEGACY_POLICIES) + " (deprecated: use cardinality + eviction)",
            )
            ok = False
        else:
            mapped_card, mapped_evict = LEGACY_POLICIES[legacy]
            cardinality_raw = mapped_card if cardinality_raw is None else cardinality_raw
            eviction = mapped_evict if eviction is None else eviction

    cardinality: int | None = None
    if cardinality_raw == UNLIMITED:
        cardinality = None
    elif isinstance(cardinality_raw, int) and not isinstance(cardinality_raw, bool) and cardinality_raw >= 1:
        cardinality = cardinality_raw
    else:
        bad("cardinality", cardinality_raw, 'a positive integer or "unlimited"')
        ok = False

    if eviction not in EVICTIONS:
        bad("eviction", eviction, " | ".join(EVICTIONS))
        ok = False

    sensitive = spec.get("sensitive", False)
    if not isinstance(sensitive, bool):
        bad("sensitive", sensitive, "true or false")
        ok = False

    description = spec.get("description", "")
    if not isinstance(description, str):
        bad("description", description, "a string")
        ok = False
    elif hidden(description):
        bad("description", description, f"{NO_HIDDEN} (found {hidden(description)})")
        ok = False

    cues = spec.get("cues", {})
    if not isinstance(cues, Mapping):
        bad("cues", cues, "an object of cue words and patterns for the built-in extractor")
        ok = False

    if not ok:
        return None
    return Concept(
        id=cid,
        label=label.strip(),
        persistence_class=pclass,
        salience_weight=float(weight),
        cardinality=cardinality,
        eviction=eviction,
        examples=tuple(examples),
        sensitive=sensitive,
        description=description,
        legacy_policy=legacy,
        cues=dict(cues),
    )


def parse_ontology(data: Any, source: Path | str | None = None, lexicon: Mapping[str, Any] | None = None) -> Ontology:
    """Validate already-decoded JSON and its lexicon (concept ID → cues, from the file beside it); raise
    `OntologyError` listing every problem. Cues written inside the concepts still load, as the lexicon."""
    src = str(source) if source else ""
    problems: list[OntologyProblem] = []
    warnings: list[OntologyProblem] = []
    if not isinstance(data, Mapping):
        raise OntologyError([OntologyProblem("", "", describe(data), 'a JSON object with "concepts"')], src)
    for name in data:
        if name not in KNOWN_TOP_LEVEL:
            warnings.append(
                OntologyProblem(
                    "", str(name), "an unknown top-level field (ignored)", ", ".join(sorted(KNOWN_TOP_LEVEL))
                )
            )
    raw_concepts = data.get("concepts")
    if not isinstance(raw_concepts, Mapping) or not raw_concepts:
        problems.append(
            OntologyProblem(
                "",
                "concepts",
                describe(raw_concepts),
                "an object mapping concept IDs to their definitions (at least one)",
            )
        )
        raw_concepts = {}
    for key in ("version", "name", "description", "venue"):
        if key in data and not isinstance(data[key], str):
            problems.append(OntologyProblem("", key, describe(data[key]), "a string"))
        elif key in data and hidden(data[key]):
            problems.append(OntologyProblem("", key, describe(data[key]), f"{NO_HIDDEN} (found {hidden(data[key])})"))

    concepts: dict[str, Concept] = {}
    for cid, spec in raw_concepts.items():
        concept = _check_concept(cid, spec, problems, warnings)
        if concept is not None:
            concepts[cid] = concept
    concepts = _with_lexicon(concepts, lexicon, problems, warnings)
    if problems:
        raise OntologyError(problems, src)

    def text(key: str) -> str:
        value = data.get(key, "")
        return value if isinstance(value, str) else ""

    return Ontology(
        concepts=concepts,
        version=text("version"),
        name=text("name"),
        description=text("description"),
        venue=text("venue"),
        source=Path(source) if source else None,
        warnings=tuple(warnings),
        raw=data,
    )


def _with_lexicon(
    concepts: dict[str, Concept],
    lexicon: Mapping[str, Any] | None,
    problems: list[OntologyProblem],
    warnings: list[OntologyProblem],
) -> dict[str, Concept]:
    """The concepts with their cues: the lexicon's, else (deprecated) their own; each checked for structure."""
    cues, found, inline = join_lexicon({cid: c.cues for cid, c in concepts.items()}, lexicon)
    if inline:
        note = f"cues inside {inline} concept(s) (deprecated: read as the lexicon)"
        warnings.append(OntologyProblem("", "cues", note, f"a lexicon file beside the ontology (NAME{SUFFIX})"))
    problems += [OntologyProblem(*problem) for problem in found]
    return {cid: replace(c, cues=cues[cid]) if cid in cues else c for cid, c in concepts.items()}


def lexicon_path(ontology_path: Path) -> Path:
    """Where an ontology's lexicon lives: `museum.json` → `museum.lexicon.json`, beside it."""
    return ontology_path.with_name(ontology_path.name.removesuffix(".json") + SUFFIX)


def read_lexicon(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The lexicon file's `concepts` (None when there is no file), or why it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"an unreadable lexicon file ({exc})"
    except (ValueError, RecursionError) as exc:
        return None, f"a lexicon file that is not JSON ({str(exc)[:80]})"
    concepts = data.get("concepts") if isinstance(data, dict) else None
    if not isinstance(concepts, dict):
        return None, 'a lexicon file without an object under "concepts"'
    return concepts, None


def load_ontology(path: str | Path) -> Ontology:
    """Read and validate an ontology file and the lexicon beside it (`NAME.lexicon.json`, optional); every
    failure is an `OntologyError` with a readable message."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise OntologyError(
            [OntologyProblem("", "", "no such file", "a path to an ontology JSON file")], str(path)
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise OntologyError(
            [OntologyProblem("", "", f"an unreadable file ({exc})", "a UTF-8 JSON file")], str(path)
        ) from None
    return _parsed(str(path), str(path.resolve()), text, _text_of(lexicon_path(path)))


# Validating an ontology and its lexicon takes ~5 ms, and every session loads one (a kiosk switching
# visitors, the test suite's hundreds): the last few are kept, found again by the files' own text (and the
# path as given, and where it leads), so an edited file is read afresh. An `Ontology` is frozen, so sessions
# share it; a file that fails is not kept.
@lru_cache(maxsize=8)
def _parsed(given: str, _where: str, text: str, _lexicon_text: str | None) -> Ontology:
    path = Path(given)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        found = f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        raise OntologyError([OntologyProblem("", "", found, "a JSON object")], str(path)) from None
    except (ValueError, RecursionError) as exc:  # a number of over 4300 digits; nesting deeper than Python's stack
        found = f"JSON that cannot be read ({type(exc).__name__}: {str(exc)[:80]})"
        raise OntologyError([OntologyProblem("", "", found, "a JSON object")], str(path)) from None
    beside = lexicon_path(path)
    lexicon, problem = read_lexicon(beside)
    if problem:
        raise OntologyError([OntologyProblem("", "", problem, 'a JSON object with "concepts"')], str(beside))
    if lexicon is None:
        return parse_ontology(data, path)
    try:
        ontology = parse_ontology(data, path, lexicon)
    except OntologyError as exc:  # name both files: the problem may be in either
        raise OntologyError(exc.problems, f"{path} (with its lexicon {beside.name})") from None
    return replace(ontology, lexicon_source=beside)


def _text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # no lexicon, or one read_lexicon will report


def as_ontology(ontology: Ontology | Mapping[str, Any]) -> Ontology:
    """Accept either a validated `Ontology` or the seed-style decoded JSON dict."""
    return ontology if isinstance(ontology, Ontology) else parse_ontology(ontology)
