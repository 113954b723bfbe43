"""Typo tolerance for the rule extractor: a misspelt cue word is read as the word it nearly is.

The vocabulary is the cue words themselves (terms, triggers, the literal words of patterns), so a
correction can only ever turn a word into one the ontology already listens for. It is conservative on
purpose, because a wrong correction invents a fact: words of five letters or more; one edit (a swap of
two letters counts as one) up to seven letters, two beyond; always the same first letter, and the same
second letter too unless the edit is a swap ("tiolet") or the word is long; two forms of one word
("bores"/"bored") are not a typo of each other, unless they differ only by a doubled letter
("partialy"). Short words ("deaf", "nut") are never corrected, and a word that is itself in the
vocabulary, in the ontology's own prose (`known`), or in a small list of common words near cue words,
is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA, Levenshtein

MIN_LENGTH = 5
# A real English word is read as a typo of a cue word only when the cue word is at least ten times as
# common (1.0 on the Zipf scale): "exited" (3.4) is "excited" (4.7), "realy" (2.8) "really"; "flagging"
# (2.8) is not "flashing" (3.7), nor "Sofia" (3.7) "sofa" (3.8). Words English lacks are corrected as before.
REAL_GAP = 1.0
# Everyday words one letter away from a cue word; correcting them would invent facts.
_KEEP_WORDS = """
chance change cater carer stars start stare stair later water wafer waiter lunchtime launch bored
board beard heard heart hears years tears bears deals dealt sight right light might night tight
fight eight weight height would could should while whole where there these those their three threw
through though thought tired tried tries times timed price prize place plate pieces piece please
pleased leave leaves walked walker talked talker thanks thank think things thing train trail trains
drive drove drink drinks dried print prints paint paints saint point joint hours house horse mouse
later layer player prayer glass grass class close clothes cloth loves lovely loved lives lived liver
river about above after again along among apart aside await awake aware being below beside cause
chair chain charm cheer chess child china clear climb clock coach coast count court cover cream
dance diary dinner diner early earth eaten enter entry event every exact extra fancy fault field
final first floor flour fruit funny going grand great green group guess guest guide happy hoped
hoping hopping hotel image inner issue items jewel knees known large laugh learn least level limit
local lucky match maybe means meant metal meter miles minor model money month moral mount mummy
music naked never newly noise north notes novel nurse occur offer often order other ought owner
panel paper party peace photo plain plane plant proud queen quick quiet quite radio raise range
reach ready reply round route royal rural scale scene scope score sense serve seven shape share
sharp sheet shelf shell shift shirt shock shoot short shown sides since sixty skill sleep slide
small smart smile sorry sound south space spare speak spend split sport staff stage stand steam
steel stick still stock stone store storm story study stuff style sugar suite sweet table taken
taste teach teeth thick third today total touch tough tower track trade treat trend trial truck
truly trust truth twice uncle under union until upper upset usual valid value video visit vital
voice waste watch wheel white woman women world worry worse worst worth wound write wrong wrote
young yours youth broke broken building stroke strike words works photographer photographers
favourites favorites prefer proper trips drops doors floors stores rooms games notes signs lines
shops stops stays plays lifts gifts tours hours pours loads leads reads heads beads heals meals
tried cried dried later latest takes makes wakes bakes lakes cakes cares cards hards wards
honest modest mental rental dental sensible possible terrible horrible lovely lonely likely
happen happens opened opens closed closes listen listened little middle simple sample
breath breathe breathing breathless whale whales while whilst whether weather feather leather
father mother brother sister cousin person people
"""
KEEP = frozenset(_KEEP_WORDS.split())
_WORD = re.compile(r"[a-z][a-z'-]*")


def vocabulary(phrases: Iterable[str], regexes: Iterable[str] = (), min_length: int = MIN_LENGTH) -> set[str]:
    """Words of the cue phrases, and the literal words written inside cue regexes, of `min_length` or more."""
    words: set[str] = set()
    for phrase in phrases:
        words.update(w for w in _WORD.findall(phrase.lower()) if len(w) >= min_length)
    for regex in regexes:
        words.update(re.findall(rf"(?<![a-z\\])[a-z]{{{min_length},}}(?![a-z(])", regex))
    words.discard("value")
    return words


SUFFIXES = ("ing", "ies", "ed", "es", "er", "ly", "s", "d", "r", "y", "e")


def _stems(word: str) -> set[str]:
    return {word} | {word[: -len(s)] for s in SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3}


def _inflection(a: str, b: str) -> bool:
    """Two forms of one word ("bores"/"bored", "guides"/"guide") are not a typo of each other."""
    return bool(_stems(a) & _stems(b))


def _swapped(a: str, b: str) -> bool:
    """One edit that is a swap of two neighbouring letters ("tiolet" / "toilet")."""
    return OSA.distance(a, b) == 1 and Levenshtein.distance(a, b) == 2


def _squeeze(word: str) -> str:
    return re.sub(r"(.)\1+", r"\1", word)


class Speller:
    """Corrects the words of folded text towards a fixed vocabulary; the same input, the same output.
    `known`: more words that are spelt right and never corrected (the ontology's own prose, say).
    `frequency`: how common a word is in English (Zipf scale, 0 when unknown; the shipped vectors' table):
    a real word is a typo only of a far commoner one (REAL_GAP). `words`: every word the ontology writes, any
    length, for `knows` (a capitalised word that is none of them may be a name)."""

    def __init__(
        self,
        vocab: Iterable[str],
        known: Iterable[str] = (),
        frequency: Callable[[str], float] | None = None,
        words: Iterable[str] = (),
    ) -> None:
        self.vocab = sorted(set(vocab))
        self._known = set(self.vocab) | KEEP | set(known)
        self._frequency = frequency
        self.words = frozenset(words)  # every word the ontology uses, any length (compiled.py)
        self.correct_word = lru_cache(maxsize=4096)(self._correct_word)

    def _correct_word(self, word: str) -> str:
        if len(word) < MIN_LENGTH or word in self._known or not word.isalpha():
            return word
        if self._plural_of_known(word):  # "brothers" is the plural of a word we know, not a typo of "bothers"
            return word
        limit = 1 if len(word) <= 7 else 2
        scored = [
            (OSA.distance(word, v, score_cutoff=limit), -fuzz.ratio(word, v), v)
            for v in self.vocab
            if v[0] == word[0] and abs(len(v) - len(word)) <= limit
        ]
        # a doubled or undoubled letter is a typo ("partialy"), whatever the endings look like
        scored = [
            s
            for s in scored
            if s[0] <= limit
            and (word[:2] == s[2][:2] or (len(word) > 7 and s[0] == 1) or _swapped(word, s[2]))
            and (_squeeze(word) == _squeeze(s[2]) or not _inflection(word, s[2]))
        ]
        if not scored:
            return word
        best = min(scored)[2]
        if self._frequency is not None and (seen := self._frequency(word)) and self._frequency(best) - seen < REAL_GAP:
            return word  # a real word, nearly as common as the cue word: "flagging" is not "flashing"
        return best

    def knows(self, word: str) -> bool:
        """Is `word` (or its singular) one the ontology uses, or an everyday word kept from correction?"""
        return any(w in self._known or w in self.words for w in (word, word.removesuffix("s")))

    def _plural_of_known(self, word: str) -> bool:
        return any(word.endswith(end) and word[: -len(end)] in self._known for end in ("s", "es"))

    def __call__(self, text: str) -> str:
        return _WORD.sub(lambda m: self.correct_word(m.group(0)), text)
