"""The storage seam: what a store of visitors' memories must do, whatever holds it.

Two stores implement it: the per-user TOML files (`UserMemoryFile`, under `FileStorage`, the default) and
PostgreSQL (`museum_tui.storage.postgres`, for a fleet of kiosks sharing one database). The store, not the
Session, owns concurrency: the files with a lock, the database with transactions and row locks. Either way
a save merges with what another instance saved meanwhile: a fact another one added is adopted, a fact
forgotten elsewhere is dropped here too, and a fact just said again here is kept.

Pure: no network and no import of any database driver here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from .facts import Fact
from .persistence import SCHEMA_VERSION, LoadReport, SaveReport, UserMemoryFile
from .store import MemoryStore
from .usernames import UserNameError, check_user_name
from .visits import VisitLog


@runtime_checkable
class VisitorMemory(Protocol):
    """One visitor's saved memory: load it into a store, save a store into it (merging), and the kiosk
    consent to keep sensitive needs. `read_only`: this session must not write (a newer schema, a file that
    could not be read); `save` then raises `SaveError`."""

    user: str
    path: Path | str  # where it is, for messages and `memory path` (a database location holds no password)
    read_only: bool
    ask_sensitive: bool
    keep_sensitive: bool | None
    consent_at: str
    visits: VisitLog  # past visits and this one, saved with the kept tiers

    def load(self, store: MemoryStore) -> LoadReport: ...

    def save(self, store: MemoryStore) -> SaveReport: ...

    def set_consent(self, agreed: bool) -> None: ...

    def sensitive(self, store: MemoryStore) -> list[Fact]: ...

    def withheld(self, store: MemoryStore) -> list[Fact]: ...


@runtime_checkable
class MemoryStorage(Protocol):
    """Where every visitor's memory is kept. `location` is safe to show (never a password)."""

    location: str
    schema_version: int

    def open(self, user: str) -> VisitorMemory:
        """The visitor's memory (not loaded yet). Raises `UserNameError` for a name that is not a name."""
        ...

    def visitors(self) -> list[str]:
        """The names of the visitors with something saved, sorted."""
        ...

    def close(self) -> None: ...


class FileStorage:
    """The per-user TOML files in one folder (`<name>.toml`), the default store."""

    schema_version = SCHEMA_VERSION

    def __init__(self, users_dir: Path | str) -> None:
        self.users_dir = Path(users_dir)
        self.location = str(self.users_dir)

    def open(self, user: str) -> UserMemoryFile:
        return UserMemoryFile(self.users_dir, user)

    def visitors(self) -> list[str]:
        names = []
        for path in self.users_dir.glob("*.toml") if self.users_dir.is_dir() else ():
            try:
                names.append(check_user_name(path.stem))
            except UserNameError:
                continue
        return sorted(n for n in names if ".corrupt-" not in n)

    def close(self) -> None:
        return None


def stored_bytes(memory: VisitorMemory) -> int | None:
    """How much the visitor's saved memory takes (the file's size, or the database rows'), if known."""
    measure = getattr(memory, "stored_bytes", None)
    if measure is not None:
        return measure()
    try:
        return Path(memory.path).stat().st_size
    except OSError:
        return None


def is_database_url(spec: str) -> bool:
    return spec.startswith(("postgresql://", "postgres://"))


def url_secrets(spec: str) -> list[str]:
    """The password(s) a database URL holds, so messages can be scrubbed of them."""
    if not is_database_url(spec):
        return []
    rest, _, query = spec.partition("://")[2].partition("?")
    userinfo, at, _ = rest.rpartition("@")
    found = [userinfo.split(":", 1)[1]] if at and ":" in userinfo else []
    found += [p.split("=", 1)[1] for p in query.split("&") if p.lower().startswith("password=")]
    return [s for s in found if s]


def safe_location(spec: str) -> str:
    """A store's setting fit to show: a database URL without its password."""
    if not is_database_url(spec):
        return spec
    scheme, _, rest = spec.partition("://")
    rest, mark, query = rest.partition("?")
    if mark:
        kept = [p for p in query.split("&") if p and not p.lower().startswith("password=")]
        query = "&".join(kept)
    userinfo, at, hostpart = rest.rpartition("@")
    if at:
        user = userinfo.split(":", 1)[0]
        rest = f"{user + '@' if user else ''}{hostpart}"
    return f"{scheme}://{rest}{'?' + query if query else ''}"
