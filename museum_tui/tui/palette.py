"""The command palette's own entries (Ctrl+P): every slash command, searchable."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from textual.command import DiscoveryHit, Hit, Hits, Provider


class Chooser(Protocol):
    def palette_chose(self, text: str, run: bool) -> None: ...


class MuseumCommands(Provider):
    """Every slash command, in the command palette. One that needs words (an id, a name) is put in the
    message box to be finished; the others run at once (`palette_chose`, on the app)."""

    async def discover(self) -> Hits:
        from .help import palette_entries  # when the palette opens, not with the first screen

        app = self.app
        assert hasattr(app, "palette_chose")
        chooser: Chooser = app  # type: ignore[assignment]
        for title, text, help_text, run in palette_entries():
            yield DiscoveryHit(title, partial(chooser.palette_chose, text, run), help=help_text)

    async def search(self, query: str) -> Hits:
        from .help import palette_entries

        app = self.app
        assert hasattr(app, "palette_chose")
        chooser: Chooser = app  # type: ignore[assignment]
        matcher = self.matcher(query)
        for title, text, help_text, run in palette_entries():
            score = matcher.match(f"{title} {text}")
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(chooser.palette_chose, text, run), help=help_text)
