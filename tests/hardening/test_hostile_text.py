"""Hostile or odd text wherever text enters: visitor input, LLM output, fact values and evidence, ontology
labels, the visitor's memory file.

Rich markup is data, shown as written. Terminal escapes (clear screen, OSC 52 clipboard, window title),
other control characters, bidi overrides and zero-width characters never reach the screen, stdout or the
memory file. A 1 MB paste is cut with a clear message; empty messages do nothing; nothing raises.
"""

from __future__ import annotations

import contextlib
import gc
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from textual import events

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import SessionError, open_session
from museum_tui.extraction import validate_facts
from museum_tui.memory import MemoryStore, Ontology, OntologyError, load_ontology
from museum_tui.storage import UserMemoryFile
from museum_tui.tui.memory_screen import MemoryScreen
from museum_tui.tui.screens import MarkdownScreen
from museum_tui.tui.widgets.chat import AssistantMessage, SystemMessage, VisitorMessage
from museum_tui.tui.widgets.composer import Composer
from museum_tui.tui.widgets.fact_list import FactList
from tests.cli_process import QUICK
from tests.fake_openai import FakeOpenAI, Fault
from tests.tui.conftest import make_app, say

REPO = Path(__file__).resolve().parents[2]

MARKUP = "[bold]x[/bold] [/] [link=http://evil.example]click[/link]"
CLEAR = "\x1b[2J\x1b[H"  # clear the screen, cursor home
OSC52 = "\x1b]52;c;aGVsbG8=\x07"  # set the clipboard
TITLE = "\x1b]0;pwned\x1b\\"  # set the window title (ST-terminated)
C1 = "\x9b31m\x9d2;t\x9c"  # 8-bit CSI and OSC
CONTROLS = "\x00\x07\x08\x0b\x0c\x7f"
ZERO_WIDTH = "z\u200bw\ufeff\u2060j"
BIDI = "\u202eevil\u202c \u2067iso\u2069\u200f"
EMOJI_RTL = "👩‍👩‍👧 🎨 שלום مرحبا"
HOSTILE = " ".join([MARKUP, CLEAR, OSC52, TITLE, C1, CONTROLS, ZERO_WIDTH, BIDI, EMOJI_RTL])

# What may appear in shown or stored text: newlines, and the joiners that emoji and some scripts need.
ALLOWED_INVISIBLE = {"\n", "\u200c", "\u200d"}


@pytest.fixture(autouse=True, scope="module")
def _leave_the_heap_as_we_found_it() -> Iterator[None]:
    """Textual keeps up to 1024 `StylesCache` objects, with every strip they drew, alive in an lru_cache
    (`StylesCache.get_inner_outer` caches on `self`). After the many apps drawn here the heap stays large,
    and a slow full collection can then land inside a later timing-sensitive test (the SVG snapshots: a
    cursor blink, a scroll by one line). Empty those caches and collect, so later modules start lean."""
    yield
    with contextlib.suppress(ImportError, AttributeError):
        from textual._styles_cache import StylesCache
        from textual.strip import Strip

        StylesCache.get_inner_outer.cache_clear()
        Strip.blank.cache_clear()
    gc.collect()


def hidden(text: str) -> set[str]:
    """Characters that would act on a terminal or hide in text: escapes and other controls, bidi overrides
    and marks, zero-width spaces, lone surrogates, line separators."""
    return {
        f"U+{ord(ch):04X}"
        for ch in text
        if ch not in ALLOWED_INVISIBLE and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
    }


def screen(app: Any) -> tuple[str, str]:
    """The app's exported screen: the SVG itself, and the text it shows (line by line, styles dropped)."""
    svg = app.export_screenshot()
    lines: dict[int, list[str]] = {}
    for number, text in re.findall(r'clip-path="url\(#[\w-]*?line-(\d+)\)">(.*?)</text>', svg, re.S):
        lines.setdefault(int(number), []).append(html.unescape(text))
    return svg, "\n".join("".join(parts) for _, parts in sorted(lines.items())).replace("\xa0", " ")


