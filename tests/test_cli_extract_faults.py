"""`museum-tui extract --jsonl` reads every line, even when the reading of one of them fails."""

from __future__ import annotations

import io
import json

from museum_tui.cli import main
from museum_tui.extraction.rules import RuleExtractor


def test_a_line_the_extractor_fails_on_is_reported_and_the_rest_are_read(monkeypatch, capsys) -> None:
    real = RuleExtractor.extract_validated

    def faulty(self, user_msg, bot_msg=None):
        if "boom" in user_msg:
            raise IndexError("list index out of range")
        return real(self, user_msg, bot_msg)

    monkeypatch.setattr(RuleExtractor, "extract_validated", faulty)
    lines = [{"user": "I'm deaf", "bot": None}, {"user": "boom", "bot": None}, {"user": "I'm vegan", "bot": None}]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(json.dumps(x) + "\n" for x in lines)))
    code = main(["extract", "--offline", "--jsonl"])
    out, err = capsys.readouterr()
    rows = [json.loads(row) for row in out.splitlines()]
    assert [[f["value"] for f in row] for row in rows] == [["deaf"], [], ["vegan"]]
    assert "line 2: the extractor failed (IndexError)" in err and "Traceback" not in err
    assert code == 1
