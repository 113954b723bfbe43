"""A short "yes" to the assistant's question: the question, turned round, is what the visitor said.

"Would you like large-print labels?" — "Yeah, that'd help" reads as "I would like large-print labels";
"Are you hard of hearing?" — "yes, a bit" as "I am hard of hearing". The statement is read by the same
cues as anything the visitor writes, and only values the ontology names (its terms) are kept, so an
open pattern never captures the assistant's own phrasing. Nothing here knows a concept.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from museum_tui.language.clauses import Clause, fold, split_clauses
from museum_tui.language.party import OTHER, SELF, names_only

from .hits import Hit

if TYPE_CHECKING:
    from .cues import ConceptCues

# the question's opening, and the statement it becomes in the visitor's mouth
TURNS = [
    (r"^(?:would|do|did|will) you (?:like|want|prefer|fancy)\b", "i would like"),
    (r"^(?:would|do|did|will) you need\b", "i need"),
    (r"^(?:would|will) you be (?:interested in|up for|keen on)\b", "i am interested in"),
    (r"^(?:do|did) you (?:have|use|need|want|speak|eat|prefer|like|love|enjoy)\b", "i {verb}"),
    (r"^(?:have|did) you (?:got|brought|come)\b", "i have {verb}"),
    (r"^have you\b", "i have"),
    (r"^would (?=(?:a|an|the|some|it)\b)", "i would like "),
    (r"^are you (?:here )?(?:with|visiting with)\b", "i am here with"),
    (r"^are you\b", "i am"),
    (r"^(?:is|are) (?:it|they|those|these|that) (?:the|a|an)?\b", "i would like the"),
    (r"^(?:shall|should|can|could|may) i (?:\w+ )?(?:you )?(?:to |for |towards )?", "i would like "),
    (r"^(?:do|does) (?:the|that|this) \w+ (?:bother|affect|trouble|worry) you\b", "it bothers me"),
]
_TURNS = [(re.compile(p), r) for p, r in TURNS]
LEAD = re.compile(r"^(?:and |so |ok |okay |great |lovely |perfect |sure |right |well |also |oh )+")
ASKING = re.compile(r"\b(?:would|do|did|will|are|have|shall|should|can|could|may|is|does)\b")


# "Shall I note that you're vegetarian?": what would be noted is the statement ("you are vegetarian")
NOTE_THAT = re.compile(
    r"^(?:shall|should|can|could|may) i (?:note|record|remember|save|keep in mind|add|put down|assume|take it)"
    r"(?: down)?(?: that)? (?=you\b)"
)


def as_statement(question: str) -> str | None:
    """The assistant's last question as the visitor's statement, folded; None when it does not turn."""
    text = NOTE_THAT.sub("", LEAD.sub("", fold(question).strip(" ?")))
    if text.startswith("you "):  # said, not asked: "so you've got about an hour?"
        rest = re.sub(r"\byour\b", "my", re.sub(r"\byou\b", "me", text[4:]))
        rest = re.sub(r"^are\b", "am", rest)
        return " ".join(f"i {rest}".split())
    m = ASKING.search(text)  # "Great, and would you like …": start at the question word
    if m:
        text = text[m.start() :]
    for regex, repl in _TURNS:
        match = regex.match(text)
        if match:
            verb = match.group(0).split()[-1]
            head = repl.replace("{verb}", verb)
            rest = text[match.end() :]
            rest = re.sub(r"\byour\b", "my", re.sub(r"\byou\b", "me", rest))
            return " ".join(f"{head} {rest}".split())
    return None


# "Is anyone in your group a wheelchair user?", "Does anybody with you need step-free access?"
ANYONE = re.compile(
    r"^(?:(?:and|so|also|ok|okay|great|lovely|thanks)\W+)*(?P<verb>is|are|does|do|has|have) "
    r"(?:anyone|anybody|any of you|someone|one of you)(?: (?:else )?(?:in|of|with) (?:your|you|the) "
    r"(?:group|party|family|lot|you))?(?: (?:with you|today|here))? (?P<rest>.+)$"
)
# an answer that names a member and stops on the verb the question asked with: "my grandson is", "my mum does"
ELLIPTIC = re.compile(r"\b(?:is|are|does|do|has|have|did|uses one|needs one|has one|needs it|too)$")


def of_anyone(question: str) -> str | None:
    """ "Is anyone in your group a wheelchair user?" as the statement a member would make ("i am a wheelchair
    user"), folded; None for another question."""
    m = ANYONE.match(fold(question).strip(" ?"))
    if m is None:
        return None
    head = {"is": "i am", "are": "i am", "has": "i have", "have": "i have"}.get(m.group("verb"), "i")
    return f"{head} {m.group('rest')}"


YOU_ARE = re.compile(r"\byou (?:are|have|use|need|wear|can not|do not)\b")


def said_of_you(bot_msg: str | None) -> list[str]:
    """What the assistant's last message said the visitor is or has ("Since you're allergic to sesame, …"),
    each as the visitor's own statement, folded ("since i am allergic to sesame")."""
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", bot_msg or ""):
        text = fold(sentence)
        if YOU_ARE.search(text):
            text = re.sub(r"\byou are\b", "i am", text)
            out.append(" ".join(re.sub(r"\byour\b", "my", re.sub(r"\byou\b", "i", text)).split()))
    return out


# a reply that opens by saying the assistant was wrong about the visitor: "no", "nope", "haha no", "not me"
DENYING = re.compile(r"^(?:(?:haha|ha|lol|oh|um+|erm+|er|sorry)\W+)*(?:no|nope|nah|not me|wrong|that is wrong)\b")
# … and says nothing else of it: "no I'm not", "no no, not at all, it was just really loud at the desk"
DENIAL_ONLY = re.compile(
    r"^(?:(?:haha|ha|lol|oh|um+|erm+|er|sorry)\W+)*(?:no|nope|nah)(?:\W+(?:no|nope|nah))*\W*"
    r"(?:$|(?:i am not|i do not|i have not|i never said|not me|not at all|not really|that is wrong|you misheard)\b)"
)


# what an answer may have around it: "uhh near the big stairs, 1st floor I think", "top floor, by the
# prints"
HEDGE_BEFORE = re.compile(r"^(?:(?:um+|uh+|u+h+m*|erm+|er|hmm+|ah+|oh|well|so)\s*,?\s+)+")
HEDGE_AFTER = re.compile(
    r"(?:\s*,?\s*(?:i think|i guess|i reckon|i believe|i suppose|maybe|probably|lol|haha|tbh|x+))+\s*$"
)


def answered(text: str, kind: str) -> list[tuple[int, str]]:
    """The text an answer pattern reads, with where it starts in the clause: the clause, and for an answer
    to the assistant's question also without hedges around it, and each part between commas, the last
    first (what follows a comma sharpens the answer: "near the big stairs, first floor")."""
    if kind != "answer":
        return [(0, text)]
    shift = m.end() if (m := HEDGE_BEFORE.match(text)) else 0
    bare = HEDGE_AFTER.sub("", text[shift:])
    parts = [
        (shift + p.start() + len(p.group(0)) - len(p.group(0).lstrip()), p.group(0).strip())
        for p in re.finditer(r"[^,]+", bare)
    ]
    return list(dict.fromkeys([(0, text), (shift, bare), *(reversed(parts) if len(parts) > 1 else [])]))


class AnswerReading:
    """What a message says through the assistant's words: the needs the assistant said were the visitor's
    and the visitor hands to a member, and a "yes" to its question. Mixed into `RuleExtractor`, whose
    cues read the assistant's words as they read the visitor's."""

    cues: list[ConceptCues]

    def _match(self, cues: ConceptCues, clause: Clause, bot_question: str, carried: bool = False) -> list[Hit]:
        raise NotImplementedError  # RuleExtractor's

    def _handed(self, member: str, bot_msg: str, evidence: str) -> list[Hit]:
        """The needs the assistant said were the visitor's, which the visitor hands to `member`: not theirs,
        the member's; of each concept the first said ("I've noted you use a wheelchair, I'll stick to
        step-free routes": the wheelchair, not what the assistant made of it)."""
        out: list[Hit] = []
        for h in self._said_of_visitor(bot_msg, [c for c in self.cues if c.party]):
            if not any(o.concept == h.concept for o in out):
                out += [
                    Hit(h.concept, h.value, "negated", evidence),
                    Hit(h.concept, h.value, "asserted", evidence, about=member),
                ]
        return out

    def _denied(self, clauses: list[Clause], bot_msg: str, hits: list[Hit], evidence: str) -> list[Hit]:
        """ "Got it, you're allergic to peanuts." - "no no, tree nuts!": what the assistant said of the
        visitor (the first value of each concept) is taken back when the reply opens with a no and either is
        nothing but the no ("nope", "no I'm not, where's the café?"; not "no, but where's the café?", whose no
        may be to anything) or says another value of that concept, which the assistant's words make that
        concept's ("tree nuts!": an allergy)."""
        out: list[Hit] = []
        by_concept = {c.concept: c for c in self.cues}
        for h in self._said_of_visitor(bot_msg, self.cues):
            if any(o.concept == h.concept for o in out):
                continue
            mine = [k for k in hits if k.concept == h.concept]
            if any(k.polarity == "negated" and k.value.lower() == h.value.lower() for k in mine):
                continue  # the visitor's own words took it back ("peanuts are actually fine")
            if mine:  # another value said in the visitor's own words ("no, it's shellfish I'm allergic to")
                if any(k.polarity == "asserted" and k.value.lower() != h.value.lower() for k in mine):
                    out.append(Hit(h.concept, h.value, "negated", evidence))
                continue
            instead = [
                k
                for c in clauses
                if not c.question and c.about == SELF
                for k in self._match(by_concept[h.concept], c, "", carried=True)
                if k.polarity == "asserted" and k.value.lower() != h.value.lower()
            ]
            if instead or DENIAL_ONLY.match(fold(evidence)):
                out += [Hit(h.concept, h.value, "negated", evidence), *instead[:1]]
        return out

    def _anyone(self, bot_question: str, clauses: list[Clause]) -> list[Hit]:
        """ "Is anyone in your group a wheelchair user?" - "my grandson is, he's 9": the question said of the
        member the answer names, by itself or with an auxiliary ("yes my mum does", "just my son")."""
        statement = of_anyone(bot_question)
        if not statement:
            return []
        asked = self._named_in(statement, [c for c in self.cues if c.party])
        asked.sort(key=lambda h: h.span[0] if h.span else 0)  # "deaf or hard of hearing?": the first one said
        asked = [h for k, h in enumerate(asked) if all(o.concept != h.concept for o in asked[:k])]
        return [
            Hit(h.concept, h.value, "asserted", c.original, c.sentence, None, c.about)
            for c in clauses
            if c.about not in (SELF, OTHER) and not c.question and (names_only(c.text) or ELLIPTIC.search(c.text))
            for h in asked
        ]

    def _agreed(self, bot_question: str, evidence: str) -> list[Hit]:
        """ "Yes" to "Would you like large-print labels?": the question turned into the visitor's
        statement, read by every concept's cues; only the values the ontology names are kept."""
        statement = as_statement(bot_question)
        if not statement:
            return []
        return [Hit(h.concept, h.value, "asserted", evidence) for h in self._named_in(statement, self.cues)]

    def _named_in(self, statement: str, cues: list[ConceptCues]) -> list[Hit]:
        """The assistant's question turned into the visitor's statement, read by `cues`, each concept reading
        all of it (no words claimed): the asserted values the lexicon names."""
        out = []
        for clause in split_clauses(statement):
            if clause.hypothetical or clause.third_party:
                continue
            for concept in cues:
                named = {value for _, value in concept.terms}
                out += [
                    hit
                    for hit in self._match(concept, replace(clause, spans_taken=[]), "")
                    if hit.value in named and hit.polarity == "asserted"
                ]
        return out

    def _said_of_visitor(self, bot_msg: str, cues: list[ConceptCues]) -> list[Hit]:
        """What the assistant's last message said the visitor is or has ("Since you're allergic to sesame,
        …"), read by `cues`: the visitor's own asserted values, in the order said."""
        return [
            h
            for text in said_of_you(bot_msg)
            for clause in split_clauses(text)
            for concept in cues
            for h in self._match(concept, clause, "")
            if h.polarity == "asserted" and h.about == SELF
        ]
