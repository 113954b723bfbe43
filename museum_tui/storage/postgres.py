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
import hashlib
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from museum_tui.memory import (
    KEPT_TIERS,
    Change,
    Fact,
    LoadReport,
    MemoryStore,
    PersistenceError,
    SaveError,
    SaveReport,
    check_user_name,
    normalize,
)
from museum_tui.memory.clock import now
from museum_tui.memory.consent import SensitiveConsent
from museum_tui.memory.fact_codec import InvalidEntry, fact_from_toml, fact_to_toml
from museum_tui.memory.storage import safe_location, url_secrets
from museum_tui.memory.visits import KEPT_VISITS, VisitLog

from .schema import SCHEMA, SCHEMA_VERSION, TOMBSTONE_DAYS, ensure_schema

CONNECT_TIMEOUT = 5  # seconds: a kiosk whose database is away says so quickly and keeps the visit in memory
RETRY_AFTER = 15.0  # seconds after a failed connection before the next try: turns do not each wait for it
INT_MAX = 2**31 - 1  # the columns' limit: a fact id like f99999999999 (hand-edited files) must not stop saves
LOCK_TIMEOUT_MS = 10_000  # a visitor row held longer than this by another kiosk: this save gives up


def fact_key(concept: str, value: str, about: str = "self") -> str:
    """The row key of a fact: a digest of concept, normalised value and (for a party member's fact) whose,
    so a tombstone keeps no words. The visitor's own facts keep the keys they had before `about`."""
    whose = "" if about == "self" else f"\x00{about}"
    return hashlib.sha256(f"{concept}\x00{normalize(value)}{whose}".encode()).hexdigest()


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise PersistenceError("the PostgreSQL store needs psycopg: pip install 'museum-tui[postgres]'") from None
    return psycopg


