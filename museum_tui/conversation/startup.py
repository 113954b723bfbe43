"""What a session loads after its first screen: named loads, each in a thread, awaited only where needed.

The first screen needs the settings, the venue's name and an empty memory panel. Everything slow is a `Load`
here instead: the visitor's memory (a file may hold 50,000 facts), the HTTP stack, the venue's retrieval
index. A front end calls `start` once its first frame is drawn (the app then also warms up the extractor:
`Session.warm_up`); a turn awaits only the loads marked `needed` (the memory: nothing may be said to, or
saved over, a memory not read yet); the others are built on first use if they have not finished. Any layer
with something slow to load (the semantic vectors, a richer venue index) adds it with `Preparation.add`
(see docs/architecture.md, "Start-up").

Each load runs in a daemon thread of its own rather than the event loop's executor: quitting while a big
file is still being read must not wait for it (nothing was changed yet, so nothing needs saving).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from .events import Event, Notice, Working

log = logging.getLogger("museum_tui.conversation")
# While loads run, a thread waiting for the interpreter's lock (the event loop, with a key to show) gets it
# within a millisecond instead of Python's default 5: a load's thread never makes typing wait.
SWITCH_INTERVAL = 0.001


@dataclass
class Load:
    """One thing to load off the event loop. `run` is called in a thread; `then` (on the event loop, with
    what `run` returned) applies it and returns the events a front end should show; `failed` does the
    same for an exception (default: one notice naming `label`)."""

    name: str
    label: str  # what is loading, in the visitor's words: "your memory"
    run: Callable[[], Any]
    needed: bool = False  # a turn or a command waits for it
    then: Callable[[Any], list[Event]] | None = None
    failed: Callable[[BaseException], list[Event]] | None = None


@dataclass
class Preparation:
    """The session's loads. `start` begins every one not yet begun; `wait` awaits them."""

    loads: dict[str, Load] = field(default_factory=dict)
    _tasks: dict[str, asyncio.Task[list[Event]]] = field(default_factory=dict)
    _delivered: set[str] = field(default_factory=set)
    _running: int = 0
    _interval: float = 0.005

    def add(self, load: Load) -> None:
        """Register a load; if the others have started already, it starts too."""
        self.loads[load.name] = load
        if self._tasks:
            self.start()

    def start(self) -> None:
        """Begin every load not begun yet (needs a running event loop)."""
        for name, load in self.loads.items():
            if name not in self._tasks:
                if not self._running:  # see SWITCH_INTERVAL
                    self._interval = sys.getswitchinterval()
                    sys.setswitchinterval(SWITCH_INTERVAL)
                self._running += 1
                self._tasks[name] = asyncio.ensure_future(self._run(load))

    @property
    def started(self) -> bool:
        return bool(self._tasks)

    def pending(self, *, needed: bool = True) -> list[Load]:
        """The loads not finished yet (only those a turn waits for, unless `needed` is False)."""
        return [
            load
            for name, load in self.loads.items()
            if (load.needed or not needed) and not (name in self._tasks and self._tasks[name].done())
        ]

    def done(self, name: str) -> bool:
        task = self._tasks.get(name)
        return task is not None and task.done()

    async def wait(self, *, needed: bool = True) -> list[Event]:
        """Start what has not started, wait for the needed loads (all loads with `needed=False`) and return
        the events of those finished that nobody was given yet: each load's events are handed out once."""
        self.start()
        for name in [name for name, load in self.loads.items() if load.needed or not needed]:
            await asyncio.shield(self._tasks[name])  # a waiter given up on (Esc, quit) stops no load
        events: list[Event] = []
        for name, task in self._tasks.items():
            if task.done() and name not in self._delivered:
                self._delivered.add(name)
                events += task.result()
        return events

    async def ready(self) -> AsyncIterator[Event]:
        """`wait`, as events: `Working("loading")` first if a needed load has not finished."""
        if self.pending():
            yield Working("loading")
        for event in await self.wait():
            yield event

    async def _run(self, load: Load) -> list[Event]:
        try:
            result = await in_thread(load.run, f"load-{load.name}")
        except Exception as exc:  # a load that fails must not take the app with it: say so, carry on
            log.warning("loading %s failed", load.name, exc_info=True)
            if load.failed is not None:
                return load.failed(exc)
            return [Notice(f"Could not load {load.label} ({type(exc).__name__}: {exc}).", "warning")]
        finally:
            self._running -= 1
            if not self._running:
                sys.setswitchinterval(self._interval)
        return load.then(result) if load.then is not None else []


def in_thread(function: Callable[[], Any], name: str) -> asyncio.Future[Any]:
    """`function()` in a new daemon thread; its result (or exception) on the calling event loop."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def work() -> None:
        try:
            result, error = function(), None
        except BaseException as exc:  # handed to the awaiting coroutine, which decides
            result, error = None, exc
        with contextlib.suppress(RuntimeError):  # the loop has closed (the app quit meanwhile): nobody waits
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=work, name=name, daemon=True).start()
    return future
