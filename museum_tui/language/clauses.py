"""Generic language machinery for the rule extractor: clauses and what kind of statement each one is.

Nothing here knows a concept: it splits a message into clauses and says, for each, whether it is a
question (and whether it asks for something needed now), a hypothetical, about a third person, and
where negation or retraction words sit. The ontology's cues decide what the clause is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .acts import QUESTION_START, STATEMENT, is_yes
from .contrast import BARE_NOT, WHOSE, contrast, said_then_meant
from .folding import EMOJI_WORD, INTENSIFIERS, fold
from .folding import FILLERS as FILLERS  # the concierge reads it here
from .negation import NEGATION, retractions
from .party import (
    ABOUT_ME,
    CANONICAL,
    FIRST_PERSON,
    KIN,
    MEMBER,
    MEMBERS,
    NOT_A_NAME,
    ONE_MORE,
    PEOPLE,
    RELATIVE,
    SELF,
    SUBJECT_VERBS,
    escorted,
    last_member,
    member_named,
    named_person,
    names_only,
    subject_of,
)
from .reference import APPOSITIVE, NAME_BREAK, NAMED_THEN_KIN, PUSHES_ME, RESTATED, name_who, she_or_he, so_we_need

HYPOTHETICAL = re.compile(
    r"\b(?:what if|what about if|if (?:someone|somebody|anyone|a person|a visitor|people|one|my|our|"
    r"i were|i was|i had|we had|he|she|they|i|we) (?:ever |later |still )?(?:get|got|need|needed|feel|felt|start|"
    r"become|find|wanted|want|were|was|had|can not|could not|run out|came|come|went|go|visited|visit|brought|"
    r"bring|used|use|ended up|turned up)|"
    r"if (?:someone|somebody|anyone|a person|a visitor|people|one|my|our|"
    r"i were|i was|i had|we had|he|she|they)|suppose|supposing|imagine|hypothetically|in case|"
    r"for example|let us say|say (?:someone|i was)|(?:^|, )say (?:i|we) |would (?:someone|a person|a visitor)|"
    r"do people|"
    r"can people|for people who|for visitors who|for anyone who|for someone who|"
    # what was expected, not what is: "I thought I'd hate the video stuff but actually I love it"
    r"(?:i|we) (?:thought|expected|assumed|feared|was worried|were worried) (?:that )?(?:i|we) would)\b"
)
NEED_QUESTION = re.compile(
    r"^(?:where|which way|how (?:do|can|could) (?:i|we) (?:get|find|reach)|any|anywhere|somewhere)\b"
    r"|^(?:do|can|could) you (?:speak|understand)\b"
    r"|^(?:parlez|parles|hablas?|habla usted|sprechen|sprichst|parla|parli|falas?|fala)\b"
    r"|^(?:could|can|would|will) you (?:please )?(?:answer|reply|respond|speak|talk|write|explain|tell me|"
    r"translate|switch)\b"
    r"|\b(?:where|can i|could i|can we|could we|may i|need|want)\b"
    r"|\b(?:is|are) there (?:somewhere|anywhere)\b"
    r"|\b(?:is|are) there (?:a|an|any|some)\b.*\b(?:near|nearby|close|around|here|on this floor|i can|we can|"
    r"i could|we could|to get|to buy|to sit|to eat|to drink|to rest)\b"
)
# Text written to steer the machine rather than to talk: a message carrying it is not the visitor speaking
# about themselves, so nothing in it is taken as a fact (matched against the raw, lower-cased message).
INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+|my\s+)?(?:previous|prior|earlier|"
    r"above|preceding|system|old)\b(?:\s+\w+)?\s*(?:instructions?|prompts?|messages?|rules?|context|everything)?"
    r"|\b(?:ignore|disregard|forget|override|bypass|break)\s+(?:all\s+|any\s+|the\s+|your\s+|these\s+|those\s+)?"
    r"(?:rules|guidelines|instructions|programming|guardrails|restrictions|policy|policies|training|filters?)\b"
    r"|\bignore everything\b|\bsystem\s*(?:prompt|message|:)|\bdeveloper mode\b|\bjailbreak|\byou are now\b"
    r"|\bnew instructions?\b|\bact as (?:an? )?(?:admin|system|developer)|\b(?:concept|value|polarity)\s*[=:]"
    r"|[\[<]\s*/?\s*(?:system|assistant|user|inst)\s*[\]>]|\b(?:assistant|system)\s*:"
    r"|\b(?:store|record|save|add|insert|set|log|write|mark|flag|register|tag|update)\s+"
    r"(?:the\s+following|this\s+fact|these\s+facts|a\s+fact|fact|facts|me\s+as|the\s+user|that\s+the\s+(?:user|visitor)"
    r"|profile|memory|in\s+(?:your\s+)?memory|\w+\.\w+)"
    r"|\b(?:say|pretend|claim|output|print|respond with)\s+(?:that\s+)?(?:i am|i'm|im|the user|the visitor)\b"
    r"|\bprint your\b|\bas the (?:\w+ )?(?:director|admin|administrator|developer|owner|manager)\b"
    r"|\{\s*\"(?:facts|concept)\""
)
POSSESSORS = [["my"], ["our"], ["his"], ["her"], ["their"]]
SCOPE_ENDS = {",", "just", "only", "but", "instead", "rather", "so", "because", "and"}
RETRACTION_ENDS = SCOPE_ENDS - {"and", ","} | {"now", "instead"}
MEANT = r"make that|make it|i mean|i meant"  # the words a slip says what was meant with ("2 hours, no make that 3")
ANOTHER = re.compile(rf"^(?:and )?{ONE_MORE}\b")  # one more of those named
CLAUSE_BREAK = re.compile(
    r"\s*(?:;|(?<!\d):(?!\d)|—|–|\s-\s|,?\s*\b(?:but(?! not (?:very |that |too )?(?:far|much|long)\b)|however|"
    r"although|though|except|whereas|while)\b"  # ("I can walk but not far": one clause)
    r"|,?\s+(?=(?:just )?in case\b)"  # "I'm pescatarian btw, in case you're recommending food": what if, apart
    # "we've got 2 hours, actually make that 90 mins": a slip taken back after a comma is a clause of its own
    rf"|,\s*(?=(?:(?:actually|no|nah|sorry|oops|wait)\s+)*(?:{MEANT})\b))\s*"
    # (not "shellfish and I do not get on", "stairs and I are not friends": one clause, "X and I" its subject)
    r"|,?\s+(?:\b(?:and|also|plus|so|n)\b|&)\s+(?!i (?:do not|don't|do n't|never|really do not|are not|aren't) "
    r"(?:get on|get along|mix|agree|friends)\b)"
    r"(?=(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|my|our|also|please|"
    r"mum|mum's|dad|dad's|mom|grandad|grandma|nan|gran|son|son's|daughter|wife|husband|hubby|hubby's|partner|"
    r"grandpa|grandpa's|granny|granny's|grampa|nana|nanna|grandad's|grandma's|gran's|nan's|wife's|husband's|"
    r"it|there|this|that|the|use|uses|need|needs|have|has|love|like|want|speak|wear|walk|get|struggle|hate|"
    r"he|she|they|he's|she's|they're|"  # "I'm with my grandparents and they're both a bit deaf"
    r"prefer|can|could|would|will|am|do|did|only|really|just|"
    # "I'm pescatarian so is the prawn sandwich ok?": a question after "so" or "and"
    r"is (?:the|it|there|this|that|anything)|are (?:the|there|they|any)|does|where|what|how|which)\b)"
    r"|,\s+(?=(?:i|i'm|im|i've|i'd|we|we're|my|our|and|also|please|it|its|the|where|what|how|which|when|is there|"
    r"he|she|they|he's|she's|they're|hes|shes|theyre|his|her|their|love|like|hate|need|want|got|have|use|can|could|"
    # "…, id rather see paintings", "…, just show me proper paintings": a statement of its own
    r"id (?:rather|prefer|like|love)|just (?:show|take|give|tell|point) me|one of them|another one|"
    r"one(?:'s| is| has| needs| uses)|the other one|"
    # "…, 24 kids, one child is type 1 diabetic": one of those named, a statement of its own
    r"(?:one|two|three|some|both|all) (?:of (?:them|my|our|the) )?(?:[\w-]+ )?"
    r"(?:is|are|has|have|uses|use|needs|need|can)\b|"
    # "just me today, hubby's at the football": a member opening a statement of their own
    r"(?:hubby|husband|wife|missus|partner|mum|dad|son|daughter|grandad|grandma|nan|gran|kids)(?:'s| is| are| has)|"
    r"whats|wheres|hows|whos|what's|where's|how's|who's|that's|thats|that is|that was|"
    r"are there|any|anything|anywhere|do you|can you|could you|can i|could i|thanks|thank you|cheers|please|"
    r"if possible|"  # "hay fever's brutal this week, anything I should steer clear of?"
    # a question after a statement: "I'm coeliac, is the soup safe?"
    r"is the|is it|is this|is that|is anything|are the|are they|are any|does|do they|do the|which|who|when|why|"
    r"is yours|are yours|is your|are your|"  # "We love Japanese gardens, is yours step free?"
    r"should i|should we|wich|wat|wot|wen|hw|"  # and as typed in a hurry: "We eat halal, wich things …?"
    # a question turned round after a statement: "dad wears hearing aids, will he be able to follow?"
    r"(?:will|would|shall|can|could|do|does|did|is|are|was|were|has|have|may|might|must) (?:i|we|you|he|she|"
    r"they|it|there|ther|the|this|that|these|those|any|anything|my|our)|"
    r"by the way|ta)\b"
    # "…, youngest is 3 and in a pushchair", "…, mum's on crutches": a member named bare opens a clause
    rf"|(?:the )?(?:{KIN})(?:'s)? (?:is|has|was|uses|needs|can|gets|got|wears|relies|struggles|does|on|in)\b)",
    re.IGNORECASE,
)
# "…, no make that 90 mins": the no opens the slip, it denies nothing of what is meant
SLIP_LEAD = re.compile(rf"^(?:(?:no|nah|nope|sorry|oops|wait)\s*,?\s*)+(?=(?:{MEANT})\b)")
LEAD_IN = re.compile(r"^(?:(?:and|also|plus|so|oh|well|um|erm|hi|hello|hey|actually|ok|okay)\s+|,\s*)+")
# An emoji ends a sentence as a full stop would: "vegan 🌱 does the café do plant milk?" is two sentences
EMOJI = "\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff"
# (not inside a list: "bees 🐝 and big crowds"); an emoji that reads as a word ends one too before a question
# ("Mobility scooter user here 🦼 can I take it in?")
ASKING = r"(?i:can|could|is|are|do|does|where|what|how|which|when|will|would|any|anywhere)\b"
SENTENCE = re.compile(
    rf"(?:[^.!?\n{EMOJI}]|(?:{EMOJI_WORD.pattern})(?!\s+{ASKING})|(?<=\d)\.(?=\d)|[{EMOJI}\u200d\ufe0f]+(?=\s*(?:and|or|n|&)\s))+"
    rf"(?:[.!?{EMOJI}\u200d\ufe0f]+|$)|[.!?{EMOJI}]+"
)


# a no that answers, opening a clause whose subject follows it ("no we are fine with stairs", "nah i am ok")
ANSWERING_NO = re.compile(r"^(?:no|nah|nope)(?:\s+(?:no|nah|nope))*\s+(?=(?:i|we|you|he|she|they|it|that|this)\b)")


@dataclass
class Clause:
    """One clause of the visitor's message, with the facts of grammar the cues need."""

    original: str
    text: str  # folded
    question: bool = False
    need_question: bool = False
    hypothetical: bool = False
    third_party: bool = False  # about anyone but the visitor
    about: str = "self"  # "self", a party member's word ("son"), or "other" (see party.subject_of)
    retraction: bool = False
    spans_taken: list[tuple[int, int]] = field(default_factory=list)
    others_from: int | None = None  # offset where a relative clause about someone else begins
    sentence: str = ""  # the whole sentence, as the visitor wrote it
    message: str = ""  # the whole message, as the visitor wrote it
    because_of: str = ""  # the member whose need this clause's need follows from ("…, so we'll need lifts")
    contrast: str = ""  # "…, not Tom": the words a correction says are NOT so (folded), read against a neighbour
    reach: str = ""  # for a member named in an earlier sentence: the message from there to here (evidence)

    def negated_before(self, start: int, window: int = 6, text: str | None = None) -> bool:
        """Is there a negation word among the few words before `start`, in the same phrase? `text` may
        be the clause with some words blanked (a trigger such as "can not stand" negates nothing)."""
        said = self.text if text is None else text
        said = ANSWERING_NO.sub(lambda m: " " * len(m.group(0)), said)  # "no we're fine with stairs": an answer
        before = said[:start].split()[-window:]
        for i in range(len(before) - 1, -1, -1):
            # "can not manage steps with my walker", "can not go far without my frame": the thing one goes
            # with is had, whatever the verb before it denies ("without a wheelchair" still denies one)
            kept = (
                (before[i] == "with" and before[max(0, i - 2) : i] != ["not", "me"])
                or (  # "not me with the …"
                    before[i] == "without" and before[i + 1 : i + 2] in POSSESSORS
                )
            )
            if before[i] in SCOPE_ENDS or kept:
                before = before[i + 1 :]
                break
        return bool(NEGATION.search(" ".join(before)))

    def retracted_outside(self, start: int, end: int) -> bool:
        """A retraction word that is not part of the matched words ("not what it *used to* be")."""
        if not self.retraction:
            return False
        masked = self.text[:start] + " " * (end - start) + self.text[end:]
        for m in retractions(masked):
            between = self.text[min(m.end(), start) : max(m.start(), end)].split()
            # "not vegan any more , just veggie": the retraction's scope ends where negation's does
            if not set(between) & RETRACTION_ENDS:
                return True
        return False

    def free(self, start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in self.spans_taken)


