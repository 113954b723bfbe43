"""Markdown rendered to clean text for people reading (or hearing) `chat --plain`: no `**`, backticks or
`#`; a list item is a line; a link keeps its address in brackets. Parsed with markdown-it-py (the parser
Textual and Rich already use), so escapes (`\\*`) and code spans come out as the writer meant them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


def to_plain(markdown: str) -> str:
    """`markdown` as plain lines: one line per paragraph, heading, list item or table row."""
    tokens = _parser().parse(markdown)
    lines: list[str] = []
    lists: list[list[int]] = []  # the next number of each open list ([0] for a bullet list)
    row: list[str] = []
    item_start = False  # the next line is the first of a list item and takes its marker
    in_cell = False
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append([int(token.attrs.get("start", 1) or 1)] if kind == "ordered_list_open" else [0])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            item_start = True
        elif kind in ("th_open", "td_open", "th_close", "td_close"):
            in_cell = kind.endswith("_open")
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close":
            lines.append(" · ".join(cell for cell in row if cell))
        elif kind == "inline":
            text = _inline(token.children or [])
            if in_cell:
                row.append(text)
                continue
            lines.extend(_block_lines(text, lists, item_start))
            item_start = False
        elif kind in ("fence", "code_block"):
            lines.extend(token.content.rstrip("\n").splitlines())
        elif kind == "html_block":
            lines.extend(token.content.strip().splitlines())
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _block_lines(text: str, lists: list[list[int]], item_start: bool) -> list[str]:
    indent = "  " * max(0, len(lists) - 1)
    out = []
    for n, line in enumerate(text.split("\n")):
        if lists and n == 0 and item_start:
            counter = lists[-1]
            marker = "-" if counter[0] == 0 else f"{counter[0]}."
            if counter[0]:
                counter[0] += 1
            out.append(f"{indent}{marker} {line}")
        else:
            out.append(f"{indent}  {line}" if lists else line)
    return out


def _inline(children: list[Token]) -> str:
    parts: list[str] = []
    links: list[str] = []
    for child in children:
        kind = child.type
        if kind in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif kind == "softbreak":
            parts.append(" ")
        elif kind == "hardbreak":
            parts.append("\n")
        elif kind == "image":
            parts.append(child.content or str(child.attrs.get("alt", "")))
        elif kind == "link_open":
            links.append(str(child.attrs.get("href", "")))
            parts.append("\0")  # where the link text starts
        elif kind == "link_close" and links:
            href = links.pop()
            start = len(parts) - 1 - parts[::-1].index("\0")
            label = "".join(parts[start + 1 :])
            del parts[start:]
            parts.append(label if href in (label, f"mailto:{label}") or not href else f"{label} ({href})")
    return "".join(parts)
