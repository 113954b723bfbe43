"""A concept's cues (from the venue's lexicon): what the built-in extractor looks for. Compiled once here;
the fields are checked in memory/lexicon_schema.py (structure, on every load) and here (`check_cues`).

A concept's cues (every field optional; docs/extraction-cues.md has the full guide with examples):
  terms       {phrase: value}  words that name a value ("wheelchair": "wheelchair user")
  denials     {phrase: value}  words that say a value is not so ("fine with stairs": "no stairs")
  hard        {words: value}   what it means when these are hard for the visitor: things ("stairs|steps":
                               "no stairs": "stairs are a no-go") or abilities ("to see": "poor eyesight":
                               "Nana doesn't see so well")
  patterns    [regex]          with a named group `value` for open values ("allergic to (?P<value>…)")
  proper_patterns [regex]      the same, but the value must be capitalised in the visitor's own text
  answer_patterns [regex]      the same, only when the assistant's last question matched `context`
  triggers    [phrase]         one must appear in the clause for `terms` to count ("love", "into")
  retraction_triggers [phrase] when retracting, only these triggers count
  context     [phrase]         in the assistant's last question, these make bare terms count ("allerg")
  yes         {regex: value}   the assistant asked this and the visitor said yes
  exclude     [phrase]         a value containing one of these is not this concept
  ignore      [phrase]         stretches of the visitor's text this concept must not read ("cup of tea")
  veto        [phrase]         a clause containing one of these is not about this concept ("waited")
  question    "need"|"never"   may a where/need question assert it ("where's the toilet?")
  negation    "any"|"retraction"  which words negate: any "not", or only "no longer", "forget that"…
  subject     "self"|"companion"  about the visitor, or about who they are with
  party       bool             may be a party member's ("my son has a nut allergy"; default: sensitive)
  reaction    bool             a bodily reaction to a term says it, as a trigger would ("nuts put me in
                               hospital", "pollen is my enemy": an allergy; language/reaction.py)
  priority    int              concepts with a higher priority read a clause first (companion: 20)
  claim       bool             the words this concept matched are not read again by later concepts
  normalize   "duration"|"title"|"none"  how captured values are tidied
  open        bool             keep captured values that are not in `terms` (default true)
  fuzzy       bool             this concept's words are typo-tolerant (default true)
  aliases     {captured: value}  tidy captured values ("on my own": "alone")

In `patterns`, `proper_patterns` and `answer_patterns`, `{people}` stands for the extractor's own list of
words for people ("wife", "nan", "pupils", "friends", …), so an ontology need not spell it out.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from museum_tui.language.clauses import PEOPLE
from museum_tui.language.clauses import fold as fold_text
from museum_tui.language.party import MEMBERS
from museum_tui.language.text import stem
from museum_tui.memory import Ontology
from museum_tui.memory.lexicon_schema import PATTERN_FIELDS, check_spec

from .derived import derive

COMPANION_PRIORITY = 20
log = logging.getLogger("museum_tui.extraction")
# Compiling folds each cue phrase three or four times (de-duplicating, sorting, the regex): the museum's 8,400
# folds are 2,400 phrases, and folding them once takes a compile from 0.27 to 0.16 s (every CLI process pays it).
fold = lru_cache(maxsize=8192)(fold_text)
CUE_PROBLEM = "cues of %s ignored (%s); run `museum-tui ontology check`"


SPACE = r"[\s-]+"  # between the words of a cue phrase
HYPHEN = r"[\s-]?"  # where a cue word has a hyphen
MACROS = {"{people}": PEOPLE}


def expand(pattern: str) -> str:
    """A cue regex with its `{people}` placeholder spelt out."""
    for name, text in MACROS.items():
        pattern = pattern.replace(name, text)
    return pattern


THE_ONE = r"(?<!\bthe )(?<!\bthis )(?<!\bthat )"  # a singular after these is one thing, not a kind


def singular(phrase: str) -> str:
    """The phrase with its last word made singular by the language layer's stem ("wildflower meadows" →
    "wildflower meadow", "lilies" → "lily"), or "" when that word is no regular plural of seven letters or
    more (shorter words are too often other words said in passing: "a print", "a wasp"; "glasses" is no glass)."""
    *head, last = phrase.split() or [""]
    if len(last) < 7 or not last.endswith("s") or last.endswith(("ss", "us", "is", "sses")):
        return ""
    return " ".join([*head, stem(last)])


WORD_START, WORD_END = r"(?<![\w'])", r"(?![\w'])"  # a whole word: no letter or apostrophe either side


# Compiling a lexicon is mostly compiling its regexes (a thousand and more), and a process compiles several
# lexicons that share most of them (each venue's borrowed shared cues are the museum's; a test suite's
# variants): a compiled pattern is immutable, so one compiled once is shared (`re`'s own cache holds 512).
_regex = lru_cache(maxsize=8192)(re.compile)


class TermPattern:
    """A term's regex, compiled the first time a text holds its first word (a lexicon has a thousand and
    more terms and a message names a handful: every process compiled them all at warm-up, 0.3 s, and every
    message searched them all). The regex needs that word's letters as written (no flags), so a text
    without them is no match, exactly as the regex would say."""

    __slots__ = ("_compiled", "literal", "pattern")

    def __init__(self, pattern: str, literal: str) -> None:
        self.pattern, self.literal = pattern, literal
        self._compiled: re.Pattern[str] | None = None

    def _regex(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = _regex(self.pattern)
        return self._compiled

    def search(self, text: str) -> re.Match[str] | None:
        return self._regex().search(text) if self.literal in text else None

    def match(self, text: str) -> re.Match[str] | None:
        return self._regex().match(text) if self.literal in text else None

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self._regex().fullmatch(text) if self.literal in text else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self._regex().finditer(text) if self.literal in text else iter(())

    def sub(self, repl: str, text: str) -> str:
        return self._regex().sub(repl, text) if self.literal in text else text


@lru_cache(maxsize=8192)
def term_pattern(phrase: str, kind: bool = False) -> TermPattern | None:
    """A folded phrase's whole-word regex (phrase_regex), shared by every lexicon that lists it; with
    `kind`, not after "the", "this" or "that" (THE_ONE)."""
    regex = phrase_regex(phrase)
    return TermPattern(THE_ONE + regex if kind else regex, fold(phrase).split()[0].split("-")[0]) if regex else None


def phrase_regex(phrase: str) -> str | None:
    """A folded phrase as a regex matching whole words, any spacing (None when nothing is left of it)."""
    words = fold(phrase).split()
    if not words:
        return None
    # "large print" also reads "large-print", and "gluten-free" also "gluten free" and "glutenfree"
    escaped = (HYPHEN.join(re.escape(part) for part in w.split("-")) for w in words)
    return WORD_START + SPACE.join(escaped) + WORD_END


@dataclass
class ConceptCues:
    concept: str
    terms: list[tuple[TermPattern, str]] = field(default_factory=list)
    denials: list[tuple[TermPattern, str]] = field(default_factory=list)
    hard: list[tuple[str, str]] = field(default_factory=list)  # (words as a folded regex, value)
    patterns: list[re.Pattern[str]] = field(default_factory=list)
    proper_patterns: list[re.Pattern[str]] = field(default_factory=list)
    answer_patterns: list[re.Pattern[str]] = field(default_factory=list)
    triggers: re.Pattern[str] | None = None
    retraction_triggers: re.Pattern[str] | None = None
    aliases: dict[str, str] = field(default_factory=dict)
    context: re.Pattern[str] | None = None
    yes: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    exclude: re.Pattern[str] | None = None
    ignore: re.Pattern[str] | None = None
    veto: re.Pattern[str] | None = None
    question: str = "never"
    negation: str = "any"
    subject: str = "self"
    priority: int = 0
    claim: bool = False
    normalize: str = "none"
    open: bool = True
    fuzzy: bool = True
    words: list[str] = field(default_factory=list)  # phrases and regexes, for the spelling vocabulary
    copula: bool = False  # a trigger is "am": a clause with no subject ("so stressed") says "I am …"
    party: bool = False  # may be about a member of the visitor's party ("my son has a nut allergy")
    reaction: bool = False  # a bodily reaction to a term says it ("nuts put me in hospital")
    derived: bool = False  # read from the label and examples: an open value must be grounded (grounding.py)
    vocabulary: list[str] = field(default_factory=list)  # the values it names, for that grounding

    def named(self, text: str) -> str | None:
        """The value the lexicon writes for these words: an alias's, else the one term they hold."""
        return self.aliases.get(fold_text(text).strip()) or self.canonical(text)

    def canonical(self, text: str) -> str | None:
        """The value a term maps to, if `text` is (or contains exactly one) known term."""
        found = [value for regex, value in self.terms if regex.search(text)]
        return found[0] if len(set(found)) == 1 else None


