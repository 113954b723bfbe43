"""Hypothesis fuzzing where untrusted structure enters: the validation of extracted facts (any model output,
any message), the ontology loader (any JSON, a mutated or corrupted bundled ontology) and the user-file
loader (any bytes, mutated valid files). Each either does its job or fails in its documented way; nothing
else is ever raised, nothing hidden gets through, and a file it cannot read is kept byte for byte.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import json
import math
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from rapidfuzz import fuzz

from museum_tui.config import default_ontology_path
from museum_tui.extraction import validate_facts
from museum_tui.extraction.validate import MAX_EVIDENCE, MAX_FACTS, MAX_VALUE
from museum_tui.memory import (
    MemoryStore,
    Ontology,
    OntologyError,
    load_ontology,
    parse_ontology,
)
from museum_tui.memory.facts import normalize
from museum_tui.memory.ontology import EVICTIONS, KNOWN_CONCEPT_FIELDS, KNOWN_TOP_LEVEL, PERSISTENCE_CLASSES
from museum_tui.storage import SaveError, UserMemoryFile

ONTOLOGY = load_ontology(default_ontology_path())
CONCEPTS = sorted(ONTOLOGY.concepts)
BUNDLED_TEXT = default_ontology_path().read_text(encoding="utf-8")
BUNDLED = json.loads(BUNDLED_TEXT)

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(autouse=True, scope="module")
def _collect_garbage_after_this_module() -> Iterator[None]:
    """Leave no pile of dead apps and strings behind: a full collection landing inside a later timing-
    sensitive test (the SVG snapshots) can shift its chat scroll by a line."""
    yield
    gc.collect()


def hidden(text: str, *, newlines: bool = False) -> set[str]:
    """Characters that would act on a terminal or hide in text (escapes and other controls, bidi and other
    invisible format characters except the joiners, lone surrogates, line separators). `newlines`: text
    an author writes (ontology labels, error messages) may also hold line breaks and tabs."""
    allowed = {"\u200c", "\u200d"} | ({"\n", "\t"} if newlines else set())
    return {
        f"U+{ord(ch):04X}"
        for ch in text
        if ch not in allowed and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
    }


# ---- strategies ------------------------------------------------------------------------------------------

ODD = [
    "\x1b[2J",
    "\x1b]52;c;aGVsbG8=\x07",
    "\x1b]0;title\x1b\\",
    "\x1b[",
    "\x9b31m",
    "\x9d0;t\x9c",
    "\x00",
    "\x07",
    "\x7f",
    "\r",
    "\n",
    "\t",
    "\u200b",
    "\ufeff",
    "\u2060",
    "\u202e",
    "\u2066",
    "\u200f",
    "\u200d",
    "\U000e0041",
    "\u2028",
    "[bold]",
    "[/]",
    "[link=http://x]",
    "👩‍👩‍👧",
    "שלום",
    "…",
    "<short value>",
    "  ",
]
WORDS = ["I'm", "allergic", "to", "peanuts", "vegan", "deaf", "love", "Monet", "yes", "no", "a", "coffee", "the"]
PIECE = st.one_of(st.sampled_from(WORDS), st.sampled_from(ODD), st.text(max_size=6))
TEXT = st.lists(PIECE, max_size=10).map(" ".join)
TEXT_WITH_SURROGATES = st.one_of(TEXT, TEXT.map(lambda t: t + "\ud800"))
CONCEPT_IDS = st.one_of(st.sampled_from(CONCEPTS), TEXT, st.sampled_from([c + "\x1b[2J" for c in CONCEPTS[:3]]))
JSON_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), TEXT_WITH_SURROGATES, st.sampled_from(CONCEPTS)
)
FACT_KEYS = st.sampled_from(["facts", "concept", "value", "polarity", "evidence"])
JSONISH = st.recursive(
    JSON_SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.one_of(FACT_KEYS, st.text(max_size=4)), inner),
    max_leaves=12,
)
# A field of one fact: a scalar of any type or one level of list or object. What validation does with a
# wrong type does not depend on how deep it nests, and drawing whole documents for every field of every
# fact was most of this file's time.
FIELD = st.one_of(JSON_SCALAR, st.lists(JSON_SCALAR, max_size=3), st.dictionaries(FACT_KEYS, JSON_SCALAR, max_size=3))


@st.composite
def model_output(draw: st.DrawFn) -> tuple[Any, str]:
    """What an extractor might send back for a message, from well-formed and grounded to nonsense."""
    message = draw(TEXT_WITH_SURROGATES)

    def slice_of_message() -> str:
        start, end = sorted(draw(st.tuples(st.integers(0, len(message)), st.integers(0, len(message)))))
        return message[start:end]

    def fact() -> Any:
        evidence = draw(st.one_of(st.just(slice_of_message()), TEXT_WITH_SURROGATES, FIELD))
        value = draw(st.one_of(st.just(slice_of_message()), TEXT_WITH_SURROGATES, FIELD))
        item = {
            "concept": draw(st.one_of(CONCEPT_IDS, FIELD)),
            "value": value,
            "polarity": draw(st.one_of(st.sampled_from(["asserted", "negated"]), FIELD)),
            "evidence": evidence,
        }
        drop = draw(st.sets(st.sampled_from(sorted(item))))
        return {k: v for k, v in item.items() if k not in drop}

    facts = [fact() for _ in range(draw(st.integers(0, 14)))]
    shape = draw(st.sampled_from(["object", "list", "single", "nonsense"]))
    if shape == "object":
        raw: Any = {"facts": facts + draw(st.lists(JSONISH, max_size=2))}
    elif shape == "list":
        raw = facts
    elif shape == "single":
        raw = facts[0] if facts else {}
    else:
        raw = draw(JSONISH)
    return raw, message


# ---- validation of extracted facts -----------------------------------------------------------------------


def found_in(evidence: str, message: str) -> bool:
    """The documented grounding rule: the evidence is in the visitor's words, allowing small differences."""
    ev, words = normalize(evidence.rstrip("…")), normalize(message)  # "…" marks evidence cut to length
    return bool(ev) and (ev in words or (len(ev) >= 4 and fuzz.partial_ratio(ev, words) >= 85))


