"""Per-user memory files: the permanent and long_term tiers, saved as TOML and restored next visit.

Saving is atomic (temp file in the same folder, fsync, rename), private (0600 in a 0700 folder) and
merged under a lock, so two app instances for one visitor keep each other's facts and honour each
other's forgetting. Nothing the visitor had is ever lost: an unreadable file is moved aside byte for
byte and the caller gets a notice to show; a file from a newer version is read-only to us.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from museum_tui import clock
from museum_tui.memory import Fact, MemoryStore
from museum_tui.memory.fact_codec import InvalidEntry, decode_fact, encode_fact
from museum_tui.memory.merge import kept
from museum_tui.memory.snapshot import Consent, VisitorSnapshot
from museum_tui.memory.usernames import UserNameError, check_user_name
from museum_tui.memory.visits import KEPT_VISITS, VisitLog

from . import toml_read
from .private_files import (
    LockBusy,
    check_private_dir,
    explain_os_error,
    keep_aside,
    locked,
    prepare_private_dir,
    read_regular,
    read_signed,
    signature,
    write_atomic,
)
from .repository import LoadReport, Places, SavedMemory, SaveError, SaveReport
from .visitor_secret import SecretFile

SCHEMA_VERSION = 1
LOCK_TIMEOUT = 10.0


def other_spellings(users_dir: Path, user: str) -> list[str]:
    """Memory files saved before names were normalised whose name is `user` now (`Ann.toml` for `ann`)."""
    try:
        entries = os.listdir(users_dir)
    except OSError:
        return []
    found = []
    for entry in entries:
        if entry.endswith(".toml") and entry != f"{user}.toml" and not entry.startswith("."):
            with contextlib.suppress(UserNameError):
                if check_user_name(entry[:-5]) == user:
                    found.append(entry)
    return sorted(found)


@dataclass
class _DiskState(VisitorSnapshot):
    """A snapshot as read from a file, with what only a file has: facts of concepts this ontology lacks
    (kept as they are), entries that could not be read, and a newer schema's version."""

    foreign: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    newer: int | None = None


class _Corrupt(Exception):
    pass


