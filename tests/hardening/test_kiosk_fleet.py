"""Kiosks sharing a PostgreSQL store share their visitors' PINs and back-off: the PIN chosen at kiosk A opens
the memory at kiosk B, nobody at B can "choose" a new one, and wrong tries count across kiosks. A new PIN is
asked twice, and created only if the name still has none (checked under the lock). `store migrate` copies
PINs, visits and saved_at. Reproduced before the fix: PINs lived on each kiosk's own disk (kiosk B offered
to choose a PIN for A's visitor, then opened and could erase their memory), a late answer replaced a PIN
registered meanwhile, a typo at registration locked the visitor out, and migrate dropped PINs, visits and
saved_at (a faded fact read fresh again). Real PostgreSQL (tests/pg_cluster.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from museum_tui import config
from museum_tui.config import load_settings
from museum_tui.conversation import Session, open_session
from museum_tui.conversation.events import NewSecretQuestion, SecretQuestion, UserSwitched
from museum_tui.memory import MemoryStore, load_ontology
from museum_tui.storage import FileStorage, visitor_secret
from museum_tui.storage.postgres import PostgresStorage
from tests.cli_process import museum
from tests.hardening.test_kiosk import asked, choose, run, values

KIOSK_NUMBER = [0]


@pytest.fixture(autouse=True)
def own_disks(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Each kiosk opened by `kiosk_on` has a data folder of its own, as kiosks of a fleet do."""
    KIOSK_NUMBER[0] = 0
    own_disks.folder = tmp_path  # type: ignore[attr-defined]
    own_disks.monkeypatch = monkeypatch  # type: ignore[attr-defined]


def kiosk_on(url: str) -> Session:
    KIOSK_NUMBER[0] += 1
    own_disks.monkeypatch.setenv("MUSEUM_TUI_DATA_DIR", str(own_disks.folder / f"kiosk{KIOSK_NUMBER[0]}"))  # type: ignore[attr-defined]
    settings = load_settings({"offline": True, "kiosk": True, "store": url})
    settings.builtin_stream_delay = 0.0
    return open_session(settings)


def opened(events: list) -> bool:
    return any(isinstance(e, UserSwitched) for e in events)


async def test_a_pin_chosen_at_one_kiosk_holds_at_another(pg_url: str) -> None:
    a, b = kiosk_on(pg_url), kiosk_on(pg_url)
    asked(await run(a, "/user bob"))
    assert opened(await choose(a, "2468"))
    await run(a, "I'm deaf")
    await a.aclose()
    question = asked(await run(b, "/user bob"))
    assert type(question) is SecretQuestion, "kiosk B asks bob's PIN; it does not offer to choose one"
    assert "not the PIN" in asked(await b.submit_secret("1357")).text and b.user != "bob"
    asked(await run(b, "/user bob"))
    assert opened(await b.submit_secret("2468")) and "deaf" in values(b)
    await b.aclose()


async def test_wrong_tries_count_across_kiosks(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(visitor_secret, "clock", lambda: 1000.0)
    a = kiosk_on(pg_url)
    asked(await run(a, "/user bob"))
    await choose(a, "2468")
    await a.aclose()
    kiosks = [kiosk_on(pg_url) for _ in range(visitor_secret.MAX_TRIES)]
    for k in kiosks:  # one wrong try at each kiosk
        asked(await run(k, "/user bob"))
        assert "not the PIN" in asked(await k.submit_secret("0000")).text
    last = kiosk_on(pg_url)
    asked(await run(last, "/user bob"))
    locked = asked(await last.submit_secret("2468"))
    assert "try again in 30 s" in locked.text and last.user != "bob"
    for k in [*kiosks, last]:
        await k.aclose()


async def test_a_late_answer_does_not_replace_a_pin_registered_meanwhile(pg_url: str) -> None:
    slow, quick = kiosk_on(pg_url), kiosk_on(pg_url)
    assert isinstance(asked(await run(slow, "/user bob")), NewSecretQuestion)  # bob is new when slow asks
    asked(await run(quick, "/user bob"))
    assert opened(await choose(quick, "2468"))
    await quick.aclose()
    asked(await slow.submit_secret("9999"))
    refused = asked(await slow.submit_secret("9999"))
    assert not refused.ok and "registered elsewhere" in refused.text and slow.user != "bob"
    third = kiosk_on(pg_url)
    asked(await run(third, "/user bob"))
    assert opened(await third.submit_secret("2468")), "bob's own PIN still opens"
    for k in (slow, third):
        await k.aclose()


async def test_a_new_pin_is_asked_twice_and_a_mismatch_sets_nothing(pg_url: str) -> None:
    k = kiosk_on(pg_url)
    asked(await run(k, "/user bob"))
    again = asked(await k.submit_secret("2468"))
    assert isinstance(again, NewSecretQuestion) and k.user != "bob"
    refused = asked(await k.submit_secret("2486"))
    assert not refused.ok and "did not match" in refused.text
    assert isinstance(asked(await run(k, "/user bob")), NewSecretQuestion), "no PIN was set"
    await k.aclose()


def test_store_migrate_copies_pins_visits_and_saved_at(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2025-01-10T10:00:00+00:00")
    museum("chat", "--plain", "--offline", "--kiosk", stdin="/user bob\n2468\n2468\nI really love photography\n")
    files = FileStorage(config.users_dir())
    assert files.secret_holders() == ["bob"]
    proc = museum("store", "migrate", "--to", pg_url)
    assert proc.returncode == 0 and "PIN copied" in proc.stdout, proc.stdout + proc.stderr
    storage = PostgresStorage(pg_url)
    try:
        assert storage.secret("bob").check("2468") and not storage.secret("bob").check("1357")
        memory = storage.open("bob")
        report = memory.load(MemoryStore(load_ontology(config.default_ontology_path())))
        assert report.saved_at == datetime(2025, 1, 10, 10, tzinfo=UTC), "saved_at as the file had it"
        assert len(memory.visits.past) == 1, "the visit log came along"
    finally:
        storage.close()


@pytest.mark.parametrize("store", ["files", "postgresql"])
async def test_saved_at_never_moves_back(store: str, pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = {"files": None, "postgresql": pg_url}[store]

    async def visit(now: str, text: str) -> datetime | None:
        monkeypatch.setenv("MUSEUM_TUI_NOW", now)
        settings = load_settings({"offline": True, "user": "ann", **({"store": spec} if spec else {})})
        settings.builtin_stream_delay = 0.0
        s = open_session(settings)
        await run(s, text)
        await s.aclose()
        memory = s.visitor.storage.open("ann")
        return memory.load(MemoryStore(s.store.ontology)).saved_at

    first = await visit("2026-11-20T10:00:00+00:00", "I really love photography")
    behind = await visit("1996-01-01T10:00:00+00:00", "Where are the toilets?")
    assert behind is not None and first is not None and behind >= first
