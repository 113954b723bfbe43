"""Kiosk mode (`kiosk = true`, `MUSEUM_TUI_KIOSK`, `--kiosk`): a shared terminal where one visitor must not
read another's memory.

A kiosk session starts with an anonymous visitor whose memory lasts the visit (nothing is loaded or
saved). `/user <name>` asks for that visitor's PIN or pass phrase (a `SecretQuestion`; a
`NewSecretQuestion` for a name not yet taken, to choose one), and the front end sends the answer, masked, to
`Session.submit_secret`. Only then is the memory opened. Files saved before the kiosk protected them
(no secret) are not opened at all. The gate only decides; the Session makes the switch.
"""

from __future__ import annotations

import asyncio

from museum_tui.config import Settings
from museum_tui.memory import Ontology, check_user_name
from museum_tui.safetext import md
from museum_tui.storage import MemoryStorage
from museum_tui.storage.visitor_secret import MIN_LENGTH, SecretError, SecretLocked, new_record, verify_secret

from .events import CommandResult, Event, NewSecretQuestion, SecretQuestion
from .visitor import Visitor, new_store

REFUSED = "On this kiosk {what} is not available; ask the staff."


def anonymous_visitor(settings: Settings, ontology: Ontology, storage: MemoryStorage) -> Visitor:
    """The kiosk's visitor until someone opens their memory: nothing is read or written for it; `storage` is
    where the next visitor's memory will come from."""
    memory_file = storage.open(settings.user)
    memory_file.read_only = True
    return Visitor(new_store(settings, ontology), memory_file, storage, anonymous=True)


class KioskGate:
    """Which visitor's memory may open: holds the one question asked and not yet answered."""

    def __init__(self) -> None:
        # ("unlock" | "choose" | "confirm", canonical name, the first answer's hash when confirming)
        self.pending: tuple[str, str, str] | None = None

    def request(self, storage: MemoryStorage, name: str) -> list[Event]:
        """`/user name` on a kiosk: the question to ask. Raises `UserNameError` for a name that is not one."""
        user = check_user_name(name)
        self.pending = None
        try:
            protected = storage.secret(user).exists()
        except SecretError as exc:
            return [CommandResult("user", f"{md(str(exc), 300)}.", ok=False)]
        if protected:
            self.pending = ("unlock", user, "")
            return [SecretQuestion("user", f"The memory of **{md(user)}** is protected. Enter its PIN or pass phrase.")]
        if storage.holds(user):
            text = (
                f"The memory of **{md(user)}** was saved before this kiosk protected memories with a PIN, so it "
                "cannot be opened here. Choose another name, or ask the staff."
            )
            return [CommandResult("user", text, ok=False)]
        self.pending = ("choose", user, "")
        text = (
            f"**{md(user)}** is a new name here. Choose a PIN or pass phrase (at least {MIN_LENGTH} characters): "
            "your memory will open only with it, on your next visit too."
        )
        return [NewSecretQuestion("user", text)]

    async def answer(self, storage: MemoryStorage, secret: str | None) -> tuple[str | None, list[Event]]:
        """Check (or set) the secret for the question asked: the name to open, or None and what to say."""
        pending, self.pending = self.pending, None
        if pending is None:
            return None, [CommandResult("user", "No PIN or pass phrase was asked for.", ok=False)]
        if not secret:
            return None, [CommandResult("user", "Nothing was changed.", ok=False)]
        mode, user, first = pending
        secret_file = storage.secret(user)
        try:
            if mode == "choose":  # asked twice: a typo must not lock the visitor out of their own memory
                record = await asyncio.to_thread(new_record, secret)
                self.pending = ("confirm", user, str(record["hash"]))
                return None, [NewSecretQuestion("user", "Type the same PIN or pass phrase again.")]
            if mode == "confirm":
                if not await asyncio.to_thread(verify_secret, secret, first):
                    text = f"The two did not match. Nothing was changed: say `/user {md(user)}` to choose again."
                    return None, [CommandResult("user", text, ok=False)]
                if await asyncio.to_thread(secret_file.create, secret):  # only if none exists, under the lock
                    return user, []
                text = (
                    f"**{md(user)}** was registered elsewhere a moment ago, with its own PIN. Nothing was changed: "
                    f"say `/user {md(user)}` to enter it, or choose another name."
                )
                return None, [CommandResult("user", text, ok=False)]
            if await asyncio.to_thread(secret_file.check, secret):
                return user, []
        except SecretLocked as exc:
            text = f"Too many wrong tries for **{md(user)}**: try again in {exc.seconds} s. Nothing was changed."
            return None, [CommandResult("user", text, ok=False)]
        except SecretError as exc:
            reason = str(exc)[:1].upper() + str(exc)[1:]
            return None, [CommandResult("user", f"{md(reason, 300)}. Nothing was changed.", ok=False)]
        text = f"That is not the PIN or pass phrase of **{md(user)}**. Nothing was changed."
        return None, [CommandResult("user", text, ok=False)]