def split_clauses(
    message: str, correct: Callable[[str], str] | None = None, known: Callable[[str], bool] | None = None
) -> list[Clause]:
    """Sentences, then clauses at contrast words and at `and`/commas that start a new statement.
    `correct` (a speller) is applied to each folded clause before anything is read from it. `known` says
    whether a word is one the ontology uses; with it, a member called by name ("Tom can't manage steps")
    is read as one (party.named_person)."""
    clauses: list[Clause] = []
    named = ""  # the party member named last, for a later "he" / "she"
    named_all: list[str] = []  # every member that clause named, in order ("my son and my sister, she's …")
    named_from: int | None = None  # where the sentence naming them starts
    for match in SENTENCE.finditer(message):
        sentence = match.group(0).strip()
        if not sentence or not re.search(r"\w", sentence):
            continue
        is_question = sentence.rstrip().endswith("?")
        parts = [p.strip(" ,.!?;:-\"'") for p in _split(sentence) for p in contrast(p) for p in name_who(p)]
        parts = [p for p in parts if p and re.search(r"\w", p)]
        if is_question and parts and "," in parts[-1]:  # "I'm on crutches, best way up to gallery 3?"
            said, _, asked = parts[-1].rpartition(",")
            # "I'm on crutches, …?", "my brother's blind and …, are dogs ok?": a statement, then the question
            opening = re.sub(r"^\w+\s*,\s*", "", LEAD_IN.sub("", fold(said)))  # after "bonjour," too
            stated = STATEMENT.match(opening) or subject_of(fold(said)) not in (SELF, "other")
            stated = stated or (len(parts) > 1 and re.match(r"(?:he|she|they)\b", opening))  # "my wife she …
            if stated and 0 < len(asked.split()) <= 8:
                parts[-1:] = [said.strip(), asked.strip()]
        conditional = False
        for index, part in enumerate(parts):
            folded = fold(part)
            if correct is not None:  # a corrected word may be an intensifier ("realy"): dropped as in fold
                folded = " ".join(INTENSIFIERS.sub("", correct(folded)).split())
            folded = SLIP_LEAD.sub("", LEAD_IN.sub("", folded))
            if not folded:
                continue
            if NAMED_THEN_KIN.match(part):  # "Jamie (my son) is coeliac": my son is coeliac
                folded = folded.split(" ", 1)[1]
            for kin_name in KIN_THEN_NAME.finditer(part):  # "my friend Sam here is coeliac": my friend here is …
                kin, name = kin_name.group("kin").lower(), kin_name.group("name").lower()
                if name not in NOT_A_NAME and (known is None or not known(name)):
                    folded = re.sub(rf"\b{kin} {name}\b", kin, folded)
            clause = Clause(original=part, text=folded, sentence=sentence.strip(" \"'"), message=message)
            last = index == len(parts) - 1
            # "…the mother-in-law, who uses a walking frame": a relative clause about the member just named
            opens_relative = bool(clauses) and RELATIVE_OPEN.match(folded)
            relative_to = last_member(clauses[-1].text) if opens_relative else ""
            by_name = opens_relative and named and clauses[-1].text.endswith(f" {named}")
            if by_name and clauses[-1].sentence == sentence.strip(" \"'"):  # "here with Jamie who uses a wheelchair"
                clause.text = folded = f"{named} {folded.split(' ', 1)[1]}"
            elif relative_to and clauses[-1].sentence == sentence.strip(" \"'"):
                folded = f"my {relative_to} {folded.split(' ', 1)[1]}" if " " in folded else folded
                clause.text = folded
            clause.question = (is_question and last) or bool(QUESTION_START.match(folded))
            # a bare "Loo?" / "Coffee?" asks for the thing itself
            clause.need_question = (
                clause.question
                and (bool(NEED_QUESTION.search(folded)) or len(folded.split()) <= 2)
                and not FOR_THEM.search(folded)  # "any snacks they can have?": asked for someone else
            )
            relative = RELATIVE.search(folded)
            clause.others_from = relative.end() if relative else None
            # "If I get tired, is there somewhere to sit?": the clause after an if-clause is its consequence
            clause.hypothetical = bool(HYPOTHETICAL.search(folded)) or conditional
            conditional = clause.hypothetical and folded.startswith("if ")
            # "our eldest, Zara, has a sesame allergy": the name said beside the member is no other subject
            clause.about = subject_of(APPOSITIVE.sub(r"\g<who>", folded), she_or_he(folded, named_all) or named)
            person = named_person(part, known) if known is not None and not ABOUT_ME.search(folded) else ""
            # "Auntie Jo has …": the name with its kin word, not the kin word alone
            person = person if clause.about in (SELF, "other") or person.startswith(f"{clause.about} ") else ""
            # "our Sophie gets …": hers, though "our" is the visitor's word ("Jamie (my son) is …": brackets aside)
            said = fold(re.sub(r"\([^)]*\)", " ", part)) if person else ""
            if person and not FIRST_PERSON.search(re.sub(r"^(?:\w+ )?(?:our|my) ", "", said)):
                clause.about = person
            if by_name and clauses[-1].sentence == clause.sentence:
                clause.about = named  # "…with Jamie who has cerebral palsy": Jamie's
            if clause.about not in (SELF, "other") and PUSHES_ME.search(folded):
                clause.about = SELF  # "she's pushing me about in one of your wheelchairs": the chair is mine
            elif (
                clause.about == SELF
                and clauses
                and (whose := _needing(clauses[-1]))
                and so_we_need(folded, fold(clause.sentence))
            ):
                clause.because_of = whose  # "my friend's in a wheelchair so we'll need lifts": hers
            # "mum's got a bad hip and can't walk far": still mum; "yeah my partner - shellfish": the partner's
            same = clause.about == SELF and bool(clauses) and clauses[-1].sentence == clause.sentence
            if same and (
                SUBJECTLESS.match(folded) or (names_only(clauses[-1].text) and not FIRST_PERSON.search(folded))
            ):
                clause.about = clauses[-1].about
            if (
                clause.about == "other"
                and ANOTHER.match(folded)
                and clauses
                and clauses[-1].about not in (SELF, "other")
            ):
                clause.about = clauses[-1].about  # "one kid has an egg allergy, another one is deaf": one of them
            if (bare := BARE_NOT.match(folded)) is not None and same and not WHOSE.match(bare.group(0).lstrip()):
                clause.about = clauses[-1].about  # "my mum's coeliac, not lactose intolerant": still the mum
            restated = RESTATED.match(folded)
            if restated and clauses and clauses[-1].about not in (SELF, "other") and clause.about == SELF:
                # "Husband's a wheelie 😂 I mean a wheelchair user": said again of the same member
                clause.about = clauses[-1].about
                clause.text = folded = f"{clause.about} is {restated.group('rest')}"
            clause.third_party = clause.about != SELF
            if clause.about not in (SELF, "other") and not member_named(folded) and named_from is not None:
                # "I've brought my dad. His eyesight's bad": the words that name him reach back to him
                clause.reach = message[named_from : match.end()].strip()
            with_whom = escorted(part, known) if known is not None and not person else ""
            # "brought nan along today, she's in a wheelchair": a member brought or had, named by kin alone
            with_whom = with_whom or ((m := BROUGHT.search(folded)) and m.group("who")) or ""
            if member_named(folded) or person or with_whom:
                named, named_from = member_named(folded) or person or with_whom, match.start()
                named_all = [CANONICAL.get(m.group("who"), m.group("who")) for m in MEMBER.finditer(folded)]
            clause.retraction = bool(retractions(folded))
            if bare is not None:
                clause.contrast = bare.group("thing")
            clauses.append(clause)
    said_then_meant(clauses)
    return clauses


