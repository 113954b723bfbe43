"""Retrieval over the venue's entries: every exhibition, gallery, café, menu item, toilet, lift, tour,
facility, entrance and the opening hours is a small weighted document; a question is scored against all of
them with BM25 (fields weighted: names count most), a bonus when an entry's name or artist appears whole,
and typo-tolerant words (rapidfuzz). Built once per venue; a search is well under a millisecond.

Hybrid: when the language layer's static word vectors are installed (`museum_tui.language.vectors`), each
entry also has a meaning vector (its names and keywords), and `semantic` finds the entry nearest a
question's meaning, so words the venue never listed still match ("palm trees" → the glasshouse of palms). The
responder asks it when BM25's evidence is too weak to answer from.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from museum_tui.language.party import MEMBER_WORDS

from .lexicon import STOPWORDS, fold, name_said, stem, tokens, words
from .model import Venue

K1, B = 1.2, 0.5
VENUE_KINDS = frozenset(
    """museum gallery garden gardens centre center zoo aquarium park library castle palace abbey cathedral
    observatory planetarium arboretum farm hall house fort manor estate reserve village mill priory villa
    ruins""".split()  # noqa: SIM905
)
SEMANTIC_FIELD = 1.5  # fields at least this heavy (names, keywords, media) make an entry's meaning
COMMON_ZIPF = 5.0  # an English word at least this common (Zipf scale) names nothing by itself
NAME_BONUS = 3.0
PHRASE_BONUS = 3.0
PLACE = re.compile(r"\b(?:where|somewhere|place|spot)\b")
# "which tour would suit me best?": one of a kind is asked for (not the quiet times "best" also names)
WHICH_KIND = re.compile(r"\bwhich (?P<kind>tour|exhibition|gallery|cafe)s?\b")

KIND_WORDS = {
    "exhibition": "exhibition show display",
    "gallery": "gallery room",
    "cafe": "cafe coffee food drink eat lunch snack menu hungry thirsty",
    "restroom": "toilet",
    "lift": "lift step-free",
    "tour": "tour guided",
    "hours": "open opening close closing closes hours time late week christmas easter holiday new year",
    "entrance": "entrance door way in exit out",
}


@dataclass(frozen=True)
class Entry:
    kind: str
    key: str
    name: str
    obj: Any
    floor: int | None = None
    fields: tuple[tuple[str, float], ...] = ()
    names: tuple[str, ...] = ()  # matched whole for a bonus: title, artists, gallery
    phrases: tuple[tuple[str, ...], ...] = ()  # keywords of several words, as stems ("guide dog"): a bonus


@dataclass
class Hit:
    score: float
    entry: Entry
    named: bool = False  # its name (or an artist) appears whole in the question
    coverage: float = 0.0  # the share of the question's words (by rarity) this entry explains


@dataclass
class Index:
    venue: Venue
    entries: list[Entry] = field(default_factory=list)
    docs: list[Counter] = field(default_factory=list)
    lengths: list[float] = field(default_factory=list)
    idf: dict[str, float] = field(default_factory=dict)
    vocabulary: list[str] = field(default_factory=list)
    vectors: Any = None  # StaticVectors, when installed
    meanings: Any = None  # one unit vector per entry (numpy), when `vectors` is set
    _cache: dict = field(default_factory=dict)

    @classmethod
    def build(cls, venue: Venue, vectors: Any = None) -> Index:
        index = cls(venue, vectors=vectors)
        for entry in _entries(venue):
            doc: Counter = Counter()
            for text, weight in entry.fields:
                for token in tokens(text, venue.synonyms):
                    doc[token] += weight
            index.entries.append(entry)
            index.docs.append(doc)
            index.lengths.append(sum(doc.values()))
        n = len(index.docs)
        df = Counter(t for doc in index.docs for t in doc)
        index.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        index.vocabulary = sorted(df)
        if vectors is not None:
            import numpy as np

            index.meanings = np.stack([vectors.embed(_meaning(e)) for e in index.entries])
        return index

    def semantic(self, text: str, kinds: tuple[str, ...] = ()) -> list[tuple[float, Entry]]:
        """Entries by closeness of meaning to `text`'s content words (cosine, best first); empty without
        vectors or when no word of `text` is known."""
        if self.vectors is None or self.meanings is None:
            return []
        said = " ".join(w for w in words(text) if w not in STOPWORDS)
        query = self.vectors.embed(said)
        if not query.any():
            return []
        scores = self.meanings @ query
        order = scores.argsort()[::-1][:8]
        out = [(float(scores[i]), self.entries[i]) for i in order]
        return [(score, e) for score, e in out if not kinds or e.kind in kinds]

    def memo(self, key: tuple, make: Callable[[], Any]) -> Any:
        """`make()`, computed once per index and `key`: what depends on the venue alone, or on one word."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def vocabulary_of(self, kinds: tuple[str, ...]) -> frozenset[str]:
        """The words the entries of these kinds use, without the generic words every one of a kind has."""

        def make() -> frozenset[str]:
            generic = set(tokens(" ".join(KIND_WORDS.get(k, "") + " " + self.venue.words.get(k, "") for k in kinds)))
            used = {t for e, doc in zip(self.entries, self.docs, strict=True) if e.kind in kinds for t in doc}
            return frozenset(used - generic)

        return self.memo(("vocabulary", kinds), make)

    @property
    def rarest(self) -> float:
        """The weight of the rarest word the venue uses: scores are judged against it."""
        return max(self.idf.values(), default=1.0)

    def _unknown(self, token: str) -> float:
        """What a word the venue never uses weighs in a question: like the rarest word (it may be what the
        question is about), but an everyday word ("leave", "big") like the commonest one, so it does not
        hide the word that names the thing ("can I leave my big rucksack somewhere?")."""
        frequency = getattr(self.vectors, "frequency", None)
        if token in MEMBER_WORDS:  # "to the roses with mum": who it is for, not what is asked about
            return min(self.idf.values(), default=1.0)
        if frequency is not None and frequency(token) >= COMMON_ZIPF:
            return min(self.idf.values(), default=1.0)
        return self.rarest

    def query_tokens(self, text: str) -> list[str]:
        """The question's words, each typo mapped to the nearest word the venue uses."""
        out = []
        # a real word the venue does not use is not a typo of one it does ("suit" is not "sit")
        known = getattr(self.vectors, "__contains__", None)
        english = {t for w in words(text) if known is not None and known(w) for t in tokens(w)}
        for token in tokens(text, self.venue.synonyms):
            if token not in self.idf and token not in english and len(token) >= 4 and not token.isdigit():
                from rapidfuzz import fuzz, process  # only for words the venue does not use

                match = process.extractOne(token, self.vocabulary, scorer=fuzz.ratio, score_cutoff=80)
                if match and match[0][0] == token[0]:
                    token = match[0]
            if token not in self.idf and len(token) >= 5 and token.isalpha():
                token = self.derived(token) or token  # "japan" → "japanese", a word the venue uses
            out.extend(self._compound(token) or [token])
        return out

    def _compound(self, token: str) -> list[str]:
        """A word the venue does not use, made of one it does and another word ("birdwatching" → "bird",
        "watch"): its parts; [] when it splits no such way."""
        if token in self.idf or len(token) < 7 or not token.isalpha():
            return []
        if self.vectors is None or token in self.vectors:  # a word of its own ("afternoon" is no "after noon")
            return []
        for cut in range(3, len(token) - 2):
            head, tail = token[:cut], stem(token[cut:])
            if stem(head) in self.idf and (tail in self.idf or tail in self.vectors):
                return [stem(head), tail]
        return []

    def derived(self, token: str) -> str | None:
        """The one word the venue uses that is `token` with a short ending ("japan" → "japanese",
        "china" → "chinese"): the same word made an adjective or a noun; None when none or several."""
        stem_ = token[:-1] if token.endswith("a") else token  # "china" → "chin(ese)"

        def make() -> str | None:
            found = [w for w in self.vocabulary if w.startswith(stem_) and 0 < len(w) - len(token) <= 4]
            return found[0] if len(found) == 1 else None

        return self.memo(("derived", token), make)

    def search(self, text: str, kinds: tuple[str, ...] = ()) -> list[Hit]:
        """Entries best first. A question after a place ('where', 'somewhere') prefers entries with one."""
        folded = fold(text)
        said = folded.replace(" & ", " and ")  # "light and shadow" names "Light & Shadow"
        place = bool(PLACE.search(folded))
        which = {m.group("kind")} if (m := WHICH_KIND.search(folded)) else set()  # (its words are kinds' names)
        query = self.query_tokens(text)
        avg = sum(self.lengths) / max(1, len(self.lengths))
        mass = sum(self.idf.get(token, self._unknown(token)) for token in query)
        hits = []
        for entry, doc, length in zip(self.entries, self.docs, self.lengths, strict=True):
            if kinds and entry.kind not in kinds:
                continue
            score = matched = 0.0
            for token in query:
                tf = doc.get(token)
                if tf:
                    score += self.idf[token] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg))
                    matched += self.idf[token]
            named = any(len(n) >= 3 and name_said(n.replace(" & ", " and "), said) for n in entry.names)
            if named:
                score += NAME_BONUS
            elif score and any(_runs(query, p) for p in entry.phrases):
                score += PHRASE_BONUS
            if place and entry.floor is not None:
                score *= 1.2
            if score > 0:
                hits.append(Hit(score, entry, named, matched / mass if mass else 0.0))
        hits.sort(key=lambda h: -h.score)
        if which and any(h.entry.kind in which for h in hits):  # "which tour …?": one of the tours
            hits = [h for h in hits if h.entry.kind in which]
        return hits