def clean_screen(app: Any) -> str:
    """Assert that nothing hidden reaches the rendered screen; return the text shown."""
    svg, shown = screen(app)
    assert not hidden(svg), f"reached the screen: {hidden(svg)}"
    assert not [m for m in app.query(SystemMessage) if m.has_class("-error")], "no error (e.g. a MarkupError)"
    return shown


def strings(value: Any) -> Iterator[str]:
    """Every string in a decoded TOML/JSON document, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def saved(user: str) -> dict[str, Any]:
    return tomllib.loads((config.users_dir() / f"{user}.toml").read_bytes().decode("utf-8"))


def assert_saved_file_is_clean(user: str) -> dict[str, Any]:
    data = saved(user)
    dirty = {s for s in strings(data) if hidden(s)}
    assert not dirty, f"stored with control characters: {dirty}"
    return data


def panel_values(app: Any) -> set[str]:
    return {fact.value for fact in app.query_one(FactList).facts}


def museum(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run the CLI as a user does, piped; stdout and stderr must be valid UTF-8."""
    full_env = {**os.environ, **QUICK, **(env or {})}
    result = subprocess.run(
        [sys.executable, "-m", "museum_tui", *args],
        input=stdin,
        capture_output=True,
        env=full_env,
        timeout=120,
        cwd=REPO,
    )
    return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


async def paste(pilot: Any, text: str) -> Composer:
    composer = pilot.app.query_one(Composer)
    composer.focus()
    composer.post_message(events.Paste(text))
    await pilot.pause()
    return composer


# ---- 1. visitor input ------------------------------------------------------------------------------------


async def test_visitor_markup_is_shown_literally_and_no_escape_reaches_the_screen() -> None:
    app = make_app(user="typist")
    async with app.run_test(size=(160, 45)) as pilot:
        await say(pilot, f"{HOSTILE} I'm vegan")
        (message,) = app.query(VisitorMessage)
        text = str(message.render())
        assert MARKUP in text and "👩‍👩‍👧" in text and "שלום" in text and "zwj" in text
        assert not hidden(text)
        shown = clean_screen(app)
        assert MARKUP in shown, "the markup is on screen as typed, not interpreted"
        assert panel_values(app) == {"vegan"}, "the rest of the message was still read"
        reply = app.query_one(AssistantMessage)
        assert not hidden(reply.text)
    assert {f["value"] for f in assert_saved_file_is_clean("typist")["facts"]} == {"vegan"}


async def test_a_paste_with_escapes_reaches_the_input_line_neutralised() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        composer = await paste(pilot, f"{HOSTILE}\nsecond line")
        assert MARKUP in composer.value and "second line" not in composer.value
        assert not hidden(composer.value)
        assert MARKUP in clean_screen(app)


async def test_a_one_megabyte_paste_is_cut_with_a_clear_message_and_the_app_stays_usable() -> None:
    big = ("I'm vegan [bold]and[/] \x1b[2J hungry " * 40_000)[:1_000_000]
    app = make_app(user="paster")
    async with app.run_test(size=(120, 36)) as pilot:
        started = time.perf_counter()
        composer = await paste(pilot, big)
        assert len(composer.value) > 500_000 and not hidden(composer.value)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert time.perf_counter() - started < 20, "a huge paste must not freeze the app"
        notes = [m.source for m in app.query(SystemMessage)]
        assert any("characters long; only the first 4,000 were read" in n for n in notes), notes
        (message,) = app.query(VisitorMessage)
        text = str(message.render())
        assert len(text) < 4_200 and "the rest is not shown" in text and not hidden(text)
        assert composer.value == ""
        await say(pilot, "I'm deaf")
        assert {"vegan", "deaf"} <= panel_values(app)
        clean_screen(app)


@pytest.mark.parametrize("text", ["", "   ", "\t \t", "\u3000", CLEAR, OSC52, "\u200b\ufeff\u202e", CONTROLS])
async def test_empty_whitespace_and_control_only_messages_do_nothing(text: str) -> None:
    app = make_app(user="quiet")
    async with app.run_test(size=(120, 36)) as pilot:
        composer = await paste(pilot, text)
        assert not composer.value.strip()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.query(VisitorMessage) and not app.query(AssistantMessage)
        # handed to the session directly (a script, the palette), it says so and changes nothing
        said = [event async for event in app.session.handle(text)]
        assert [type(e).__name__ for e in said] == ["Notice"] and "nothing to send" in said[0].text
        assert app.session.store.turn == 0 and not app.session.visitor.history and not app.session.store.facts
        clean_screen(app)
    assert not (config.users_dir() / "quiet.toml").exists() or not saved("quiet")["facts"]


