"""The real app driven with Pilot: typing, commands, the memory panel, cancel, errors, layout."""

from __future__ import annotations

import asyncio

from textual.widgets import TabbedContent

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.conversation.events import snapshot
from museum_tui.tui.memory_screen import MemoryScreen
from museum_tui.tui.screens import MarkdownScreen
from museum_tui.tui.widgets.chat import AssistantMessage, SystemMessage, VisitorMessage
from museum_tui.tui.widgets.fact_list import FactList
from museum_tui.tui.widgets.memory_panel import MemoryPanel
from tests.fake_openai import FakeOpenAI, Fault

from .conftest import WALKTHROUGH, make_app, say


def visible_text(facts: FactList) -> str:
    """What the list draws in its viewport, line by line."""
    return "\n".join("".join(seg.text for seg in facts.render_line(y)) for y in range(facts.size.height))


def panel_values(app) -> dict[str, str]:
    return {fact.value: fact.tier for fact in app.query_one(FactList).facts}


async def test_typing_a_message_shows_the_reply_and_the_learned_fact() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press(*"I'm vegan")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [m.renderable if hasattr(m, "renderable") else None for m in app.query(VisitorMessage)]
        (reply,) = app.query(AssistantMessage)
        assert "vegan" in reply.text.lower() or "Harbour" in reply.text
        assert "— " in str(reply.agent_line.render())
        assert panel_values(app) == {"vegan": "permanent"}
        (row,) = app.query_one(FactList).rows
        assert row.mark == "new" and any(line.endswith("vegan new") for line in app.query_one(FactList).text_lines())
        assert any("Memory updated" in n.title for n in app._notifications)


async def test_walkthrough_bars_shrink_and_the_coffee_leaves_with_a_note() -> None:
    app = make_app(user="walk")
    async with app.run_test(size=(120, 36)) as pilot:
        seen: list[float] = []
        for text in WALKTHROUGH[:6]:
            await say(pilot, text)
            facts = app.query_one(FactList)
            coffee = [f for f in facts.facts if f.value == "coffee"]
            if coffee:
                seen.append(facts.shown_salience(coffee[0].id))
        assert seen == sorted(seen, reverse=True) and len(seen) >= 2, "the coffee bar shrinks turn by turn"
        await say(pilot, WALKTHROUGH[6])
        notes = app.query_one(FactList).gone_notes
        assert any("forgot: coffee (faded)" in n for n in notes) or "coffee" not in panel_values(app)
        await say(pilot, WALKTHROUGH[7])
        assert "coffee" not in panel_values(app)
        assert {"deaf", "photography"} <= set(panel_values(app))


async def test_memory_command_opens_tabs_and_escape_closes() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf")
        await say(pilot, "I could really use a coffee")
        await say(pilot, "/memory")
        screen = app.screen
        assert isinstance(screen, MemoryScreen)
        assert [title for title, _ in screen.sections] == ["Facts", "This visit", "Visits", "Health"]
        assert "deaf" in screen.sections[0][1] and "fades in about" in screen.sections[0][1]
        assert "learned Hearing impairment: **deaf**" in screen.sections[1][1]
        assert "Memory health:" in screen.sections[3][1]
        tabs = screen.query_one(TabbedContent)
        assert tabs.active == "section-0"
        await pilot.press("right")
        assert tabs.active == "section-1"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, MemoryScreen)


async def test_selecting_a_fact_shows_why_and_can_forget_it_then_undo() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm allergic to peanuts")
        app.query_one(FactList).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownScreen) and "allergic to peanuts" in app.screen.markdown
        await pilot.click("#forget")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "peanuts" not in panel_values(app)
        await say(pilot, "/undo")
        assert panel_values(app) == {"peanuts": "permanent"}


async def test_delete_key_forgets_the_focused_fact() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I love Monet")
        app.query_one(FactList).focus()
        await pilot.press("delete")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel_values(app) == {}
        assert any("Forgotten: “Monet”" in m.source for m in app.query(SystemMessage))


async def test_forget_all_asks_for_confirmation() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm vegan and I love Monet")
        await say(pilot, "/forget all")
        assert isinstance(app.screen, MarkdownScreen) and "Forget all 2" in app.screen.markdown
        await pilot.click("#close")
        await pilot.pause()
        assert len(panel_values(app)) == 2
        await say(pilot, "/forget all")
        await pilot.click("#yes")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel_values(app) == {}


