"""The PostgreSQL schema of visitor memory, created and migrated by the app itself.

Everything lives in the `museum_tui` schema of the database the URL names, so the tables never collide with
anything else there and `pg_dump --schema=museum_tui` backs up exactly the visitors' memory.

- `schema_version`: one row per migration applied (version, when, what). The database's version is the
  highest; an app that finds a higher one than it knows reads nothing and writes nothing.
- `visitors`: one row per visitor (the lock two kiosks saving the same visitor take in turn), with the turn
  counter, the next fact id, the kiosk consent answer and its time, and `meta`, a JSON object kept for the
  visitor-level data of the memory layers (visits, faded-state summaries) so they need no new table.
- `facts`: one row per (visitor, concept, normalised value), keyed by `fact_key`, a SHA-256 of concept and
  normalised value. `data` is the fact's record (`memory.fact_codec`, the fields a memory file holds), as
  JSON. A forgotten fact becomes a tombstone: `data`, `concept` and `last_seen_at` are cleared and
  `forgotten_at` says when, so a kiosk still holding an older copy drops it instead of writing it back
  (`memory.merge`). Tombstones are purged after `TOMBSTONE_DAYS` (`PostgresStorage.purge` for all).
- `quarantined_facts`: rows that could not be read, moved here unchanged with the reason, never deleted
  by the app.
- `secrets` (version 2): each kiosk visitor's PIN (a salted scrypt hash, never the PIN) with the count of
  wrong tries and the time until the next may be made, shared by every kiosk (`pg_secrets.py`).
"""

from __future__ import annotations

from typing import Any

SCHEMA = "museum_tui"
SCHEMA_VERSION = 2
TOMBSTONE_DAYS = 30
_MIGRATION_LOCK = 0x6D7573_65756D  # pg_advisory_xact_lock key: two kiosks starting at once migrate once

MIGRATIONS: tuple[tuple[int, str, str], ...] = (
    (
        1,
        "visitors, facts with tombstones, quarantined facts",
        f"""
        CREATE TABLE {SCHEMA}.visitors (
            id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            turn integer NOT NULL DEFAULT 0,
            next_id integer NOT NULL DEFAULT 1,
            sensitive_consent boolean,
            sensitive_consent_at text NOT NULL DEFAULT '',
            ontology text NOT NULL DEFAULT '',
            meta jsonb NOT NULL DEFAULT '{{}}'::jsonb,
            created_at timestamptz NOT NULL DEFAULT now(),
            saved_at timestamptz
        );
        CREATE TABLE {SCHEMA}.facts (
            visitor_id bigint NOT NULL REFERENCES {SCHEMA}.visitors(id) ON DELETE CASCADE,
            fact_key text NOT NULL,
            concept text,
            data jsonb,
            last_seen_at text NOT NULL DEFAULT '',
            forgotten_at text,
            updated_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (visitor_id, fact_key)
        );
        CREATE TABLE {SCHEMA}.quarantined_facts (
            id bigserial PRIMARY KEY,
            visitor_id bigint NOT NULL REFERENCES {SCHEMA}.visitors(id) ON DELETE CASCADE,
            fact_key text NOT NULL,
            data jsonb,
            reason text NOT NULL,
            quarantined_at timestamptz NOT NULL DEFAULT now()
        );
        """,
    ),
    (
        2,
        "kiosk PINs shared by every kiosk: a salted scrypt hash and the back-off of wrong tries",
        f"""
        CREATE TABLE {SCHEMA}.secrets (
            name text PRIMARY KEY,
            hash text NOT NULL,
            failures integer NOT NULL DEFAULT 0,
            wait_until double precision NOT NULL DEFAULT 0,
            created_at timestamptz NOT NULL DEFAULT now(),
            used_at timestamptz NOT NULL DEFAULT now()
        );
        """,
    ),
)


def ensure_schema(conn: Any) -> int:
    """Create or migrate the schema (once, under an advisory lock) and return the database's version. A
    version above `SCHEMA_VERSION` is returned untouched: the caller then neither reads nor writes."""
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        cur.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
        cur.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA}.schema_version (version integer PRIMARY KEY, "
            "applied_at timestamptz NOT NULL DEFAULT now(), description text NOT NULL)"
        )
        cur.execute(f"SELECT coalesce(max(version), 0) FROM {SCHEMA}.schema_version")
        current = cur.fetchone()[0]
        if current > SCHEMA_VERSION:
            return current
        for version, description, sql in MIGRATIONS:
            if version > current:
                cur.execute(sql)
                cur.execute(
                    f"INSERT INTO {SCHEMA}.schema_version (version, description) VALUES (%s, %s)",
                    (version, description),
                )
                current = version
        return current