@pytest.mark.parametrize("io_encoding", ["", "utf-8:strict"], ids=["default-io", "strict-io"])
def test_plain_chat_piped_never_emits_an_escape_and_survives_odd_input(io_encoding: str) -> None:
    lines = [
        f"{HOSTILE} I'm vegan".encode(),
        b"I am deaf \xff\xfe\xc3 (these bytes are not UTF-8)",
        b"",
        b"   ",
        b"\t",
        "\u200b\u202e".encode(),
        CLEAR.encode(),
        ("I love Monet " * 80_000)[:1_000_000].encode(),
        b"/memory",
        "/why ²".encode(),
        "/forget ²".encode(),
        ("/why f" + "9" * 5000).encode(),
        b"/why f1",
    ]
    env = {"PYTHONIOENCODING": io_encoding} if io_encoding else {}
    code, out, err = museum("chat", "--plain", "--offline", "--user", "piped", stdin=b"\n".join(lines) + b"\n", env=env)
    assert code == 0, err
    assert "Traceback" not in err and not hidden(err)
    assert "\x1b" not in out and not hidden(out), hidden(out)
    assert "characters long; only the first 4,000 were read" in out
    assert "Hearing impairment: deaf" in out, "the undecodable bytes did not cost the rest of the line"
    values = {f["value"] for f in assert_saved_file_is_clean("piped")["facts"]}
    assert {"vegan", "deaf", "Monet"} <= values


# ---- 2. LLM output ---------------------------------------------------------------------------------------

LLM_REPLY = f"{MARKUP} {CLEAR}cleared? {OSC52} {TITLE} {C1} {CONTROLS} {ZERO_WIDTH} {BIDI} {EMOJI_RTL} done."
LLM_FACTS = {
    "facts": [
        {
            "concept": "SpecialNeed.Allergy",
            "value": f"pea{CLEAR}nuts\u202e",
            "polarity": "asserted",
            "evidence": f"{OSC52}allergic to\u200b peanuts{TITLE}",
        },
        {"concept": "SpecialNeed.DietaryRestriction", "value": OSC52, "evidence": "allergic to peanuts"},
        {"concept": f"SpecialNeed.Allergy{CLEAR}", "value": "nuts", "evidence": "allergic to peanuts"},
        {"concept": "ArtInterest.Artist", "value": "Monet", "evidence": f"I love {C1}Monet"},
    ]
}


@pytest.fixture
def hostile_server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=LLM_REPLY, facts=LLM_FACTS) as server:
        yield server


def llm_app(server: FakeOpenAI, user: str) -> Any:
    session = open_session(load_settings({"base_url": server.base_url, "user": user}), env={})
    session.chat.client.backoff_base = 0.01
    return make_app(session)


async def test_llm_reply_and_facts_are_shown_and_stored_neutralised_in_the_app(hostile_server: FakeOpenAI) -> None:
    app = llm_app(hostile_server, "llm")
    async with app.run_test(size=(160, 45)) as pilot:
        await say(pilot, "I'm allergic to peanuts")
        reply = app.query_one(AssistantMessage)
        assert MARKUP in reply.text and "cleared?" in reply.text and "שלום" in reply.text
        assert not hidden(reply.text)
        shown = clean_screen(app)
        assert "[bold]x[/bold] [/]" in shown and "cleared?" in shown
        assert panel_values(app) == {"peanuts"}, "hostile values neutralised or dropped, never stored raw"
        await say(pilot, "/why f1")
        assert any("allergic to peanuts" in m.source for m in app.query(SystemMessage))
        clean_screen(app)
    facts = assert_saved_file_is_clean("llm")["facts"]
    assert [(f["value"], f["evidence"]) for f in facts] == [("peanuts", "allergic to peanuts")]


