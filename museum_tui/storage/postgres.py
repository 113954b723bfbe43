"""Visitor memory in PostgreSQL: one database that every kiosk of a museum shares.

The same promises as the memory files, kept by the database: a save is one transaction that first locks
the visitor's row (`SELECT … FOR UPDATE`), so two kiosks saving the same visitor take turns and neither
loses the other's facts. The merge is per (concept, normalised value): the copy mentioned last wins, a
forgotten fact leaves a tombstone with its time that beats any older copy, and a fact said again after the
forget beats the tombstone. A kiosk killed mid-save never commits: the database rolls the save back whole.

psycopg is imported only when a PostgreSQL store is opened; the file store never loads it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from museum_tui import clock
from museum_tui.memory import Fact, MemoryStore
from museum_tui.memory.fact_codec import InvalidEntry, decode_fact, encode_fact
from museum_tui.memory.merge import fact_key as fact_key  # the row key, for tools and tests
from museum_tui.memory.merge import kept, key_of
from museum_tui.memory.snapshot import Consent, VisitorSnapshot
from museum_tui.memory.usernames import check_user_name
from museum_tui.memory.visits import KEPT_VISITS, VisitLog

from .pg_secrets import PostgresSecret
from .repository import LoadReport, PersistenceError, Places, SavedMemory, SaveError, SaveReport
from .schema import SCHEMA, SCHEMA_VERSION, TOMBSTONE_DAYS, ensure_schema
from .urls import safe_location, url_secrets

CONNECT_TIMEOUT = 5  # seconds: a kiosk whose database is away says so quickly and keeps the visit in memory
RETRY_AFTER = 15.0  # seconds after a failed connection before the next try: turns do not each wait for it
INT_MAX = 2**31 - 1  # the columns' limit: a fact id like f99999999999 (hand-edited files) must not stop saves
LOCK_TIMEOUT_MS = 10_000  # a visitor row held longer than this by another kiosk: this save gives up


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise PersistenceError("the PostgreSQL store needs psycopg: pip install 'museum-tui[postgres]'") from None
    return psycopg


class PostgresStorage:
    """Every visitor's memory in the database at `url` (libpq settings such as PGPASSWORD or ~/.pgpass
    apply, so the URL need not hold a password). One connection, opened on first use, shared by the
    visitors this process opens; the schema is created or migrated on connecting.

    Kiosk PINs are in the database too (`secrets`, shared by every kiosk with their back-off). `data_dir`:
    this machine's data folder; exports are written to its `exports/`, and its `users/` (where PINs were
    kept per kiosk before they moved into the database) stays guarded against exports."""

    def __init__(self, url: str, data_dir: Path | None = None) -> None:
        self.url = url
        self.location = safe_location(url)
        local = Path(data_dir) / "users" if data_dir is not None else None
        exports = Path(data_dir) / "exports" if data_dir is not None else Path("exports")
        self.places = Places(self.location, local, exports, (local,) if local is not None else ())
        self.schema_version = SCHEMA_VERSION
        self.database_version: int | None = None
        self._conn: Any = None
        self._lock = threading.RLock()
        self._failed_at: float | None = None  # monotonic time of the last failed connection

    def open(self, user: str) -> PostgresVisitorMemory:
        return PostgresVisitorMemory(self, user)

    def where(self, memory: Any) -> str:
        return f"{self.location} (visitor {memory.user})"

    @property
    def newer(self) -> bool:
        return self.database_version is not None and self.database_version > SCHEMA_VERSION

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor inside one transaction; any database error becomes a `PersistenceError` saying what."""
        psycopg = _driver()
        with self._lock:
            try:
                if self._conn is None or self._conn.closed or self._conn.broken:
                    self._conn = None
                    if self._failed_at is not None and time.monotonic() - self._failed_at < RETRY_AFTER:
                        raise PersistenceError(
                            f"the memory database at {self.location} could not be reached a moment ago; "
                            f"trying again within {RETRY_AFTER:.0f} s"
                        )
                    self._failed_at = time.monotonic()
                    conn = psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT, application_name="museum-tui")
                    try:
                        self.database_version = ensure_schema(conn)
                    except BaseException:
                        conn.close()
                        raise
                    self._conn, self._failed_at = conn, None
                with self._conn.transaction(), self._conn.cursor() as cur:
                    cur.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
                    yield cur
            except psycopg.Error as exc:
                if self._conn is not None and (self._conn.closed or self._conn.broken):
                    self._conn = None
                reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                for secret in [self.url, *url_secrets(self.url)]:
                    reason = reason.replace(secret, "***")
                raise PersistenceError(f"the memory database at {self.location} failed: {reason}") from None

    def _names(self, table: str) -> list[str]:
        """Every name in `visitors` or `secrets`, sorted (none from a database newer than this app)."""
        with self.transaction() as cur:
            if self.newer:
                return []
            cur.execute(f"SELECT name FROM {SCHEMA}.{table} ORDER BY name")
            return [name for (name,) in cur.fetchall()]

    def visitors(self) -> list[str]:
        return self._names("visitors")

    def holds(self, user: str) -> bool:
        """Memory saved in the database under this name."""
        with self.transaction() as cur:
            cur.execute(f"SELECT 1 FROM {SCHEMA}.visitors WHERE name = %s", (check_user_name(user),))
            return cur.fetchone() is not None

    def secret(self, user: str) -> PostgresSecret:
        """The visitor's PIN in the database, shared by every kiosk (with its back-off count)."""
        return PostgresSecret(self, check_user_name(user))

    def secret_holders(self) -> list[str]:
        return self._names("secrets")

    def erase(self, user: str) -> bool:
        """Delete the visitor's row with every fact and tombstone of theirs (one transaction)."""
        with self.transaction() as cur:
            if self.newer:
                raise SaveError(f"not erasing: the memory database at {self.location} was set up by a newer museum-tui")
            cur.execute(f"DELETE FROM {SCHEMA}.visitors WHERE name = %s", (check_user_name(user),))
            return cur.rowcount > 0

    def purge(self, before: datetime) -> int:
        """Drop tombstones of facts forgotten before `before` (every visitor's); how many went."""
        with self.transaction() as cur:
            if self.newer:
                return 0
            cur.execute(f"DELETE FROM {SCHEMA}.facts WHERE forgotten_at < %s", (before.isoformat(),))
            return cur.rowcount

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
                self._conn = None