def _alternation(phrases: list[str], plural: bool = False) -> re.Pattern[str] | None:
    """One regex for a list of phrases; with `plural`, a phrase also matches with an -s ("favourites").
    The word boundaries stand once around the whole alternation (the same matches as around each phrase,
    and a fifth of the time to compile: every process compiles a lexicon's triggers)."""
    parts = [r for r in (phrase_regex(p) for p in sorted(phrases, key=len, reverse=True)) if r]
    if not parts:
        return None
    core = "|".join(r.removeprefix(WORD_START).removesuffix(WORD_END) for r in parts)
    return _regex(f"{WORD_START}(?:{core}){'(?:s|es)?' if plural else ''}{WORD_END}")


def compile_cues(
    ontology: Ontology,
    borrowed: Mapping[str, Mapping[str, Any]] | None = None,
    problems: list[tuple[str, str]] | None = None,
) -> list[ConceptCues]:
    """Every concept that has cues, highest priority first (ties keep the ontology's order). A concept
    without cues reads `borrowed` ones when given (borrowed.py: a need every venue shares), else its labels
    and examples. A concept whose cues do not compile is logged and left out; `problems`, if given, also
    collects (concept, why)."""
    compiled = []
    borrowed = borrowed or {}
    # read from the labels and examples (the borrowers' too: a word two labels list says neither)
    uncovered = {cid: c for cid, c in ontology.concepts.items() if not c.cues}
    covered = {cid: c for cid, c in ontology.concepts.items() if c.cues}
    derived = derive(uncovered, covered) if uncovered else {}
    for concept in ontology.concepts.values():
        spec = concept.cues or borrowed.get(concept.id) or derived.get(concept.id)
        if not spec:
            continue
        try:
            cues = _compile(concept.id, spec)
            cues.derived = spec is derived.get(concept.id)
            cues.vocabulary = list(spec.get("vocabulary", [])) if cues.derived else []
            # a need (a sensitive concept) can be a party member's; the lexicon may say otherwise
            cues.party = bool(spec.get("party", concept.sensitive)) and cues.subject == "self"
            compiled.append(cues)
        except (re.error, TypeError, AttributeError, ValueError) as exc:
            # A broken cue must not stop the app: that concept is left to other extractors.
            log.warning(CUE_PROBLEM, concept.id, exc)
            if problems is not None:
                problems.append((concept.id, str(exc)))
    compiled.sort(key=lambda c: -c.priority)
    return compiled