class PostgresStorage:
    """Every visitor's memory in the database at `url` (libpq settings such as PGPASSWORD or ~/.pgpass
    apply, so the URL need not hold a password). One connection, opened on first use, shared by the
    visitors this process opens; the schema is created or migrated on connecting."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.location = safe_location(url)
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

    def visitors(self) -> list[str]:
        with self.transaction() as cur:
            if self.newer:
                return []
            cur.execute(f"SELECT name FROM {SCHEMA}.visitors ORDER BY name")
            return [name for (name,) in cur.fetchall()]

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
                self._conn = None


def _decode(key: str, data: Any) -> Fact:
    fact = fact_from_toml(data)
    if fact_key(fact.concept, fact.value, fact.about) != key:
        raise InvalidEntry("its key does not match its concept and value")
    return fact


class PostgresVisitorMemory(SensitiveConsent):
    """One visitor's memory in the database; the same interface and consent rules as `UserMemoryFile`."""

    def __init__(self, storage: PostgresStorage, user: str) -> None:
        self.storage = storage
        self.user = check_user_name(user)
        self.read_only = False
        self.ask_sensitive = False
        self.keep_sensitive: bool | None = None
        self.consent_at = ""
        self.metadata: dict[str, Any] = {}  # the visitor row's `meta` other than visits, for later layers
        self.visits = VisitLog()  # past visits (`meta.visits`), and this one once a turn has happened
        self._base: dict[str, tuple[int, str]] = {}  # fact_key → (mentions, last_seen_at) as last synced
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

    def _stored(self, fact: Fact) -> bool:
        return fact_key(fact.concept, fact.value, fact.about) in self._base

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
                facts, skipped, foreign = self._read(cur, store, report)
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
        ordered = sorted(facts, key=lambda f: (f.last_seen_turn, f.created_turn))
        restored = [c for c in store.restore(ordered, fresh=True) if c.kind == "restored"]
        report.loaded = len(restored)
        self._base = {
            fact_key(c.fact.concept, c.fact.value, c.fact.about): (c.fact.mentions, c.fact.last_seen_at)
            for c in restored
        }
        return report

    def _read(self, cur: Any, store: MemoryStore, report: LoadReport) -> tuple[list[Fact], list[str], int]:
        cur.execute(
            f"SELECT id, turn, next_id, sensitive_consent, sensitive_consent_at, meta, saved_at FROM {SCHEMA}.visitors "
            "WHERE name = %s",
            (self.user,),
        )
        row = cur.fetchone()
        if row is None:
            return [], [], 0
        vid, turn, next_id, consent, consent_at, meta, report.saved_at = row  # saved_at: the time facts aged since
        store.turn, store.next_id = max(store.turn, turn), max(store.next_id, next_id)
        self.keep_sensitive, self.consent_at = consent, consent_at if consent is not None else ""
        self.metadata = {k: v for k, v in (meta or {}).items() if k != "visits"}
        self.visits.past = VisitLog.from_records((meta or {}).get("visits")).past
        cur.execute(f"SELECT fact_key, data FROM {SCHEMA}.facts WHERE visitor_id = %s AND forgotten_at IS NULL", (vid,))
        facts, skipped, bad, foreign = [], [], [], 0
        for key, data in cur.fetchall():
            try:
                fact = _decode(key, data)
            except InvalidEntry as exc:
                skipped.append(f"fact {key[:8]}: {exc}")
                bad.append((key, str(exc)))
                continue
            if fact.concept in store.ontology.concepts:
                facts.append(fact)
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
        return facts, skipped, foreign

    # ---- writing -------------------------------------------------------------------------------------

    def _changed(self, key: str, fact: Fact) -> bool:
        """Said (again) here since this memory last read or wrote the database."""
        base = self._base.get(key)
        return base is None or fact.mentions > base[0] or fact.last_seen_at > base[1]

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
        self._base = {fact_key(f.concept, f.value, f.about): (f.mentions, f.last_seen_at) for f in written}
        return report

    def _lock_visitor(self, cur: Any) -> tuple[int, int, int, bool | None, str, dict[str, Any]]:
        cur.execute(f"INSERT INTO {SCHEMA}.visitors (name) VALUES (%s) ON CONFLICT (name) DO NOTHING", (self.user,))
        cur.execute(
            f"SELECT id, turn, next_id, sensitive_consent, sensitive_consent_at, meta FROM {SCHEMA}.visitors "
            "WHERE name = %s FOR UPDATE",
            (self.user,),
        )
        return cur.fetchone()

    def _save(self, cur: Any, store: MemoryStore, report: SaveReport) -> list[Fact]:
        from psycopg.types.json import Jsonb

        vid, turn, next_id, consent, consent_at, meta = self._lock_visitor(cur)
        ours = {v.started_at for v in self.visits.all()}  # visits: the union, as the memory files merge them
        theirs = VisitLog.from_records((meta or {}).get("visits")).past
        self.visits.past = sorted([*self.visits.past, *(v for v in theirs if v.started_at not in ours)],
                                  key=lambda v: v.started_at)[-KEPT_VISITS:]  # fmt: skip
        if consent is not None and (self.keep_sensitive is None or consent_at > self.consent_at):
            self.keep_sensitive, self.consent_at = consent, consent_at  # the latest answer holds
        store.turn, store.next_id = max(store.turn, turn), max(store.next_id, next_id)
        cur.execute(f"SELECT fact_key, data, forgotten_at FROM {SCHEMA}.facts WHERE visitor_id = %s", (vid,))
        rows = {key: (data, forgotten) for key, data, forgotten in cur.fetchall()}
        live: dict[str, Fact] = {}
        for key, (data, forgotten) in rows.items():
            if forgotten is None:
                with contextlib.suppress(InvalidEntry):
                    fact = _decode(key, data)
                    if fact.concept in store.ontology.concepts:
                        live[key] = fact
        stamp = now().isoformat()

        def kept() -> dict[str, Fact]:
            return {
                fact_key(f.concept, f.value, f.about): f
                for f in store.facts.values()
                if f.persistence_class in KEPT_TIERS
            }

        ours = kept()
        for key, fact in ours.items():  # forgotten at another kiosk: the later of forget and mention wins
            forgotten = rows.get(key, (None, None))[1]
            if forgotten is None or self._own_tombstones.get(key) == forgotten:
                continue
            if fact.last_seen_at > forgotten or (fact.last_seen_at == forgotten and self._changed(key, fact)):
                continue
            report.dropped.extend(store.forget(fact_id=fact.id))
        new = []
        for key, theirs in live.items():
            fact = ours.get(key)
            if fact is None:
                if key not in self._base:  # added at another kiosk (a key we knew and lack: forgotten here)
                    new.append(theirs)
            elif theirs.last_seen_at > fact.last_seen_at and fact.id in store.facts:  # said later elsewhere
                before = fact.salience
                for name in ("evidence", "salience", "mentions", "last_seen_at", "source", "history"):
                    setattr(fact, name, getattr(theirs, name))
                fact.last_seen_turn = max(fact.last_seen_turn, theirs.last_seen_turn)
                report.adopted.append(Change("reinforced", fact, before, fact.salience, "said at another kiosk"))
        if new:
            new.sort(key=lambda f: (f.last_seen_turn, f.created_turn))
            report.adopted += [c for c in store.restore(new, fresh=True) if c.kind == "restored"]

        ours, withheld = kept(), {fact_key(f.concept, f.value, f.about) for f in self.withheld(store)}
        written, upserts = [], []
        for key, fact in ours.items():
            if key in withheld:
                continue
            written.append(fact)
            data = fact_to_toml(fact)
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
        gone = [
            key
            for key in live
            if (key not in ours and key in self._base) or (key in withheld and self.keep_sensitive is False)
        ]
        if gone:
            cur.execute(
                f"UPDATE {SCHEMA}.facts SET concept = NULL, data = NULL, last_seen_at = '', forgotten_at = %s, "
                "updated_at = now() WHERE visitor_id = %s AND fact_key = ANY(%s)",
                (stamp, vid, gone),
            )
            self._own_tombstones.update(dict.fromkeys(gone, stamp))
        cutoff = (now() - timedelta(days=TOMBSTONE_DAYS)).isoformat()
        cur.execute(f"DELETE FROM {SCHEMA}.facts WHERE visitor_id = %s AND forgotten_at < %s", (vid, cutoff))
        visits = sorted(self.visits.all(), key=lambda v: v.started_at)[-KEPT_VISITS:]  # the current one may be older
        extra = {**self.metadata, **({"visits": [v.record() for v in visits]} if visits else {})}
        ontology = store.ontology.name or (store.ontology.source.name if store.ontology.source else "")
        counters = (min(store.turn, INT_MAX), min(store.next_id, INT_MAX))
        cur.execute(
            f"UPDATE {SCHEMA}.visitors SET turn = %s, next_id = %s, sensitive_consent = %s, "
            "sensitive_consent_at = %s, ontology = %s, meta = meta || %s, saved_at = %s WHERE id = %s",
            (*counters, self.keep_sensitive, self.consent_at, ontology, Jsonb(extra), now(), vid),
        )
        return written
