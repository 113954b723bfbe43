"""A malformed venue file is refused with a message that says where and what, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from museum_tui.concierge import VenueError, load_agents, load_venue, parse_venue

ONTOLOGIES = Path(__file__).resolve().parent.parent.parent / "ontologies"


def museum_data() -> dict:
    return json.loads((ONTOLOGIES / "museum.venue.json").read_text(encoding="utf-8"))


def refused(data, tmp_path: Path) -> str:
    path = tmp_path / "venue.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(VenueError) as err:
        load_agents(load_venue(path))
    return str(err.value)


def test_not_json_names_line_and_column(tmp_path: Path) -> None:
    assert "invalid JSON at line 1, column 14" in refused('{"name": "x",,}', tmp_path)


def test_not_an_object(tmp_path: Path) -> None:
    assert "expected a JSON object, found list" in refused([1, 2], tmp_path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(VenueError, match="does not exist"):
        load_venue(tmp_path / "nope.json")
    with pytest.raises(VenueError, match="is a folder"):
        load_venue(tmp_path)


def test_wrong_types_are_listed_together(tmp_path: Path) -> None:
    data = museum_data()
    data["galleries"][0]["floor"] = "ground"
    data["lifts"][0]["floors"] = ["one", 2]
    data["exhibitions"][2]["artists"] = "Olafur Eliasson"
    data["facilities"] = [{"name": "no id"}]
    text = refused(data, tmp_path)
    assert "galleries[0]: 'floor' is 'ground'; expected int" in text
    assert "lifts[0]: 'floors' must be a list of floor levels" in text
    assert "exhibitions[2]: 'artists' is 'Olafur Eliasson'; expected list" in text
    assert "facilities[0]: missing 'id'" in text


def test_concept_rules_are_checked(tmp_path: Path) -> None:
    data = museum_data()
    data["concepts"]["SpecialNeed.Allergy"]["menu"] = "everything"
    data["concepts"]["Profile.Name"] = {"role": "nickname"}
    data["concepts"]["SpecialNeed.MobilityImpairment"]["facilities"] = ["lifts-everywhere"]
    text = refused(data, tmp_path)
    assert "concepts.SpecialNeed.Allergy: 'menu' is 'everything'" in text
    assert "concepts.Profile.Name: 'role' is 'nickname'; expected one of name, language" in text
    assert "facility 'lifts-everywhere' is not one of the facilities" in text


def test_agents_are_checked(tmp_path: Path) -> None:
    data = museum_data()
    data["agents"]["food"]["title"] = 7
    data["default_agent"] = "nobody"
    text = refused(data, tmp_path)
    assert "'title' must be a text" in text and "default agent 'nobody'" in text


def test_a_minimal_venue_works(tmp_path: Path) -> None:
    from museum_tui.concierge import BuiltinResponder, route
    from museum_tui.memory import MemoryStore, load_ontology

    venue = parse_venue(
        {
            "name": "Tiny Hall",
            "restrooms": [{"floor": 0, "location": "by the door", "accessible": True}],
            "agents": {"general": {"role": "You help."}},
        }
    )
    agents = load_agents(venue)
    store = MemoryStore(load_ontology(ONTOLOGIES / "museum.json"))
    responder = BuiltinResponder(venue)
    for text in ("Where's the toilet?", "What's on?", "I'm hungry", "When do you close?", "hello", ""):
        assert responder.reply(text, route(text, store, agents), store)
    assert "by the door" in responder.reply("toilet?", agents["general"], store)