@FUZZ
@given(case=model_output())
def test_validation_never_raises_and_keeps_only_clean_grounded_in_ontology_facts(case: tuple[Any, str]) -> None:
    raw, message = case
    result = validate_facts(raw, ONTOLOGY, message)
    assert len(result.facts) <= MAX_FACTS
    seen = set()
    for fact in result.facts:
        assert fact.concept in ONTOLOGY.concepts, "the closed world"
        assert fact.polarity in ("asserted", "negated")
        assert 0 < len(fact.value) <= MAX_VALUE and fact.value == fact.value.strip()
        assert 0 < len(fact.evidence) <= MAX_EVIDENCE
        assert not hidden(fact.value) and not hidden(fact.evidence), "nothing stored that would misrender"
        assert found_in(fact.evidence, message), "evidence is the visitor's own words"
        key = (fact.concept, normalize(fact.value), fact.polarity)
        assert key not in seen
        seen.add(key)
    assert all(isinstance(r, str) and r and not hidden(r) for r in result.reasons)
    event(f"facts kept: {min(len(result.facts), 2)}+")


@FUZZ
@given(
    message=st.text(alphabet="abcdefghij .,!", max_size=80),
    evidence=st.text(alphabet="mnopqrstuvwxyz0123456789\x1b[]\u200b ", min_size=1, max_size=40),
    value=TEXT,
    concept=st.sampled_from(CONCEPTS),
    polarity=st.sampled_from(["asserted", "negated"]),
)
def test_evidence_that_is_not_in_the_message_is_always_refused(
    message: str, evidence: str, value: str, concept: str, polarity: str
) -> None:
    raw = {"facts": [{"concept": concept, "value": value, "polarity": polarity, "evidence": evidence}]}
    result = validate_facts(raw, ONTOLOGY, message)
    assert result.facts == [] and len(result.rejected) == 1


# ---- the ontology loader ---------------------------------------------------------------------------------


def assert_usable(ontology: Ontology) -> None:
    assert ontology.concepts
    for cid, concept in ontology.concepts.items():
        assert cid == concept.id and cid.strip() and not hidden(cid)
        assert concept.persistence_class in PERSISTENCE_CLASSES
        assert 0 < concept.salience_weight <= 1 and math.isfinite(concept.salience_weight)
        assert concept.cardinality is None or concept.cardinality >= 1
        assert concept.eviction in EVICTIONS
        assert concept.label.strip() and not hidden(concept.label, newlines=True)
        assert concept.short_label is not None and not hidden(concept.short_label, newlines=True)
        assert all(not hidden(e, newlines=True) for e in concept.examples)
        assert not hidden(concept.description, newlines=True)
    for text in (ontology.name, ontology.version, ontology.description, ontology.venue):
        assert not hidden(text, newlines=True)


