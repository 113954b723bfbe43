"""PostgreSQL: a visitor row whose `meta` is not a JSON object (an array, a string: hand-edited or written by
another tool) is set aside like an unreadable fact row: kept unchanged in `quarantined_facts`, the visitor
told, their facts loaded, and other visitors unaffected. Reproduced before the fix: every load of that visitor
crashed with a traceback (`'list' object has no attribute 'get'`), and `/user` to them broke the session."""

from __future__ import annotations

import pytest

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.conversation.events import Notice, UserSwitched
from tests.hardening.test_kiosk import run, values
from tests.storage.conftest import PostgresBackend


@pytest.mark.parametrize("meta", ['["a", "list"]', '"a string"', "42"])
async def test_a_meta_that_is_not_an_object_is_set_aside(pg_url: str, meta: str) -> None:
    def session_as(user: str):
        settings = load_settings({"offline": True, "user": user, "store": pg_url})
        settings.builtin_stream_delay = 0.0
        return open_session(settings)

    for user in ("ann", "ben"):
        s = session_as(user)
        await run(s, "I'm allergic to kiwi")
        await s.aclose()
    db = PostgresBackend(pg_url)
    db.sql(f"UPDATE museum_tui.visitors SET meta = '{meta}'::jsonb WHERE name = 'ann'")
    s = session_as("ben")
    events = await run(s, "/user ann")
    assert any(isinstance(e, UserSwitched) for e in events) and "kiwi" in values(s)
    assert any(isinstance(e, Notice) and "meta is not a JSON object" in e.text for e in events)
    await run(s, "I love photography")
    await s.aclose()
    assert db.sql("SELECT fact_key, reason FROM museum_tui.quarantined_facts") == [
        ("visitors.meta", "the visitor row's meta is not a JSON object")
    ]
    assert db.sql("SELECT jsonb_typeof(meta) FROM museum_tui.visitors WHERE name = 'ann'") == [("object",)]