SWAP_VERB = re.compile(r"\b(?:makes?|for|instead|on request|available|can|is|are|if|to)\b")


def _swapped_in(swap: str) -> str:
    """What a menu item's swap brings ("oat milk makes it vegan" → "oat milk"): found by its words, while
    the rest of the sentence ("makes it") matches no question."""
    return SWAP_VERB.split(fold(swap), maxsplit=1)[0].strip()


def _runs(query: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether the question's words hold the phrase's words together, in order ("guide dogs")."""
    n = len(phrase)
    return any(tuple(query[i : i + n]) == phrase for i in range(len(query) - n + 1))


def _meaning(entry: Entry) -> str:
    """What an entry is about, for its meaning vector: its heaviest fields (name, keywords, media, kind)."""
    return " ".join(text for text, weight in entry.fields if weight >= SEMANTIC_FIELD) or entry.name


def load_vectors() -> Any:
    """The language layer's static word vectors, or None where they are not installed (the seam: BM25 alone
    still answers)."""
    try:
        from museum_tui.language.vectors import StaticVectors
    except ImportError:
        return None
    try:
        return StaticVectors.load()
    except (OSError, ValueError, KeyError):
        return None


def _own_words(name: str, others: list[str], venue: Venue) -> tuple[str, ...]:
    """The words of a café's name that no other café's name has and that name nothing else here: "the
    kiosk" or "the lake kiosk" names a café called "… Kiosk" when no other is; a word every café shares
    ("café") names none."""
    theirs = {w for other in others for w in words(other)}
    elsewhere = {
        w for place in [venue.name, venue.short_name, *(g.name for g in venue.galleries.values())] for w in words(place)
    }
    elsewhere |= {w for f in venue.facilities for w in words(f.name)}
    generic = set(words(f"{KIND_WORDS['cafe']} {venue.words.get('cafe', '')}"))
    return tuple(w for w in words(name) if len(w) >= 4 and w not in theirs | elsewhere | generic | STOPWORDS)


def _either_number(name: str) -> tuple[str, ...]:
    """A one-word name said in the singular or the plural ("Dogs": "can I bring my dog?" names it)."""
    if " " in name or len(name) < 4:
        return (name,)
    return (name, name[:-1]) if name.endswith("s") and not name.endswith("ss") else (name, f"{name}s")


def _entries(venue: Venue) -> list[Entry]:
    extra = {kind: venue.words.get(kind, "") for kind in KIND_WORDS}
    out: list[Entry] = []

    def kind_words(kind: str) -> tuple[str, float]:
        return (f"{KIND_WORDS.get(kind, '')} {extra.get(kind, '')}", 1.0)

    for e in venue.exhibitions:
        out.append(
            Entry(
                "exhibition",
                f"exhibition:{e.id}",
                e.title,
                e,
                e.gallery.floor,
                (
                    (e.title, 3.0),
                    (" ".join(e.artists), 3.0),
                    (" ".join(e.media), 2.0),
                    (" ".join(e.styles), 2.0),
                    (" ".join(e.keywords), 2.0),
                    (e.description, 1.0),
                    (e.gallery.name, 1.5),
                    (" ".join(e.access), 1.0),
                    kind_words("exhibition"),
                ),
                (fold(e.title), fold(e.title.split(":")[0]), *(fold(a) for a in e.artists)),
            )
        )
    for g in venue.galleries.values():
        out.append(
            Entry(
                "gallery",
                f"gallery:{g.id}",
                g.name,
                g,
                g.floor,
                ((g.name, 3.0), (g.id, 2.0), kind_words("gallery")),
                (fold(g.name), fold(g.name).removeprefix("the ")),
            )
        )
    for cafe in venue.cafes:
        out.append(
            Entry(
                "cafe",
                f"cafe:{cafe.name}",
                cafe.name,
                cafe,
                cafe.floor,
                ((cafe.name, 3.0), kind_words("cafe"), (cafe.location, 0.5)),
                (fold(cafe.name), *_own_words(cafe.name, [c.name for c in venue.cafes if c is not cafe], venue)),
            )
        )
        for m in cafe.menu:
            out.append(
                Entry(
                    "menu",
                    f"menu:{cafe.name}:{m.item}",
                    m.item,
                    (cafe, m),
                    cafe.floor,
                    ((m.item, 3.0), (f"{m.kind} menu", 1.0), (" ".join(m.diet), 1.0), (_swapped_in(m.swap), 1.0)),
                    (fold(m.item),),
                )
            )
    for i, r in enumerate(venue.restrooms):
        words = (
            "toilet"
            + (" accessible wheelchair" if r.accessible else "")
            + (" baby change" if r.baby_changing else "")
            + (" changing places hoist" if r.changing_places else "")
        )
        out.append(Entry("restroom", f"restroom:{i}", "toilets", r, r.floor, ((words, 2.0), (r.location, 0.5))))
    for lift in venue.lifts:
        out.append(
            Entry(
                "lift",
                f"lift:{lift.name}",
                lift.name,
                lift,
                None,
                ((lift.name, 3.0), kind_words("lift"), (lift.location, 0.5)),
                (fold(lift.name),),
            )
        )
    for t in venue.tours:
        out.append(
            Entry(
                "tour",
                f"tour:{t.name}",
                t.name,
                t,
                None,
                ((t.name, 3.0), (" ".join(t.access), 2.0), (t.description, 1.0), (t.when, 0.5), kind_words("tour")),
                (fold(t.name),),
            )
        )
    for f in venue.facilities:
        out.append(
            Entry(
                "facility",
                f"facility:{f.id}",
                f.name,
                f,
                f.floor,
                ((f.name, 3.0), (" ".join(f.keywords), 2.0), (f.text, 1.0), (f.location, 0.5)),
                _either_number(fold(f.name)),
                tuple(t for k in f.keywords if " " in k.strip() for t in [tuple(tokens(k))] if len(t) > 1),
            )
        )
    for e in venue.entrances:
        out.append(Entry("entrance", f"entrance:{e.name}", e.name, e, e.floor, ((e.name, 2.0), kind_words("entrance"))))
    kind = next((w for w in fold(venue.name).split() if w in VENUE_KINDS), "")  # "museum", "garden", "centre"
    about = f"building venue about history architecture place who are you {kind}"
    fields = ((about, 2.0), (venue.name, 0.5), (venue.description, 0.3))
    names = tuple(n for n in {fold(venue.name), fold(venue.short_name).removeprefix("the ")} if n)
    if kind:  # "tell me about the garden", "is this museum free?"
        names += (f"about the {kind}", f"this {kind}", f"the {kind} itself")
    out.append(Entry("venue", "venue", venue.short_name, venue, None, fields, names))
    if venue.hours:
        days = "monday tuesday wednesday thursday friday saturday sunday today tomorrow"
        notes = venue.hours.notes
        fields = ((kind_words("hours")[0], 2.0), (days, 0.5), (notes, 0.5))
        out.append(Entry("hours", "hours", "opening hours", venue.hours, None, fields))
    return out
