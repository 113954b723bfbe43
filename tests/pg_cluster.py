"""A throwaway PostgreSQL cluster for the tests and benchmarks: initdb into a temp folder, a free port on
127.0.0.1, trust authentication, stopped and removed afterwards (also at interpreter exit, whatever failed).

Run as root (as CI does), the server runs as the `postgres` OS user, which owns the temp folder. Needs the
server binaries (`pg_config --bindir`, or Debian's /usr/lib/postgresql/*/bin); `find_bindir()` is None
without them and callers skip, saying so.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def find_bindir() -> Path | None:
    candidates = []
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, timeout=10)
        if out.returncode == 0:
            candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Cluster:
    """A running server; `url(db)` connects to database `db` as the superuser `postgres`."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="museum-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self._as: list[str] = []
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            entry = pwd.getpwnam("postgres")
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self.running = False
        atexit.register(self.stop)

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self._as, *args], capture_output=True, text=True, timeout=timeout, cwd=self.root, check=False
        )

    def start(self) -> Cluster:
        out = self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--locale=C", "--no-sync",
        )  # fmt: skip
        if out.returncode != 0:
            self.stop()
            raise RuntimeError(f"initdb failed: {out.stderr or out.stdout}")
        for _ in range(5):  # the port may be taken between finding it free and binding it
            self.port = _free_port()
            options = (
                f"-p {self.port} -h 127.0.0.1 -k {self.root} -c fsync=off -c synchronous_commit=off "
                "-c full_page_writes=off -c max_connections=200"
            )
            out = self._run(
                str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.root / "log"),
                "-w", "-t", "60", "start",
            )  # fmt: skip
            if out.returncode == 0:
                self.running = True
                return self
        log = (self.root / "log").read_text(errors="replace") if (self.root / "log").exists() else ""
        self.stop()
        raise RuntimeError(f"pg_ctl start failed: {out.stderr or out.stdout}\n{log[-2000:]}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.running:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", timeout=60)
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)


def create_database(cluster: Cluster, name: str) -> str:
    """A new empty database; its URL."""
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return cluster.url(name)


def drop_database(cluster: Cluster, name: str) -> None:
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