def _needing(clause: Clause) -> str:
    """The member a clause says a need of: its subject, or the one its relative clause is about ("I'm with a
    friend who's on crutches"), or ""."""
    if clause.about not in (SELF, "other"):
        return clause.about
    before = clause.text[: clause.others_from].rsplit(" ", 1)[0] if clause.others_from is not None else ""
    return last_member(before) if before else ""  # (`others_from` is where "who …" ends)


# "I can't have egg or milk", "he can not eat nuts": what one keeps from is had (an allergy, a diet), not denied
ABSTAINS = re.compile(
    r"\b(?:can not|cannot|must not|should not|is not allowed to|are not allowed to) (?:have|eat|drink|touch)\b"
    # "… so no almond croissant for me": the "no" of going without
    r"|\bno(?= (?:[\w-]+ ){1,3}?(?:for me|for him|for her|for us|for them|anything|please|pls)\b)"
)
KIN_THEN_NAME = re.compile(rf"\b(?i:my|our) (?P<kin>(?i:{MEMBERS})) (?P<name>[A-Z][a-z]{{1,14}})\b")
BROUGHT = re.compile(  # ("brought the 3 grandkids")
    rf"\b(?:brought|bringing|got|have|with|supporting|caring for|looking after)\s+(?:the\s+|a\s+|an\s+)?"
    rf"(?:(?:\d+|two|three|four|five|six|both)\s+)?(?P<who>{KIN}|pupils|students)\b"
)
RUN_ON = re.compile(
    rf"\b(?:{KIN})(?P<gap>\s+)(?:he|she|they)(?:'s|s|'re|re| is| are| has| have| was| were| uses?| needs?| gets?| "
    r"can| can't| cannot| does| doesn't| do| don't| wears?| struggles?| relies)\s",
    re.IGNORECASE,
)
RELATIVE_OPEN = re.compile(r"^(?:who|whose) (?:is|has|uses|needs|can|wears|gets|relies|struggles)\b")
# "me and my partner", and the same after a comma ("we're tourists from Osaka, me and my mother")
PAIRED = re.compile(r"(?:^|,\s*)(?:just |only |it is |it's |both )?(?:me|myself|my \w+|our \w+)$", re.IGNORECASE)
PERSON_END = re.compile(rf"\b(?:{PEOPLE})\s*$", re.IGNORECASE)
PERSON_START = re.compile(
    rf"(?:my|our|the|a|his|her)\s+(?:\w+\s+)?(?:{PEOPLE})\b(?!\s+(?:{SUBJECT_VERBS})\b)", re.IGNORECASE
)
FOR_THEM = re.compile(r"\b(?:they|he|she) (?:can|could|may|might|will|would) (?:have|eat|drink|use|get|sit|go|try)\b")
# A clause that goes on without a subject, in the third person or with a modal: its subject is the last one's
SUBJECTLESS = re.compile(
    r"^(?:is|has|does|was|can|could|will|would|needs|uses|gets|walks|wears|struggles|relies|finds|loves|"
    r"hates|eats|prefers|suffers|manages|goes)\b"
)


