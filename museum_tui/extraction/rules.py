"""The built-in rule extractor: the offline default, driven by the ontology's cues, not by code per concept.

For each clause of the visitor's message it asks the generic questions (is it a question, a hypothetical,
about someone else, negated or retracted?) and then lets every concept's cues look for their words, the
highest priority first. A short "yes" answers the assistant's last question (short_answers.py turns the question
into the visitor's statement). A message that instructs the machine gives nothing. Output goes through the
same validation as any LLM's, so the closed world holds here by construction and by check.

Interface: the engine is synchronous and pure: `extract()` returns the validated facts, `extract_validated()`
also what validation dropped. The conversation reaches it through `BuiltinFactSource` (extraction/builtin.py),
the async `FactSource` that builds it off the event loop.
"""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from typing import TYPE_CHECKING

from museum_tui.language.clauses import INJECTION, Clause, fold, is_affirmative, split_clauses
from museum_tui.language.difficulty import hard_for_me
from museum_tui.language.handed import handed_back
from museum_tui.language.liking import LIKED_THING, THING_IS, compared_away
from museum_tui.language.negation import CANNOT, asked_away, need_under_no
from museum_tui.language.party import FIRST_PERSON, OTHER, SELF, WHO_NOT_WHAT, member_named
from museum_tui.language.reaction import HARMLESS, reacts, unharmed
from museum_tui.memory import Ontology

from .carried import liked_after
from .compiled import compiled_for
from .corrections import called_by, denied, gone, instead, moved, named_abroad, overruled, paired, respelt, slipped
from .cues import ConceptCues
from .grounding import Grounding
from .hits import Hit, as_offered, inside_any, outer, said_once, tidy_hits
from .learned_pass import learned_hits
from .party_reading import (
    GOES_ON,
    MY_BEFORE,
    as_first_person,
    bare_after_member,
    came_along,
    described_after_age,
    for_member,
    headed,
    joint,
    me_too,
    member_after,
    member_before,
    not_here,
    not_me,
    not_me_after,
    not_me_before,
    presumed,
    related_to,
    so_is,
    we_both,
)
from .reading import (
    CARRIED,
    FORGET,
    HERE,
    MAX_CHARS,
    MAX_FOUND,
    PERSON_AFTER,
    SELF_NOUN,
    THIS,
    language_wanted,
    last_question,
    subjectless,
    written_in_it,
)
from .short_answers import DENYING, AnswerReading, as_statement
from .span_reading import SpanReading
from .spelling import Speller
from .validate import ExtractedFact, ExtractionResult, validate_facts

if TYPE_CHECKING:
    from .learned import Reader
    from .meaning import MeaningPass