async def test_an_escape_split_across_streamed_chunks_never_reaches_the_screen() -> None:
    pieces = ["Hello \x1b[", "2J there \x1b]52;c;", "aGVsbG8=\x07 and \x1b", "]0;title\x07 bye \x9b", "31m."]
    sse = "".join(f"data: {json.dumps({'choices': [{'index': 0, 'delta': {'content': p}}]})}\n\n" for p in pieces)
    with FakeOpenAI(reply="unused") as server:
        server.always("chat", Fault(sse=sse + "data: [DONE]\n\n"))
        app = llm_app(server, "split")
        async with app.run_test(size=(120, 36)) as pilot:
            await say(pilot, "hello")
            reply = app.query_one(AssistantMessage)
            assert reply.text.startswith("Hello") and "bye" in reply.text and not hidden(reply.text)
            clean_screen(app)


def test_plain_chat_against_a_hostile_model_prints_markup_literally_and_no_escape(
    hostile_server: FakeOpenAI,
) -> None:
    stdin = b"I'm allergic to peanuts\n/memory\n/why f1\n"
    code, out, err = museum("chat", "--plain", "--base-url", hostile_server.base_url, "--user", "pllm", stdin=stdin)
    assert code == 0 and "Traceback" not in err, err
    assert "\x1b" not in out and not hidden(out), hidden(out)
    assert MARKUP in out and "cleared?" in out and "👩‍👩‍👧" in out
    assert [f["value"] for f in assert_saved_file_is_clean("pllm")["facts"]] == ["peanuts"]


@pytest.mark.parametrize(
    ("message", "value", "evidence", "kept"),
    [
        ("I'm allergic to peanuts", f"pea{CLEAR}nuts", "allergic to peanuts", ("peanuts", "allergic to peanuts")),
        ("I'm allergic to peanuts", "peanuts", f"{OSC52}allergic to {TITLE}peanuts{C1}", ("peanuts", None)),
        ("I'm allergic to peanuts", "\u202epea\u200bnuts\u202c\ufeff", "allergic to peanuts", ("peanuts", None)),
        ("I'm allergic to peanuts", f"peanuts{CONTROLS}", "allergic\x00 to\x7f peanuts", ("peanuts", None)),
        ("I'm allergic to peanuts", OSC52, "allergic to peanuts", None),
        ("I'm allergic to peanuts", CONTROLS, "allergic to peanuts", None),
        ("I'm allergic to peanuts", "peanuts", "\x1b]0;allergic to peanuts\x07", None),
        ("I'm allergic to peanuts", "peanuts", f"{CLEAR}I'm allergic to peanuts and the model added this", None),
        ("allergic to [b]kiwi[/b]", "[b]kiwi[/b]", "allergic to [b]kiwi[/b]", ("[b]kiwi[/b]", None)),
        ("allergic to 🥜 שלום", "🥜 שלום", "allergic to 🥜 שלום", ("🥜 שלום", None)),
    ],
)
def test_extracted_values_and_evidence_are_neutralised_or_refused(
    museum_ontology: Ontology, message: str, value: str, evidence: str, kept: tuple[str, str | None] | None
) -> None:
    raw = {"facts": [{"concept": "SpecialNeed.Allergy", "value": value, "polarity": "asserted", "evidence": evidence}]}
    result = validate_facts(raw, museum_ontology, message)
    assert all(not hidden(reason) for reason in result.reasons)
    if kept is None:
        assert result.facts == [] and len(result.reasons) == 1
        return
    (fact,) = result.facts
    assert fact.value == kept[0] and not hidden(fact.value) and not hidden(fact.evidence)
    if kept[1] is not None:
        assert fact.evidence == kept[1]


# ---- 3 and 5. saved values, shown everywhere; the user file ---------------------------------------------

MARKUP_VALUE = "[b]vegan[/] *x* `y`"


def fact_table(fact_id: str, concept: str, value: str, evidence: str) -> dict[str, Any]:
    return {
        "id": fact_id,
        "concept": concept,
        "value": value,
        "evidence": evidence,
        "persistence_class": "permanent",
        "salience": 1.0,
        "created_turn": 0,
        "created_at": "2026-01-01T00:00:00+00:00",
    }


