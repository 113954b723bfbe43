"""The shipped static word vectors: they load, mean what they should, and never break on odd input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from museum_tui.language import vectors
from museum_tui.language.vectors import DATA, StaticVectors, words

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def table() -> StaticVectors:
    return StaticVectors.load()


@pytest.fixture(scope="module")
def museum() -> dict[str, list[str]]:
    concepts = json.loads((REPO / "ontologies" / "museum.json").read_text(encoding="utf-8"))["concepts"]
    return {key: [c["label"], *c["examples"]] for key, c in concepts.items()}


def test_the_shipped_file_loads_once_and_is_shared(table: StaticVectors) -> None:
    assert DATA.is_file() and DATA.stat().st_size < 8_000_000
    assert StaticVectors.load() is table
    assert table.dims == table.meta["dims"] >= 64
    assert "wheelchair" in table and "##ing" in table


def test_importing_the_module_reads_nothing() -> None:
    code = "import museum_tui.language.vectors as v, sys; print(len(v._LOADED), 'numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "True"]


def test_concurrent_first_loads_read_the_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "vectors.npz"
    shutil.copy(DATA, copy)
    reads: list[Path] = []
    real_read = StaticVectors._read.__func__

    def counting_read(cls: type[StaticVectors], path: Path) -> StaticVectors:
        reads.append(path)
        return real_read(cls, path)

    monkeypatch.setattr(StaticVectors, "_read", classmethod(counting_read))
    results: list[StaticVectors] = []
    threads = [threading.Thread(target=lambda: results.append(StaticVectors.load(copy))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert reads == [copy] and len({id(r) for r in results}) == 1
    vectors._LOADED.pop(copy)


def test_preloading_in_the_background_leaves_the_loaded_table(tmp_path: Path) -> None:
    copy = tmp_path / "vectors.npz"
    shutil.copy(DATA, copy)
    thread = StaticVectors.preload(copy)
    thread.join(timeout=30)
    assert thread.daemon and copy in vectors._LOADED
    assert StaticVectors.load(copy) is vectors._LOADED.pop(copy)


def test_a_tired_word_never_listed_is_nearer_tiredness_than_the_toilet(
    table: StaticVectors, museum: dict[str, list[str]]
) -> None:
    best = table.nearest("I'm absolutely shattered", museum, k=len(museum))
    order = [m.key for m in best]
    assert order[0] in ("Mood.Current", "ImmediateNeed.Rest")  # the concepts about being tired
    assert order.index("Mood.Current") < order.index("ImmediateNeed.Restroom")


def test_a_wheelchair_user_is_about_mobility_not_hearing(table: StaticVectors, museum: dict[str, list[str]]) -> None:
    needs = {key: museum[key] for key in museum if key.startswith("SpecialNeed.")}
    assert table.nearest("wheelchair user here 👋", needs, k=1)[0].key == "SpecialNeed.MobilityImpairment"
    assert table.nearest("my mum can't hear a thing", needs, k=1)[0].key == "SpecialNeed.HearingImpairment"


@pytest.mark.parametrize(
    ("text", "near", "far"),
    [
        ("I would like to see the sculptures", "statues", "I would like to see the cafe"),
        ("my son is allergic to nuts", "peanut allergy", "my son is here with me"),
        ("is there a lift", "elevator please", "is there a shop"),
    ],
)
def test_shared_little_words_count_less_than_one_shared_meaning(
    table: StaticVectors, text: str, near: str, far: str
) -> None:
    """Frequency weighting: "I would like to see the" must not outweigh sculptures ~ statues."""
    assert table.similarity(text, near) > table.similarity(text, far) + 0.2


@pytest.mark.parametrize(("word", "near", "far"), [("famished", "hungry", "tired"), ("tinnitus", "hearing", "sight")])
def test_a_word_bert_splits_into_pieces_keeps_its_own_meaning(
    table: StaticVectors, word: str, near: str, far: str
) -> None:
    """Whole words run through the model alone, not the mean of their pieces ("fam ##ished")."""
    assert word in table
    assert table.similarity(word, near) > table.similarity(word, far) + 0.15


@pytest.mark.parametrize(
    ("typo", "meant", "other"),
    [
        ("vegitarian", "vegetarian", "wheelchair"),
        ("wheelchiar", "wheelchair", "vegetarian"),
        ("toliet", "toilet", "coffee"),
        ("exausted", "exhausted", "excited"),
        ("sculpure", "sculpture", "painting"),
    ],
)
def test_a_misspelt_word_keeps_its_meaning(table: StaticVectors, typo: str, meant: str, other: str) -> None:
    assert typo not in table
    assert table.similarity(typo, meant) > 0.9 > table.similarity(typo, other)


def test_a_misspelt_word_in_a_sentence_finds_its_concept(table: StaticVectors, museum: dict[str, list[str]]) -> None:
    assert table.nearest("where's the toliet", museum, k=1)[0].key == "ImmediateNeed.Restroom"
    assert table.nearest("I love sculpure", museum, k=1)[0].key == "ArtInterest.Medium"


@pytest.mark.parametrize(("typo", "meant"), [("sculture", "sculpture"), ("shelfish", "shellfish"), ("wheres", "where")])
def test_between_equally_near_words_the_same_start_then_the_common_word_wins(
    table: StaticVectors, typo: str, meant: str
) -> None:
    assert table.correct(typo) == meant  # not culture, selfish, whereas


def test_short_or_unknown_words_are_not_corrected_but_read_by_pieces(table: StaticVectors) -> None:
    assert table.correct("deff") is None  # deaf, deft or Jeff: too short to guess
    assert table.correct("zqxwvj") is None
    assert len(table.rows("zqxwvj")) > 1  # BERT's pieces still give it a vector
    assert table.correct("wheelchair") is None  # a known word is itself


def test_embedding_is_deterministic_and_unit_length(table: StaticVectors) -> None:
    fresh = StaticVectors._read(DATA)
    text = "We're here with the kids until four, any quiet café?"
    a, b = table.embed(text), fresh.embed(text)
    assert np.array_equal(a, b) and abs(float(np.linalg.norm(a)) - 1.0) < 1e-5
    assert not a.flags.writeable  # cached: a caller cannot change what the next caller gets


@pytest.mark.parametrize("text", ["", "   ", "👋🎨", "!!!", "\u200b"])
def test_text_without_known_words_is_safe(table: StaticVectors, text: str, museum: dict[str, list[str]]) -> None:
    vec = table.embed(text)
    assert vec.shape == (table.dims,) and not vec.any()
    assert table.similarity(text, "wheelchair") == 0.0
    assert table.nearest(text, museum) == []


def test_words_fold_accents_and_case() -> None:
    assert words("Café CRÈME, naïve!") == ["cafe", "creme", "naive"]


def test_a_malformed_table_is_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(
        bad,
        vectors=np.zeros((3, 4), np.int8),
        scales=np.ones(2, np.float32),
        zipf=np.zeros(3, np.uint8),
        words=np.frombuffer(b"a\nb\nc", np.uint8),
        meta=np.frombuffer(b"{}", np.uint8),
    )
    with pytest.raises(ValueError, match="malformed"):
        StaticVectors._read(bad)


@pytest.mark.parametrize("content", [None, b"", b"PK\x03\x04 not really a zip"])
def test_a_missing_or_damaged_file_is_one_clear_error(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "vectors.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ValueError, match="cannot read the vector table"):
        StaticVectors.load(path)
    assert path not in vectors._LOADED


def test_frequency_says_how_common_a_whole_word_is(table: StaticVectors) -> None:
    assert table.frequency("leave") > table.frequency("rucksack") == 0.0
    assert table.frequency("the") > table.frequency("leave") > table.frequency("defibrillator") > 0.0
