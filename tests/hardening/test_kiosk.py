"""Kiosk mode: a visitor's memory opens only with that visitor's secret (a salted scrypt hash on disk, a
delay after a few wrong tries); /export to chosen paths, /model and the memory CLI for others are refused.
Reproduced before the fix: any visitor could `/user bob` and read Bob's allergy and deafness."""

from __future__ import annotations

import stat

import pytest
from textual.widgets import Input

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import (
    CommandResult,
    Event,
    NewSecretQuestion,
    Question,
    SecretQuestion,
    UserSwitched,
)
from museum_tui.storage import visitor_secret
from museum_tui.storage.visitor_secret import SecretFile, verify_secret
from museum_tui.tui.screens import SecretScreen
from tests.cli_process import museum, museum_at_terminal
from tests.plainly import plainly
from tests.tui.conftest import make_app, say

KIOSK = {"MUSEUM_TUI_KIOSK": "true"}


def kiosk(on: bool = True) -> Session:
    settings = load_settings({"offline": True, "kiosk": True if on else None})
    settings.builtin_stream_delay = 0.0
    return open_session(settings)


async def run(session: Session, text: str) -> list[Event]:
    return [e async for e in session.handle(text)]


def asked(events: list[Event]) -> CommandResult | Question:
    (result,) = [e for e in events if isinstance(e, CommandResult | Question)]
    return result


async def bob_visits(pin: str = "2468") -> None:
    s = kiosk()
    question = asked(await run(s, "/user bob"))
    assert isinstance(question, NewSecretQuestion)
    events = await choose(s, pin)
    assert any(isinstance(e, UserSwitched) and e.user == "bob" for e in events)
    await run(s, "I'm deaf and allergic to peanuts")
    await s.aclose()


async def choose(session: Session, pin: str) -> list[Event]:
    """A new name's PIN, typed twice as asked."""
    again = asked(await session.submit_secret(pin))
    assert isinstance(again, NewSecretQuestion) and "again" in again.text
    return await session.submit_secret(pin)


def values(session: Session) -> set[str]:
    return {f.value for f in session.store.facts.values()}


def test_kiosk_is_a_setting_from_file_environment_and_command_line(tmp_path) -> None:
    assert load_settings({}, env={}).kiosk is False
    assert load_settings({}, env=KIOSK).kiosk is True
    assert load_settings({"kiosk": True}, env={}).kiosk is True
    cfg = tmp_path / "c.toml"
    cfg.write_text("kiosk = true\n", encoding="utf-8")
    assert load_settings({"config": cfg}, env={}).kiosk is True


async def test_without_kiosk_mode_user_switches_as_before() -> None:
    await bob_visits()
    s = kiosk(on=False)
    events = await run(s, "/user bob")
    assert any(isinstance(e, UserSwitched) for e in events) and "peanuts" in values(s)
    await s.aclose()


async def test_another_visitor_cannot_open_bobs_memory_without_his_secret() -> None:
    await bob_visits()
    s = kiosk()
    question = asked(await run(s, "/user bob"))
    assert type(question) is SecretQuestion and "bob" in question.text
    assert s.user != "bob" and values(s) == set(), "nothing of Bob is loaded before the secret"
    refused = asked(await s.submit_secret("1357"))
    assert not refused.ok and "not the PIN" in refused.text
    assert s.user != "bob" and values(s) == set()
    cancelled = asked(await s.submit_secret(None))  # nothing pending any more
    assert not cancelled.ok

    asked(await run(s, "/user BOB"))  # one visitor, however it is spelled
    events = await s.submit_secret("2468")
    assert any(isinstance(e, UserSwitched) for e in events)
    assert {"deaf", "peanuts"} <= values(s)
    await s.aclose()


async def test_only_a_salted_scrypt_hash_is_stored() -> None:
    await bob_visits("2468")
    s = kiosk()
    asked(await run(s, "/user carl"))
    await choose(s, "2468")
    await s.aclose()
    users = config.users_dir()
    bob, carl = SecretFile(users, "bob"), SecretFile(users, "carl")
    bob_hash, carl_hash = (f.path.read_text(encoding="utf-8") for f in (bob, carl))
    assert not plainly("2468", bob_hash) and '"scrypt$' in bob_hash
    assert bob_hash != carl_hash, "the same PIN hashes differently for two visitors (salted)"
    assert stat.S_IMODE(bob.path.stat().st_mode) == 0o600
    for path in users.iterdir():
        assert not plainly("2468", path.read_text(encoding="utf-8")), path
    assert verify_secret("2468", bob._read()["hash"]) and not verify_secret("2469", bob._read()["hash"])


async def test_a_few_wrong_tries_then_a_delay_even_for_the_right_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    await bob_visits()
    now = [1000.0]
    monkeypatch.setattr(visitor_secret, "clock", lambda: now[0])
    s = kiosk()
    for _ in range(visitor_secret.MAX_TRIES):
        asked(await run(s, "/user bob"))
        assert "not the PIN" in asked(await s.submit_secret("0000")).text
    asked(await run(s, "/user bob"))
    locked = asked(await s.submit_secret("2468"))
    assert not locked.ok and "try again in 30 s" in locked.text and s.user != "bob"
    now[0] += visitor_secret.DELAY + 1
    asked(await run(s, "/user bob"))
    assert any(isinstance(e, UserSwitched) for e in await s.submit_secret("2468"))
    await s.aclose()


