"""Retention: with `retention_days` set, a visitor not seen for that long is erased whole (facts, visits and
kiosk PIN) at start-up and by `museum-tui store purge [--dry-run]`, on the files and on PostgreSQL alike;
visitors seen since are kept; off by default. Reproduced before the fix: there was no such setting, and memory
was kept for ever."""

from __future__ import annotations

import pytest

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session, storage_for
from museum_tui.storage.retention import purge
from tests.cli_process import museum
from tests.hardening.test_kiosk import run, values

OLD, RECENT, TODAY = "2025-01-10T10:00:00+00:00", "2026-11-01T10:00:00+00:00", "2026-11-23T10:00:00+00:00"


def backend_env(store: str, pg_url: str) -> dict[str, str]:
    return {"MUSEUM_TUI_STORE": pg_url} if store == "postgresql" else {}


def seed(env: dict[str, str]) -> None:
    """ann (a kiosk visitor with a PIN) and bob were last seen long ago; cleo recently."""
    old = {**env, "MUSEUM_TUI_NOW": OLD}
    museum("chat", "--plain", "--offline", "--kiosk", env=old, stdin="/user ann\n2468\n2468\nI'm deaf\n")
    museum("chat", "--plain", "--offline", "--user", "bob", env=old, stdin="I'm allergic to kiwi\n")
    museum("chat", "--plain", "--offline", "--user", "cleo", env={**env, "MUSEUM_TUI_NOW": RECENT}, stdin="I'm vegan\n")


def holders(env: dict[str, str]) -> tuple[list[str], list[str]]:
    storage = storage_for(load_settings({**({"store": env["MUSEUM_TUI_STORE"]} if env else {})}))
    try:
        return storage.visitors(), storage.secret_holders()
    finally:
        storage.close()


@pytest.mark.parametrize("store", ["files", "postgresql"])
def test_store_purge_erases_who_was_not_seen_for_retention_days(store: str, pg_url: str) -> None:
    env = backend_env(store, pg_url)
    seed(env)
    assert holders(env) == (["ann", "bob", "cleo"], ["ann"])
    now = {**env, "MUSEUM_TUI_NOW": TODAY}
    assert museum("store", "purge", env=now).returncode == 2, "off by default: nothing to purge"
    dry = museum("store", "purge", "--dry-run", env={**now, "MUSEUM_TUI_RETENTION_DAYS": "90"})
    assert dry.returncode == 0 and "would erase ann" in dry.stdout and "would erase bob" in dry.stdout
    assert "cleo" not in dry.stdout and holders(env) == (["ann", "bob", "cleo"], ["ann"]), "a dry run changes nothing"
    done = museum("store", "purge", env={**now, "MUSEUM_TUI_RETENTION_DAYS": "90"})
    assert done.returncode == 0 and "2 visitor(s)" in done.stdout, done.stdout + done.stderr
    assert holders(env) == (["cleo"], []), "facts, visits and the PIN are gone; cleo is kept"


async def test_start_up_applies_retention(monkeypatch: pytest.MonkeyPatch) -> None:
    seed({})
    monkeypatch.setenv("MUSEUM_TUI_NOW", TODAY)
    monkeypatch.setenv("MUSEUM_TUI_RETENTION_DAYS", "90")
    settings = load_settings({"offline": True, "user": "bob"})
    settings.builtin_stream_delay = 0.0
    s = open_session(settings)
    assert values(s) == set(), "bob was not seen for 90 days: nothing of him is loaded"
    await run(s, "/user cleo")
    assert "vegan" in values(s)
    await s.aclose()
    assert not (config.users_dir() / "ann.toml").exists() and not (config.users_dir() / ".ann~secret").exists()


@pytest.mark.parametrize("store", ["files", "postgresql"])
def test_wrong_pin_tries_do_not_count_as_the_visitor_being_seen(
    store: str, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PIN-only visitor is seen when the PIN is chosen or opens their memory, not when someone guesses."""
    if store == "postgresql":
        monkeypatch.setenv("MUSEUM_TUI_STORE", pg_url)
    storage = storage_for(load_settings({}))
    try:
        monkeypatch.setenv("MUSEUM_TUI_NOW", OLD)
        storage.secret("pat").create("2468")
        storage.secret("quinn").create("1357")
        monkeypatch.setenv("MUSEUM_TUI_NOW", RECENT)
        assert storage.secret("pat").check("0000") is False and storage.secret("pat").check("1111") is False
        assert storage.secret("quinn").check("1357") is True
        monkeypatch.setenv("MUSEUM_TUI_NOW", TODAY)
        assert purge(storage, 90, dry_run=True) == ["pat"], "only quinn opened their memory since"
    finally:
        storage.close()
