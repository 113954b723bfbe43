"""Kiosk PINs in the shared PostgreSQL database (`museum_tui.secrets`), so a fleet of kiosks agrees on them.

The same hashing, lengths and back-off as the files (`visitor_secret`): a try is counted in its own
committed transaction before it is checked, under the row's lock, so two kiosks share one count and a
database that cannot record the try refuses to check it. A PIN is created only if the name has none
(`INSERT … ON CONFLICT DO NOTHING`), so a visitor who answered late cannot replace another's.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any, Protocol

from museum_tui import clock
from museum_tui.memory.timestamps import parse_time

from .repository import PersistenceError
from .schema import SCHEMA
from .visitor_secret import MAX_DELAY, SecretError, new_record, next_try, verify_secret


def _seen_at(stamp: object) -> datetime:
    """When a copied record's visitor was last seen (`store migrate`), or now for a new PIN. `used_at`
    is that moment: a PIN chosen or opening the memory, never a wrong try (see `retention`)."""
    return parse_time(stamp) or clock.now()


class Database(Protocol):
    """What a secret needs of the PostgreSQL store (named, not imported: the store imports this module)."""

    newer: bool

    def transaction(self) -> contextlib.AbstractContextManager[Any]: ...


class PostgresSecret:
    """The secret of visitor `user` (a checked name) in the database of `storage`."""

    def __init__(self, storage: Database, user: str) -> None:
        self.storage = storage
        self.user = user

    def _run(self, what: str, work: Any) -> Any:
        try:
            with self.storage.transaction() as cur:
                if self.storage.newer:
                    raise SecretError(
                        f"the PIN or pass phrase could not be {what}: the database is newer; ask the staff"
                    )
                return work(cur)
        except PersistenceError as exc:
            raise SecretError(f"the PIN or pass phrase could not be {what} ({exc})") from None

    def exists(self) -> bool:
        def work(cur: Any) -> bool:
            cur.execute(f"SELECT 1 FROM {SCHEMA}.secrets WHERE name = %s", (self.user,))
            return cur.fetchone() is not None

        return bool(self._run("read", work))

    def record(self) -> dict[str, object] | None:
        def work(cur: Any) -> dict[str, object] | None:
            cur.execute(
                f"SELECT hash, failures, wait_until, used_at FROM {SCHEMA}.secrets WHERE name = %s", (self.user,)
            )
            row = cur.fetchone()
            if row is None:
                return None
            return {"hash": row[0], "failures": row[1], "wait_until": row[2], "seen_at": row[3].isoformat()}

        return self._run("read", work)

    def _insert(self, record: dict[str, object], *, replace: bool) -> bool:
        values = (
            self.user,
            str(record["hash"]),
            int(record.get("failures", 0) or 0),
            float(record.get("wait_until", 0) or 0),
            _seen_at(record.get("seen_at")),
        )
        conflict = (
            "DO UPDATE SET hash = excluded.hash, failures = 0, wait_until = 0, used_at = excluded.used_at"
            if replace
            else "DO NOTHING"
        )

        def work(cur: Any) -> bool:
            cur.execute(
                f"INSERT INTO {SCHEMA}.secrets (name, hash, failures, wait_until, used_at) "
                f"VALUES (%s, %s, %s, %s, %s) ON CONFLICT (name) {conflict}",
                values,
            )
            return cur.rowcount > 0

        return bool(self._run("saved", work))

    def set(self, secret: str) -> None:
        self._insert(new_record(secret), replace=True)

    def create(self, secret: str) -> bool:
        return self._insert(new_record(secret), replace=False)

    def adopt(self, record: dict[str, object]) -> bool:
        return self._insert(record, replace=False)

    def delete(self) -> bool:
        def work(cur: Any) -> bool:
            cur.execute(f"DELETE FROM {SCHEMA}.secrets WHERE name = %s", (self.user,))
            return cur.rowcount > 0

        return bool(self._run("removed", work))

    def check(self, secret: str) -> bool:
        from . import visitor_secret

        def count(cur: Any) -> str:
            cur.execute(
                f"SELECT hash, failures, wait_until FROM {SCHEMA}.secrets WHERE name = %s FOR UPDATE", (self.user,)
            )
            row = cur.fetchone()
            if row is None:
                raise SecretError(f"{self.user} has no PIN or pass phrase")
            now = visitor_secret.clock()
            wait_until = row[2] if row[2] <= now + MAX_DELAY else now + MAX_DELAY  # a clock that ran ahead
            failures, until = next_try({"failures": row[1], "wait_until": wait_until}, now)
            cur.execute(
                f"UPDATE {SCHEMA}.secrets SET failures = %s, wait_until = %s WHERE name = %s",
                (failures, until, self.user),
            )
            return str(row[0])

        stored = self._run("checked (this try could not be recorded, so it was not checked)", count)
        if not verify_secret(secret, stored):
            return False

        def reset(cur: Any) -> None:
            cur.execute(
                f"UPDATE {SCHEMA}.secrets SET failures = 0, wait_until = 0, used_at = %s WHERE name = %s",
                (clock.now(), self.user),
            )

        with contextlib.suppress(SecretError):  # the right secret opens; the count restarts when it can write
            self._run("reset", reset)
        return True
