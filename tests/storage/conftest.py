"""One throwaway PostgreSQL cluster per test session (see tests/pg_cluster.py), a fresh database per test,
and `backend`: the same tests over the memory files and over PostgreSQL."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.storage import FileStorage
from tests.pg_cluster import Cluster, create_database, drop_database, find_bindir

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on this machine: `pg_config --bindir` finds none")
    pytest.importorskip("psycopg", reason="psycopg is not installed: pip install '.[test]'")
    cluster = Cluster(bindir).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    name = f"t{next(_names)}"
    url = create_database(pg_cluster, name)
    try:
        yield url
    finally:
        drop_database(pg_cluster, name)


class FilesBackend:
    name = "files"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.storage = FileStorage(folder)

    def everything(self) -> str:
        """Every byte the store holds, as text."""
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.folder.glob("*")) if p.is_file())

    def corrupt(self, user: str, value: str) -> None:
        """Make the fact with `value` unreadable (its salience a word), leaving the file valid TOML."""
        path = self.folder / f"{user}.toml"
        tables = path.read_text().split("[[facts]]")
        for i, table in enumerate(tables):
            if f'value = "{value}"' in table:
                tables[i] = re.sub(r"salience = \S+", 'salience = "high"', table, count=1)
        path.write_text("[[facts]]".join(tables))

    def make_newer(self, user: str) -> None:
        path = self.folder / f"{user}.toml"
        path.write_text(path.read_text().replace("schema_version = 1", "schema_version = 99"))


class PostgresBackend:
    name = "postgresql"

    def __init__(self, url: str) -> None:
        from museum_tui.storage.postgres import PostgresStorage

        self.url = url
        self.storage = PostgresStorage(url, config.data_dir())

    def sql(self, query: str, *args: object) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            cur = conn.execute(query, args or None)
            return cur.fetchall() if cur.description else []

    def everything(self) -> str:
        rows = []
        for table in ("visitors", "facts", "quarantined_facts", "schema_version", "secrets"):
            rows += self.sql(f"SELECT row_to_json(t)::text FROM museum_tui.{table} t")
        return "\n".join(json.dumps(json.loads(r[0]), ensure_ascii=False) for r in rows)

    def corrupt(self, user: str, value: str) -> None:
        self.sql(
            "UPDATE museum_tui.facts SET data = jsonb_set(data, '{salience}', '\"high\"') WHERE data->>'value' = %s",
            value,
        )

    def make_newer(self, user: str) -> None:
        self.sql("INSERT INTO museum_tui.schema_version (version, description) VALUES (99, 'from the future')")
        self.storage.close()


@pytest.fixture(params=["files", "postgresql"])
def backend(request: pytest.FixtureRequest):
    if request.param == "files":
        yield FilesBackend(config.users_dir())
        return
    url = request.getfixturevalue("pg_url")
    b = PostgresBackend(url)
    try:
        yield b
    finally:
        b.storage.close()
