"""An ontology compiled for the rule extractor (its cues, speller and term owners), built once per process.

Compiling the museum's cues takes about 0.3 s of CPU, and every session builds a `RuleExtractor`: a process
that opens several sessions over one ontology (a kiosk switching visitors, `/user`, the test suite's hundreds)
compiled it again each time. The last few ontologies' results are kept and found again by value, so an edited
ontology file (a different value) compiles afresh. Compiled cues, the speller and the owners are read-only
once built, so extractors in several threads share them. A broken cue is logged on every use, as before.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from museum_tui.language.clauses import PEOPLE
from museum_tui.language.party import MEMBERS
from museum_tui.memory import Ontology

from .borrowed import borrowed_cues, fallback_cues
from .cues import CUE_PROBLEM, ConceptCues, compile_cues, log
from .grounding import Grounding, grounding
from .reading import is_regex, prose, unregex
from .spelling import Speller, vocabulary

KEPT = 8  # ontologies remembered per process: the museum's, and a test's or a kiosk's own (each 1–2 MB)
_LOCK = threading.Lock()
_KEPT: list[tuple[Ontology, Compiled]] = []


@dataclass(frozen=True)
class Compiled:
    cues: list[ConceptCues]
    fallback: dict[str, ConceptCues]  # concept -> the shared cues it falls back on (borrowed.fallback_cues)
    speller: Speller
    term_owner: dict[str, set[str]]
    grounding: Grounding | None  # the derived concepts' open values, when the vectors load
    problems: tuple[tuple[str, str], ...]  # (concept, why) for each concept whose cues did not compile


def compile_ontology(ontology: Ontology) -> Compiled:
    """Compile afresh (see `compiled_for`)."""
    problems: list[tuple[str, str]] = []
    cues = compile_cues(ontology, borrowed_cues(ontology), problems)
    fallback = {}
    own = {c.concept: c for c in cues}
    for cid, spec in fallback_cues(ontology).items():
        extra = compile_cues(Ontology(concepts={cid: replace(ontology.concepts[cid], cues=spec)}), None, problems)
        # not for a need: a wrong need (sensitive, or one of the moment) is worse than a missed one, and the
        # venue's author listed those with care; the shared grammar of names, times, languages and company is
        # where another venue's lexicon generalises
        if not extra or cid not in own:
            continue
        if not ontology.concepts[cid].sensitive and "need" not in (own[cid].question, extra[0].question):
            fallback[cid] = replace(extra[0], party=own[cid].party)
        elif ontology.concepts[cid].sensitive and (kept := _in_own_values(extra[0], own[cid])) is not None:
            fallback[cid] = kept
    fuzzy = [c for c in [*cues, *fallback.values()] if c.fuzzy]  # the fallback's words are read too
    phrases = [w for c in fuzzy for w in c.words if not is_regex(w)]
    regexes = [w for c in fuzzy for w in c.words if is_regex(w)]
    # Every concept's term phrases: a capitalised capture that is another concept's word ("I'm French",
    # "I love Impressionism") belongs to that concept, not to a name or an artist.
    owners: dict[str, set[str]] = {}
    for c in cues:
        for regex, _ in c.terms:
            owners.setdefault(unregex(regex.pattern), set()).add(c.concept)
    # words the ontology itself writes (labels, examples, every cue phrase) are spelt right
    known = vocabulary(prose(ontology), [w for c in cues for w in c.words if is_regex(w)])
    # the party's words are corrected towards too ("my gradnad is in a whelchair" is about the grandad)
    party = set(re.findall(r"[a-z]{5,}", MEMBERS.replace("s?", "|")))  # "brothers?": brother
    # every word the ontology and its cues use, short ones too ("heat", "nuts"), as written in lower case
    # somewhere: such a word opening a clause with a capital is no one's name ("Heat is a killer"), while a
    # name in an example ("my name is Tom") stays a name
    texts = [*prose(ontology), *(w for c in cues for w in c.words if not is_regex(w))]
    texts += [v for c in cues for _, v in c.terms]
    lower = set(re.findall(r"(?<![A-Za-z])[a-z]+", " ".join(texts)))
    written = lower | vocabulary((), [r for c in cues for r in c.words if is_regex(r)], min_length=1)
    known_words = known | set(re.findall(r"[a-z]{5,}", PEOPLE))
    speller = Speller(vocabulary(phrases, regexes) | party, known_words, english_frequency(), written)
    return Compiled(cues, fallback, speller, owners, grounding([c for c in cues if c.derived]), tuple(problems))


def _in_own_values(shared: ConceptCues, own: ConceptCues) -> ConceptCues | None:
    """For a need, the shared grammar kept only where it names a value the venue's author listed: "I'm a
    wheelchair user" read through the shipped lexicon's many ways of saying it, filed as the venue's own
    "wheelchair user"; a value the author never listed is not invented (a wrong need is worse than a missed
    one)."""
    values = {v for _, v in own.terms}
    terms = [(regex, value) for regex, value in shared.terms if value in values]
    if not terms:
        return None
    none: list = []
    hard = [(words, value) for words, value in shared.hard if value in values]
    return replace(
        shared,
        terms=terms,
        hard=hard,
        patterns=none,
        proper_patterns=none,
        answer_patterns=none,
        denials=none,
        party=own.party,
    )


def english_frequency() -> Callable[[str], float] | None:
    """How common a word is in English, from the shipped vectors' table; None when it cannot load."""
    try:
        from museum_tui.language.vectors import StaticVectors

        return StaticVectors.load().frequency
    except Exception as exc:  # no numpy, a damaged table
        log.info("no word frequencies for the speller (%s)", exc)
        return None


def compiled_for(ontology: Ontology) -> Compiled:
    """`ontology` compiled: kept from an earlier call with an equal ontology, else compiled now."""
    with _LOCK:
        found = next((compiled for known, compiled in _KEPT if known is ontology or known == ontology), None)
    if found is None:
        found = compile_ontology(ontology)  # logs its own problems
        with _LOCK:
            _KEPT.insert(0, (ontology, found))
            del _KEPT[KEPT:]
    else:
        for concept, why in found.problems:
            log.warning(CUE_PROBLEM, concept, why)
    return found
