"""A sentinel API key goes everywhere a key can go, then is looked for everywhere it must never be.

The key is set the way visitors set it (the environment), the fake server echoes it back in its error
bodies the way some real servers do (whole, after `Bearer`, and masked to its last characters), and the
app runs for real: `chat --plain` and `config show` as processes with Python logging at DEBUG, a session
and the TUI in this process with every log record captured, /export to JSON and Markdown, a screenshot.
Neither the key nor its last 8 characters may appear in any output, file or log record.
"""

from __future__ import annotations

import html
import logging
import re
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.tui.widgets.chat import SystemMessage
from tests.cli_process import museum
from tests.fake_openai import PEANUT_ALLERGY, FakeOpenAI, Fault
from tests.tui.conftest import make_app, say

# `museum-tui` with every logger at DEBUG, written to stderr: what a user debugging it would see.
LOGGED_CLI = (
    "import logging, sys; logging.basicConfig(level=logging.DEBUG, stream=sys.stderr); "
    "from museum_tui.cli import main; sys.exit(main(sys.argv[1:]))"
)


@pytest.fixture
def key() -> str:
    return "sk-SENTINEL-" + secrets.token_hex(12)


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply="The café is on the ground floor.", facts=PEANUT_ALLERGY) as fake:
        yield fake


def echoing_faults(key: str) -> dict[int, Fault]:
    """Error answers that repeat the key back, as some servers and proxies do."""
    return {
        401: Fault(status=401, body={"error": {"message": f"Incorrect API key provided: {key}"}}),
        403: Fault(status=403, body={"error": f"key …{key[-8:]} is not allowed here"}),
        500: Fault(status=500, body={"detail": f"upstream failed for Authorization: Bearer {key} (…{key[-8:]})"}),
    }


