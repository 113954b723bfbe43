"""One validation path: `museum-tui ontology check` refuses exactly the venue files the app refuses to start
on, lists every problem at once, and checks what the venue names in the ontology."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from museum_tui.cli import main
from museum_tui.concierge import BuiltinResponder, load_agents, parse_venue
from museum_tui.config import load_settings
from museum_tui.conversation import SessionError, open_session
from museum_tui.memory import MemoryStore, load_ontology

ONTOLOGIES = Path(__file__).resolve().parent.parent.parent / "ontologies"


def venue_copy(tmp_path: Path, change: Callable[[dict], None]) -> Path:
    """The museum ontology and its venue file, copied, with `change` applied to the venue."""
    shutil.copy(ONTOLOGIES / "museum.json", tmp_path / "museum.json")
    data = json.loads((ONTOLOGIES / "museum.venue.json").read_text(encoding="utf-8"))
    change(data)
    (tmp_path / "museum.venue.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path / "museum.json"


def _set(path: str, value: object) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value

    return change


CASES = {
    "as shipped": (lambda data: None, None),
    "hours in opening_hours syntax": (_set("hours.opening_hours", "Mo-Su 09:00-17:00; Jan 1 off"), None),
    "older per-day hours": (_set("hours", {"monday": "10:00–18:00", "sunday": "11:00–17:00"}), None),
    "bad opening_hours": (_set("hours.opening_hours", "Mo-Fz 10:00-18:00"), "not valid opening_hours syntax"),
    "bad café hours": (_set("cafes.1.hours", "weekends, mostly"), "cafes[1].hours"),
    "bad tour time": (_set("tours.0.times", ["noon"]), "time 'noon' is not HH:MM"),
    "bad tour days": (_set("tours.0.days", "Funday"), "days 'Funday'"),
    "exhibition dates backwards": (_set("exhibitions.0.closes", "2020-01-01"), "'closes' (2020-01-01) is before"),
    "unknown concept in a rule": (
        lambda d: d["concepts"].update({"Nobody.Knows": {"role": "need"}}),
        "no concept 'Nobody.Knows'",
    ),
    "agent prefix matching nothing": (_set("agents.food.concept_prefixes", ["Snacks."]), "prefix 'Snacks.'"),
    "agent need not in ontology": (_set("agents.food.needs", ["Thirst.Now"]), "need 'Thirst.Now'"),
    "lift near nothing": (_set("lifts.0.near", ["G99"]), "'near' names 'G99'"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_check_and_the_app_agree(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    change, problem = CASES[name]
    ontology = venue_copy(tmp_path, change)
    code = main(["ontology", "check", str(ontology)])
    err = capsys.readouterr().err
    try:
        session = open_session(load_settings({"offline": True, "user": "probe", "ontology": str(ontology)}))
    except SessionError as exc:
        started, refusal = False, str(exc)
    else:
        started, refusal = True, ""
        asyncio.run(session.aclose())
    assert (code == 0) == started, f"check said {code}, the app {'started' if started else 'refused'}"
    if problem is None:
        assert code == 0, err
    else:
        assert code == 1 and problem in err and problem in refusal, (err, refusal)


def test_every_problem_is_listed_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def break_three(data: dict) -> None:
        data["tours"][0]["times"] = ["25:00"]
        data["concepts"]["Made.Up"] = {"role": "interest"}
        data["agents"]["food"]["concept_prefixes"] = ["Nope."]

    assert main(["ontology", "check", str(venue_copy(tmp_path, break_three))]) == 1
    err = capsys.readouterr().err
    assert "3 errors in the venue file" in err
    assert "'25:00' is not HH:MM" in err and "'Made.Up'" in err and "'Nope.'" in err


def test_the_documented_example_venue_loads() -> None:
    """docs/venue-schema.md ends with a whole small venue for authors to start from: it must stay valid."""
    doc = (ONTOLOGIES.parent / "docs" / "venue-schema.md").read_text(encoding="utf-8")
    block = re.search(r"## A complete small venue.*?```json\n(.*?)```", doc, re.S)
    assert block, "the example section is missing"
    venue = parse_venue(json.loads(block.group(1)))
    agent = load_agents(venue)["general"]
    store = MemoryStore(load_ontology(ONTOLOGIES / "museum.json"))
    saturday = datetime(2026, 11, 28, 10, 30)
    reply = BuiltinResponder(venue).reply("when is the next demonstration?", agent, store, now=saturday)
    assert "11:00" in reply and "Mill wheel" in reply
