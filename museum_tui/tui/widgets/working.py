"""A one-line "the assistant is working" indicator: while a message waits for the visitor's memory to load
("Loading your memory…"), from send to the reply's first words ("Thinking…"), and after the reply while memory
is being updated. A spinner and the seconds waited; hidden otherwise."""

from __future__ import annotations

import time

from textual.timer import Timer
from textual.widgets import Static

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
LABELS = {"loading": "Loading your memory…", "thinking": "Thinking…", "remembering": "Updating memory…"}
STOPPABLE = {"thinking", "remembering"}  # Esc stops a model; a file being read is waited for


class WorkingIndicator(Static):
    DEFAULT_CSS = """
    WorkingIndicator { display: none; height: 1; margin: 0 2; color: $text-muted; }
    WorkingIndicator.-on { display: block; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)
        self.stage: str | None = None
        self.label = ""
        self._since = 0.0
        self._timer: Timer | None = None

    def start(self, stage: str, label: str = "") -> None:
        """Show it (again, from zero seconds) for this stage of the turn; `label` says more than the stage."""
        self.stage = stage
        self.label = label or LABELS.get(stage, "Working…")
        self._since = time.monotonic()
        self.add_class("-on")
        self._tick()
        if self._timer is None:
            self._timer = self.set_interval(0.2, self._tick)

    def stop(self) -> None:
        if self.stage is None:
            return
        self.stage = None
        self.remove_class("-on")
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if self.stage is None:
            return
        waited = time.monotonic() - self._since
        frame = FRAMES[int(waited * 5) % len(FRAMES)]
        stop = " · Esc to stop" if self.stage in STOPPABLE else ""
        self.update(f"{frame} {self.label} {waited:.0f} s{stop}")
