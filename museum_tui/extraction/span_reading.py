"""How the rule extractor reads one span of a clause: whether a concept's trigger is there, a bare request
("Loo?"), a capitalised capture another concept does not own, a captured phrase's value or values, and a
trigger whose thing is named in another clause ("…, I'm allergic": `_dangling`, `_borrow`).
Split from rules.py by concern; `RuleExtractor` inherits it."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from museum_tui.language.clauses import ABSTAINS, Clause, fold
from museum_tui.language.liking import LIKED, LIKING_FRAME, LIST_GLUE, LIST_NOT, THE_ONES
from museum_tui.language.negation import NEGATION
from museum_tui.language.party import member_named
from museum_tui.language.reaction import FINE_PART, reacted_to, they_react

from .cues import ConceptCues
from .grounding import Grounding
from .hits import Hit, Span, inside_any, tidy_hits
from .reading import (
    BARE_WORDS,
    DANGLING,
    FILLER,
    FORGET,
    GOES_ON,
    NOT_A_VALUE,
    POINTS_BACK,
    SPLIT_VALUES,
    capitalised,
    original_case,
)
from .short_answers import answered
from .values import tidy


def _liking(cues: ConceptCues, ontology: Any) -> bool:
    """A concept of things liked: a trigger says liking, and it is no need and not sensitive."""
    concept = ontology.concepts.get(cues.concept)
    if cues.triggers is None or concept is None or concept.sensitive:
        return False
    return any(cues.triggers.fullmatch(w) for w in LIKED)


def _nothing_but(of: list[ConceptCues], text: str, glue: frozenset[str]) -> bool:
    """Is `text` nothing but terms of the concepts `of`, joined by `glue` words (and commas)?"""
    rest = text
    for cues in of:
        for regex, _ in cues.terms:
            rest = regex.sub(" ", rest)
    return rest != text and not (set(rest.replace(",", " ").split()) - glue)


# words that say more of the same after a trigger ("I'm allergic, carry an epipen everywhere")
SAYS_MORE = frozenset(  # (and "…, epipen's in my bag": where the pen is says nothing new)
    """carry carries carrying an a my me with always everywhere on at all times and so too i have got is in bag
    handbag pocket rucksack backpack""".split()  # noqa: SIM905
)
WORD = re.compile(r"\S+")
WORDY = re.compile(r"[^\W_]")
# the words around things named before a trigger of their own ("wasps!! I'm allergic", "no nuts for me pls 🥜
# allergic"): a request's, and going without them
WITHOUT_WORDS = BARE_WORDS | frozenset("no for me pls plz thanks".split())  # noqa: SIM905
# a sentence that only says how much of the things before it ("nuts. any kind. anaphylactic.")
OF_ANY_KIND = frozenset("any all every kind kinds sort sorts type types of them whatsoever at".split())  # noqa: SIM905
SAID_APART = re.compile(r"\s*,\s*(?:just|only|but|except|instead|now)\b|\s+if (?:that|it) (?:matters|helps)\b")


NO_THING = re.compile(r"(?:any|every|no|some)(?:thing|one|body|where)|it|that|this|them|those|these|much")
# a clause that names what it says, in a cleft: "it's the swaying I can't stand", "it was those steps that …"
NAMES_ITS_OWN = re.compile(r"^(?:but |and |no )?it (?:is|was) (?:the|that|those|these|all the) [a-z]+")
SPLIT_KEEPING = re.compile(f"({SPLIT_VALUES.pattern})")  # the list's parts, with the words between them


def _list_ended(pieces: list[str]) -> set[str]:
    """Of a list split by SPLIT_KEEPING, the parts said after it closed with "and" or "or" and a comma:
    "kiwi and latex, weird combo" lists two things, then says something of them (a named value there is
    still read)."""
    after: set[str] = set()
    closed = False
    for separator, part in zip(pieces[1::2], pieces[2::2], strict=True):
        if closed and "," in separator:
            after.add(part)
        closed = closed or bool(re.search(r"\b(?:and|or)\b|&", separator))
    return after


class SpanReading:
    ontology: Any
    cues: list[ConceptCues]
    term_owner: dict[str, set[str]]
    grounding: Grounding | None
    single: set[str]

    def _dangling(self, cues: ConceptCues, clause: Clause) -> bool | None:
        """ "…, I'm allergic" / "I'm allergic to them": a trigger whose thing is named in another clause
        of the sentence. Returns whether that trigger is negated, or None when there is no such trigger."""
        if not cues.terms or cues.triggers is None or clause.question:
            return None
        if cues.reaction and they_react(clause.text):
            return clause.negated_before(len(clause.text))  # "no eggs for me, they make my lips swell up"
        if clause.third_party:
            return None
        triggers = list(cues.triggers.finditer(clause.text))
        if not triggers:
            return None
        # "… I'm properly allergic, carry an epipen everywhere": what follows only says more of the same.
        # Where the last word saying more begins, found once: a pasted page repeats a trigger hundreds of times.
        masked = cues.triggers.sub(lambda t: " " * len(t.group(0)), clause.text).replace(",", " ")
        said_more = max((w.start() for w in WORD.finditer(masked) if w.group(0) not in SAYS_MORE), default=-1)
        for m in triggers:
            rest = clause.text[m.end() :].strip(" ,")
            if not rest or said_more < m.end() or DANGLING.fullmatch(rest):
                negative_trigger = bool(NEGATION.search(m.group(0)))
                return clause.retraction or (not negative_trigger and clause.negated_before(m.start()))
        return None

    def _borrow(self, cues: ConceptCues, clause: Clause, clauses: list[Clause], negated: bool) -> list[Hit]:
        """The terms of the other clauses of the same sentence, asserted or denied as `clause` says; and of the
        sentence just before, when the trigger's clause is a sentence of its own and that one names nothing
        but the things ("wasps!! I'm allergic")."""
        if NAMES_ITS_OWN.match(clause.text) or any(regex.search(clause.text) for regex, _ in cues.terms):
            # "I don't mind heights, it's the swaying I can't stand": the swaying, not the heights; "photography
            # isn't my thing, I'd rather see paintings": the photography (another concept's now), not the paintings
            return []
        others = [c for c in clauses if c is not clause and c.sentence == clause.sentence]
        at = next((i for i, c in enumerate(clauses) if c is clause), 0)
        back = at - 1
        while back > 0 and not (set(fold(clauses[back].sentence).strip(" .!?").split()) - OF_ANY_KIND):
            back -= 1  # "nuts. any kind. anaphylactic.": the kinds are the things' own
        if not others and at and _nothing_but([cues], fold(clauses[back].sentence).strip(" .!?"), WITHOUT_WORDS):
            others = [clauses[back]]
        hits = []
        for other in others:
            if other.third_party:
                continue
            found: list[Span] = []
            for regex, value in cues.terms:
                for m in regex.finditer(other.text):
                    if not inside_any(m.span(), found) and (cues.subject != "self" or other.others_from is None):
                        found.append((m.start(), m.end(), value))
            evidence = clause.sentence if other.sentence == clause.sentence else clause.message or clause.sentence
            polarity = "negated" if negated else "asserted"
            hits += [Hit(cues.concept, value, polarity, evidence, clause.sentence) for _, _, value in found]
        return tidy_hits(hits, single=cues.concept in self.single)

    @cached_property
    def _company(self) -> set[str]:
        """The concepts that record who came along (read after warm_up)."""
        return {c.concept for c in self.cues if c.subject == "companion"}

    @cached_property
    def _likes(self) -> list[ConceptCues]:
        """The concepts of things liked (read after warm_up, which sets `cues`)."""
        return [c for c in self.cues if _liking(c, self.ontology)]

    @cached_property
    def _liked_words(self) -> set[str]:
        """Every word of a liking concept's terms: a clause with any other word is no bare list of them."""
        ids = {c.concept for c in self._likes}
        return {w for phrase, owners in self.term_owner.items() if owners & ids for w in phrase.split()}

    def _listed(self, cues: ConceptCues, clause: Clause, text: str) -> bool:
        """ "ferns and mosses", "saturn!! and black holes", "warhol and lichtenstein, pop art all the way": a
        statement that is nothing but things a liking concept names (one whose triggers say liking, not a need
        and not sensitive) says the visitor likes them. (A question or a clause about someone else never
        reaches here: _match returns first.)"""
        if cues not in self._likes:
            return False
        if LIKING_FRAME.search(fold(clause.sentence)):
            return True  # "ancient woodland is my happy place", "give me a good rock garden and I'm happy"
        if THE_ONES.match(text):
            return False  # "the Hepworth bronzes": particular works, a goal
        said = set(text.replace(",", " ").split()) - LIST_GLUE
        known = self._liked_words
        if any(w not in known and w[:-1] not in known and w[:-2] not in known for w in said):
            return False  # a word no liked thing has: no bare list (cheap, before the terms are run)
        if LIST_NOT.search(fold(clause.message or clause.sentence)):
            return False  # "anything but pop art", "roses. hate them": not liked
        return _nothing_but(self._likes, text, LIST_GLUE)

    def _elaborated(self, clause: Clause, asserted: set[str]) -> set[str]:
        """ "nut allergy - peanuts and tree nuts - carries an epipen": a clause that is nothing but a need's
        terms, just after a clause that said that need, names which (and is about whom that one was)."""
        needs = [c for c in self.cues if c.concept in asserted and c.party]
        return {c.concept for c in needs} if needs and _nothing_but(needs, clause.text, LIST_GLUE) else set()

    def _reacted(self, cues: ConceptCues, text: str) -> list[Span]:
        """An open allergy the body's reaction names, where no term of the concept was found: "lilies set me
        off sneezing" (not a word of no thing, nor another need's: "it makes me sneeze", "crowds …")."""
        span = reacted_to(text) if cues.reaction and cues.open else None
        if span is None:
            return []
        thing = text[span[0] : span[1]]
        # another need's word is not a thing ("crowds make me wheeze"); a thing liked or disliked may be (lilies)
        needs = {c.concept for c in self.cues if c.party or c.question == "need"} - {cues.concept}
        if set(thing.split()) & NOT_A_VALUE or self.term_owner.get(thing, set()) & needs:
            return []
        return [(span[0], span[1], tidy(thing, cues.normalize))]

    def _patterned(
        self, cues: ConceptCues, clause: Clause, text: str, in_context: bool
    ) -> tuple[list[Span], list[Span]]:
        """The values a concept's patterns capture in `text`, and each match's own words before its value
        (read for an inability: "can not do (stairs)" says the need, it denies nothing)."""
        found: list[Span] = []
        worded: list[Span] = []
        pattern_sets = [("plain", cues.patterns), ("proper", cues.proper_patterns)]
        if in_context:
            pattern_sets.append(("answer", cues.answer_patterns))
        for kind, patterns in pattern_sets:
            for pattern in patterns:
                for shift, m in ((shift, m) for shift, said in answered(text, kind) for m in pattern.finditer(said)):
                    start, end = m.start("value") + shift, m.end("value") + shift
                    if not m.group("value") or not clause.free(start, end) or inside_any((start, end), found):
                        continue
                    if NO_THING.fullmatch(m.group("value").strip()):
                        continue  # "I'm not allergic to anything": no thing named
                    if kind == "proper" and not self._proper(cues, m.group("value"), clause.original):
                        continue
                    found.extend(self._values(cues, m.group("value"), start, end, kind, clause.original))
                    worded.append((m.start() + shift, start, ""))
        return found, worded

    def _bare(self, cues: ConceptCues, text: str) -> bool:
        """ "Loo?", "A coffee, please": a request that is nothing but the thing (for immediate needs)."""
        return cues.question == "need" and _nothing_but([cues], text, BARE_WORDS)

    def _unnegated(self, cues: ConceptCues, text: str) -> str:
        """`text` with the words blanked that look like a negation but deny nothing: a trigger that is itself
        negative ("do not like crowds", "can not stand noise"), and, for a need, keeping from a thing ("can't
        have egg or milk": the allergy is had)."""
        blank = lambda m: " " * len(m.group(0))  # noqa: E731
        if cues.triggers is not None:
            for m in cues.triggers.finditer(text):
                if NEGATION.search(m.group(0)):
                    text = text[: m.start()] + blank(m) + text[m.end() :]
        return ABSTAINS.sub(blank, text) if cues.party else text

    def _triggered(self, cues: ConceptCues, clause: Clause, text: str) -> bool:
        assert cues.triggers is not None
        if clause.retraction:
            if cues.retraction_triggers is None or FORGET.match(text):
                return True  # "forget Rothko": a bare retraction names the thing itself
            return bool(cues.retraction_triggers.search(text))
        for m in cues.triggers.finditer(text):
            if cues.negation == "any" or not clause.negated_before(m.start(), window=3):
                return True
        return False

    def _proper(self, cues: ConceptCues, captured: str, original: str) -> bool:
        """A capitalised capture that no other concept claims as one of its words."""
        owners = self.term_owner.get(" ".join(captured.split()), set())
        return capitalised(captured, original) and not (owners - {cues.concept})

    def _values(self, cues: ConceptCues, captured: str, start: int, end: int, kind: str, original: str) -> list[Span]:
        """A captured phrase: one value, or several when it lists them ("peanuts and shellfish"). A value
        that is not a term keeps the visitor's own capitals ("the Rodin sculptures", "Lubaina Himid")."""
        if cues.normalize == "duration":
            return [(start, end, tidy(captured, "duration"))]
        out = []
        # "allergic to nuts any more, just eggs": what follows "just" is said apart, not one of the list
        if (said_apart := SAID_APART.search(captured)) is not None:
            captured, end = captured[: said_apart.start()], start + said_apart.start()
        pieces = SPLIT_KEEPING.split(captured)
        parts = [p for p in pieces[::2] if p.strip()]
        if not parts:
            return out  # nothing but list words ("as well as"): no value
        ended = _list_ended(pieces)
        for part in parts if len(parts) > 1 else [captured]:
            if fold(part).strip(" ,") in FILLER or not set(fold(part).split()) - NOT_A_VALUE or not WORDY.search(part):
                continue  # (and no value without a letter or digit: "/", "&")
            if fold(part).split()[0] == "even" or (part in ended and not cues.named(part)):
                continue  # "I react to even a crumb"; "allergic to kiwi and latex, weird combo I know"
            if len(parts) > 1 and part is not parts[0] and fold(part).split()[0] in GOES_ON:
                continue  # "allergic to peanuts and nearly died once": no thing named
            if fold(part).split()[-1] in POINTS_BACK or (len(parts) > 1 and FINE_PART.search(fold(part))):
                continue  # "allergic to the pair of them", "tree nuts, peanuts are fine though"
            if len(parts) > 1 and fold(part).strip(" ,") in ("me", "myself", "us"):
                continue  # "with me plus their grandma": the visitor in a list of people, no one else
            known = cues.named(part)
            if not known and len(parts) > 1 and cues.triggers is not None and cues.triggers.search(fold(part)):
                continue  # "allergic to nuts and carry an epipen": words about the concept, not one of its values
            if known:
                out.append((start, end, known))
            elif self.term_owner.get(" ".join(fold(part).strip(" ,").split()), set()) - {cues.concept}:
                continue  # "hate noise": another concept's word, not an open value of this one
            elif cues.derived and kind == "plain" and not (self.grounding and self.grounding.fits(cues.concept, part)):
                continue  # "I love Hockney" through the plants' "i love …": not a plant (grounding.py)
            elif cues.open or kind != "plain":
                value = tidy(part, cues.normalize)
                if cues.normalize == "title" and member_named(f"my {fold(value)}") == fold(value):
                    continue  # "Grandad here, 78": who they are to someone, not their name
                if kind != "plain" or cues.normalize == "none":
                    value = original_case(value, original)
                if value and len(value.split()) <= (3 if len(parts) > 1 else 5):
                    out.append((start, end, value))
        return out
