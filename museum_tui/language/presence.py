"""Who came along: the members of the party a message places at this visit.

"me, my partner and the baby", "my friend Leah's with me", "the kids dragged me here", "I've got my nephew
today", "we have the baby in a pram", "I'm pushing my dad", "carer for Jamal": each says who is here, in
grammar a venue's lexicon need not spell out. A concept that records companions (subject "companion" in
its cues) gets these where its own cues found nothing for the member. Absent members ("my brother back
home", "she couldn't come"), people met at the venue and what-ifs ("if I brought my mum …") are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .clauses import HYPOTHETICAL
from .party import CANONICAL, MEMBERS, NOT_A_NAME, SUBJECT_VERBS, escorted

# "… but he is not coming today", "she could not make it", "might come next week": a member not at this
# visit; what is said of them shapes nothing today, so it is not kept (read on a clause about them)
ABSENT = re.compile(
    r"\b(?:is|are|was|were|could|can|did|will|would|has|have) not (?:\w+ )?(?:coming|come|make it|made it|"
    r"with us|joining|join us|here(?! yet\b))\b"
    r"|\b(?:might|may|could|will|would) (?:\w+ )?(?:come|join us|visit|bring (?:him|her|them))\b.*"
    r"\b(?:next|another|later|tomorrow)\b"
    r"|\b(?:stayed|staying|stays|is|are) (?:at )?home\b|\bback (?:home|at school|at work|in (?!the\b)[a-z]+)\b"
    r"|\b(?:is|are) (?:coming|visiting|joining us) (?:next|another|later|tomorrow|on)\b"  # "she's coming next month"
    # "thinking of bringing my dad next month": another visit
    r"|\b(?:thinking of|planning (?:on|to)|hoping to|want to|going to) bring(?:ing)?\b"
    r".*\b(?:next|another|later|tomorrow)\b"
    # "… do you think she could manage here some day?", "my sister who lives in Perth": not this visit
    r"|\b(?:some day|someday|one day)\b|\blives? (?:in|abroad|overseas|away)\b"
    r"|\bif (?:he|she|they) (?:ever |finally )?(?:comes?|visits?|makes? it|gets? here)\b"  # "… if she ever comes over"
    # "my friend who was meant to come is vegan but she is off sick today"
    r"|\boff (?:sick|ill)\b|\b(?:was|were) (?:meant|supposed|going) to (?:come|join)\b"
    # "my mum had a nut allergy, god rest her", "my late husband": no longer living (not "nearly died")
    r"|(?<!nearly )(?<!almost )\b(?:died|passed away|passed on)\b|\bno longer with us\b|\bgod rest\b"
    r"|\brest in peace\b|\brip\b(?!-)|\b(?:my|our) late\b"
)


def absent(folded: str) -> bool:
    """Does a clause about a member say they are not at this visit ("she could not make it today")?"""
    return bool(ABSENT.search(folded))


NUMBER = r"\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|both"
AGED = rf"(?:{NUMBER}|one|a)[ -](?:yr|year|month|week)s?[ -]olds?"
# a group one comes with: "my hen party", "our walking group", "the school class", "my book club"
GROUP = r"(?:[\w-]+ )?(?:group|class|club|party|team|scouts|cubs|brownies|beavers|guides|choir)"
OPENER = r"(?:hi|hiya|hello|hey|right|ok|so)\s+"  # a word that opens a message before who came: "hiya! me and …"
ADJECTIVE = r"(?!with\b|and\b|is\b|are\b)[\w'-]+\s+"
ONE = (  # a word before the member only after a determiner or a number: "my autistic daughter", "2 teens"
    rf"\b(?:(?:my|our|the|a|an|his|her|their|me)\s+(?:(?:{NUMBER}|a couple of|a few)\s+)?(?:{ADJECTIVE}){{0,2}}?"
    rf"|(?:{NUMBER})\s+(?:{ADJECTIVE})?)?"
    rf"(?P<who>{AGED}|year \w+s|teens|under-?fives|under fives|support worker|care worker|"
    rf"(?:{MEMBERS})(?:s|es)?|{GROUP})\b"
)
MEMBER = re.compile(ONE)
JOINER = re.compile(r"\s*(?:,|and|&|\+|n|plus)\s+(?:also\s+)?")
BARE_JOINER = re.compile(r"\s+(?=(?:my|our)\s)")  # after "it's me …" only: "it's me my husband our 3 kids …"
# the frames that place a member at the visit, each ending where the member phrase starts (or, for a
# member that is the subject, the member phrase first)
BEFORE = re.compile(
    r"(?<!\bnot )(?<!\bno )\b(?:with|w|alongside|accompanied by|along with)\s+(?=\S)"
    r"|(?:^|,\s*|\b(?:it is|there (?:is|are) \w+ of us ,?|we are \w+ ,?|just|only|both)\s+"
    rf"|^{OPENER})me\s*(?:,|and|&|\+|n|plus)\s+"
    r"|\b(?:it is|just|only) me\s+(?=(?:my|our)\b)"  # "it's me my husband our 3 kids …"
    r"|\b(?:i|we) (?:have got|have|have brought|brought|am bringing|are bringing)\s+(?=\S)"
    r"|^(?:got|brought|bringing)\s+"
    r"|\b(?:brought|bringing|dragged|pushing|took|taking)\s+(?=(?:my|our|the)\b)"
    r"|\b(?:dragged|brought) (?:along |here |round |out )?by\s+(?=(?:my|our|the)\b)"  # "dragged along by my parents"
    r"|(?:\bthis is|^meet)\s+(?=(?:my|our)\b)"
    r"|\b(?:carer|support worker|care worker) (?:for|to|with)\s+(?=(?:my|our)\b)"  # "a carer for my client"
    r"|\b(?:supporting|minding|babysitting)\s+(?=(?:my|our|the)\b)"  # "I'm here supporting my sister"
    # "I'm here as my brother's carer" (folded: "as my brother carer")
    r"|\b(?:as|am)\s+(?=(?:my|our) (?:[\w-]+ ){1,3}?(?:carer|support worker|care worker|sighted guide)\b)"
    r"|^(?=(?:the|my|me)\b)"  # a message that is only who came: "the bf and his little sister"
)
# what must follow "I have …" for it to mean "here today" ("I have a son who is autistic" does not)
HERE_NOW = re.compile(
    r"\s*(?:today|with (?:me|us)|along|in tow|here|in (?:a|the|her|his|their|my|our) (?:[\w-]+ )?"
    r"(?:pram|buggy|pushchair|stroller|sling|carrier|chair|wheelchair))\b"
)
AFTER = re.compile(
    # "my friend leah is with me", "my grandson (7) is with me": a name or an age may come between
    r"(?:\s+[a-z0-9]+(?=\s+(?:is|are|came|come|and)\b))?(?:"
    r"\s+(?:is|are|was|were)?\s*(?:here\s+)?(?:with (?:me|us)|along|coming(?: along| too| with us)?|tagging along)\b"
    r"|\s+(?:came|come) (?:with (?:me|us)|along|too)\b"
    r"|\s+(?:is|are) here (?:too|as well)\b"  # "grandpa's here too, he's hard of hearing"
    # "my husband Tom and I are keen gardeners", "my husband and I have the whole day"
    r"|\s+(?:and (?:i|me|myself)) (?:are|were|have come|came|have|both|love|would|want|will)\b"
    r"|\s+(?:dragged|brought) (?:me|us)\b"
    # "my boyfriend is dragging me round the guitar bit", "the baby's asleep in the pram": here, now
    r"|\s+(?:is|are) (?:dragging|taking|showing|pushing|wheeling) (?:me|us) (?:round|around)\b"
    r"|\s+(?:is|are) (?:asleep|sleeping|napping) in (?:the|her|his|a) (?:pram|buggy|pushchair|stroller|sling)\b"
    r")"
)
# "I'm with my son on it", "help with my mum": "with" that does not say "here together"
NOT_TOGETHER = re.compile(
    r"\b(?:help|helping|struggle|struggles|struggling|cope|coping|deal|dealing|share|sharing|talk|talking|speak|"
    r"speaking|chat|chatting|argue|arguing|fine|ok|okay|happy|angry|upset|good|great|patient|play|playing|"
    r"problem|problems|trouble|issue|issues|agree|fight|live|lives|living|stay|staying|stays|"
    r"sit|sat|sitting|wait|waiting|meet|meeting|go|went|going|come back)\s+$"
)
# "…, she's with us today", "I'm pushing her round": the member named before in the message
PRONOUN_HERE = re.compile(
    r"\b(?:he|she|they) (?:is|are) (?:here )?(?:with (?:me|us)|along|here)\b|\bpushing (?:him|her|them)\b"
    # "I'm guiding her round today", "I'm her husband and carer", "I'm his support worker for the day"
    r"|\b(?:guiding|taking|wheeling) (?:him|her|them) (?:round|around)\b"
    r"|\bi am (?:his|her|their) (?:[a-z]+ and )?(?:carer|support worker|care worker|sighted guide|guide)\b"
    # "…, he's just parking the car", "she's waiting at the bottom": somewhere else on the site right now
    r"|\b(?:he|she|they) (?:is|are) (?:just |still )?(?:parking|waiting (?:at|by|in|outside)|queuing)\b"
    # "he's in our group", "she's blind and with me today", "we've brought him out for his birthday"
    r"|\b(?:he|she|they) (?:is|are) in (?:our|my|the) (?:group|party)\b"
    r"|\b(?:he|she|they) (?:is|are) (?:[a-z]+ ){1,4}and (?:here )?with (?:me|us)\b"
    r"|\b(?:brought|bringing|taken|took) (?:him|her|them) (?:out|along|here|with (?:me|us))\b"
)
# "… my niece can't have gluten - we're all here together today", "my mum uses a wheelchair, we've both
# come for the orchids": the members the message names (as "my" or "our" one) are all at the visit
TOGETHER = re.compile(
    r"(?:\bwe (?:are|have|were) (?:all|both)\b(?: [a-z]+)? (?:here|come|came|together)\b"
    r"|\bwe are here together\b|\ball (?:two|three|four|five|six|seven|eight) (?:of us )?(?:are )?here\b"
    r"|\b(?:just|only) (?:the )?(?:two|three|four) of us\b)"
    r"(?!\s*,?\s*(?:except|but|apart from|without)\b)"
)
# another visit or time, not this one: "my sister's coming next week", "I came here last year with my mum",
# "our friend who's coming later"
ANOTHER_VISIT = re.compile(
    r"\b(?:next|last|this coming) (?:week|weekend|month|year|time|summer|spring|autumn|winter|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b|\b(?:tomorrow|yesterday|years ago|when i was|later|soon)\b"
)
# the kind of party a visitor comes as, said as who they are: "HEN DO!!!", "we're a hen party of 10", "on a
# school trip w year 10" (at a sentence's start: not "can we book a birthday party")
PARTY_KIND = re.compile(
    rf"(?:^(?:{OPENER})*(?:we are |it is |on |here on |here with |with )?|\bwe are (?:on |here on )?)"
    r"(?:a |an |the |our |my )?"
    r"(?P<kind>hen (?:party|do|weekend)|stag (?:party|do|weekend)|wedding party|school (?:trip|group|class|visit)|"
    r"class trip|field trip|walking group|rambling group|ramblers|book club|u3a(?: group)?)\b"
)
# "we are italian couple", "deaf couple here, we both sign": the visitor and their partner
COUPLE = re.compile(r"\bwe are (?:an? )?(?:[a-z]+ )?couple\b(?! of)|^(?:(?:a|an) )?(?:[a-z]+ )?couple here\b")
COUNTED = re.compile(rf"\b(?:{NUMBER}) (?:[\w-]+ ){{0,3}}?(?:{MEMBERS})s?\b")  # "28 year 6 pupils": who, not what kind
KIND_SAID = {"do": "party", "weekend": "party", "trip": "group", "visit": "group", "class": "group"}
# "my friend here uses a white cane" (but "photography student here" is who the visitor is)
HERE = re.compile(r"\s+here\b(?!\s+(?:is|are|was|were)\b)")
ONLY_WHO = re.compile(r"\s*(?:today|too|as well|lol|haha|here|again|\W)*")
VERB_NEXT = re.compile(rf"\s+(?:{SUBJECT_VERBS})\b")
DETERMINER = re.compile(r"^(?:my|our|the|a|an|his|her|their|me)\s+")


def present(folded: str, original: str = "", known: Callable[[str], bool] = lambda _: False) -> list[str]:
    """The party members `folded` (one folded message) says are at the visit, as the visitor named them
    ("two teenagers", "friend leah", "nephew"); the carer's "for Jamal" by name. `original` gives names their
    capitals; `known` says a word is the ontology's, so no one's name."""
    found: list[str] = []
    for sentence in re.split(r"[.!?;]+|\s-\s", folded):
        if what_if := HYPOTHETICAL.search(sentence):  # "…, and grandad gets puffed out if he walks too far"
            sentence = sentence[: what_if.start()]
        sentence = sentence.strip(" ,")
        if not sentence or ABSENT.search(sentence) or ANOTHER_VISIT.search(sentence):
            continue
        named_before = len(found)
        for frame in BEFORE.finditer(sentence):
            if NOT_TOGETHER.search(sentence[: frame.start()]):
                continue
            start, said = frame.end(), []
            while (m := MEMBER.match(sentence, start)) is not None:
                if sentence.startswith(" chang", m.end()):
                    break  # "the loo with baby changing": a room for the baby, not the baby
                if said and VERB_NEXT.match(sentence, m.end()):
                    break  # "with my two grandkids, the little one is allergic …": a new clause's subject
                said.append(m)
                start = m.end()
                joined = JOINER.match(sentence, start)
                if joined is None and frame.group(0).rstrip().endswith(" me"):
                    joined = BARE_JOINER.match(sentence, start)
                if joined is None:
                    break
                start = joined.end()
            if not frame.group(0) and not (said and ONLY_WHO.fullmatch(sentence, said[-1].end())):
                continue  # a sentence that opens with members says who came only when that is all it says
            had = frame.group(0).startswith(("i ", "we ")) and "ha" in frame.group(0)
            definite = said and said[0].group(0).startswith("the ")  # "we've got the grandchildren"
            if said and had and not definite and not HERE_NOW.match(sentence, said[-1].end()):
                continue  # "I have a son who …": a fact about them, not that they are here
            found += [_named(m, sentence, original, known) for m in said]
        for m in MEMBER.finditer(sentence):
            mine_here = m.group(0).startswith(("my ", "our ")) and HERE.match(sentence, m.end())
            after = AFTER.match(sentence, m.end())
            if after and " and " in after.group(0) and not m.group(0).startswith(("my ", "our ", "the ")):
                continue  # "I'm a student and I want …": who the visitor is, not who came with them
            if (after or mine_here) and m.group(0) != "me":
                found.append(_named(m, sentence, original, known))
        if (kind := PARTY_KIND.search(sentence)) and len(found) == named_before and not COUNTED.search(folded):
            *head, last = kind.group("kind").split()
            found.append(" ".join([*head, KIND_SAID.get(last, last)]) if head else last)
        if COUPLE.search(sentence) and len(found) == named_before:
            found.append("partner")
        if pronoun := PRONOUN_HERE.search(sentence):
            named = list(MEMBER.finditer(folded[: folded.find(sentence) + pronoun.start()]))
            found += [_named(named[-1], folded, original, known)] if named else []
    if TOGETHER.search(folded) and not (ABSENT.search(folded) or ANOTHER_VISIT.search(folded)):
        found += [
            _named(m, folded, original, known)
            for m in MEMBER.finditer(folded)
            if m.group(0).startswith(("my ", "our "))
        ]
    if name := escorted(original, known):
        found.append(name)
    return _once(found)


# "30 Year 4s", "28 year 8s": a school class, named by its school year
SCHOOL_YEAR = re.compile(r"^(?:\d+|[a-z]+) (?:year|yr) ?\d{1,2}s$")


def plainly(value: str) -> str:
    """A member's words said plainly (party.CANONICAL: "gf" → "girlfriend", "my mam" → "my mum", "two besties"
    → "two best friends"); a class by its school year says it is a school group ("school group (28 year 4s)")."""
    if SCHOOL_YEAR.match(value.lower()):
        return f"school group ({value})"
    value = re.sub(r"^.*?\bby (?:my|our|the) ", "", value)  # "(dragged) along by my parents": parents
    value = re.sub(r"\b(?:little|wee) (?:ones|uns)\b", "children", value)  # "my two little ones"
    return " ".join(
        CANONICAL.get(word) or (CANONICAL[word[:-1]] + "s" if word.endswith("s") and word[:-1] in CANONICAL else word)
        for word in value.split()
    )


def _named(m: re.Match[str], sentence: str, original: str, known: Callable[[str], bool]) -> str:
    """The member phrase without its determiner, slang said plainly, and their name if one follows
    ("my mate kez" → "mate kez")."""
    said = DETERMINER.sub("", m.group(0))
    who = m.group("who")
    said = said[: len(said) - len(who)] + CANONICAL.get(who, who)
    after = re.match(r"\s+([a-z]{2,14})\b", sentence[m.end() :])
    if after and original:
        name = after.group(1)
        if name not in NOT_A_NAME and not known(name) and re.search(rf"\b{name.capitalize()}\b", original):
            said = f"{said} {name}"
    return said


def _once(found: list[str]) -> list[str]:
    """Each member once: "mum" is dropped beside "my mum" said again."""
    out: list[str] = []
    for said in found:
        if said and not any(said in other or other in said for other in out):
            out.append(said)
    return out