HOSTILE_FACTS = [
    fact_table("f1", "SpecialNeed.DietaryRestriction", MARKUP_VALUE, f"I'm {MARKUP_VALUE} [link=evil]c[/link]"),
    fact_table(
        "f2",
        "SpecialNeed.Allergy",
        f"pea{CLEAR}nuts {OSC52}{BIDI}{ZERO_WIDTH}",
        f"{TITLE}allergic to peanuts{C1}{CONTROLS}",
    ),
    fact_table(f"f3{CLEAR}", "ArtInterest.Artist", f"Monet {EMOJI_RTL}", f"I love Monet {EMOJI_RTL}{OSC52}"),
]


def write_user_file(user: str, facts: list[dict[str, Any]]) -> bytes:
    payload = tomli_w.dumps({"schema_version": 1, "user": user, "turn": 3, "next_id": 4, "facts": facts}).encode()
    users = config.users_dir()
    users.mkdir(parents=True, exist_ok=True)
    (users / f"{user}.toml").write_bytes(payload)
    return payload


def assert_nothing_lost(user: str, original: bytes, facts: list[dict[str, Any]]) -> None:
    """Either every saved fact is still in the file exactly as written, or the file was set aside byte for
    byte (a loader may refuse text it cannot show, as long as it keeps it)."""
    copies = [p.read_bytes() for p in config.users_dir().glob(f"{user}.corrupt-*.toml")]
    if copies:
        assert original in copies
        return
    kept = {(f["concept"], f["value"], f["evidence"]) for f in saved(user)["facts"]}
    assert {(f["concept"], f["value"], f["evidence"]) for f in facts} <= kept


async def test_saved_values_with_markup_and_escapes_are_literal_or_neutralised_everywhere_in_the_app() -> None:
    original = write_user_file("hostile", HOSTILE_FACTS)
    app = make_app(user="hostile")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.wait_until_ready()  # the memory is read after the first frame
        await pilot.pause()
        values = {f.concept: f.value for f in app.session.store.facts.values()}
        assert values["SpecialNeed.DietaryRestriction"] == MARKUP_VALUE, "markup is data: kept as written"
        rows = app.query_one(FactList).text_lines()
        assert any(MARKUP_VALUE in row for row in rows) and not any(hidden(row) for row in rows)
        assert MARKUP_VALUE in clean_screen(app), "the memory panel"

        await say(pilot, "/memory")
        assert isinstance(app.screen, MemoryScreen) and not hidden(app.screen.markdown)
        assert MARKUP_VALUE in clean_screen(app)
        await pilot.press("escape")
        await pilot.pause()

        for fact_id in [f.id for f in app.session.store.facts.values()]:
            await say(pilot, f"/why {fact_id}")
            clean_screen(app)
            if isinstance(app.screen, MarkdownScreen):
                await pilot.press("escape")
                await pilot.pause()

        facts = app.query_one(FactList)
        facts.focus()
        facts.select(next(f.id for f in facts.facts if f.value == MARKUP_VALUE))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownScreen) and MARKUP_VALUE in clean_screen(app)
        await pilot.press("escape")
        await pilot.pause()

        await say(pilot, "Where can I get something to eat?")  # the offline concierge quotes the diet back
        assert all(not hidden(reply.text) for reply in app.query(AssistantMessage))
        await say(pilot, "/forget all --yes")
        await say(pilot, "/undo")
        clean_screen(app)
    assert_nothing_lost("hostile", original, HOSTILE_FACTS)


