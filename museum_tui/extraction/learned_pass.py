"""The learned reader's proposals, read with the rules' grammar: whose they are, and whether they stand.

The model (learned.py) says which words name a concept's value; it knows nothing of who is talked about,
of negation or of questions. The clause does (language/clauses.py, language/party.py), so a proposal is kept
only where the rules would have kept a cue's match in the same place:

- only for a concept the rules found nothing for in the clause, and for a one-value concept nothing anywhere
  in the message (the rules' reading stands; "I'm allergic to eggs, and shellfish sends me reeling" is two
  allergies), and never for who came along (language/presence.py reads the party; the model took "gore"
  for company);
- not in a hypothetical (nor after any "if"), a stranger's clause, a question (except a need asked for:
  "anywhere I can sit?"), after a negation, before "doesn't bother me" and the like, in a retraction or
  either half of a correction (the model learned what is asserted: "not" is the rules' to read);
- a member's clause gives only the needs a party member can have, as that member's ("my date's
  vegetarian"), and a relative clause about someone else nothing;
- not on words the rules read as something else, nor on another concept's lexicon term, nor where the
  concept's lexicon vetoes, ignores or excludes them;
- a value the concept's lexicon names is written as the lexicon writes it; a closed concept takes no other.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from museum_tui.language.clauses import Clause, fold
from museum_tui.language.liking import LIKED_THING
from museum_tui.language.party import OTHER, SELF

from .cues import ConceptCues
from .hits import Hit
from .reading import original_case
from .values import tidy

if TYPE_CHECKING:
    from .learned import Reader


def learned_hits(
    reader: Reader,
    clauses: list[Clause],
    said: dict[int, list[Hit]],
    hits: list[Hit],
    cues: dict[str, ConceptCues],
    term_owner: dict[str, set[str]],
    single: set[str] | frozenset[str] = frozenset(),
) -> list[Hit]:
    """What the model reads in the clauses, kept where the rules' grammar says it is asserted (above).
    `said`: the rules' hits per clause; `hits`: the message's; `single`: the one-value concepts."""
    found = {h.concept for h in hits if h.concept in single}  # and each concept this pass reads, once
    out: list[Hit] = []
    corrected = {id(c) for c, then in pairwise(clauses) if then.contrast and then.sentence == c.sentence}
    for clause in clauses:
        if clause.hypothetical or clause.about == OTHER or clause.retraction or clause.contrast:
            continue
        if id(clause) in corrected:
            continue  # "It's Rosa, not Gwendolyn": a correction is the rules' to read (corrections.py)
        member = clause.about if clause.about != SELF else ""
        taken = [h.span for h in said.get(id(clause), []) if h.span] + list(clause.spans_taken)
        read_here = {h.concept for h in said.get(id(clause), [])}
        for prop in reader.read(clause.text, clause.question):
            concept = cues.get(prop.concept)
            if concept is None or prop.concept in found or prop.concept in read_here or concept.subject == "companion":
                continue  # (who came along is presence.py's: a model reads "gore" or "carer" as company)
            if clause.question and not (concept.question == "need" and clause.need_question):
                continue
            if (member or clause.third_party) and concept.subject == "self" and not (member and concept.party):
                continue
            if clause.others_from is not None and prop.end > clause.others_from:
                continue
            if clause.negated_before(prop.start) or clause.retracted_outside(prop.start, prop.end):
                continue
            if NOT_AFTER.search(clause.text, prop.end):
                continue  # "heat doesn't bother me": said not to trouble the visitor
            if concept.party and LIKED_THING.search(clause.text, 0, prop.start):
                continue  # "I love the wheelchair ramp": a thing liked, not a need
            if CONDITIONAL.search(clause.text, 0, prop.start):
                continue  # "if sesame sent me to hospital I'd sue": what would be, not what is
            if any(not (prop.end <= a or prop.start >= b) for a, b in taken):
                continue
            if any(prop.end <= a and not clause.text[prop.end : a].strip() for a, _ in taken):
                continue  # "birch pollen": a word right before the rules' value is part of it, not another
            value = _value(concept, prop.value, clause.original, term_owner)
            if value is None or (concept.veto and concept.veto.search(clause.text)):
                continue
            ignored = concept.ignore.finditer(clause.text) if concept.ignore else ()
            if any(m.start() < prop.end and prop.start < m.end() for m in ignored):
                continue
            about = member if member and concept.subject == "self" else SELF
            if any(h.concept != prop.concept and _same_word(h.value, value) for h in hits):
                continue  # "roses. hate them tbh": the rules read the words as another concept's
            if any((h.concept, h.about) == (prop.concept, about) and _same_word(h.value, value) for h in [*hits, *out]):
                continue  # "Siamo italiani" beside "Italian", "from Japan" beside "Japanese": said already
            if concept.party and about == SELF and not _the_visitors(clause, prop.start):
                continue  # "my date's vegetarian", "Priya's halal": a need, and not plainly the visitor's
            names = about == SELF or re.search(rf"\b{re.escape(about)}", fold(clause.original))
            evidence = clause.original if names else clause.reach or clause.sentence
            out.append(Hit(prop.concept, value, "asserted", evidence, clause.sentence, (prop.start, prop.end), about))
            found.add(prop.concept)
    return out


# said not to trouble the visitor: "heat doesn't bother me", "spiders never scare me" (not "X not Y")
NOT_AFTER = re.compile(
    r"\b(?:do|does|did|will|would) (?:not|never) (?:really )?(?:bother|worry|scare|frighten|faze|trouble|upset)\b"
    r"|\bnever (?:bothers?|worries|scares?|frightens?|fazes?|troubles?|upsets?)\b"
)
CONDITIONAL = re.compile(r"\b(?:if|unless|whether|suppose|supposing|imagine)\b")
SPEAKER = re.compile(r"\b(?:i|we|me|us)\b")
OWNED = re.compile(r"\b(?:my|our|his|her|their|your)\s+\w+")
CAPITALISED = re.compile(r"(?<![\w'’])[A-Z][a-z]+")


def _the_visitors(clause: Clause, start: int) -> bool:
    """Is a need said at `start` plainly the visitor's? The rules know whose a need is from the words that
    name people; a need the model found is kept as the visitor's own only when the clause has the visitor in
    it and names no one else before it (no "my date", no "Priya" but at the sentence's start)."""
    before = clause.text[:start]
    if not SPEAKER.search(clause.text) or OWNED.search(before):
        return False
    first = clause.sentence.split()[:1]
    names = [w for w in CAPITALISED.findall(clause.original) if w != "I" and [w] != first]
    return not any(re.search(rf"\b{w.lower()}\b", before) for w in names)


def _same_word(a: str, b: str) -> bool:
    """Two values one word's forms ("Japan", "Japanese"; "stick", "sticks"): one opens the other."""
    short, long = sorted((fold(a), fold(b)), key=len)
    return len(short) >= 4 and long.startswith(short)


def _value(cues: ConceptCues, words: str, original: str, term_owner: dict[str, set[str]]) -> str | None:
    """The value in the lexicon's words when it names it; else the visitor's, for an open concept."""
    if cues.exclude and cues.exclude.search(words):
        return None
    owners = term_owner.get(words, set())
    if owners and cues.concept not in owners:
        return None  # another concept's own word: its cues had a reason not to read it here
    known = cues.named(words)
    if known:
        return known
    if not cues.open:
        return None
    return original_case(tidy(words, cues.normalize), original) or None