class UserMemoryFile(SavedMemory):
    """One visitor's memory file under `users_dir`: `load` into a store, `save` from it.

    Keeps the set of facts it last read or wrote (the merge base), so a save can tell a fact another
    instance added (adopt it) from one this instance forgot (leave it out), and a fact another instance
    forgot (drop it here too) from one this instance has just said again (keep it).

    With `ask_sensitive` (a kiosk policy), facts of `sensitive` concepts are written only once the
    visitor agreed (`keep_sensitive` True, saved in the file with the time of the answer). Until they
    answer, the sensitive facts already in the file stay there and new ones are not written; after a
    "no", none are (so the next save removes them from the file).
    """

    def __init__(self, users_dir: Path | str, user: str) -> None:
        super().__init__(user)
        self.users_dir = Path(users_dir)
        self.path = self.users_dir / f"{self.user}.toml"
        self.lock_path = self.users_dir / f".{self.user}.lock"
        self._synced: tuple[object, ...] | None = None  # stat of the file as last read or written by us
        self._foreign: list[dict[str, Any]] = []
        self._chunks: dict[str, str] = {}  # a fact table's repr → its TOML text (see _render)

    def stored_bytes(self) -> int | None:
        """The size of the visitor's file."""
        try:
            return self.path.stat().st_size
        except OSError:
            return None

    # ---- reading -------------------------------------------------------------------------------------

    def _parse(self, raw: bytes, ontology_concepts: Any) -> _DiskState:
        try:
            data = toml_read.loads(raw.decode("utf-8"))  # a big file in pieces: see toml_read
        except (ValueError, RecursionError) as exc:
            # UnicodeDecodeError and rtoml.TomlParsingError are ValueErrors; the latter also covers integers
            # beyond 64 bits, nesting over 80 deep and dates Python cannot hold (year 0, second 60)
            raise _Corrupt(f"it is not valid TOML ({exc})") from None
        version = data.get("schema_version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise _Corrupt("it has no valid schema_version")
        if version > SCHEMA_VERSION:
            return _DiskState(newer=version)
        facts_raw = data.get("facts", [])
        if not isinstance(facts_raw, list):
            raise _Corrupt("'facts' is not a list of tables")
        state = _DiskState()
        for key in ("turn", "next_id"):
            value = data.get(key, getattr(state, key))
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                setattr(state, key, value)
        saved_at = data.get("saved_at")
        if isinstance(saved_at, datetime):
            state.saved_at = saved_at if saved_at.tzinfo else saved_at.replace(tzinfo=UTC)
        state.visits = VisitLog.from_records(data.get("visits")).past
        if isinstance(data.get("sensitive_consent"), bool):
            at = data.get("sensitive_consent_at", "")
            state.consent = Consent(data["sensitive_consent"], at if isinstance(at, str) and at.isprintable() else "")
        for index, entry in enumerate(facts_raw, start=1):
            try:
                fact = decode_fact(entry)
            except InvalidEntry as exc:
                state.skipped.append(f"fact {index}: {exc}")
                continue
            if fact.concept in ontology_concepts:
                state.facts.append(fact)
            else:
                state.foreign.append(entry)
        return state

    def _quarantine(self, raw: bytes, *, copy: bool) -> Path:
        """Move (or copy) the file aside as `<name>.corrupt-<time>-<digest>.toml`, bytes unchanged."""
        return keep_aside(self.path, raw, f"{self.user}.corrupt-{clock.now().strftime('%Y%m%dT%H%M%SZ')}", copy=copy)

    def _adopt_other_spelling(self, report: LoadReport) -> None:
        """A file saved under an older spelling of this name (`Ann.toml`) becomes this visitor's file."""
        if os.path.lexists(self.path):
            return
        found = other_spellings(self.users_dir, self.user)
        if len(found) > 1:
            report.notices.append(
                f"Several saved memories are spelled like {self.user} ({', '.join(found)}); none was opened. "
                f"Rename the one to keep to {self.path.name}."
            )
        elif found:
            with contextlib.suppress(OSError):
                os.link(self.users_dir / found[0], self.path)  # never replaces a file made meanwhile
                os.unlink(self.users_dir / found[0])
                report.notices.append(f"Your saved memory {found[0]} is now {self.path.name} (names ignore case).")

    def load(self, store: MemoryStore) -> LoadReport:
        """Restore the saved tiers into a fresh `store`. Never raises for a bad file: it reports."""
        report = LoadReport(self.path)
        self._base, self._foreign, self.read_only = {}, [], False
        self._adopt_other_spelling(report)
        try:
            check_private_dir(self.users_dir)
            raw, synced = read_signed(self.path)
        except FileNotFoundError:
            self._synced = ()  # no file: one made meanwhile is another writer's, to merge at the next save
            return report
        except OSError as exc:
            self.read_only = report.read_only = True
            report.notices.append(
                f"Could not read your saved memory at {self.path} ({exc.strerror}); "
                "this session starts empty and will not overwrite it."
            )
            return report
        try:
            state = self._parse(raw, store.ontology.concepts)
        except _Corrupt as exc:
            try:
                report.quarantined = self._quarantine(raw, copy=False)
            except OSError as move_exc:
                self.read_only = report.read_only = True
                report.notices.append(
                    f"Your saved memory at {self.path} could not be read ({exc}) nor moved "
                    f"aside ({move_exc.strerror}); it is left untouched and this session "
                    "will not save."
                )
                return report
            report.notices.append(
                f"Your saved memory could not be read ({exc}). It was kept unchanged as "
                f"{report.quarantined}; this session starts with an empty memory."
            )
            return report
        if state.newer is not None:
            self.read_only = report.read_only = True
            report.notices.append(
                f"Your saved memory at {self.path} was written by a newer museum-tui "
                f"(schema {state.newer}, this one reads {SCHEMA_VERSION}). It was not loaded "
                "and will not be overwritten; this session will not save."
            )
            return report
        if state.skipped:
            report.quarantined = self._quarantine(raw, copy=True)
            report.notices.append(
                f"{len(state.skipped)} saved fact(s) were unreadable and left out "
                f"({'; '.join(state.skipped[:3])}). A copy of the whole file was kept as "
                f"{report.quarantined}."
            )
        if state.foreign:
            report.notices.append(
                f"{len(state.foreign)} saved fact(s) belong to concepts this ontology does "
                "not declare; they stay in the file but are not used."
            )
        self._foreign = state.foreign
        report.saved_at = self.saved_at = state.saved_at
        report.loaded = self._restore(store, state)
        self._synced = synced  # the version read, not whatever the path holds by now
        return report

    # ---- writing -------------------------------------------------------------------------------------

    def _render(self, store: MemoryStore) -> tuple[bytes, list[Fact]]:
        """The file's text. Each fact's TOML is cached by its content: permanent facts do not change from
        save to save, and tomli-w's per-key formatting is most of a save's cost."""
        import tomli_w

        withheld = {id(f) for f in self.withheld(store)}
        facts = [f for f in kept(store).values() if id(f) not in withheld]
        facts.sort(key=lambda f: (f.created_turn, f.seq))
        header = {
            "schema_version": SCHEMA_VERSION,
            "revision": secrets.token_hex(8),  # new per save, early in the file: see `signature`
            "saved_at": self._save_time(),
            "user": self.user,
            "ontology": store.ontology.name or (store.ontology.source.name if store.ontology.source else ""),
            "turn": store.turn,
            "next_id": store.next_id,
        }
        if self.consent.answer is not None:
            header["sensitive_consent"] = self.consent.answer
            header["sensitive_consent_at"] = self.consent.at
        if self.visits.all():
            header["visits"] = [v.record() for v in sorted(self.visits.all(), key=lambda v: v.started_at)][
                -KEPT_VISITS:
            ]
        if not facts and not self._foreign:
            header["facts"] = []  # say so explicitly: an empty memory, not a truncated file
        chunks, cache = [tomli_w.dumps(header)], {}
        for table in [encode_fact(f) for f in facts]:
            # Salience changes every turn for decaying facts, so it is kept out of the cached text and
            # written first under the table's header (a float's repr is a valid TOML float).
            salience = float(table.pop("salience"))
            key = repr(table)
            chunk = self._chunks.get(key) or tomli_w.dumps({"facts": [table]})
            cache[key] = chunk
            header_line, _, body = chunk.partition("\n")
            if header_line == "[[facts]]":
                chunks.append(f"{header_line}\nsalience = {salience!r}\n{body}")
            else:  # tomli-w chose an inline table (a very short fact): no header to write under
                chunks.append(tomli_w.dumps({"facts": [{**table, "salience": salience}]}))
        chunks.extend(tomli_w.dumps({"facts": [table]}) for table in self._foreign)
        self._chunks = cache  # only what this file holds now: the cache never outgrows one file's text
        return "\n".join(chunks).encode("utf-8"), facts

    def save(self, store: MemoryStore) -> SaveReport:
        """Merge with what is on disk now, then write the persisted tiers atomically.

        Raises `SaveError` with a readable reason (read-only folder, disk full, newer file, busy lock);
        the old file is then untouched and the in-memory store still holds everything.
        """
        report = SaveReport(self.path)
        if self.read_only:
            raise SaveError(f"not saving: {self.path} is kept read-only for this session (see the notice at start-up)")
        try:
            prepare_private_dir(self.users_dir)
            with locked(self.lock_path, LOCK_TIMEOUT, "memory was not saved this time"):
                disk: _DiskState | None = _DiskState()
                if signature(self.path) == self._synced and self._synced is not None:
                    disk = None  # nobody wrote since we last read or wrote: nothing to merge
                elif os.path.lexists(self.path):
                    raw = read_regular(self.path)
                    try:
                        disk = self._parse(raw, store.ontology.concepts)
                    except _Corrupt as exc:
                        disk.known = False
                        moved = self._quarantine(raw, copy=False)
                        report.notices.append(
                            f"The saved memory file had become unreadable ({exc}); it was "
                            f"kept as {moved} and replaced by this session's memory."
                        )
                    if disk.newer is not None:
                        self.read_only = True
                        raise SaveError(
                            f"not saving: {self.path} was written by a newer museum-tui (schema {disk.newer})"
                        )
                if disk is not None and disk.saved_at is not None:
                    self.saved_at = max(disk.saved_at, self.saved_at) if self.saved_at else disk.saved_at
                if disk is not None:
                    merged = self._merge(store, disk)
                    report.adopted, report.dropped = merged.adopted, merged.dropped
                    self._foreign = disk.foreign
                payload, facts = self._render(store)
                write_atomic(self.path, payload, f".{self.user}.")
                self._synced = signature(self.path)
                self.saved_at = self._save_time()
        except LockBusy as exc:
            raise SaveError(str(exc)) from None
        except OSError as exc:
            raise SaveError(explain_os_error(exc, self.users_dir, self.path)) from None
        report.written = len(facts)
        self._written(facts)
        return report


class FileStorage:
    """The per-user TOML files in one folder (`<name>.toml`), the default store. Kiosk secrets are kept
    beside them (`.<name>~secret`); exports go to `exports_dir` (the data folder's `exports`)."""

    schema_version = SCHEMA_VERSION

    def __init__(self, users_dir: Path | str, exports_dir: Path | str | None = None) -> None:
        self.users_dir = Path(users_dir)
        self.location = str(self.users_dir)
        exports = Path(exports_dir) if exports_dir is not None else self.users_dir.parent / "exports"
        self.places = Places(self.location, self.users_dir, exports, (self.users_dir,))

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

    def holds(self, user: str) -> bool:
        """A memory file under this name, or under an older spelling of it."""
        return os.path.lexists(self.users_dir / f"{user}.toml") or bool(other_spellings(self.users_dir, user))

    def erase(self, user: str) -> bool:
        """Remove the visitor's file (under its lock); copies kept aside and the secret stay."""
        memory = self.open(user)
        if not os.path.lexists(memory.path):
            return False
        try:
            check_private_dir(self.users_dir)
            with locked(memory.lock_path, LOCK_TIMEOUT, "nothing was erased"):
                memory.path.unlink()
        except LockBusy as exc:
            raise SaveError(str(exc)) from None
        except OSError as exc:
            raise SaveError(explain_os_error(exc, self.users_dir, memory.path)) from None
        return True

    def purge(self, before: datetime) -> int:
        """Nothing to purge: the files keep no tombstones (a forgotten fact leaves the file at once)."""
        return 0

    def secret(self, user: str) -> SecretFile:
        return SecretFile(self.users_dir, check_user_name(user))

    def secret_holders(self) -> list[str]:
        """The visitors with a PIN here (`.<name>~secret` files), memory saved or not."""
        try:
            entries = os.listdir(self.users_dir)
        except OSError:
            return []
        return sorted(e[1 : -len("~secret")] for e in entries if e.startswith(".") and e.endswith("~secret"))

    def close(self) -> None:
        return None