def _compile(cid: str, spec: Any) -> ConceptCues:
    cues = ConceptCues(cid)
    seen: set[str] = set()
    # Longest folded phrase first, so "deaf in one ear" wins over "deaf"; a phrase written as it reads wins
    # over one that only folds to it ("a bit deaf" reads as "deaf").
    terms = dict(spec.get("terms", {}))
    folded = {fold(p) for p in terms}
    for value in dict.fromkeys(terms.values()):  # a value names itself: "sign language" is a term of its own
        phrase = re.sub(r"\s*\(.*?\)", "", value).strip()
        if len(phrase) >= 5 and fold(phrase) not in folded:
            terms[phrase] = value
            folded.add(fold(phrase))
    # "a good wildflower meadow" for "wildflower meadows", but not "the portrait of …" (one work, not a kind),
    # nor for who came along ("a friend" is no company)
    singulars: set[str] = set()
    for phrase, value in list(terms.items()) if spec.get("subject") != "companion" else []:
        one = singular(fold(phrase))
        if one and one not in folded and not re.fullmatch(MEMBERS, one):
            terms[one] = value
            folded.add(one)
            singulars.add(one)
    for phrase, value in sorted(terms.items(), key=lambda kv: (-len(fold(kv[0])), kv[0] != fold(kv[0]))):
        term = term_pattern(phrase, phrase in singulars)
        if term and term.pattern not in seen:
            seen.add(term.pattern)
            cues.terms.append((term, value))
    cues.denials = [(t, v) for t, v in ((term_pattern(p), v) for p, v in spec.get("denials", {}).items()) if t]
    cues.hard = [(_hard_words(k), v) for k, v in spec.get("hard", {}).items()]
    # Patterns read folded (lower-case) text; one written with capitals ("(?P<value>[A-Z][a-z]+)", as a venue
    # author may write a name's) is read without regard to case, so it still matches ("proper" checks the
    # capital in the visitor's own words)
    cues.patterns = [_regex(expand(p), re.IGNORECASE) for p in spec.get("patterns", [])]
    cues.proper_patterns = [_regex(expand(p), re.IGNORECASE) for p in spec.get("proper_patterns", [])]
    cues.answer_patterns = [_regex(expand(p), re.IGNORECASE) for p in spec.get("answer_patterns", [])]
    cues.triggers = _alternation(spec.get("triggers", []), plural=True) if spec.get("triggers") else None
    cues.retraction_triggers = _alternation(spec.get("retraction_triggers", []))
    cues.aliases = {fold(k): v for k, v in spec.get("aliases", {}).items()}
    if spec.get("context"):
        cues.context = _regex("|".join(re.escape(fold(c)) for c in spec["context"] if fold(c)))
    cues.yes = [(_regex(p), v) for p, v in spec.get("yes", {}).items()]
    cues.copula = bool(cues.triggers and cues.triggers.search("i am"))
    cues.reaction = bool(spec.get("reaction", False))
    cues.exclude = _alternation(spec.get("exclude", []))
    cues.ignore = _alternation(spec.get("ignore", []))
    cues.veto = _alternation(spec.get("veto", []))
    for name in ("question", "negation", "subject", "normalize"):
        setattr(cues, name, spec.get(name, getattr(cues, name)))
    companion = cues.subject == "companion"
    cues.priority = spec.get("priority", COMPANION_PRIORITY if companion else 0)
    cues.claim = spec.get("claim", companion)
    cues.open = spec.get("open", True)
    cues.fuzzy = spec.get("fuzzy", True)
    cues.words = [
        *spec.get("terms", {}),
        *(w for k in spec.get("hard", {}) for w in k.removeprefix("to ").split("|")),
        *spec.get("triggers", []),
        *spec.get("retraction_triggers", []),
        *(expand(p) for p in spec.get("patterns", [])),
        *(expand(p) for p in spec.get("proper_patterns", [])),
    ]
    return cues


