"""The memory panel says whose a fact is: a party member's need is labelled theirs."""

from __future__ import annotations

from museum_tui.tui.widgets.fact_list import FactList

from .conftest import make_app, say


async def test_the_panel_labels_a_sons_allergy_as_his() -> None:
    app = make_app(user="family")
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "my son has a nut allergy and I'm vegan")
        lines = app.query_one(FactList).text_lines()
        assert any("Allergy (your son's): nuts" in line for line in lines), lines
        assert any(line.strip().startswith("Dietary requirement: vegan") for line in lines), lines