class RuleExtractor(SpanReading, AnswerReading):
    """Offline, deterministic extraction from the ontology's cues."""

    name = "builtin"

    def __init__(self, ontology: Ontology, semantic: bool = False, learned: bool = True) -> None:
        self.ontology = ontology
        # the second chance by meaning (meaning.py), loaded in warm_up: off by default, because on every
        # labelled set it cost precision for no recall it could keep (figures in meaning.py)
        self.semantic = semantic
        self.learned = learned  # the trained second reader (learned.py), where one was shipped for the ontology
        self.reader: Reader | None = None
        self.meaning: MeaningPass | None = None
        self.single = {cid for cid, concept in ontology.concepts.items() if concept.cardinality == 1}
        self.cues: list[ConceptCues] = []
        self.fallback: dict[str, ConceptCues] = {}  # shared cues read where a concept's own found nothing
        self.speller: Speller | None = None
        self.term_owner: dict[str, set[str]] = {}
        self.grounding: Grounding | None = None
        self._lock = threading.Lock()
        self._ready = False

    @property
    def ready(self) -> bool:
        return self._ready

    def warm_up(self) -> None:
        """Compile the cues (once per process per ontology: compiled.py), on first use or earlier in a thread
        (the app starts it after its first frame); it is safe to call from any thread."""
        with self._lock:
            if self._ready:
                return
            compiled = compiled_for(self.ontology)  # once per process per ontology
            self.cues, self.speller, self.term_owner = compiled.cues, compiled.speller, compiled.term_owner
            self.fallback = compiled.fallback
            self.grounding = compiled.grounding
            if self.learned:
                from .learned import reader_for  # numpy, imported by the first extraction, not on import

                self.reader = reader_for(self.ontology)
            if self.semantic:
                from museum_tui.language.semantic import load_backend

                from .meaning import MeaningPass

                self.meaning = MeaningPass(self.ontology, self.cues, load_backend())
            self._ready = True

    def extract(self, user_msg: str, bot_msg: str | None = None) -> list[ExtractedFact]:
        """The validated facts about the visitor in `user_msg` (`bot_msg`: the assistant's last message)."""
        return self.extract_validated(user_msg, bot_msg).facts

    def extract_validated(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult:
        self.warm_up()
        hits = self._hits(user_msg, bot_msg)
        raw = [
            {"concept": h.concept, "value": h.value, "polarity": h.polarity, "evidence": h.evidence, "about": h.about}
            for h in hits
        ]
        return validate_facts({"facts": raw}, self.ontology, user_msg)

    # ---- matching ------------------------------------------------------------------------------------

    def _hits(self, user_msg: str, bot_msg: str | None) -> list[Hit]:
        if INJECTION.search(user_msg[:MAX_CHARS].lower()):
            return []  # instructions to the machine, not the visitor talking about themselves
        bot_question = last_question(bot_msg)
        hits: list[Hit] = []
        # a chat message is short; an essay pasted in is read only as far as MAX_CHARS (cost stays bounded)
        message = user_msg[:MAX_CHARS]
        every = split_clauses(message, self.speller, self.speller.knows)
        clauses = [c for c in every if not c.hypothetical]
        bare_after_member(clauses)  # "my son es sordo - deaf - …": the bare need is the son's
        headed(clauses)  # "Husband: deaf": the husband's
        clauses = described_after_age(clauses)  # "carer here with Jamie, 24, autistic, …": Jamie's
        members = {c.about for c in clauses if c.about not in (SELF, OTHER)}
        # "yes please, my mum's in a chair": the yes is for the member the reply names, whose own words say it
        if bot_question and is_affirmative(user_msg) and not members:
            evidence = user_msg.strip()
            for cues in self.cues:  # the ontology's own reading of a question comes first
                for regex, value in cues.yes:
                    if regex.search(bot_question):
                        hits.append(Hit(cues.concept, value, "asserted", evidence))
                        break
            answered = {h.concept for h in hits}
            hits.extend(h for h in self._agreed(bot_question, evidence) if h.concept not in answered)
        answers = len(hits)
        dangling: list[tuple[ConceptCues, Clause, bool]] = []
        before: tuple[Clause, set[str]] | None = None  # the clause before, and the concepts it asserted
        previous: list[Hit] = []  # what the clause before said
        said: dict[int, list[Hit]] = {}  # each clause's hits, for a correction's "not Y" (corrections.py)
        party = {c.concept for c in self.cues if c.party}  # the concepts a member's fact may have
        for clause in clauses:
            read: list[Hit] = []
            carried: set[str] = set()
            same = before is not None and before[0].sentence == clause.sentence
            if before and same and CARRIED.match(clause.text):
                clause.third_party = clause.third_party or before[0].third_party
                carried = before[1]  # "I love Degas, and Monet too": the same verb, another thing
            elif before and same and (carried := self._elaborated(clause, before[1])):
                clause.about, clause.third_party = before[0].about, before[0].third_party
            for cues in self.cues:
                found = self._match(cues, clause, bot_question, cues.concept in carried)
                if not found and (shared := self.fallback.get(cues.concept)) is not None:
                    found = self._match(shared, clause, bot_question, cues.concept in carried)
                read.extend(found)
                if not found:
                    negated = self._dangling(cues, clause)
                    if negated is not None:
                        dangling.append((cues, clause, negated))
            if not read and self.meaning is not None:  # no cue knew these words: what do they mean?
                read = [
                    Hit(m.concept, m.value, m.polarity, clause.original, clause.sentence, None, m.about)
                    for m in self.meaning.read(clause)
                ]
            own = outer(read)
            read.extend(me_too(clause, own) + not_me(clause, own) + not_me_after(clause, previous))
            read.extend(not_me_before(clause, before[0] if before else None, own))
            named = before[0].about if before and same else SELF
            read.extend(self._shared(clause, read, bot_question, named))  # "my husband and I are vegetarian"
            said[id(clause)] = outer(read)
            hits.extend(said[id(clause)] + moved(clause, before[0] if before else None, previous, party))
            before, previous = (clause, {h.concept for h in read if h.polarity == "asserted"}), said[id(clause)]
        by_concept = {c.concept: c for c in self.cues}
        known = {(h.concept, h.value.lower(), h.polarity) for h in hits}
        reread = lambda cid, c: self._match(by_concept[cid], c, bot_question)  # noqa: E731
        corrected = denied(clauses, said, reread, party) + instead(clauses, said, reread)  # "…not nuts, it's eggs"
        if not corrected:
            corrected = [h for h in paired(clauses, self.cues) if h.concept not in {k[0] for k in known}]
        hits.extend(h for h in corrected if (h.concept, h.value.lower(), h.polarity) not in known)
        hits = slipped(clauses, said, reread, hits)  # "the first floor - oh no sorry, it's the second"
        hits.extend(liked_after(message, clauses, self.cues, said))  # "roses. love them."
        hits.extend(respelt(message, self.cues, self.speller.knows, hits, bot_msg or ""))  # "it's Jo, not Joe"
        hits = called_by(message, self.cues, hits, self.speller.knows)  # "Marguerite, but everyone calls me Maggie"
        if (member := handed_back(user_msg)) and bot_msg:  # "no that's my sister not me!" to "you're allergic …"
            hits.extend(self._handed(member, bot_msg, user_msg.strip()))
        elif bot_msg and not bot_question and DENYING.match(fold(user_msg)):  # "no no, tree nuts!" to "you're …"
            hits.extend(self._denied(clauses, bot_msg, hits, user_msg.strip()))
        if bot_question and members:  # "my grandson is" to "Is anyone in your group a wheelchair user?"
            read_for = {(h.concept, h.about) for h in hits}  # ("my aunt does, she can't do steps": her words)
            hits.extend(h for h in self._anyone(bot_question, clauses) if (h.concept, h.about) not in read_for)
        hits.extend(written_in_it(message, self.cues))  # written in German: speaks it
        hits.extend(named_abroad(message, self.cues, hits))  # "Hola! Soy Javier, ¿se puede en español?"
        hits.extend(language_wanted(message, self.cues, hits))  # "an audio guide in Polish?"
        if bot_question and (statement := as_statement(bot_question)):  # "nah, more like all afternoon"
            assumed = [h for c in split_clauses(statement) for cues in self.cues for h in self._match(cues, c, "")]
            hits.extend(overruled(fold(user_msg), hits, assumed, user_msg.strip()))
        for cues, clause, negated in dangling:
            if not any(h.concept == cues.concept and h.sentence == clause.sentence for h in hits):
                hits.extend(self._borrow(cues, clause, clauses, negated))
        # a yes settles a one-value concept: "yeah, my feet are killing me" to "find you a seat?"
        settled = {h.concept for h in hits[:answers] if h.concept in self.single}
        hits = hits[:answers] + [h for h in hits[answers:] if h.concept not in settled or h.polarity != "asserted"]
        away = not_here(every, members)  # ("…, she'd love it if she ever comes over": an if says who is away)
        hits = [h for h in hits if h.about not in away and not (h.value in away and h.concept in self._company)]
        hits = came_along(self.cues, message, as_offered(hits, message), self.speller.knows)
        hits += gone(self.cues, message, away)  # "my son's not coming after all"
        if self.reader is not None and not bot_question:  # an answer is read in its question's light, by the rules
            # words no cue lists, read by the trained model where the rules found nothing
            learned = learned_hits(self.reader, clauses, said, hits, by_concept, self.term_owner, self.single)
            hits += as_offered([h for h in learned if h.about not in away], message)
        return said_once(hits)

    def _shared(self, clause: Clause, read: list[Hit], bot_question: str, named: str = SELF) -> list[Hit]:
        """A need said of the visitor and a member at once ("my husband and I are both vegetarian", "I'm vegan
        and so is my son", "… my husband's diabetic, we're both gluten free too" after the clause `named` a
        member): the visitor's, and the member's too."""
        party = [c for c in self.cues if c.party]
        both = named not in (SELF, OTHER) and clause.about == SELF and we_both(clause.text)
        if (pair := joint(clause.text) or ((named, clause.text) if both else None)) is not None:
            member, text = pair
            twin = replace(clause, text=text, about=SELF, third_party=False, others_from=None, spans_taken=[])
            mine = [replace(h, evidence=clause.original) for c in party for h in self._match(c, twin, bot_question)]
        elif member := so_is(clause.text):
            mine = [h for h in outer(read) if h.about == SELF and h.concept in {c.concept for c in party}]
        else:
            return []
        said = clause.sentence if both else clause.original  # the words that name the member
        theirs = [replace(h, about=member, evidence=said) for h in mine if h.polarity == "asserted"]
        return [h for h in mine if h not in read] + theirs

    def _match(self, cues: ConceptCues, clause: Clause, bot_question: str, carried: bool = False) -> list[Hit]:
        member = clause.about if clause.about not in (SELF, OTHER) else ""
        if cues.subject == "self" and clause.third_party and not (cues.party and member):
            return []
        if cues.subject == "self" and member:
            # "my son is vegetarian" reads as "i am vegetarian" would, and the facts are the son's
            spoken = as_first_person(clause.text, member)
            if spoken is not None:
                mine = replace(clause, text=spoken, third_party=False, about=SELF, others_from=None, spans_taken=[])
                found = self._match(cues, mine, bot_question, carried)
                # "…my husband, he's blind": the evidence must name him (validation checks it)
                names = re.search(rf"\b{re.escape(member)}", fold(clause.original))
                said = clause.original if names else clause.reach or clause.sentence
                if found or not GOES_ON.match(clause.text):  # ("… and uses BSL": a cue may name it in those words)
                    return [replace(h, about=member, evidence=said) for h in found]
        # a question asserts nothing, but what it takes for granted of a member (party_reading.presumed)
        asked = clause.question and not (cues.question == "need" and clause.need_question)
        if asked and not cues.party:
            return []
        if cues.veto and cues.veto.search(clause.text):
            return []
        text = cues.ignore.sub(lambda m: " " * len(m.group(0)), clause.text) if cues.ignore else clause.text
        text = compared_away(text) if cues in self._likes else text  # (blanks keep offsets: "… than paintings")
        in_context = bool(cues.context and bot_question and cues.context.search(bot_question))
        triggered = (
            cues.triggers is None
            or carried
            or in_context
            or self._triggered(cues, clause, text)
            or self._bare(cues, text)
            or self._listed(cues, clause, text)
            or (cues.copula and subjectless(cues, text))
            or (cues.reaction and reacts(text))  # "nuts put me in hospital"
        )
        harmless = HARMLESS.search(text) if cues.reaction and not triggered else None  # "… are fine for me"
        triggered = triggered or harmless is not None
        found, worded = self._patterned(cues, clause, text, in_context) if not asked else ([], [])
        denied: set[tuple[int, int]] = set()
        for regex, value in cues.denials if not asked else []:  # "I'm fine with stairs": says it is not so
            for m in regex.finditer(text):
                if clause.free(*m.span()) and not inside_any(m.span(), found):
                    found.append((m.start(), m.end(), value))
                    denied.add(m.span())
        hard: dict[tuple[int, int], bool] = {}  # a frame of hardness, and whether it says "not hard"
        for words, value in cues.hard if not asked else []:  # "stairs are a no-go", "can't see well"
            for h in hard_for_me(text, words):
                if clause.free(h.start, h.end) and not inside_any((h.start, h.end), found):
                    found.append((h.start, h.end, value))
                    hard[(h.start, h.end)] = h.denied
        if triggered or cues.party:
            for regex, value in cues.terms:
                for m in regex.finditer(text):
                    if len(found) >= MAX_FOUND:
                        break
                    # "with my deaf son": the companion's words, and the son's need as well; a word said of
                    # a member ("my autistic son") needs no trigger: it is "my son is autistic"
                    of_member = cues.party and member_after(text, m.start(), m.end(), PERSON_AFTER)
                    # "no nuts for Leo please, he's anaphylactic": kept away, with the concept's trigger in the sentence
                    kept_away = (
                        not triggered
                        and cues.party
                        and cues.triggers is not None
                        and asked_away(text, *m.span())
                        and bool(cues.triggers.search(fold(clause.sentence)))
                    )
                    free = (clause.free(*m.span()) or of_member) and (triggered or of_member or kept_away)
                    free = free and (not asked or presumed(clause, text, m.start(), m.end(), of_member))
                    if cues.party and (LIKED_THING.search(text, 0, m.start()) or THING_IS.match(text, 0, m.start())):
                        continue  # "I love the wheelchair ramp", "sound art is just noise to me": a thing's
                    if free and not inside_any(m.span(), found):
                        found.append((m.start(), m.end(), value))
        if triggered and not found and not asked:
            found = self._reacted(cues, text)  # "lilies set me off sneezing": a thing no term names
        unnegated = self._unnegated(cues, text)
        for a, b, _ in worded:  # "can not do (stairs)": an inability in the pattern's own words says the need
            unnegated = unnegated[:a] + CANNOT.sub(lambda n: " " * len(n.group(0)), unnegated[a:b]) + unnegated[b:]
        found = found[:MAX_FOUND]
        # "crowds do not bother me": a negated trigger after a value denies it
        said_triggers = cues.triggers.finditer(text) if cues.triggers is not None else ()
        after = [m.start() for m in said_triggers if clause.negated_before(m.start(), window=3)]
        hits, need = [], cues.party
        for start, end, value in found:
            if (cues.exclude and cues.exclude.search(fold(value))) or (need and WHO_NOT_WHAT.fullmatch(fold(value))):
                continue  # (a member is whose, not what: "my wife's allergy is bad today")
            if harmless is not None and not (end <= harmless.start() or unharmed(text, start, end)):
                continue  # the thing fine, and what came before it ("heat doesn't bother me, wasps do": no wasps)
            about = member if cues.subject == "self" and clause.third_party else SELF
            owner = (member_before(text, start) if asked or cues.party else "") or (cues.party and clause.because_of)
            if owner := owner or (for_member(text, end, clause.original, self.speller.knows) if cues.party else ""):
                about = owner  # "room for my mum's wheelchair?", "wheelchairs for my aunt", "…so we'll need lifts"
            person = PERSON_AFTER.match(text, end)
            # ("Deaf visitor here, …": the visitor signing on, as "wheelchair user here")
            if (
                cues.subject == "self"
                and person
                and not SELF_NOUN.search(text, 0, start)
                and not HERE.match(text, person.end())
            ):
                # "visiting with my deaf son": the son's need; "the deaf composer", "a blind girl": no one's
                named = member_named(text[max(0, start - 40) : person.end()]) if cues.party else ""
                if not named or cues.negation == "retraction" or not MY_BEFORE.search(text, 0, start):
                    continue
                about = named
            if cues.subject == "self" and THIS.search(text, 0, start) and not FIRST_PERSON.search(text):
                continue  # "that sculpture is stunning": one thing before them, not what they are or like
            if cues.subject == "self" and clause.others_from is not None and start >= clause.others_from:
                # "my mum who uses a wheelchair": the mum's need, when she is one of the party
                named = related_to(text, clause.others_from) if cues.party else ""
                if not named:
                    continue  # "a friend who is a wheelchair user"
                about = named
            retracted = clause.retracted_outside(start, end)
            if cues.negation == "retraction" and not retracted and clause.negated_before(start, text=unnegated):
                continue  # "not into roses, more of a fern person": a like is not the thing said under "not"
            if cues.negation == "retraction":
                negated = retracted
            else:
                negated = retracted or clause.negated_before(start, text=unnegated) or any(a >= end for a in after)
                negated = negated or bool(
                    (cues.reaction or cues.party) and unharmed(text, start, end)
                )  # "… fine for me"
                negated = negated and not (cues.party and need_under_no(text, start, end))  # "no strobe lights please"
            if (start, end) in denied:
                negated = not clause.negated_before(start)  # "not fine with stairs" asserts it
            if (start, end) in hard:  # its own "not" says it is hard ("won't take steps anymore")
                negated = hard[(start, end)] != clause.negated_before(start)
            if cues.claim or (clause.retraction and FORGET.match(text)):
                clause.spans_taken.append((start, end))  # "forget Rothko" retracts one thing, once
            polarity = "negated" if negated else "asserted"
            # the words that name the member: "…and can't walk far" goes on about the mum named before it
            named_here = about == SELF or (clause.about == about and about in fold(clause.original))
            evidence = clause.original if named_here else clause.reach or clause.sentence
            hits.append(Hit(cues.concept, value, polarity, evidence, clause.sentence, (start, end), about))
        return tidy_hits(hits, single=cues.concept in self.single)
