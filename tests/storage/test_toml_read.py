"""A big memory file is parsed a few hundred facts at a time (rtoml holds Python's lock while it parses, and
the screen must keep taking keys while a memory loads), with exactly rtoml's result, and rtoml's own
result or error for any file not laid out as the app writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
import rtoml

from museum_tui.storage import toml_read
from tests.huge_memory import write_huge_memory


@pytest.fixture(scope="module")
def big_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_huge_memory(tmp_path_factory.mktemp("big"), "big", facts=5_000).read_text(encoding="utf-8")


def test_a_big_file_is_parsed_in_pieces_with_the_same_result(big_text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    parse = rtoml.loads

    def measured(text: str) -> object:
        sizes.append(len(text))
        return parse(text)

    monkeypatch.setattr(toml_read.rtoml, "loads", measured)
    data = toml_read.loads(big_text)
    monkeypatch.undo()
    assert data == rtoml.loads(big_text) and len(data["facts"]) == 5_000
    assert max(sizes) < len(big_text) / 10, "no single call holds the lock for the whole file"


@pytest.mark.parametrize(
    "edit",
    [
        lambda text: text + "\n[other]\nkey = 1\n",  # a table after the facts: parsed whole, as rtoml does
        lambda text: text.replace("schema_version = 1", 'schema_version = 1\nfacts = "x"', 1),  # then an error
        lambda text: text.replace('value = "substance 2500"', 'value = """substance\n[[facts]]\n2500"""', 1),
    ],
)
def test_any_other_layout_gets_rtoml_s_own_result_or_error(big_text: str, edit) -> None:
    text = edit(big_text)
    try:
        expected = rtoml.loads(text)
    except ValueError as exc:
        with pytest.raises(type(exc)) as raised:
            toml_read.loads(text)
        assert str(raised.value) == str(exc)
    else:
        assert toml_read.loads(text) == expected


def test_a_small_file_is_one_call(tmp_path: Path) -> None:
    text = write_huge_memory(tmp_path, "small", facts=20).read_text(encoding="utf-8")
    assert toml_read.loads(text) == rtoml.loads(text)
