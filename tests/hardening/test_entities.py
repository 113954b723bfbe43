"""HTML entities never become bidi overrides or invisible characters: not in the app's Markdown (model
replies, notices, the memory screen) and not in a `.md` export opened in a Markdown viewer. Reproduced
before the fix: the text was cleaned before parsing, and the parser then decoded `&#x202E;` into U+202E and
`&ZeroWidthSpace;` into U+200B; the `.md` export left `&#x202E;` for the viewer to decode."""

from __future__ import annotations

import httpx
from markdown_it import MarkdownIt
from textual.widgets import Static

from museum_tui.config import load_settings
from museum_tui.conversation import open_session
from museum_tui.memory import MemoryStore
from museum_tui.memory.document import export_markdown
from museum_tui.tui.widgets.chat import AssistantMessage
from tests.fake_openai import FakeOpenAI
from tests.tui.conftest import make_app, say

HIDDEN = ("\u202e", "\u202d", "\u200b", "\u2066", "\u200f", "\ufeff")
ENTITIES = "&#x202E; &#8237; &ZeroWidthSpace; &#x2066; &rlm; &#xFEFF;"


def rendered(widget: object) -> str:
    return "\n".join(str(block.render()) for block in widget.query(Static))  # type: ignore[attr-defined]


async def test_a_model_reply_with_entities_shows_no_hidden_characters() -> None:
    reply = f"The caf\u00e9 {ENTITIES} is on floor **2** &amp; open [now](http://x '&#x202E;t')."
    with FakeOpenAI(reply=reply) as server:
        settings = load_settings({"base_url": server.base_url, "model": "fake"})
        session = open_session(settings, env={})
        session.chat.client._http.timeout = httpx.Timeout(5, connect=5)
        app = make_app(session)
        async with app.run_test() as pilot:
            await say(pilot, "Where is the cafe?")
            (message,) = app.query(AssistantMessage)
            text = rendered(message)
    assert "floor" in text and "2" in text and "& open" in text, "the rest of the reply is shown as written"
    for ch in HIDDEN:
        assert ch not in text, f"U+{ord(ch):04X} on screen"


def test_a_markdown_export_keeps_entities_literal(museum_ontology) -> None:
    store = MemoryStore(museum_ontology)
    store.upsert("SpecialNeed.Allergy", f"kiwi{ENTITIES}", "asserted", f"I'm allergic to kiwi {ENTITIES}")
    exported = export_markdown(store, "ann")
    viewer = MarkdownIt("commonmark")
    shown = "".join(
        child.content for token in viewer.parse(exported) for child in token.children or () if child.type == "text"
    )
    assert "kiwi" in shown and "&#x202E;" in shown, "the entity is shown as typed"
    for ch in HIDDEN:
        assert ch not in shown, f"a viewer decodes U+{ord(ch):04X}"
