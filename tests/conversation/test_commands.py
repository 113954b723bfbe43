"""Slash commands, shared by every front end."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from museum_tui import config
from museum_tui.conversation.commands import completions
from museum_tui.conversation.events import CommandResult, Confirm, Question, QuitRequested, UserSwitched

from .conftest import offline_session, run


async def result(session, text: str) -> CommandResult | Question:
    events = await run(session, text)
    return next(e for e in events if isinstance(e, CommandResult | Question))


async def test_memory_lists_facts_with_evidence_and_what_will_be_forgotten(session) -> None:
    await run(session, "I'm deaf and I could really use a coffee")
    shown = await result(session, "/memory")
    assert shown.kind == "memory" and shown.snapshot is not None
    assert "Hearing impairment: **deaf** — you said “I'm deaf”" in shown.text
    assert "**Ephemeral** (forgotten after this visit)" in shown.text
    assert "1 of these will be forgotten when this visit ends" in shown.text


async def test_forget_by_value_and_undo_also_on_disk(session) -> None:
    await run(session, "I'm allergic to peanuts and I love Monet")
    path = config.users_dir() / "visitor.toml"
    assert "peanuts" in path.read_text(encoding="utf-8")
    forgot = await result(session, "/forget peanuts")
    assert "Forgotten: “peanuts”" in forgot.text and "/undo" in forgot.text
    assert "peanuts" not in path.read_text(encoding="utf-8")
    back = await result(session, "/undo")
    assert "Remembered again: “peanuts”" in back.text
    assert "peanuts" in path.read_text(encoding="utf-8")
    assert (await result(session, "/undo")).ok is False


async def test_forget_all_asks_first(session) -> None:
    await run(session, "I'm vegan and I love Monet")
    ask = await result(session, "/forget all")
    assert isinstance(ask, Confirm) and ask.confirm == "/forget all --yes" and len(session.store.facts) == 2
    done = await result(session, ask.confirm)
    assert done.ok and not session.store.facts
    assert not (config.users_dir() / "visitor.toml").exists(), "the saved record is erased whole (issue 23)"


async def test_forget_by_id_topic_and_nothing(session) -> None:
    await run(session, "I'm vegan and I love Monet")
    ids = {f.value: f.id for f in session.store.facts.values()}
    assert "Forgotten: “Monet”" in (await result(session, f"/forget {ids['Monet']}")).text
    assert "Forgotten: “vegan”" in (await result(session, "/forget dietary requirement")).text
    missing = await result(session, "/forget unicorns")
    assert not missing.ok and "anything matching “unicorns”" in missing.text


async def test_why_tells_where_a_fact_came_from(session) -> None:
    await run(session, "I'm in the main hall")
    await run(session, "Now I'm on the second floor")
    (fact,) = [f for f in session.store.facts.values() if f.concept == "Position.CurrentArea"]
    why = await result(session, f"/why {fact.id}")
    assert "second floor" in why.text and "It replaced “main hall”" in why.text
    assert "fades out in about" in why.text


async def test_user_switch_leaves_nothing_of_the_previous_visitor(session) -> None:
    await run(session, "I'm deaf and my name is Ann")
    events = await run(session, "/user bob")
    switched = next(e for e in events if isinstance(e, UserSwitched))
    assert switched.user == "bob" and switched.snapshot.facts == ()
    assert session.user == "bob" and not session.visitor.history and not session.store.facts
    bad = await result(session, "/user ../etc")
    assert not bad.ok and "starts with a dot" in bad.text
    await run(session, "/user visitor")
    assert {f.value for f in session.store.facts.values()} == {"deaf", "Ann"}


async def test_export_writes_a_private_file(session, tmp_path: Path) -> None:
    await run(session, "I'm vegan")
    target = tmp_path / "mine.json"
    done = await result(session, f"/export {target}")
    assert done.ok and json.loads(target.read_text(encoding="utf-8"))["facts"][0]["value"] == "vegan"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    default = await result(session, "/export")
    assert "visitor-memory.md" in default.text


async def test_model_help_ontology_unknown_quit(session) -> None:
    assert "offline" in (await result(session, "/model")).text
    assert not (await result(session, "/model gpt-5")).ok
    assert "/forget" in (await result(session, "/help")).text
    assert "Allergy" in (await result(session, "/ontology")).text
    unknown = await result(session, "/forgt coffee")
    assert not unknown.ok and "Did you mean `/forget`?" in unknown.text
    assert isinstance((await run(session, "/quit"))[0], QuitRequested)
    assert completions("/fo") == ["/forget"] and "/memory" in completions("")


async def test_natural_language_forgetting_works_through_negation(session) -> None:
    await run(session, "I love Picasso")
    assert [f.value for f in session.store.facts.values()] == ["Picasso"]
    await run(session, "Forget that I like Picasso")
    assert not session.store.facts


async def test_retry_with_nothing_failed(session) -> None:
    refused = await result(session, "/retry")
    assert not refused.ok and "nothing to retry" in refused.text.lower()


async def test_commands_need_no_model_and_do_not_tick(session) -> None:
    await run(session, "/memory")
    await run(session, "/help")
    assert session.store.turn == 0


def test_two_sessions_share_one_user_file() -> None:
    import asyncio

    async def go() -> set[str]:
        a, b = offline_session("shared"), offline_session("shared")
        await run(a, "I'm vegan")
        await run(b, "I love Monet")
        await a.aclose()
        await b.aclose()
        c = offline_session("shared")
        values = {f.value for f in c.store.facts.values()}
        await c.aclose()
        return values

    assert asyncio.run(go()) == {"vegan", "Monet"}