def _set_aside_meta(cur: Any, vid: int, meta: Any) -> dict[str, Any]:
    """A visitor row's `meta` that is not a JSON object (hand-edited, another tool): moved unchanged to
    `quarantined_facts`, like an unreadable fact row, and replaced by an empty object, so the visitor (and
    everyone loaded after them) stays usable. Returns the empty object."""
    from psycopg.types.json import Jsonb

    cur.execute(
        f"INSERT INTO {SCHEMA}.quarantined_facts (visitor_id, fact_key, data, reason) VALUES (%s, %s, %s, %s)",
        (vid, "visitors.meta", Jsonb(meta), "the visitor row's meta is not a JSON object"),
    )
    cur.execute(f"UPDATE {SCHEMA}.visitors SET meta = '{{}}'::jsonb WHERE id = %s", (vid,))
    return {}


def _decode(key: str, data: Any) -> Fact:
    fact = decode_fact(data)
    if key_of(fact) != key:
        raise InvalidEntry("its key does not match its concept and value")
    return fact


class PostgresVisitorMemory(SavedMemory):
    """One visitor's memory in the database; the same interface, merge and consent rules as the files."""

    def __init__(self, storage: PostgresStorage, user: str) -> None:
        super().__init__(user)
        self.storage = storage
        self.metadata: dict[str, Any] = {}  # the visitor row's `meta` other than visits, for later layers
        self._own_tombstones: dict[str, str] = {}  # fact_key → the forgotten_at this memory wrote

    @property
    def path(self) -> str:
        return self.storage.where(self)

    def stored_bytes(self) -> int | None:
        """The size of the visitor's fact rows in the database."""
        try:
            with self.storage.transaction() as cur:
                cur.execute(
                    f"SELECT sum(pg_column_size(f.data)) FROM {SCHEMA}.facts f JOIN {SCHEMA}.visitors v "
                    "ON v.id = f.visitor_id WHERE v.name = %s",
                    (self.user,),
                )
                row = cur.fetchone()
        except PersistenceError:
            return None
        return int(row[0]) if row and row[0] is not None else None

    # ---- reading -------------------------------------------------------------------------------------

    def load(self, store: MemoryStore) -> LoadReport:
        """Restore the visitor's facts into a fresh `store`. Never raises: an unreachable database, a newer
        schema or unreadable rows are reported (bad rows are moved to `quarantined_facts`, the rest loads)."""
        report = LoadReport(self.path)
        self._base, self.read_only = {}, False
        try:
            with self.storage.transaction() as cur:
                if self.storage.newer:
                    self.read_only = report.read_only = True
                    report.notices.append(
                        f"The memory database at {self.storage.location} was set up by a newer museum-tui "
                        f"(schema {self.storage.database_version}, this one reads {SCHEMA_VERSION}). Nothing "
                        "was loaded and this session will not save."
                    )
                    return report
                snapshot, skipped, foreign = self._read(cur, store)
        except PersistenceError as exc:
            report.notices.append(
                f"Could not load your saved memory ({exc}); this session starts empty and its first save "
                "that reaches the database merges with what is there."
            )
            return report
        if skipped:
            report.notices.append(
                f"{len(skipped)} saved fact(s) were unreadable and left out ({'; '.join(skipped[:3])}). "
                f"They were kept unchanged in {SCHEMA}.quarantined_facts of {self.storage.location}."
            )
        if foreign:
            report.notices.append(
                f"{foreign} saved fact(s) belong to concepts this ontology does not declare; they stay in the "
                "database but are not used."
            )
        report.saved_at = self.saved_at = snapshot.saved_at
        report.loaded = self._restore(store, snapshot)
        return report

    def _read(self, cur: Any, store: MemoryStore) -> tuple[VisitorSnapshot, list[str], int]:
        """The visitor's live facts as a snapshot; unreadable rows are moved to `quarantined_facts`."""
        cur.execute(
            f"SELECT id, turn, next_id, sensitive_consent, sensitive_consent_at, meta, saved_at FROM {SCHEMA}.visitors "
            "WHERE name = %s",
            (self.user,),
        )
        row = cur.fetchone()
        if row is None:
            return VisitorSnapshot(), [], 0
        vid, turn, next_id, consent, consent_at, meta, saved_at = row
        skipped: list[str] = []
        if not isinstance(meta, dict | None):
            meta = _set_aside_meta(cur, vid, meta)
            skipped.append("the visitor record's visits (meta is not a JSON object)")
        snapshot = self._visitor_row(turn, next_id, consent, consent_at, meta)
        snapshot.saved_at = saved_at
        self.metadata = {k: v for k, v in (meta or {}).items() if k != "visits"}
        cur.execute(f"SELECT fact_key, data FROM {SCHEMA}.facts WHERE visitor_id = %s AND forgotten_at IS NULL", (vid,))
        bad, foreign = [], 0
        for key, data in cur.fetchall():
            try:
                fact = _decode(key, data)
            except InvalidEntry as exc:
                skipped.append(f"fact {key[:8]}: {exc}")
                bad.append((key, str(exc)))
                continue
            if fact.concept in store.ontology.concepts:
                snapshot.facts.append(fact)
            else:
                foreign += 1
        for key, reason in bad:
            cur.execute(
                f"WITH moved AS (DELETE FROM {SCHEMA}.facts WHERE visitor_id = %s AND fact_key = %s "
                "RETURNING visitor_id, fact_key, data) "
                f"INSERT INTO {SCHEMA}.quarantined_facts (visitor_id, fact_key, data, reason) "
                "SELECT visitor_id, fact_key, data, %s FROM moved",
                (vid, key, reason),
            )
        return snapshot, skipped, foreign

    @staticmethod
    def _visitor_row(
        turn: int, next_id: int, consent: bool | None, consent_at: str, meta: dict[str, Any] | None
    ) -> VisitorSnapshot:
        """The visitor-level part of a snapshot, from the `visitors` row (visits live in `meta`)."""
        return VisitorSnapshot(
            turn=turn,
            next_id=next_id,
            visits=VisitLog.from_records((meta or {}).get("visits")).past,
            consent=Consent(consent, consent_at if consent is not None else ""),
        )

    # ---- writing -------------------------------------------------------------------------------------

    def save(self, store: MemoryStore) -> SaveReport:
        """Merge with what the database holds now and write the kept tiers, in one transaction under the
        visitor's row lock. Raises `SaveError` with a readable reason; nothing is then changed."""
        if self.read_only:
            raise SaveError(f"not saving: {self.path} is kept read-only for this session (see the notice at start-up)")
        report = SaveReport(self.path)
        try:
            with self.storage.transaction() as cur:
                if self.storage.newer:
                    self.read_only = True
                    raise SaveError(
                        f"not saving: the memory database at {self.storage.location} was set up by a newer "
                        f"museum-tui (schema {self.storage.database_version})"
                    )
                written = self._save(cur, store, report)
        except SaveError:
            raise
        except PersistenceError as exc:
            raise SaveError(f"memory was not saved: {exc}") from None
        report.written = len(written)
        self._written(written)
        return report

    def _lock_visitor(self, cur: Any) -> tuple[int, int, int, bool | None, str, dict[str, Any]]:
        cur.execute(f"INSERT INTO {SCHEMA}.visitors (name) VALUES (%s) ON CONFLICT (name) DO NOTHING", (self.user,))
        cur.execute(
            f"SELECT id, turn, next_id, sensitive_consent, sensitive_consent_at, meta FROM {SCHEMA}.visitors "
            "WHERE name = %s FOR UPDATE",
            (self.user,),
        )
        vid, *rest, meta = cur.fetchone()
        return (vid, *rest, meta if isinstance(meta, dict | None) else _set_aside_meta(cur, vid, meta))

    def _save(self, cur: Any, store: MemoryStore, report: SaveReport) -> list[Fact]:
        from psycopg.types.json import Jsonb

        vid, *visitor = self._lock_visitor(cur)
        theirs = self._visitor_row(*visitor)
        cur.execute(f"SELECT fact_key, data, forgotten_at FROM {SCHEMA}.facts WHERE visitor_id = %s", (vid,))
        rows = {key: (data, forgotten) for key, data, forgotten in cur.fetchall()}
        for key, (data, forgotten) in rows.items():
            if forgotten is not None:
                theirs.tombstones[key] = forgotten
                continue
            with contextlib.suppress(InvalidEntry):
                fact = _decode(key, data)
                if fact.concept in store.ontology.concepts:
                    theirs.facts.append(fact)
        live = {key for key, (_, forgotten) in rows.items() if forgotten is None}
        merged = self._merge(store, theirs, self._own_tombstones)
        report.adopted, report.dropped = merged.adopted, merged.dropped

        ours, withheld = kept(store), {key_of(f) for f in self.withheld(store)}
        written, upserts = [], []
        for key, fact in ours.items():
            if key in withheld:
                continue
            written.append(fact)
            data = encode_fact(fact)
            if rows.get(key) != (data, None):
                upserts.append((vid, key, fact.concept, Jsonb(data), fact.last_seen_at))
        if upserts:
            cur.executemany(
                f"INSERT INTO {SCHEMA}.facts (visitor_id, fact_key, concept, data, last_seen_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (visitor_id, fact_key) DO UPDATE SET "
                "concept = EXCLUDED.concept, data = EXCLUDED.data, last_seen_at = EXCLUDED.last_seen_at, "
                "forgotten_at = NULL, updated_at = now()",
                upserts,
            )
        stamp = clock.now_iso()
        gone = [
            key
            for key in live
            if (key not in ours and key in self._base) or (key in withheld and self.consent.answer is False)
        ]
        if gone:
            cur.execute(
                f"UPDATE {SCHEMA}.facts SET concept = NULL, data = NULL, last_seen_at = '', forgotten_at = %s, "
                "updated_at = now() WHERE visitor_id = %s AND fact_key = ANY(%s)",
                (stamp, vid, gone),
            )
            self._own_tombstones.update(dict.fromkeys(gone, stamp))
        cutoff = (clock.now() - timedelta(days=TOMBSTONE_DAYS)).isoformat()
        cur.execute(f"DELETE FROM {SCHEMA}.facts WHERE visitor_id = %s AND forgotten_at < %s", (vid, cutoff))
        visits = sorted(self.visits.all(), key=lambda v: v.started_at)[-KEPT_VISITS:]  # the current one may be older
        extra = {**self.metadata, **({"visits": [v.record() for v in visits]} if visits else {})}
        ontology = store.ontology.name or (store.ontology.source.name if store.ontology.source else "")
        counters = (min(store.turn, INT_MAX), min(store.next_id, INT_MAX))
        cur.execute(
            f"UPDATE {SCHEMA}.visitors SET turn = %s, next_id = %s, sensitive_consent = %s, "
            "sensitive_consent_at = %s, ontology = %s, meta = meta || %s, saved_at = GREATEST(saved_at, %s) "
            "WHERE id = %s",  # GREATEST: saved_at never moves back (NULL, never saved, is ignored)
            (*counters, self.consent.answer, self.consent.at, ontology, Jsonb(extra), self._save_time(), vid),
        )
        return written