def test_saved_values_are_literal_or_neutralised_in_memory_show_export_and_plain_chat(tmp_path: Path) -> None:
    original = write_user_file("hostile", HOSTILE_FACTS)
    outputs = {}
    for args in [
        ("memory", "show"),
        ("memory", "show", "--json"),
        ("memory", "export"),
        ("memory", "export", "--format", "markdown"),
        ("memory", "export", "-o", str(tmp_path / "out.md")),
        ("memory", "forget", "nothing-matches-this"),
    ]:
        code, out, err = museum(*args, "--user", "hostile")
        assert code in (0, 1) and "Traceback" not in err, (args, err)
        assert not hidden(out) and not hidden(err), (args, hidden(out), hidden(err))
        outputs[args[:3]] = out
    assert MARKUP_VALUE in outputs[("memory", "show")]
    markdown = (tmp_path / "out.md").read_text(encoding="utf-8")
    assert r"\[b\]vegan\[/\] \*x\* \`y\`" in markdown and not hidden(markdown)
    assert r"\[b\]vegan\[/\]" in outputs[("memory", "export", "--format")]
    exported = {f["concept"]: f for f in json.loads(outputs[("memory", "show", "--json")])["facts"]}
    assert exported["SpecialNeed.DietaryRestriction"]["value"] == MARKUP_VALUE
    for table in HOSTILE_FACTS:  # JSON escapes what it must not print: the values themselves are exact
        if table["concept"] in exported:
            assert exported[table["concept"]]["value"] == table["value"]
            assert exported[table["concept"]]["evidence"] == table["evidence"]

    stdin = b"/memory\n/why f1\n/why f2\n/why allergy\nWhere can I get something to eat?\n/export\n"
    code, out, err = museum("chat", "--plain", "--offline", "--user", "hostile", stdin=stdin)
    assert code == 0 and "Traceback" not in err, err
    assert not hidden(out) and not hidden(err), hidden(out)
    assert MARKUP_VALUE in out, "plain chat renders the Markdown: the value comes out literally, as saved"
    exports = list((config.data_dir() / "exports").glob("hostile-memory.*"))
    assert exports and all(not hidden(p.read_text(encoding="utf-8")) for p in exports)
    assert_nothing_lost("hostile", original, HOSTILE_FACTS)


async def test_an_unreadable_user_file_with_raw_escapes_is_set_aside_byte_for_byte_with_a_message() -> None:
    users = config.users_dir()
    users.mkdir(parents=True, exist_ok=True)
    # TOML forbids raw control characters in strings: this file cannot be read, and must not be lost
    payload = (
        'schema_version = 1\n[[facts]]\nid = "f1"\nconcept = "SpecialNeed.Allergy"\n'
        f'value = "pea{CLEAR}nuts {OSC52}"\nevidence = "{TITLE} \u202eallergic"\nsalience = 1.0\n'
    ).encode()
    (users / "raw.toml").write_bytes(payload)
    app = make_app(user="raw")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.wait_until_ready()  # the memory file is read after the first frame
        await pilot.pause()
        notes = [m.source for m in app.query(SystemMessage)]
        assert any("could not be read" in n and "corrupt-" in n for n in notes), notes
        assert not app.session.store.facts
        clean_screen(app)
        (users / "other.toml").write_bytes(payload)
        await say(pilot, "/user other")  # switching to such a file says so too
        assert any("could not be read" in m.source for m in app.query(SystemMessage))
        clean_screen(app)
    copies = sorted(users.glob("raw.corrupt-*.toml")) + sorted(users.glob("other.corrupt-*.toml"))
    assert len(copies) == 2 and all(p.read_bytes() == payload for p in copies)


def test_a_saved_value_with_control_characters_is_never_loaded_raw(museum_ontology: Ontology) -> None:
    original = write_user_file("ctl", HOSTILE_FACTS)
    store = MemoryStore(museum_ontology)
    report = UserMemoryFile(config.users_dir(), "ctl").load(store)
    assert MARKUP_VALUE in {f.value for f in store.facts.values()}
    for fact in store.facts.values():
        assert not hidden(fact.id + fact.value + fact.evidence)
    assert report.quarantined is not None and report.quarantined.read_bytes() == original


# ---- 4. ontology labels ----------------------------------------------------------------------------------

SHORT = "[b]Diet[/b] [/] [link=evil]x[/link] 👩‍👩‍👧 שלום"


