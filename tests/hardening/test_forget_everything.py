"""Forgetting everything forgets the visitor: `/forget all` and `memory forget --all` erase the visit log
and the consent answer with the facts, so the next visit is a first one. On a kiosk they also remove the PIN
and the visitor's exports (which may hold sensitive needs they declined to keep); the anonymous visitor's
`/export` writes nothing. Reproduced before the fix: the next visit said "Welcome back … (Accessibility)",
a kiosk export kept declined needs on disk, and the anonymous visitor's export wrote a file."""

from __future__ import annotations

import json

import pytest

from museum_tui import config
from museum_tui.conversation.events import NewSecretQuestion, Notice, UserSwitched
from museum_tui.storage import FileStorage
from tests.cli_process import museum
from tests.hardening.test_kiosk import asked, choose, kiosk, run, values

NEED = "I'm deaf and I really love photography"


def greeting(events: list) -> str:
    return "\n".join(e.text for e in events if isinstance(e, Notice))


async def test_forget_all_forgets_the_visits_too() -> None:
    s = kiosk(on=False)
    await run(s, "/user ann")
    await run(s, NEED)
    await s.aclose()
    back = kiosk(on=False)
    assert "Welcome back" in greeting(await run(back, "/user ann")), "a second visit is greeted as one"
    asked(await run(back, "/forget all --yes"))
    await back.aclose()
    again = kiosk(on=False)
    events = await run(again, "/user ann")
    assert "Welcome back" not in greeting(events) and values(again) == set()
    assert again.visitor.memory_file.visits.past == [], "no visit is remembered"
    await again.aclose()


def test_memory_forget_all_forgets_the_visits_too() -> None:
    museum("chat", "--plain", "--offline", "--user", "ann", stdin=f"{NEED}\n")
    assert json.loads(museum("memory", "show", "--json", "--user", "ann").stdout).get("visits")
    proc = museum("memory", "forget", "--all", "--yes", "--user", "ann")
    assert proc.returncode == 0, proc.stderr
    shown = json.loads(museum("memory", "show", "--json", "--user", "ann").stdout)
    assert not shown.get("visits") and not shown.get("facts"), shown


async def test_a_kiosk_forget_all_removes_the_pin_and_the_exports(monkeypatch: pytest.MonkeyPatch) -> None:
    s = kiosk()
    asked(await run(s, "/user bob"))
    assert any(isinstance(e, UserSwitched) for e in await choose(s, "2468"))
    await run(s, "I'm allergic to peanuts")
    assert asked(await run(s, "/export")).ok
    exports = list((config.data_dir() / "exports").iterdir())
    assert exports and "peanuts" in exports[0].read_text(encoding="utf-8")
    asked(await run(s, "/forget all --yes"))
    assert not any((config.data_dir() / "exports").iterdir()), "the export is gone with the rest"
    assert FileStorage(config.users_dir()).secret_holders() == [], "so is the PIN"
    await run(s, "I'm allergic to kiwi")  # the rest of the visit saves nothing under the name
    await s.aclose()
    assert not (config.users_dir() / "bob.toml").exists()
    again = kiosk()
    assert isinstance(asked(await run(again, "/user bob")), NewSecretQuestion), "the name is free again"
    await again.aclose()


async def test_the_anonymous_visitor_exports_nothing() -> None:
    s = kiosk()
    await run(s, "I'm allergic to sesame")
    refused = asked(await run(s, "/export"))
    assert not refused.ok and "anonymous" in refused.text
    folder = config.data_dir() / "exports"
    assert not folder.exists() or not any(folder.iterdir())
    await s.aclose()