def parses_or_refuses(data: Any) -> None:
    try:
        ontology = parse_ontology(data, "fuzz.json")
    except OntologyError as exc:
        event("refused")
        assert exc.problems and not hidden(str(exc), newlines=True), "a clear, printable error"
        return
    event("loaded")
    assert_usable(ontology)


def loads_or_refuses(path: Path) -> None:
    try:
        ontology = load_ontology(path)
    except OntologyError as exc:
        event("refused")
        assert exc.problems and not hidden(str(exc).replace(str(path), ""), newlines=True)
        return
    event("loaded")
    assert_usable(ontology)


FIELD_VALUES = st.one_of(
    JSONISH,
    st.sampled_from([*PERSISTENCE_CLASSES, *EVICTIONS, "unlimited", "superseded", "mutable", 0, 1, 2, 0.5, -1]),
    st.sampled_from([1e400, -1e400, float("nan"), 10**400, True, [], {}, [[]], {"a": 1}]),
)
DELETE = object()
MUTATION = st.tuples(
    st.one_of(st.sampled_from(CONCEPTS), st.none(), CONCEPT_IDS),
    st.sampled_from(sorted(KNOWN_CONCEPT_FIELDS | KNOWN_TOP_LEVEL | {"unknown"})),
    st.one_of(st.just(DELETE), FIELD_VALUES),
)


@FUZZ
@given(doc=st.one_of(JSONISH, st.dictionaries(st.sampled_from(sorted(KNOWN_TOP_LEVEL)), JSONISH)))
def test_any_json_document_gives_an_ontology_or_an_ontology_error(doc: Any) -> None:
    parses_or_refuses(doc)


@FUZZ
@given(mutations=st.lists(MUTATION, min_size=1, max_size=5))
def test_a_mutated_bundled_ontology_gives_an_ontology_or_an_ontology_error(mutations: list[tuple]) -> None:
    data = dict(BUNDLED)
    data["concepts"] = dict(BUNDLED["concepts"])
    for concept, name, value in mutations:
        if concept is None:  # the top level
            target = data
        else:
            concepts = data.get("concepts")
            if not isinstance(concepts, dict):
                continue  # an earlier mutation replaced or removed them
            spec = concepts.get(concept, {})
            target = concepts[concept] = dict(spec) if isinstance(spec, dict) else spec
        if not isinstance(target, dict):
            continue
        if value is DELETE:
            target.pop(name, None)
        else:  # a copy: sampled values are shared objects, and one put inside itself is no JSON a file can hold
            target[name] = copy.deepcopy(value)
    parses_or_refuses(data)


@FUZZ
@given(
    edits=st.lists(
        st.tuples(st.integers(0, len(BUNDLED_TEXT.encode())), st.integers(0, 40), st.binary(max_size=12)),
        max_size=4,
    ),
    cut=st.one_of(st.none(), st.integers(0, len(BUNDLED_TEXT.encode()))),
)
def test_a_corrupted_ontology_file_gives_an_ontology_or_an_ontology_error(
    tmp_path: Path, edits: list[tuple[int, int, bytes]], cut: int | None
) -> None:
    payload = BUNDLED_TEXT.encode()
    for at, length, insert in edits:
        payload = payload[:at] + insert + payload[at + length :]
    if cut is not None:
        payload = payload[:cut]
    path = tmp_path / "corrupt.json"
    path.write_bytes(payload)
    loads_or_refuses(path)


@FUZZ
@given(payload=st.one_of(st.binary(max_size=400), JSONISH.map(lambda d: json.dumps(d).encode())))
def test_any_bytes_give_an_ontology_or_an_ontology_error(tmp_path: Path, payload: bytes) -> None:
    path = tmp_path / "any.json"
    path.write_bytes(payload)
    loads_or_refuses(path)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("update_policy", []),
        ("update_policy", {"superseded": 1}),
        ("salience_weight", 10**400),
        ("salience_weight", -(10**400)),
        ("salience_weight", float("nan")),
        ("salience_weight", float("inf")),
        ("label", ["Diet"]),
        ("label", "Diet\x1b]0;title\x07"),
        ("examples", ["fine", "\u202eevil"]),
        ("cues", ["not", "an", "object"]),
    ],
)
def test_odd_field_values_give_an_ontology_error_naming_the_field(name: str, value: Any) -> None:
    data = dict(BUNDLED)
    data["concepts"] = {**BUNDLED["concepts"], "Mood.Current": {**BUNDLED["concepts"]["Mood.Current"], name: value}}
    with pytest.raises(OntologyError) as caught:
        parse_ontology(data)
    assert [(p.concept, p.field) for p in caught.value.problems] == [("Mood.Current", name)]
    assert not hidden(str(caught.value), newlines=True)