def _split(sentence: str) -> list[str]:
    """Clause breaks, except an "and" that pairs people ("me and my partner" stays whole)."""
    parts: list[str] = []
    last = 0
    for m in CLAUSE_BREAK.finditer(sentence):
        left = sentence[last : m.start()]
        if re.match(r",?\s+(?:and\b|n\b|&)", m.group(0), re.IGNORECASE) and (
            PAIRED.search(left.strip()) or (PERSON_END.search(left) and PERSON_START.match(sentence, m.end()))
        ):
            continue  # "me and my partner", "with the grandkids and my hubby": people listed together
        parts.append(left)
        last = m.end()
    parts.append(sentence[last:])
    # "me and my mates, Jess is coeliac": a name opening a statement after a comma (the capital is the sign);
    # "with my nan shes got dementia": a member, then a pronoun opening a statement of its own, unpunctuated
    return [piece for part in parts for named in NAME_BREAK.split(part) for piece in _run_on(named)]


def _run_on(text: str) -> list[str]:
    """`text` split where a pronoun opens a statement right after a member ("my nan shes got dementia")."""
    cuts = [m.span("gap") for m in RUN_ON.finditer(text)]
    ends = [0, *(x for span in cuts for x in span), len(text)]
    return [text[a:b] for a, b in zip(ends[::2], ends[1::2], strict=True)]


def is_affirmative(message: str) -> bool:
    """A "yes" to the assistant's last question."""
    return is_yes(fold(message))