def _hard_words(key: str) -> str:
    """A `hard` key as the folded regex difficulty.hard_for_me reads: "stairs|steps", or "to see|hear"."""
    ability = key.startswith("to ")
    words = "|".join(re.escape(fold(w)) for w in key.removeprefix("to ").split("|") if fold(w))
    return f"to {words}" if ability else words


def check_cues(ontology: Ontology) -> list[str]:
    """Problems with the lexicon's cues, read as thoroughly as the extractor will, each naming the concept
    and field (empty list: all good). Loading already refused the structural ones (lexicon_schema.check_spec)."""
    problems: list[str] = []
    for concept in ontology.concepts.values():
        if not concept.cues:
            continue
        found_problems = check_spec(concept.id, concept.cues) or read_as_the_extractor_will(concept.cues)
        for name, found, allowed in found_problems:
            problems.append(f"concept {concept.id!r}, cues field {name!r}: found {found}; allowed: {allowed}")
    return problems


def read_as_the_extractor_will(spec: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Every regex compiled, every phrase folded: what only the extractor's own reading can find."""
    problems: list[tuple[str, str, str]] = []
    for name in ("terms", "denials", "hard", "triggers", "retraction_triggers", "exclude", "ignore", "veto"):
        value = spec.get(name)
        for phrase in value.keys() if isinstance(value, dict) else value or []:
            if not fold(phrase):
                problems.append((name, repr(phrase), "a phrase with at least one word that is not a pure intensifier"))
    terms = spec.get("terms", {})
    plain = {fold(p): v for p, v in terms.items() if fold(p) == p.lower()}
    for phrase, value in terms.items():
        reading = fold(phrase)
        if reading != phrase.lower() and reading in plain and plain[reading] != value:
            problems.append(
                ("terms", repr(phrase), f"a phrase that does not read as {reading!r} (a term with another value)")
            )
    for name in (*PATTERN_FIELDS, "yes"):
        for regex in list(spec.get(name, [])):
            try:
                compiled = re.compile(expand(regex))
            except re.error as exc:
                problems.append((name, repr(regex), f"a valid regex ({exc})"))
                continue
            if name != "yes" and "value" not in compiled.groupindex:
                problems.append((name, repr(regex), "a regex with a named group (?P<value>…)"))
    return problems
