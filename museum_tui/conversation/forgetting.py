"""Forgetting everything forgets the visitor: `/forget all` erases the saved record whole (facts, visit log,
consent answer), not just the facts, so the next visit is not greeted "Welcome back … (Accessibility)".

On a kiosk it also removes the visitor's PIN and what `/export` wrote for them in the kiosk's exports
folder (which may hold sensitive needs they declined to keep), and the rest of the visit is anonymous:
nothing more is saved under the name, so it is free again.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from museum_tui.storage import PersistenceError
from museum_tui.storage.visitor_secret import SecretError

from .events import Notice

if TYPE_CHECKING:
    from .session import Session


def exports_of(folder_files: list, user: str) -> list:
    """The exports `/export` wrote for `user` in its default folder (`<user>-memory.md`, `.json`, …)."""
    return [p for p in folder_files if p.name.startswith(f"{user}-memory")]


async def forget_visitor(session: Session) -> list[Notice]:
    """Erase the current visitor's saved record (and on a kiosk their PIN and exports); what to tell them.
    Their facts were already forgotten in memory (`Session.forget`); `/undo` can still bring those back."""
    visitor = session.visitor
    storage, user = visitor.storage, visitor.user
    if visitor.anonymous:
        return []
    async with visitor.lock:
        try:
            await asyncio.to_thread(storage.erase, user)
        except PersistenceError as exc:
            return [Notice(f"Your saved visits could not be erased: {exc}", "error")]
        fresh = storage.open(user)  # nothing read: the next save starts a new record, merging with nothing
        fresh.ask_sensitive, fresh.visits.gap = visitor.memory_file.ask_sensitive, visitor.memory_file.visits.gap
        visitor.memory_file = fresh
        if session.kiosk is None:
            return []
        fresh.read_only = True
        visitor.anonymous = True
        notices = []
        try:
            await asyncio.to_thread(storage.secret(user).delete)
        except SecretError as exc:
            notices.append(Notice(f"Your PIN could not be removed: {exc}; ask the staff.", "error"))
        folder = storage.places.exports
        with contextlib.suppress(OSError):
            for path in exports_of(list(folder.iterdir()) if folder.is_dir() else [], user):
                path.unlink()
    return [*notices, Notice("Your PIN and exports are removed too; for the rest of this visit you are anonymous.")]
