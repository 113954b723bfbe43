"""`museum-tui memory …`, `chat --plain` and `store migrate|status` on PostgreSQL, and the schema itself."""

from __future__ import annotations

import json

import pytest

from museum_tui import config
from museum_tui.cli import main
from museum_tui.memory import MemoryStore
from museum_tui.storage import UserMemoryFile, open_storage
from museum_tui.storage.schema import SCHEMA_VERSION
from tests.cli_process import museum

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: pip install '.[test]'")


def rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def save_files(museum_ontology, **facts: list[tuple[str, str]]) -> None:
    for user, items in facts.items():
        store = MemoryStore(museum_ontology)
        for concept, value in items:
            store.upsert(concept, value, "asserted", f"about {value}")
        UserMemoryFile(config.users_dir(), user).save(store)


def test_the_app_creates_the_schema_once_and_records_its_version(pg_url: str) -> None:
    for _ in range(2):
        storage = open_storage(pg_url)
        assert storage.visitors() == []
        storage.close()
    versions = rows(pg_url, "SELECT version FROM museum_tui.schema_version ORDER BY version")
    assert versions == [(v,) for v in range(1, SCHEMA_VERSION + 1)]
    tables = rows(pg_url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'museum_tui'")
    assert {t for (t,) in tables} == {"schema_version", "visitors", "facts", "quarantined_facts", "secrets"}
    columns = rows(pg_url, "SELECT column_name FROM information_schema.columns WHERE table_name = 'visitors'")
    assert ("meta",) in columns, "room for the memory layers' per-visitor data"


def test_migrate_copies_every_file_and_memory_commands_work_on_the_database(
    museum_ontology, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    save_files(
        museum_ontology,
        ann=[("SpecialNeed.Allergy", "peanuts"), ("ArtInterest.Artist", "Monet")],
        bob=[("SpecialNeed.HearingImpairment", "deaf")],
    )
    assert main(["store", "migrate", "--to", pg_url]) == 0
    out = capsys.readouterr().out
    assert "ann: 2 fact(s)" in out and "bob: 1 fact(s)" in out and "Copied 2 visitor(s)" in out
    assert main(["store", "migrate", "--to", pg_url]) == 0, "running it again changes nothing"
    assert main(["store", "status", "--store", pg_url]) == 0
    assert "2 visitor(s)" in capsys.readouterr().out

    assert main(["memory", "show", "--user", "ann", "--store", pg_url, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {f["value"] for f in shown["facts"]} == {"peanuts", "Monet"}
    assert main(["memory", "path", "--user", "ann", "--store", pg_url]) == 0
    assert "(visitor ann)" in capsys.readouterr().out
    assert main(["memory", "health", "--user", "ann", "--store", pg_url]) == 0
    assert main(["memory", "forget", "--user", "ann", "peanuts", "--store", pg_url]) == 0
    stored = rows(pg_url, "SELECT coalesce(data::text, '') FROM museum_tui.facts")
    assert not any("peanuts" in text for (text,) in stored), "forgetting reaches the database"
    assert main(["memory", "forget", "--user", "bob", "--all", "--yes", "--store", pg_url]) == 0
    assert rows(pg_url, "SELECT count(*) FROM museum_tui.facts WHERE forgotten_at IS NULL") == [(1,)]


def test_chat_plain_on_the_database_and_forget_there(pg_url: str) -> None:
    env = {"MUSEUM_TUI_STORE": pg_url}
    said = museum("chat", "--plain", "--offline", "--user", "cy", stdin="I'm allergic to peanuts\n", env=env)
    assert said.returncode == 0, said.stderr
    assert rows(pg_url, "SELECT count(*) FROM museum_tui.facts WHERE data->>'value' = 'peanuts'") == [(1,)]
    shown = museum("memory", "show", "--user", "cy", env=env)
    assert "peanuts" in shown.stdout
    forgot = museum("chat", "--plain", "--offline", "--user", "cy", stdin="/forget peanuts\n", env=env)
    assert forgot.returncode == 0, forgot.stderr
    assert rows(pg_url, "SELECT count(*) FROM museum_tui.facts WHERE data::text LIKE '%peanuts%'") == [(0,)]


def test_an_unreachable_database_is_one_clear_line(tmp_path) -> None:
    result = museum(
        "memory", "forget", "--user", "x", "--all", "--yes", "--store", "postgresql://nobody:s3cret@127.0.0.1:1/none"
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "s3cret" not in result.stderr + result.stdout, "a password in the URL is never shown"
    config_show = museum("config", "show", "--store", "postgresql://nobody:s3cret@db.example/museum")
    assert "postgresql://nobody@db.example/museum" in config_show.stdout and "s3cret" not in config_show.stdout


def test_switching_visitor_keeps_to_the_same_database(pg_url: str) -> None:
    script = "I'm deaf\n/user bea\nI'm allergic to peanuts\n"
    result = museum("chat", "--plain", "--offline", "--user", "al", "--store", pg_url, stdin=script)
    assert result.returncode == 0, result.stderr
    saved = rows(
        pg_url,
        "SELECT v.name, f.data->>'value' FROM museum_tui.facts f JOIN museum_tui.visitors v ON v.id = f.visitor_id "
        "ORDER BY 1",
    )
    assert saved == [("al", "deaf"), ("bea", "peanuts")]
    assert not (config.users_dir() / "al.toml").exists(), "nothing written to the files"
