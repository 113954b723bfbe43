"""One line per target, in the same form from every benchmark, so `run_all.py` can gather them into the
summary table: `target | what | figure | target | ok or MISSED`."""

from __future__ import annotations

PREFIX = "target | "


def target(what: str, figure: str, goal: str, met: bool) -> None:
    print(f"{PREFIX}{what} | {figure} | {goal} | {'ok' if met else 'MISSED'}")