async def test_escape_stops_a_streaming_reply_and_nothing_is_remembered() -> None:
    with FakeOpenAI(reply=" ".join(["slowly"] * 300), token_delay=0.02) as server:
        settings = load_settings({"base_url": server.base_url, "user": "esc"})
        session = open_session(settings, env={})
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            composer = app.query_one("#composer")
            composer.value = "I'm vegan, tell me everything"
            await pilot.press("enter")
            for _ in range(200):
                await pilot.pause(0.02)
                if app.query(AssistantMessage) and len(app.query_one(AssistantMessage).text) > 20:
                    break
            await pilot.press("escape")
            await app.workers.wait_for_complete()
            await pilot.pause()
            reply = app.query_one(AssistantMessage)
            assert reply.has_class("-cancelled") and reply.text.startswith("slowly")
            assert reply.markdown.source == reply.text, "every word received before the stop is drawn"
            assert "nothing from this message was remembered" in str(reply.agent_line.render())
            assert session.store.turn == 0 and panel_values(app) == {}


async def test_a_fast_stream_is_drawn_in_batches_and_ends_complete_even_when_cut_off() -> None:
    words = [f"w{i}" for i in range(400)]
    with FakeOpenAI(reply=" ".join(words), token_delay=0.0005) as server:
        server.fail("chat", Fault(drop_after=250), times=1)
        settings = load_settings({"base_url": server.base_url, "user": "fast"})
        session = open_session(settings, env={})
        session.chat.client.max_retries = 0
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, "Tell me everything")  # cut off after 250 tokens
            cut = app.query(AssistantMessage).last()
            assert cut.has_class("-failed") and cut.text and words[-1] not in cut.text.split()
            assert cut.markdown.source == cut.text, "what arrived before the drop is all on screen"
            await say(pilot, "/retry")
            whole = app.query(AssistantMessage).last()
            assert whole is not cut and whole.text.split() == words
            assert whole.markdown.source == whole.text


async def test_server_error_shows_inline_with_retry_and_retry_works() -> None:
    with FakeOpenAI(reply="Here you are.") as server:
        server.fail("chat", Fault(status=503), times=4)
        settings = load_settings({"base_url": server.base_url, "user": "err"})
        session = open_session(settings, env={})
        session.chat.client.backoff_base = 0.01
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, "hello")
            errors = [m for m in app.query(SystemMessage) if m.has_class("-error")]
            assert errors and "HTTP 503" in errors[0].source and "/retry" in errors[0].source
            await say(pilot, "/retry")
            assert any("Here you are." in m.text for m in app.query(AssistantMessage))


async def test_markup_and_escapes_in_visitor_text_are_shown_literally() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        hostile = "[bold]hi[/] [/] [link=http://x]click[/link] \x1b]0;title\x07 ok"
        await say(pilot, hostile)
        (message,) = app.query(VisitorMessage)
        text = str(message.render())
        assert "[bold]hi[/]" in text and "[link=http://x]" in text


async def test_narrow_terminal_folds_the_panel_to_one_line_and_f2_opens_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await say(pilot, "I'm deaf and I love photography")
        assert app.screen.has_class("-narrow")
        panel = app.query_one(MemoryPanel)
        assert panel.folded and panel.region.height == 1, "folded to its summary line"
        assert panel.region.y > app.query_one("#chat-pane").region.y
        assert app.query_one("#chat").region.height >= 12, "80×24 leaves the chat at least 12 rows"
        summary = str(panel.query_one("#memory-health").render())
        assert "deaf" in summary and "photography" in summary and "F2" in summary
        footer = app.screen.query_one("Footer")
        assert footer.region.y == 23 and footer.region.height == 1, "the footer is intact"
        await pilot.press("f2")
        await pilot.pause()
        assert not panel.folded and panel.region.height > 5
        assert panel.fact_list.display
        await pilot.press("f2")
        await pilot.pause()
        assert panel.folded and panel.region.height == 1
    wide = make_app()
    async with wide.run_test(size=(120, 36)) as pilot:
        assert not wide.screen.has_class("-narrow")
        panel = wide.query_one(MemoryPanel)
        assert panel.region.x > 60 and not panel.folded
        await pilot.press("f2")
        assert not panel.display
        await pilot.press("f2")
        assert panel.display
        await pilot.resize_terminal(90, 30)  # the layout follows the terminal as it is resized
        await pilot.pause()
        assert wide.screen.has_class("-narrow")
        assert wide.query_one(MemoryPanel).region.y > wide.query_one("#chat-pane").region.y


async def test_user_switch_clears_the_screen() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf")
        await say(pilot, "/user bob")
        assert not app.query(VisitorMessage) and panel_values(app) == {}
        assert "visitor: bob" in app.sub_title


