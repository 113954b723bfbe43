"""Retention: with `retention_days` set, a visitor not seen for that long is erased whole (facts, visits and
kiosk PIN) at start-up and by `museum-tui store purge [--dry-run]`, on the files and on PostgreSQL alike;
visitors seen since are kept; off by default. Reproduced before the fix: there was no such setting, and memory
was kept for ever."""

from __future__ import annotations

import os

import pytest

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import open_session, storage_for
from museum_tui.memory import MemoryStore, load_ontology
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
        assert purge(storage, 90, dry_run=True).erased == ["pat"], "only quinn opened their memory since"
    finally:
        storage.close()


def test_one_visitor_that_cannot_be_erased_does_not_stop_the_purge(monkeypatch: pytest.MonkeyPatch) -> None:
    """ann's lock is a FIFO (never opened: a real fault, not a stub), so her erase fails; bob and cleo are
    still erased, ann is named with the reason, the exit status says not everything was done, and the
    start-up purge says the same as a notice."""
    monkeypatch.setenv("MUSEUM_TUI_NOW", OLD)
    settings = load_settings({})
    storage = storage_for(settings)
    for name in ("ann", "bob", "cleo"):
        store = MemoryStore(load_ontology(settings.ontology_path))
        store.upsert("SpecialNeed.Allergy", "kiwi", "asserted", "kiwi")
        storage.open(name).save(store)
    (storage.users_dir / ".ann.lock").unlink()  # the save left an ordinary lock file
    os.mkfifo(storage.users_dir / ".ann.lock")
    done = museum("store", "purge", env={"MUSEUM_TUI_NOW": TODAY, "MUSEUM_TUI_RETENTION_DAYS": "90"})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "erased bob" in done.stdout and "erased cleo" in done.stdout and "2 visitor(s)" in done.stdout
    assert "could not erase ann" in done.stderr and "fifo" in done.stderr.lower(), done.stderr
    assert storage.visitors() == ["ann"], "the others were erased, ann's memory is untouched"
    monkeypatch.setenv("MUSEUM_TUI_NOW", TODAY)
    monkeypatch.setenv("MUSEUM_TUI_RETENTION_DAYS", "90")
    s = open_session(load_settings({"offline": True}))
    notes = [n.text for n in s.start_notices]
    assert any("ann" in n and "could not be erased" in n for n in notes), notes