@pytest.mark.parametrize(
    "payload",
    ["1" * 5000, "[" * 100_000 + "]" * 100_000, '{"concepts": ' + "[" * 50_000 + "]" * 50_000 + "}"],
    ids=["number-too-long-for-python", "nesting-too-deep", "nested-concepts"],
)
def test_json_python_cannot_read_gives_an_ontology_error(tmp_path: Path, payload: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(payload, encoding="utf-8")
    with pytest.raises(OntologyError, match=r"cannot be read|concepts"):
        load_ontology(path)


# ---- the user-file loader --------------------------------------------------------------------------------

# TOML cannot hold a lone surrogate, so file text is drawn without them; integers stay in TOML's 64 bits
# (files beyond that have their own tests below).
TOML_TEXT = TEXT
TOML_SCALAR = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    TOML_TEXT,
    st.sampled_from(CONCEPTS),
    st.datetimes(timezones=st.just(UTC)),
)
TOML_VALUE = st.recursive(
    TOML_SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
VALID_FIELDS = {
    "id": st.one_of(st.integers(1, 99).map(lambda n: f"f{n}"), st.sampled_from(["f²", "f٣", "f" + "9" * 40])),
    "concept": st.sampled_from(CONCEPTS),
    "value": TOML_TEXT,
    "evidence": TOML_TEXT,
    "persistence_class": st.sampled_from(PERSISTENCE_CLASSES),
    "salience": st.floats(0.01, 1.0),
    "created_turn": st.integers(0, 50),
    "last_seen_turn": st.integers(0, 50),
    "mentions": st.integers(1, 5),
    "source": st.sampled_from(["builtin", "custom:x", ""]),
    "created_at": st.just("2026-01-01T00:00:00+00:00"),
    "polarity": st.just("asserted"),
    "history": st.lists(
        st.fixed_dictionaries(
            {"turn": st.integers(0, 9), "value": TOML_TEXT, "evidence": TOML_TEXT, "kind": st.just("said")}
        ),
        max_size=2,
    ),
}


@st.composite
def fact_table(draw: st.DrawFn) -> dict[str, Any]:
    """A saved fact: every field valid, then up to two of them replaced by any TOML value or removed."""
    table = {name: draw(valid) for name, valid in VALID_FIELDS.items()}
    for name in draw(st.lists(st.sampled_from(sorted(VALID_FIELDS)), max_size=2)):
        if draw(st.booleans()):
            table[name] = draw(TOML_VALUE)
        else:
            table.pop(name, None)
    return table


USER_DOC = st.fixed_dictionaries(
    {
        "schema_version": st.one_of(st.just(1), st.just(1), TOML_VALUE),
        "turn": st.one_of(st.integers(0, 100), TOML_VALUE),
        "next_id": st.one_of(st.integers(1, 100), TOML_VALUE),
        "facts": st.one_of(
            st.lists(fact_table(), max_size=6),
            st.lists(st.one_of(fact_table(), TOML_VALUE), max_size=4),
            TOML_VALUE,
        ),
    }
)


def valid_user_file() -> bytes:
    store = MemoryStore(ONTOLOGY, clock=lambda: "2026-01-01T00:00:00+00:00")
    store.upsert("SpecialNeed.HearingImpairment", "deaf", "asserted", "I should mention I'm deaf")
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "allergic to peanuts")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet")
    store.tick()
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet again")
    doc = {"schema_version": 1, "saved_at": datetime(2026, 1, 1, tzinfo=UTC), "turn": store.turn, "facts": []}
    from museum_tui.memory.fact_codec import encode_fact

    doc["facts"] = [encode_fact(f) for f in store.facts.values()]
    return tomli_w.dumps(doc).encode()


VALID_USER_FILE = valid_user_file()


def note(label: str) -> None:
    """Hypothesis statistics, when called from a property test; nothing from a plain one."""
    with contextlib.suppress(InvalidArgument):
        event(label)