def refused_url() -> str:
    """A local port nobody listens on: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def cli(*args: str, env: dict[str, str], stdin: str = "") -> str:
    done = museum(*args, stdin=stdin, env=env, launcher=("-c", LOGGED_CLI))
    return f"(exit {done.returncode})\n{done.stdout}\n{done.stderr}"  # not the arguments: one may be the key


def files_under(*roots: Path) -> dict[str, str]:
    found = {}
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file():
                found[str(path)] = path.read_bytes().decode("utf-8", "replace")
    return found


def screen_text(svg: str) -> str:
    """The text an SVG screenshot shows, its spans joined (a key split across two spans is still found)."""
    text = re.sub(r"<[^>]+>", "", re.sub(r">\s+<", "><", svg))
    return html.unescape(text).replace("\xa0", " ")


def assert_nowhere(key: str, places: dict[str, str]) -> None:
    tail = key[-8:]
    leaked = [where for where, text in places.items() if key in text or tail in text]
    assert not leaked, f"the key (or its last 8 characters) leaked into: {leaked}"


def test_the_key_is_in_no_command_line_output_or_file(
    key: str, server: FakeOpenAI, isolated_dirs: Path, tmp_path: Path
) -> None:
    env = {"OPENAI_API_KEY": key, "OPENAI_BASE_URL": server.base_url}
    faults = echoing_faults(key)
    exports = tmp_path / "exports"
    outputs = {}
    # one visit: a turn, both exports and /memory, then a 401, a 403 and a 500 (its retries too), and /retry
    server.fail("chat", Fault())
    server.fail("chat", faults[401])
    server.fail("chat", faults[403])
    server.fail("chat", faults[500], times=4)  # the first try and all three retries
    outputs["turn, exports, 401, 403, 500"] = cli(
        "chat",
        "--plain",
        "--user",
        "kim",
        env=env,
        stdin=f"I'm allergic to peanuts\n/export {exports / 'kim.json'}\n/export {exports / 'kim.md'}\n/memory\n"
        + "Where is the café?\n" * 3
        + "/retry\n",
    )
    outputs["refused"] = cli(
        "chat", "--plain", "--user", "kim", env={**env, "OPENAI_BASE_URL": refused_url()}, stdin="hello\n"
    )
    # a server's own key variable, named with --api-key-env (the custom provider)
    custom = {"MUSEUM_SENTINEL_KEY": key}
    server.fail("chat", faults[401])
    outputs["custom 401"] = cli(
        "chat", "--plain", "--user", "kim", "--base-url", server.base_url, "--api-key-env", "MUSEUM_SENTINEL_KEY",
        env=custom, stdin="hello\n",
    )  # fmt: skip
    # the key itself given where the variable's name belongs: a likely slip
    outputs["key as --api-key-env"] = cli(
        "chat", "--plain", "--base-url", server.base_url, "--api-key-env", key, env=custom, stdin="hello\n"
    )
    outputs["config init"] = cli("config", "init", env=env)
    outputs["config show"] = cli("config", "show", env=env)
    outputs["config show custom"] = cli(
        "config", "show", "--base-url", server.base_url, "--api-key-env", "MUSEUM_SENTINEL_KEY", env=custom
    )
    outputs["memory show"] = cli("memory", "show", "--user", "kim", "--json", env=env)
    outputs["memory export"] = cli("memory", "export", "--user", "kim", "--format", "markdown", env=env)

    # the key was really in play: sent to the server on every call, and every failure was reported
    sent = {call.headers.get("authorization") for call in server.requests}
    assert sent == {f"Bearer {key}"} and len(server.requests) >= 10
    visit = outputs["turn, exports, 401, 403, 500"]
    assert "peanuts" in visit and "Wrote 1 fact to" in visit
    assert (
        "rejected the API key (HTTP 401). Check OPENAI_API_KEY" in visit and "rejected the API key (HTTP 403)" in visit
    )
    assert "HTTP 500" in visit and visit.count("The café is on the ground floor.") == 2, "the turn and /retry"
    assert "Cannot reach http://127.0.0.1:" in outputs["refused"]
    assert "Check MUSEUM_SENTINEL_KEY" in outputs["custom 401"]
    assert "--api-key-env takes the name of an environment variable" in outputs["key as --api-key-env"]
    assert "openai · gpt-4o-mini" in outputs["config show"]
    assert "DEBUG:" in visit, "logging was on"
    assert (exports / "kim.json").is_file() and (exports / "kim.md").is_file()
    files = files_under(isolated_dirs, tmp_path)
    assert any(name.endswith("kim.toml") for name in files) and any(name.endswith("config.toml") for name in files)
    assert_nowhere(key, {**outputs, **files})


async def test_the_key_is_in_no_event_screen_screenshot_export_or_log_record(
    key: str, server: FakeOpenAI, isolated_dirs: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    env = {"OPENAI_API_KEY": key, "OPENAI_BASE_URL": server.base_url}
    faults = echoing_faults(key)
    seen: dict[str, str] = {}
    screenshots: dict[str, str] = {}

    # the engine alone, against a port nobody listens on
    refused = open_session(load_settings({"user": "lee"}, env={}), env={**env, "OPENAI_BASE_URL": refused_url()})
    refused.chat.client.backoff_base = 0.01
    seen["refused events"] = repr([event async for event in refused.handle("hello")])
    seen["refused session"] = repr(refused) + repr(refused.chat.client) + repr(refused.chat.client.provider)
    await refused.aclose()
    assert "Cannot reach" in seen["refused events"]

    session = open_session(load_settings({"user": "lee"}, env={}), env=env)
    session.chat.client.backoff_base = 0.01
    app = make_app(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await say(pilot, "I'm allergic to peanuts")
        for status in (401, 403, 500):
            server.fail("chat", faults[status], times=4 if status == 500 else 1)  # a 500 is retried 3 times
            await say(pilot, "Where is the café?")
            screenshots[f"screenshot after {status}"] = app.export_screenshot()
        await say(pilot, f"/export {tmp_path / 'lee.json'}")
        await say(pilot, f"/export {tmp_path / 'lee.md'}")
        await say(pilot, "/memory")
        seen["memory screen"] = getattr(app.screen, "markdown", "")
        assert "peanuts" in seen["memory screen"]
        await pilot.press("escape")
        seen["chat"] = "\n".join(m.source for m in app.query(SystemMessage))
        screenshots["screenshot at the end"] = app.export_screenshot()
        (tmp_path / "screen.svg").write_text(screenshots["screenshot at the end"], encoding="utf-8")
        seen["title"] = f"{app.title} {app.sub_title}"
    await session.aclose()

    records = caplog.records
    seen["log records"] = "\n".join(
        f"{r.name} {r.levelname} {r.getMessage()} {r.args!r} {r.exc_text or ''} {r.stack_info or ''}" for r in records
    )
    seen["caplog text"] = caplog.text
    assert {call.headers.get("authorization") for call in server.requests} == {f"Bearer {key}"}
    assert "rejected the API key (HTTP 401)" in seen["chat"] and "HTTP 500" in seen["chat"], seen["chat"]
    shown = {where: screen_text(svg) for where, svg in screenshots.items()}
    assert "rejected the API key (HTTP 403)" in shown["screenshot after 403"], "the screenshot shows the error"
    assert "HTTP 500" in shown["screenshot after 500"] and "Bearer ***" in shown["screenshot after 500"]
    assert any(r.name.startswith("httpx") or r.name.startswith("httpcore") for r in records), "DEBUG logs captured"
    assert any("Retrying in" in r.getMessage() for r in records)
    assert "peanuts" in (tmp_path / "lee.json").read_text(encoding="utf-8")
    assert (config.users_dir() / "lee.toml").is_file()
    assert_nowhere(key, {**seen, **screenshots, **shown, **files_under(isolated_dirs, tmp_path)})


@pytest.mark.parametrize(
    "slip",
    [
        "sk-SENTINEL-" + secrets.token_hex(12),  # not a variable name at all
        "ghp_" + secrets.token_hex(18),  # a valid variable name, but not one anybody would choose
        "sk_live_" + secrets.token_hex(12),
    ],
    ids=["sk-sentinel", "ghp", "sk_live"],  # fixed ids: every test process must collect the same names
)
def test_a_key_given_as_the_variables_name_is_not_repeated_back(slip: str) -> None:
    from museum_tui.llm import ProviderError, resolve_provider

    with pytest.raises(ProviderError) as caught:
        resolve_provider({"base_url": "http://127.0.0.1:8080/v1", "api_key_env": slip}, {}, {})
    message = str(caught.value)
    assert "not the key itself" in message
    assert slip not in message and slip[-8:] not in message
