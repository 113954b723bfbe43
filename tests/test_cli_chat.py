"""`museum-tui chat --plain` and `museum-tui extract` as a user runs them: real processes, real pipes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli_process import museum
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault

SENTINEL = "sk-SENTINEL-cli-0000000000"


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(
        reply="The café is on the ground floor, by the entrance.",
        facts=PEANUT_ALLERGY,
    ) as fake:
        yield fake


def test_plain_chat_offline_walkthrough_piped() -> None:
    lines = [
        "Hi! I'm visiting today, and I should mention I'm deaf.",
        "I could really use a coffee.",
        "/memory",
        "/forget coffee",
        "/why f1",
    ]
    result = museum("chat", "--plain", "--offline", "--user", "pipe", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("museum-tui · visitor: pipe · offline")
    assert "Harbour Café" in out and "- f1 Hearing impairment: deaf — you said" in out
    assert "Forgotten: “coffee”" in out and "you said" in out.lower()
    assert "**" not in out and "`" not in out and "\n#" not in out, "Markdown is rendered for people"
    assert "\x1b" not in out, "no terminal escapes when piped"
    assert out.count("concierge: ") == 2 and "\n\nconcierge: " in out, "each answer marked, a blank line between"
    shown = museum("memory", "show", "--user", "pipe", "--json")
    assert [f["value"] for f in json.loads(shown.stdout)["facts"]] == ["deaf"]


def test_plain_chat_with_markdown_keeps_the_output_scripts_parse() -> None:
    lines = ["I'm deaf", "/memory"]
    result = museum("chat", "--plain", "--markdown", "--offline", "--user", "md", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Hearing impairment: **deaf**" in result.stdout and "`f1`" in result.stdout
    assert "concierge:" not in result.stdout


def test_plain_chat_answers_every_no_and_words_notices() -> None:
    lines = ["I'm vegan and I love Monet", "/forget all", "no", "/why f9", "/forget all", "yes", "/why f2"]
    result = museum("chat", "--plain", "--offline", "--user", "no", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Forget all 2 things I remember about you" in out and "(s)" not in out
    assert "Nothing was forgotten: I still remember 2 things." in out
    assert "f2 (Monet) was forgotten because you asked me to." in out, "/why on a forgotten fact says so"


def test_why_on_a_fact_taken_back_quotes_what_was_said() -> None:
    lines = ["I'm deaf", "I like painting", "forget that I like painting", "I'm not deaf", "/why f1", "/why painting"]
    out = museum("chat", "--plain", "--offline", "--user", "back", stdin="\n".join(lines) + "\n").stdout
    assert "f1 (deaf) was forgotten at turn 3: you said “I'm not deaf”." in out
    assert "f2 (painting) was forgotten at turn 2: you said “forget that I like painting”." in out
    assert "Which fact?" not in out


def test_turns_are_numbered_the_same_in_the_file_and_in_why() -> None:
    lines = ["Hello", "I'm deaf", "/why deaf"]
    out = museum("chat", "--plain", "--offline", "--user", "turns", stdin="\n".join(lines) + "\n").stdout
    exported = json.loads(museum("memory", "show", "--user", "turns", "--json").stdout)["facts"][0]
    path = Path(museum("memory", "path", "--user", "turns").stdout.strip())
    assert "created_turn = 1\n" in path.read_text(encoding="utf-8") and exported["first_turn"] == 1
    assert "Learned at turn 1." in out, "the number the file holds"


def test_markdown_to_plain_text() -> None:
    from museum_tui.cli.plaintext import to_plain

    source = "# Title\n\nSee **Lift A** and `f1`, [the map](https://example.org/map) \\*really\\*.\n\n- one\n- two\n\n3. three\n4. four\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    assert to_plain(source).splitlines() == [
        "Title",
        "See Lift A and f1, the map (https://example.org/map) *really*.",
        "- one",
        "- two",
        "3. three",
        "4. four",
        "a · b",
        "1 · 2",
    ]


def test_a_screen_reader_can_speak_the_plain_output(tmp_path: Path) -> None:
    """A smoke test of what a screen-reader user hears: espeak-ng speaks the plain output to a WAV file."""
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        pytest.skip("espeak-ng is not installed (Debian: apt-get install espeak-ng)")
    lines = ["I'm deaf and I use a wheelchair", "Where is the lift?", "/memory"]
    out = museum("chat", "--plain", "--offline", "--user", "speak", stdin="\n".join(lines) + "\n").stdout
    text = tmp_path / "heard.txt"
    text.write_text(out, encoding="utf-8")
    wav = tmp_path / "heard.wav"
    spoken = subprocess.run(
        [espeak, "-v", "en", "-w", str(wav), "-f", str(text)], capture_output=True, text=True, timeout=120, check=False
    )
    assert spoken.returncode == 0, spoken.stderr
    assert wav.read_bytes()[:4] == b"RIFF" and wav.stat().st_size > 100_000, "seconds of speech, not silence"
    words = subprocess.run(
        [espeak, "-v", "en", "-q", "-x", "-f", str(text)], capture_output=True, text=True, timeout=120, check=False
    ).stdout
    for symbol in ("**", "`", "#"):
        assert symbol not in out, f"{symbol!r} would be read out"
    assert words.strip(), "espeak-ng found words to say"


def test_plain_chat_against_a_server_streams_and_survives_errors(server: FakeOpenAI) -> None:
    server.fail("chat", Fault(status=503), times=5)
    result = museum(
        "chat", "--plain", "--base-url", server.base_url, "--user", "srv", stdin="I'm allergic to peanuts\n/retry\n"
    )
    assert result.returncode == 0, result.stderr
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "HTTP 503" in errors[0] and "Say /retry to try again." in errors[0]
    assert "The café is on the ground floor, by the entrance." in result.stdout
    assert "Traceback" not in result.stderr
    saved = museum("memory", "show", "--user", "srv", "--json")
    assert [f["value"] for f in json.loads(saved.stdout)["facts"]] == ["peanuts"]


def test_plain_chat_user_switch_after_a_slow_extraction_keeps_memories_apart(server: FakeOpenAI) -> None:
    server.script.extract_delay = 1.5  # the reply is printed long before the facts are known
    result = museum(
        "chat",
        "--plain",
        "--base-url",
        server.base_url,
        "--user",
        "first",
        stdin="I'm allergic to peanuts\n/user second\nhello\n",
    )
    assert result.returncode == 0, result.stderr
    assert "Now talking as second" in result.stdout

    def saved(user: str) -> list[str]:
        shown = museum("memory", "show", "--user", user, "--json")
        return [f["value"] for f in json.loads(shown.stdout)["facts"]]

    assert saved("first") == ["peanuts"] and saved("second") == []


def test_rejected_key_is_one_line_naming_the_variable(server: FakeOpenAI) -> None:
    server.always("chat", Fault(status=401))
    result = museum(
        "chat",
        "--plain",
        "--provider",
        "openai",
        "--user",
        "k",
        stdin="hello\n",
        env={"OPENAI_API_KEY": SENTINEL, "OPENAI_BASE_URL": server.base_url},
    )
    assert result.returncode == 0
    (error,) = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert "rejected the API key" in error and "OPENAI_API_KEY" in error and "--offline" in error
    assert server.calls("chat")[0].headers["authorization"] == f"Bearer {SENTINEL}"
    assert SENTINEL not in result.stdout + result.stderr


def test_fake_server_runs_as_a_process_for_end_to_end_use() -> None:
    proc = subprocess.Popen(
        [sys.executable, "tests/fake_openai.py", "--port", "0", "--reply", "Hi from a process"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        ready = proc.stdout.readline().split()
        assert ready[0] == "READY"
        result = museum("chat", "--plain", "--base-url", ready[1], "--user", "proc", stdin="hello\n")
        assert "Hi from a process" in result.stdout
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_extract_prints_validated_facts_offline() -> None:
    result = museum("extract", "--offline", "I'm vegan and allergic to nuts")
    assert result.returncode == 0, result.stderr
    facts = json.loads(result.stdout)
    assert [(f["concept"], f["value"]) for f in facts] == [
        ("SpecialNeed.Allergy", "nuts"),
        ("SpecialNeed.DietaryRestriction", "vegan"),
    ]
    context = museum("extract", "--offline", "--bot", "Do you need the lift?", "yes please")
    assert json.loads(context.stdout)[0]["value"] == "needs step-free access"


def test_extract_jsonl_keeps_order_and_reports_bad_lines() -> None:
    stdin = (
        "\n".join(
            [
                json.dumps({"user": "I'm deaf", "bot": None}),
                "not json",
                json.dumps({"user": "yes", "bot": "Do you need the lift?"}),
            ]
        )
        + "\n"
    )
    result = museum("extract", "--offline", "--jsonl", stdin=stdin)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(r) for r in rows] == [1, 0, 1] and rows[0][0]["value"] == "deaf"
    assert "line 2: expected" in result.stderr and result.returncode == 1


def test_extract_through_a_server_validates_what_the_model_said(server: FakeOpenAI) -> None:
    result = museum("extract", "--base-url", server.base_url, "I'm allergic to peanuts")
    assert json.loads(result.stdout) == [
        {
            "concept": "SpecialNeed.Allergy",
            "value": "peanuts",
            "polarity": "asserted",
            "evidence": "allergic to peanuts",
            "about": "self",
        }
    ]
    made_up = museum("extract", "--base-url", server.base_url, "Where is the shop?")
    assert json.loads(made_up.stdout) == [], "evidence not in the visitor's words is dropped"


def test_extract_when_the_model_call_fails_prints_the_built_in_reading_and_says_why(server: FakeOpenAI) -> None:
    """Issue 26 item 6: a failed model call (here an answer that is not JSON, then an HTTP 500) leaves the
    built-in floor's facts standing; stderr says what failed and the exit code says not everything worked."""
    server.always("json", Fault(garbage=True))
    stdin = json.dumps({"user": "I'm deaf and my son is allergic to peanuts", "bot": None}) + "\n"
    result = museum("extract", "--base-url", server.base_url, "--jsonl", stdin=stdin)
    (row,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted((f["value"], f["about"]) for f in row) == [("deaf", "self"), ("peanuts", "son")]
    assert "line 1:" in result.stderr and "built-in reading was kept" in result.stderr
    assert result.returncode == 1 and "Traceback" not in result.stderr
    server.always("json", Fault(status=500))
    single = museum("extract", "--base-url", server.base_url, "I'm allergic to peanuts")
    assert [f["value"] for f in json.loads(single.stdout)] == ["peanuts"] and "HTTP 500" in single.stderr


def test_help_everywhere() -> None:
    for args in [(), ("chat",), ("extract",), ("memory",), ("memory", "show"), ("ontology",), ("config",)]:
        result = museum(*args, "--help")
        assert result.returncode == 0 and "usage: museum-tui" in result.stdout, args


def test_config_init_show_path() -> None:
    path = museum("config", "path").stdout.strip()
    assert path.endswith("config.toml")
    assert museum("config", "init").returncode == 0 and Path(path).exists()
    assert museum("config", "init").returncode == 1
    Path(path).write_text('provider = "ollama"\napi_key = "sk-nope"\n[decay]\nsession = 0.9\n', encoding="utf-8")
    shown = museum("config", "show")
    assert "ollama · llama3.2" in shown.stdout and "session=0.9" in shown.stdout
    assert "'api_key' ignored" in shown.stdout and "sk-nope" not in shown.stdout
    Path(path).write_text("provider = [broken", encoding="utf-8")
    broken = museum("config", "show")
    assert broken.returncode == 2 and "not valid TOML" in broken.stderr and "Traceback" not in broken.stderr