async def test_the_kiosk_starts_anonymous_and_saves_nothing_for_it() -> None:
    s = kiosk()
    await run(s, "I'm allergic to sesame")
    assert "sesame" in values(s)
    await s.aclose()
    assert not (config.users_dir() / "guest.toml").exists()


async def test_a_memory_saved_before_kiosk_mode_is_not_opened_without_a_secret() -> None:
    plain = kiosk(on=False)
    await run(plain, "/user dora")
    await run(plain, "I'm allergic to kiwi")
    await plain.aclose()
    s = kiosk()
    refused = asked(await run(s, "/user dora"))
    assert not refused.ok and refused.kind == "text" and "kiwi" not in values(s)
    await s.aclose()


async def test_model_and_chosen_export_paths_are_refused_on_a_kiosk(tmp_path) -> None:
    s = kiosk()
    asked(await run(s, "/user bob"))
    await choose(s, "2468")  # an opened memory (the anonymous visitor exports nothing at all)
    model = asked(await run(s, "/model other-model"))
    assert not model.ok and "kiosk" in model.text
    export = asked(await run(s, f"/export {tmp_path / 'x.json'}"))
    assert not export.ok and "kiosk" in export.text and not (tmp_path / "x.json").exists()
    assert asked(await run(s, "/export")).ok, "the kiosk's own exports folder still works"
    await s.aclose()


def test_memory_cli_refuses_another_visitors_memory_on_a_kiosk() -> None:
    proc = museum("chat", "--plain", "--offline", "--user", "x", env=KIOSK, stdin="/user bob\n2468\n2468\nI'm deaf\n")
    assert proc.returncode == 0, proc.stderr
    assert "2468" not in proc.stdout, "the secret is never echoed"
    for action in ("show", "export"):
        shown = museum("memory", action, "--user", "bob", env=KIOSK)
        assert shown.returncode == 1 and "deaf" not in shown.stdout and "kiosk mode" in shown.stderr
    assert "deaf" in museum("memory", "show", "--user", "bob").stdout, "without kiosk mode, as before"


def test_the_memory_cli_finds_the_pin_where_the_configured_store_keeps_it(tmp_path) -> None:
    """Issue 22: with `store` a folder of its own, the app keeps PINs there but the memory CLI looked in the
    data folder, so it refused every protected visitor ("it has none"). Failed before the fix."""
    env = {**KIOSK, "MUSEUM_TUI_STORE": str(tmp_path / "shared")}
    museum("chat", "--plain", "--offline", env=env, stdin="/user bob\n2468\n2468\nI'm deaf\n")
    assert (tmp_path / "shared" / ".bob~secret").is_file(), "the app keeps the PIN beside the store's files"
    shown = museum_at_terminal("memory", "show", "--user", "bob", answer="2468", env=env)
    assert shown.returncode == 0 and "deaf" in shown.stdout, shown.stderr
    wrong = museum_at_terminal("memory", "show", "--user", "bob", answer="1111", env=env)
    assert wrong.returncode == 1 and "deaf" not in wrong.stdout and "that was not it" in wrong.stderr


def test_plain_chat_asks_for_the_secret_and_refuses_a_wrong_one() -> None:
    museum("chat", "--plain", "--offline", env=KIOSK, stdin="/user bob\n2468\n2468\nI'm deaf\n")
    wrong = museum("chat", "--plain", "--offline", env=KIOSK, stdin="/user bob\n1111\n/memory\n")
    assert "not the PIN" in wrong.stdout and "deaf" not in wrong.stdout
    right = museum("chat", "--plain", "--offline", env=KIOSK, stdin="/user bob\n2468\n/memory\n")
    assert "Now talking as bob" in right.stdout and "deaf" in right.stdout


async def test_tui_asks_with_a_masked_input_and_opens_the_memory() -> None:
    await bob_visits()
    app = make_app(kiosk())
    async with app.run_test() as pilot:
        await say(pilot, "/user bob")
        assert isinstance(app.screen, SecretScreen)
        field = app.screen.query_one(Input)
        assert field.password is True
        field.value = "2468"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, SecretScreen)
        assert app.session.user == "bob" and "deaf" in values(app.session)

        await say(pilot, "/user bob")
        await pilot.press("escape")  # cancelled: nothing changes
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session.user == "bob"


async def test_a_kiosk_does_not_hand_out_a_memory_saved_under_an_older_spelling() -> None:
    plain = kiosk(on=False)
    await run(plain, "/user erin")
    await run(plain, "I'm allergic to kiwi")
    await plain.aclose()
    (config.users_dir() / "erin.toml").rename(config.users_dir() / "Erin.toml")
    s = kiosk()
    refused = asked(await run(s, "/user erin"))
    assert not refused.ok and refused.kind == "text"
    await s.aclose()