def ontology_file(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    bundled = config.default_ontology_path()
    data = json.loads(bundled.read_text(encoding="utf-8"))
    change(data)
    shutil.copy(bundled.parent / data.get("venue", "museum.venue.json"), tmp_path)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII, so a lone surrogate can be written
    shutil.copy(bundled.with_name("museum.lexicon.json"), tmp_path / "odd.lexicon.json")  # its cues, beside it
    return path


def relabel(label: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["concepts"]["SpecialNeed.DietaryRestriction"]["label"] = label

    return change


async def test_ontology_labels_with_markup_are_shown_literally(tmp_path: Path) -> None:
    path = ontology_file(tmp_path, relabel(f"{SHORT}: check every food suggestion against it"))
    assert load_ontology(path)["SpecialNeed.DietaryRestriction"].short_label == SHORT
    settings = load_settings({"offline": True, "user": "labels", "ontology": str(path)})
    settings.builtin_stream_delay = 0.0
    app = make_app(open_session(settings))
    async with app.run_test(size=(160, 45)) as pilot:
        await say(pilot, "I'm vegan")
        assert any(f"{SHORT}: vegan" in line for line in app.query_one(FactList).text_lines())
        assert "[b]Diet[/b] [/] [link=evil]x[/link]" in clean_screen(app)
        await say(pilot, "/ontology")
        assert "[b]Diet[/b] [/] [link=evil]x[/link]" in clean_screen(app)
        await say(pilot, "/memory")
        assert "[b]Diet[/b] [/] [link=evil]x[/link]" in clean_screen(app)
    code, out, err = museum("ontology", "show", str(path))
    assert code == 0 and SHORT in out and not hidden(out + err)


def set_top(key: str, value: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def set_field(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["concepts"]["SpecialNeed.DietaryRestriction"][name] = value

    return change


def rename(new_id: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        concepts = data["concepts"]
        data["concepts"] = {(new_id if k == "SpecialNeed.DietaryRestriction" else k): v for k, v in concepts.items()}

    return change


HOSTILE_ONTOLOGIES = {
    "label-clear-screen": (relabel(f"Diet{CLEAR}: check food"), "label"),
    "label-osc52": (relabel(f"Diet {OSC52}"), "label"),
    "label-title": (relabel(f"Diet {TITLE}"), "label"),
    "label-c1": (relabel(f"Diet {C1}"), "label"),
    "label-bidi": (relabel("\u202eteiD"), "label"),
    "label-zero-width": (relabel("Di\u200bet"), "label"),
    "label-bell": (relabel("Diet\x07"), "label"),
    "label-surrogate": (relabel("Diet \ud800"), "label"),
    "description": (set_field("description", f"notes {TITLE}"), "description"),
    "examples": (set_field("examples", [f"I'm {CLEAR}vegan", "halal"]), "examples"),
    "concept-id": (rename(f"SpecialNeed.Diet{CLEAR}"), "concept"),
    "ontology-name": (set_top("name", f"museum {OSC52}"), "name"),
}


@pytest.mark.parametrize("case", list(HOSTILE_ONTOLOGIES))
def test_ontology_text_with_escapes_is_refused_with_a_clear_error(tmp_path: Path, case: str) -> None:
    change, where = HOSTILE_ONTOLOGIES[case]
    path = ontology_file(tmp_path, change)
    with pytest.raises(OntologyError) as caught:
        load_ontology(path)
    message = str(caught.value)
    assert where in message and not hidden(message), message
    settings = load_settings({"offline": True, "user": "x", "ontology": str(path)})
    with pytest.raises(SessionError) as session_error:
        open_session(settings)
    assert not hidden(str(session_error.value))


def test_the_cli_refuses_a_hostile_ontology_in_one_clean_message(tmp_path: Path) -> None:
    path = ontology_file(tmp_path, relabel(f"Diet{CLEAR}{OSC52}\u202e: check food"))
    code, out, err = museum("ontology", "check", str(path))
    assert code == 1 and "label" in err and "Traceback" not in err
    assert not hidden(out + err), hidden(out + err)
    code, out, err = museum("chat", "--plain", "--offline", "--ontology", str(path), stdin=b"hello\n")
    assert code != 0 and err.startswith("museum-tui:") and "Traceback" not in err
    assert not hidden(out + err.replace("\n", " ")), hidden(out + err)
