"""Words: folding, tokens, stems and the one stop-word list every reader of the visitor's text shares.

Two foldings, for two jobs: `plain` (lower case, accents and curly quotes gone, spaces collapsed) keeps
the visitor's wording and is what the concierge, recall and the summary compare; `clauses.fold` also
expands contractions and drops intensifiers, for the extractor's cues.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Function words: they say nothing about what a message is about. One list for the concierge, recall and
# the summary (each used to keep its own; this is their union).
STOPWORDS = frozenset(
    """a an the and or but so of to in on at by for from with about into onto over near nearest closest i im
    i'm i've i'd i'll me my we we're we've we'll we'd us our you your it it's its this that these those there
    here is are was were be been am do does did doing have has had can could may might would should will shall
    must what whats where wheres when who whos which how why whom please thanks thank hi hello hey any
    anything some something somewhere anywhere one ones get got go going find see look tell know show just
    really very much more most also still yet actually if then than as not no yes yeah ok okay s t d ll re ve
    take long let all out too again want need like lot lots many well bit now they them their where's what's
    who's there's that's he's she's they're""".split()  # noqa: SIM905
)
WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")  # a word of any script, with an inner apostrophe
FOLDED_WORD = re.compile(r"[a-z0-9£]+(?:-[a-z0-9]+)*")  # a word of folded (`plain`) text


def unaccented(text: str) -> str:
    """The text with its accents dropped, case kept ("José" → "Jose", "Zoë" → "Zoe")."""
    if text.isascii():  # nothing to drop (most text; this runs on every word the concierge compares)
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@lru_cache(maxsize=16384)
def plain(text: str) -> str:
    """Lower case, curly quotes straightened, accents dropped, spaces collapsed."""
    return " ".join(unaccented(text.replace("’", "'").replace("‘", "'")).lower().split())


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light English stem: plurals and a long -ing ("galleries" → "gallery", "paintings" → "painting").
    A word in -ie meets its plural in -y ("cookie" and "cookies" → "cooky"), as "gallery" meets "galleries"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("ie"):
        return word[:-2] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    if len(word) > 6 and word.endswith("ing"):
        return word[:-3]
    return word


def words(text: str) -> list[str]:
    """Folded words of `text`, hyphenated words also split into their parts."""
    out = []
    for w in FOLDED_WORD.findall(plain(text).replace("'s ", " ")):
        out.append(w)
        if "-" in w:
            out.extend(w.split("-"))
    return out


def content_words(text: str, min_length: int = 3) -> set[str]:
    """The words of `text` worth matching: lower-case, `min_length` letters or more, no stop words; a
    word's 's is dropped ("what floor's that on" asks about the floor)."""
    found = (w.removesuffix("'s") for w in WORD.findall(text.lower()))
    return {w for w in found if len(w) >= min_length and w not in STOPWORDS}