async def test_command_palette_runs_slash_commands() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm deaf")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"what do you remember")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MemoryScreen)


async def test_quit_saves_memory() -> None:
    """Quitting saves what a turn could not: here the turn's own save fails (a folder stands where the
    memory file goes), the folder is then taken away, and only the save at Ctrl+Q can write the file."""
    path = config.users_dir() / "leaver.toml"
    app = make_app(user="leaver")
    async with app.run_test(size=(120, 36)) as pilot:
        path.mkdir(parents=True)
        await say(pilot, "I'm blind")
        path.rmdir()
        assert not path.exists(), "the turn's own save could not have written it"
        await pilot.press("ctrl+q")
        await asyncio.sleep(0.1)
    assert "blind" in path.read_text(encoding="utf-8")


async def test_a_message_sent_while_answering_is_kept_in_the_composer() -> None:
    with FakeOpenAI(reply=" ".join(["slowly"] * 200), token_delay=0.02) as server:
        session = open_session(load_settings({"base_url": server.base_url, "user": "busy"}), env={})
        app = make_app(session)
        async with app.run_test(size=(120, 36)) as pilot:
            composer = app.query_one("#composer")
            composer.value = "first"
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause(0.02)
                if session.busy:
                    break
            composer.value = "second"
            await pilot.press("enter")
            await pilot.pause()
            assert composer.value == "second" and len(app.query(VisitorMessage)) == 1
            await pilot.press("escape")
            await app.workers.wait_for_complete()


async def test_an_unexpected_error_is_one_line_not_a_traceback() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        app.session.chat.stream = None  # a programming error inside the engine
        await say(pilot, "hello")
        for _ in range(50):  # the error is posted from the failed worker: wait for it, not for a time
            errors = [m for m in app.query(SystemMessage) if m.has_class("-error")]
            if errors:
                break
            await pilot.pause()
        assert errors and "Something went wrong (TypeError)" in errors[0].source
        assert app.is_running


async def test_arrow_keys_move_between_facts_across_tiers_and_enter_explains_the_one_chosen() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm vegan and I love Monet, I'm here with my kids")
        facts = app.query_one(FactList)
        order = [f.value for f in facts.facts]
        assert order == ["vegan", "Monet", "kids"], "permanent, then long-term, then session"
        facts.focus()
        await pilot.pause()
        assert facts.cursor_row is not None and facts.cursor_row.fact.value == "vegan"
        await pilot.press("down", "down", "down")  # past the last fact: stays on it
        assert facts.cursor_row.fact.value == "kids"
        await pilot.press("up")
        assert facts.cursor_row.fact.value == "Monet"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownScreen) and "Monet" in app.screen.markdown
        assert "vegan" not in app.screen.markdown


async def test_clicking_a_fact_explains_it_and_a_gone_note_is_not_selectable() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm vegan and I love Monet")
        facts = app.query_one(FactList)
        monet_line = facts.text_lines().index(next(line for line in facts.text_lines() if "Monet" in line))
        await pilot.click(FactList, offset=(5, monet_line + 1))  # its salience bar
        await pilot.pause()
        assert isinstance(app.screen, MarkdownScreen) and "Monet" in app.screen.markdown
        await pilot.press("escape")
        await say(pilot, "/forget Monet")
        assert facts.gone_notes == ["forgot: Monet"]
        facts.focus()
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownScreen) and "vegan" in app.screen.markdown


async def test_the_panel_draws_only_what_fits_yet_scrolls_to_every_fact() -> None:
    app = make_app()
    async with app.run_test(size=(120, 24)) as pilot:
        store = app.session.store
        foods = [
            "peanuts",
            "sesame",
            "celery",
            "mustard",
            "lupin",
            "sulphites",
            "kiwi",
            "mango",
            "lychee",
            "papaya",
            "quinoa",
            "fennel",
        ]
        for food in foods:  # allergies have no cardinality limit
            store.upsert("SpecialNeed.Allergy", food, "asserted", f"allergic to {food}")
        app.query_one(MemoryPanel).show(snapshot(store), animate=False)
        await pilot.pause()
        facts = app.query_one(FactList)
        assert len(facts.facts) == len(foods) and facts.virtual_size.height > facts.size.height
        facts.focus()
        await pilot.press("end")
        await pilot.pause()
        last = facts.facts[-1]
        assert facts.cursor_row is not None and facts.cursor_row.fact.id == last.id
        assert facts.scroll_offset.y > 0 and last.value in visible_text(facts)
        assert facts.facts[0].value not in visible_text(facts)