def loads_or_sets_aside(users: Path, payload: bytes) -> None:
    """Load `payload` as a visitor's file: facts come back sound, or the file is set aside byte for byte
    with a notice; nothing else is raised. Then saving works (or says why not) and reads back the same."""
    users.mkdir(parents=True, exist_ok=True)
    for old in users.iterdir():
        old.unlink()
    path = users / "fuzz.toml"
    path.write_bytes(payload)
    store = MemoryStore(ONTOLOGY)
    memory_file = UserMemoryFile(users, "fuzz")
    report = memory_file.load(store)
    note(
        "set aside"
        if report.quarantined
        else "read-only"
        if report.read_only
        else f"loaded {min(len(store.facts), 2)}+"
    )
    if report.quarantined is not None:
        assert report.quarantined.read_bytes() == payload, "the original is kept byte for byte"
        assert any(str(report.quarantined) in n for n in report.notices)
    elif path.exists():
        assert path.read_bytes() == payload, "loading never rewrites the file"
    for fact in store.facts.values():
        assert fact.concept in ONTOLOGY.concepts and 0 < fact.salience <= 1
        assert isinstance(fact.value, str) and fact.value.strip() and isinstance(fact.evidence, str)
    if report.read_only:
        with pytest.raises(SaveError):
            memory_file.save(store)
        assert path.read_bytes() == payload, "a file this version may not write is never overwritten"
        return
    memory_file.save(store)
    kept = {(f.concept, f.value) for f in store.facts.values() if f.persistence_class in ("permanent", "long_term")}
    again = MemoryStore(ONTOLOGY)
    second = UserMemoryFile(users, "fuzz").load(again)
    assert second.quarantined is None and {(f.concept, f.value) for f in again.facts.values()} == kept


@FUZZ
@given(payload=st.binary(max_size=600))
def test_any_bytes_as_a_user_file_load_or_are_set_aside(tmp_path: Path, payload: bytes) -> None:
    loads_or_sets_aside(tmp_path / "users", payload)


@FUZZ
@given(doc=USER_DOC)
def test_a_mutated_valid_user_file_loads_or_is_set_aside(tmp_path: Path, doc: dict[str, Any]) -> None:
    loads_or_sets_aside(tmp_path / "users", tomli_w.dumps(doc).encode())


@FUZZ
@given(
    edits=st.lists(
        st.tuples(
            st.integers(0, len(VALID_USER_FILE)),
            st.integers(0, 12),
            st.one_of(st.binary(max_size=6), st.sampled_from([s.encode() for s in ODD])),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_corrupted_valid_user_file_loads_or_is_set_aside(tmp_path: Path, edits: list[tuple[int, int, bytes]]) -> None:
    payload = VALID_USER_FILE
    for at, length, insert in edits:
        payload = payload[:at] + insert + payload[at + length :]
    loads_or_sets_aside(tmp_path / "users", payload)


# Files a TOML reader or float maths cannot take: once each made `UserMemoryFile.load` raise (a traceback
# at start-up) instead of setting the file aside. TOML 1.0 integers are 64-bit ("if an integer cannot be
# represented losslessly, an error must be thrown"), so a longer one makes the whole file unreadable.
UNREADABLE_FILES = [
    pytest.param(b"schema_version = 1\nturn = " + b"1" * 5000 + b"\n", "not valid TOML", id="integer-too-long"),
    pytest.param(
        b"schema_version = 1\nx = " + b"[" * 500 + b"]" * 500 + b"\n", "not valid TOML", id="nesting-too-deep"
    ),
    pytest.param(
        b'schema_version = 1\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Allergy"\nvalue = "nuts"\n'
        b'evidence = "nuts"\nsalience = 1' + b"0" * 400 + b"\n",
        "not valid TOML",
        id="salience-beyond-64-bits",
    ),
    pytest.param(
        b'schema_version = 1\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Allergy"\nvalue = "nuts"\n'
        b'evidence = "nuts"\nsalience = 9223372036854775807\n',
        None,
        id="salience-too-big",  # like any salience over 1, read as 1
    ),
]


@pytest.mark.parametrize(("payload", "notice"), UNREADABLE_FILES)
def test_user_files_python_cannot_read_are_set_aside(tmp_path: Path, payload: bytes, notice: str | None) -> None:
    users = tmp_path / "users"
    users.mkdir()
    (users / "fuzz.toml").write_bytes(payload)
    store = MemoryStore(ONTOLOGY)
    report = UserMemoryFile(users, "fuzz").load(store)
    if notice is None:  # the file is sound; only a number in it was out of range
        assert [f.salience for f in store.facts.values()] == [1.0] and report.quarantined is None
    else:  # the whole file was unreadable: set aside as it was, and the visitor is told why
        assert not store.facts, "nothing half-read is loaded"
        assert report.quarantined is not None and report.quarantined.read_bytes() == payload
        assert any(notice in n for n in report.notices), report.notices
    loads_or_sets_aside(users, payload)  # and the same file, loaded again, saves and reads back soundly
