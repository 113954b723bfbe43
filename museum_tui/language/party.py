"""Who a clause is about: the visitor, a named member of their party ("my son", "grandad"), or someone else.

A fact about a party member is kept as theirs ("son: nut allergy"), never as the visitor's own; a fact
about a stranger ("the deaf composer", "people say …") is not kept at all. A pronoun ("he has a nut
allergy") points back at the one member named earlier in the same message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from .text import unaccented

PEOPLE = (
    r"husband|wife|partner|spouse|son|sons|daughter|daughters|kid|kids|child|children|boy|boys|girl|girls|"
    r"baby|toddler|teenager|teen|friend|friends|mum|mom|mother|dad|father|parents|grandma|grandmother|"
    r"granny|grandpa|grandfather|grandparents|grandson|granddaughter|grandkids|grandchildren|sister|"
    r"brother|siblings|aunt|uncle|niece|nephew|cousin|colleague|colleagues|boss|class|students|pupils|"
    r"group|family|carer|caregiver|boyfriend|girlfriend|fiance|fiancee|mate|mates|neighbour|neighbor|"
    r"twins|guest|guests|companion|assistant|guide dog|dog|team|club|teacher|teachers|tutor|guide|leader|"
    r"doctor|nurse|pupil|student|host|niece|in-laws|husband's|wife's|flatmate|roommate|housemate|nan|nana|"
    r"nanna|gran|grandad|granddad|grampa|hubby|missus|bloke|fella|chap|lady|man|woman|women|visitor|"
    r"gentleman|guy|guys|bro|sis|kiddo|kiddos|bf|gf"
)
# Verbs that make a person the subject of a clause ("my mate reckons …", "the kids want …").
SUBJECT_VERBS = (
    r"is|are|was|were|has|have|had|uses|use|used|needs|need|needed|can|could|would|will|likes|like|liked|loves|"
    r"love|loved|gets|get|got|wants|want|wanted|prefers|prefer|hates|hate|hated|speaks|speak|does|do|did|eats|"
    r"eat|finds|find|found|struggles|struggle|relies|suffers|walks|walk|reads|read|goes|go|went|reckons|reckon|"
    r"thinks|think|thought|says|say|said|feels|feel|felt|enjoys|enjoy|enjoyed|adores|adore|keeps|takes|"
    r"should|must|might|may|told|tells|tell|mentioned|recommended|suggested|asked|warned|reckoned|wears|wear|"
    r"avoids|avoid|relies|rely|suffer|manages|manage|gets|uses|looks|look|seems|seem|sounds|appears|"
    r"carries|carry|carried|reacts|react|reacted|"  # "the little one carries an epipen for peanuts"
    r"brought|brings|bring"  # "grandad brought his walking frame"
)
# "the older one has cerebral palsy": one of the children, named by their place among them
ONES = "older one|younger one|oldest one|youngest one|eldest one|middle one|big one"
# The people a visitor comes with: family, friends, partners, carers. Not strangers or staff.
MEMBERS = (  # the in-law forms first: "mother" would otherwise match the start of "mother-in-law"
    r"mother-in-law|father-in-law|sister-in-law|brother-in-law|husband|wife|partner|spouse|sons?|daughters?|kids?|child|children|boys?|girls?|baby|toddler|teenager|"
    r"teen|friends?|mum|mom|mother|dad|father|parents|grandma|grandmother|granny|grandpa|grandfather|"
    r"grandparents|grandsons?|granddaughters?|grandkids|grandchildren|sisters?|brothers?|siblings|aunts?|uncles?|"
    r"nieces?|nephews?|cousins?|colleagues?|carer|caregiver|boyfriend|girlfriend|fiance|fiancee|mates?|flatmate|"
    r"roommate|housemate|nan|nana|nanna|gran|grandad|granddad|grampa|hubby|missus|sis|bro|bf|gf|twins|"
    r"in-laws|stepson|stepdaughter|stepmum|stepdad|"
    rf"kiddos?|{ONES}|little one|little un|wee one|little man|little lady|eldest|pupils?|students?|"
    r"youngest|other half|mam|mammy|lad|lads|lass|fella|fiancé|fiancée|pops|gramps|grandpops|auntie|aunty|"
    r"clients?|bride|groom|best man|bridesmaids?|maid of honou?r|page boy|flower girl|"  # (a wedding party's too)
    r"bestie|bezzie|bff|best friend|hubbie|hubster|wifey|bairn|godson|goddaughter|stepmom|stepmother|stepfather"
)
WHO_NOT_WHAT = re.compile(rf"(?:(?:my|our|the|his|her|their) )?(?:{MEMBERS})")  # a member named, as a value
SOME_OF = (  # "one pupil", "two of the children", "one little lad in my group", "one of my students, Kieran,"
    r"\b(?:one|two|three|four|some|several|a few|another|a couple)\s+(?:of\s+)?(?:(?:the|my|our|them)\s+)?"
    rf"(?:(?:little|young|older|younger|small)\s+)?(?P<some>(?:{MEMBERS}))\b(?:\s*,\s*[a-z]+\s*,)?"
    r"(?:\s+(?:in|from|of) (?:my|our|the) (?:group|class|party|lot|school))?"
)
THIRD_PARTY = re.compile(
    rf"(?<!with )(?<!brought )(?<!and )\b(?:my|our|his|her|their|a|the|both|all)\s+"
    rf"(?:\w+\s+){{0,2}}?(?:{MEMBERS}|{PEOPLE})\b"
    rf"(?:\s+(?:who|that)(?:\s+\w+){{1,4}}?)?(?:\s+(?!and\b|who\b)\w+){{0,7}}?\s+(?:{SUBJECT_VERBS})\b"
    # "my son melts down if …", "my boyfriend swelled up": a member and any verb of the third person or past
    rf"|(?<!with )(?<!and )\b(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{MEMBERS})\s+"
    r"(?!(?:is|was|has|as|this|us|plus|lots|days|years|months|weeks|toys|things|friends)\b)[a-z]{2,}(?:s|ed)\b"
    # "Dad is hard of hearing", "mum uses a wheelchair": a person named without a determiner opens it
    rf"|^(?:{MEMBERS}|{PEOPLE})(?:\s+(?!and\b)\w+)?\s+(?:{SUBJECT_VERBS})\b"
    # "one pupil is allergic to eggs", "two of the children have nut allergies": some of the party
    rf"|{SOME_OF}\s+(?:{SUBJECT_VERBS})\b"
    r"|^(?:he|she|they|someone|somebody|anyone|anybody|people|visitors|everyone|most people)\b"
    # what others say: "a lot of people say the hall is too loud", "apparently it gets busy"
    r"|\b(?:people|everyone|everybody|they|folks|reviews?) (?:say|says|said|reckon|told me|tell me)\b|^apparently\b"
    r"|^(?:his|her|their) (?!own\b)\w+"
    r"|^it (?:is|was) (?:not )?(?!(?:me|myself|i|us)\b)[a-z]+ (?:with|who|that)\b"  # "it isn't Callum with the …"
)
# "People call me Bex", "my friends call me Jo": another person is the subject, the visitor the topic.
ABOUT_ME = re.compile(r"\b(?:call|calls|called|know|knows) me\b|^[\w'-]+ is (?:the|my) name\b")  # "Ziggy's the name"
# "a friend who is a wheelchair user": what follows the relative word is about that person
RELATIVE = re.compile(rf"\b(?:{MEMBERS}|{PEOPLE})\s+(?:who|that|whose)\b")  # members: "mother-in-law", "hubby"

MEMBER_WORDS = frozenset(re.findall(r"[a-z]+", f"{MEMBERS}|{PEOPLE}".replace("s?", "")))

# "my son", "our daughter", "my little girl", "my 8 year old son": a member, named by the visitor (not
# "our neighbour's boy": another person's)
NOT_MINE = rf"(?!(?:{PEOPLE}|neighbours?|neighbors?)\b)"  # a word between "my" and the member, not a person
MEMBER = re.compile(
    rf"\b(?:my|our|(?<=\bwith )an?|(?<=\bwith )the|(?<=\band )the)\s+"
    rf"(?:{NOT_MINE}[\w-]+\s+){{0,3}}?(?P<who>{MEMBERS})\b"
)  # "me and the wife", "with the kids": the party too
# "Grandad is on crutches", "mum uses a wheelchair": a family word used as a name; "son's in a wheelchair",
# "the kids have nut allergies", "the wife's coeliac": a member named without "my", opening the clause
THE_MEMBERS = (
    r"kids|children|twins|wife|husband|hubby|missus|grandkids|grandchildren|baby|little ones?|little un|wee one|"
    rf"in-laws|family|boys|girls|parents|grandparents|other half|{ONES}|eldest|youngest|oldest"
)
# Kin words a visitor uses as names, without "my": "mum uses a wheelchair", "youngest is 3", "brother's blind"
KIN = (
    r"mother-in-law|father-in-law|sister-in-law|brother-in-law|mum|mom|dad|grandad|granddad|grandpa|grandma|granny|gran|nan|nana|nanna|grampa|mummy|daddy|"
    r"son|daughter|wife|husband|hubby|partner|kids|children|twins|missus|grandkids|grandchildren|baby|"
    r"little ones?|little un|wee one|in-laws|family|boys|girls|parents|grandparents|other half|"
    r"brother|sister|uncle|aunt|auntie|aunty|mother|father|grandmother|grandfather|nephew|niece|cousin|grandson|granddaughter|boyfriend|girlfriend|"
    r"toddler|teenager|teen|fiance|fiancee|"  # "toddler is allergic to sesame!!"
    r"young man|young lady|client|"  # a carer's: "I'm here supporting a young man …, he finds noise hard"
    rf"{ONES}|eldest|youngest|oldest|pops|gramps|mam|mammy|bro|sis|bestie|bff"
)
BARE_MEMBER = re.compile(
    # "both kids are vegan", "all the kids", "the eldest has a nut allergy"
    rf"^(?:(?:both|all)\s+(?:of\s+)?(?:the\s+)?(?=(?:{THE_MEMBERS})\b)|the\s+(?=(?:{THE_MEMBERS})\b))?"
    rf"(?P<who>{KIN})\b"
)
# "the best man is vegan", "the bride's mum uses a wheelchair": a member named by "the" and their role alone,
# the verb straight after ("the girl at the desk is deaf" is no one of the party)
THE_ROLE = re.compile(rf"^the (?P<who>{MEMBERS}) (?=(?:{SUBJECT_VERBS})\b)")
# "it's grandad who's deaf", "it was the wife that's coeliac": a member named by kin alone, then what is theirs
CLEFT = re.compile(rf"^(?:no |oh |sorry |actually )*it (?:is|was) (?:the )?(?P<who>{KIN}) (?:who|that)\b")
PRONOUN = re.compile(r"^(?:he|she|they)\b")
ONE_MORE = r"(?:(?:one|two|three|some|a few|both|all) of them|another(?: one)?|the other(?: one)?)"  # of those named
HE_OR_SHE = re.compile(
    r"\b(?:he|she)(?:'s| is| has| was| can| can not| does| gets| uses)\b"
    # "18 students: one of them is blind and another is a wheelchair user": one of the members named before
    # ("I've got my 2 grandsons, one's vegetarian the other would eat the table": both are theirs)
    rf"|^(?:{ONE_MORE}|one) (?:is|are|has|have|uses|use|needs|need|can|would|will|does|gets|eats)\b"
)
# "crowds stress my son", "loud noises upset our daughter": a thing that acts on a member, who feels it
_ACTS_ON = (
    r"\b(?:stress(?:es)?|bothers?|upsets?|scares?|frightens?|overwhelms?|affects?|troubles?|distress(?:es)?|"
    r"terrifies|terrify|worry|worries|tires?|exhausts?|hurts?|triggers?|sends?|sets? off|confuses?|"
    r"disorientates?|disorients?|unsettles?|makes?|made)\s+(?:out\s+)?"  # "loud places make my son melt down"
)
_MY_MEMBER = rf"(?P<who>(?:my|our) (?:{NOT_MINE}[\w-]+\s+){{0,2}}?(?:{MEMBERS}))\b"  # "my autistic son"
FELT_BY = re.compile(rf"{_ACTS_ON}{_MY_MEMBER}")
FELT_BY_THEM = re.compile(rf"{_ACTS_ON}(?:her|him|them)\b")  # "…upset her": the member named before
# "loud places are very hard for my son", "stairs are a nightmare for our gran": hard for a member, theirs
HARD_FOR = re.compile(
    r"\b(?:hard|difficult|tough|tricky|too much|a lot|overwhelming|a nightmare|a struggle|impossible|scary|"
    rf"frightening|distressing|upsetting|no good|not good|not great|a problem|an issue|a no-go|a no go) (?:for|on) "
    rf"{_MY_MEMBER}"
)
# "pushing my nan in her wheelchair", "with my dad and his walking frame": the aid is the member's
WITH_THEIR = re.compile(  # (and "two kids and a nan with a walking stick in tow")
    rf"\b(?:{_MY_MEMBER} (?:in|with|on|and) (?:her|his|their)|(?P<one>(?:a|an|the) (?:{MEMBERS})) with (?:a|an)) "
)
# "the nut allergy is my sister's, not mine", "the wheelchair's my mum's": a need said to be a member's
BELONGS = re.compile(rf"^(?:the|that|this) (?:[\w-]+ ){{1,3}}?(?:is|was) (?:all )?{_MY_MEMBER}(?: ,|$)")
# "just my husband, …", "only the little one", "yeah my partner": an answer that says whose the rest is
_ANSWERED = rf"(?P<who>(?:my|our|the)\s+(?:[\w-]+\s+)?(?:{MEMBERS}))"
_ALONE = _ANSWERED.replace("?P<who>", "?P<only>")
ONLY_MEMBER = re.compile(
    rf"^(?:(?:yes|yeah|yep|yup|aye|just|only|that is|that would be|it is)\s+(?:,\s+)?)+{_ANSWERED}\b|^{_ALONE}$"
    rf"|^{_ANSWERED.replace('?P<who>', '?P<first>')} ,"  # "my son, sesame and kiwi": the member, then theirs
)
# "loud noises can be a lot for her", "the labels are no use to him": the member named before, as object
FOR_THEM = re.compile(r"\b(?:for|to)\s+(?:her|him|them)\b")
FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|we|us|our|myself)\b")
POSSESSIVE = re.compile(r"^(?:his|her|their) (?!own\b)")
CANONICAL = {
    "little un": "little one",
    "wee one": "little one",
    "mam": "mum",
    "mammy": "mum",
    "mom": "mum",
    "mummy": "mum",
    "daddy": "dad",
    "granddad": "grandad",
    "nana": "nan",
    "nanna": "nan",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "hubby": "husband",
    "missus": "wife",
    "teens": "teenagers",
    "hubbie": "husband",
    "hubster": "husband",
    "wifey": "wife",
    "bestie": "best friend",
    "bezzie": "best friend",
    "bff": "best friend",
    "stepmom": "stepmum",
}

# the words a member is named by, canonical first: "mum" is also "mam", "mom", "mummy"
NAMED_AS: dict[str, set[str]] = {}
for _said, _canonical in CANONICAL.items():
    NAMED_AS.setdefault(_canonical, {_canonical}).add(_said)
# "…, the mother-in-law, who uses a walking frame": the member a relative clause after a comma is about
MEMBER_LAST = re.compile(rf"\b(?P<who>{MEMBERS})$")

SELF = "self"
OTHER = "other"

# "Tom can't manage steps", "our Sophie gets overwhelmed", "Ellie (she's 6) has a peanut allergy", "Auntie Jo
# has a bad knee": a member called by their name, opening the clause with a verb of the third person
NAMED_PERSON = re.compile(
    r"^(?i:(?:so|but|also|oh|plus|and|then)\s+)?(?i:(?:our|my)\s+(?:little\s+)?)?"
    r"(?:(?P<kin>(?i:auntie|aunty|aunt|uncle|cousin|nanna|nana|nan|granny|grandma|grandpa|grandad|gran))\s+)?"
    r"(?P<name>[A-Z][a-z]{1,14}(?:-[A-Z][a-z]+)?)(?:\s*\([^)]*\))?"
    r"(?:['’]s\b|\s+(?:is|has|had|was|can['’]?t|cannot|can not|gets|got|uses|needs|wears|struggles|finds|hates|"
    r"only|won['’]t|doesn['’]t|isn['’]t|does not|is not|goes|relies|suffers|reacts|will|would|might|must|"
    r"should|ca n't|tires|panics|hears|sees|walks|eats|loves|likes)\b)",
)
FINE = re.compile(
    r"\s*(?:(?:is|['’]s)\s*(?:fine|good|ok|okay|great|perfect|grand|best)|will do|works)\b", re.IGNORECASE
)
# words that open a clause with a capital and are no one's name
NOT_A_NAME = frozenset(
    """i it its this that these those there here they he she we you what which who where when how why
    everyone everybody someone somebody nobody anyone anybody nothing everything something anything
    today tomorrow yesterday tonight monday tuesday wednesday thursday friday saturday sunday january
    february march april may june july august september october november december one both all each
    neither either some most many none yes no ok okay thanks please sorry hi hello hey well just only
    also still mine yours his hers ours theirs""".split()  # noqa: SIM905
)


# "I'm here as carer for Daniel, he's partially sighted": the member the visitor accompanies, by name
TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+)?"  # "carer for Mr Patel": the title is part of what they are called
ESCORTED = re.compile(
    rf"\b(?i:carer|career|support worker|personal assistant|PA) (?i:for|to|with) (?P<name>{TITLE}[A-Z][a-z]{{1,14}})\b"
    r"|\b(?i:looking after|caring for|supporting|minding|here with|came with|visiting with) "
    rf"(?P<with>{TITLE}[A-Z][a-z]{{1,14}})\b"
    r"|\b(?i:i'm|i am|im|as) (?P<whose>[A-Z][a-z]{1,14})['’]s (?i:carer|support worker|sighted guide|PA)\b"
)


def escorted(original: str, known: Callable[[str], bool]) -> str:
    """The member a clause says the visitor is with or cares for, by name ("carer for Daniel" → "daniel"),
    or "": whom a later "he" or "she" means."""
    m = ESCORTED.search(unaccented(original))
    name = (
        " ".join((m.group("name") or m.group("with") or m.group("whose")).lower().replace(".", "").split()) if m else ""
    )
    return "" if not name or name in NOT_A_NAME or name in MEMBER_WORDS or known(name) else name


def member_phrase(about: str, your: str = "your") -> str:
    """How a reply names a party member: "your son" for a word of kin, "Tom" or "Auntie Jo" for a name."""
    if all(w in MEMBER_WORDS or w in ("little", "one", "other", "half") for w in re.findall(r"[a-z]+", about)):
        return f"{your} {about}"
    return " ".join(w[:1].upper() + w[1:] for w in about.split())


def named_person(original: str, known: Callable[[str], bool]) -> str:
    """The party member a clause names by their own name as its subject ("Tom can't manage steps" →
    "tom"; "Auntie Jo has a bad knee" → "auntie jo"), or "". `known` says whether a word is one the
    ontology uses ("Stairs are a nightmare" names no one): a name is a capitalised word it does not."""
    original = unaccented(original.strip())
    m = NAMED_PERSON.match(original)
    if m is None:
        return ""
    name = m.group("name").lower()
    if FINE.match(original, m.end("name")):
        return ""  # "Siobhan's fine": what to call the visitor, not someone else
    if name in NOT_A_NAME or name in MEMBER_WORDS or (known(name) and not m.group("kin")):
        return ""
    return f"{m.group('kin').lower()} {name}" if m.group("kin") else name


def member_named(folded: str) -> str:
    """The party member `folded` names ("with my son" → "son"), or ""."""
    m = MEMBER.search(folded) or BARE_MEMBER.search(folded)
    return CANONICAL.get(m.group("who"), m.group("who")) if m else ""


# "my bestie has …", "our bairn is …": a word the lists lack, opening the clause as "my <word>" before a verb
UNLISTED_SUBJECT = re.compile(rf"^(?:(?:both|all) (?:of )?)?(?:my|our) (?P<who>[a-z]{{2,15}}) (?:{SUBJECT_VERBS})\b")
# "the astronaut in the video was …", "a guard told me …": someone the lists lack, by "the" or "a"
STRANGER = re.compile(
    rf"^(?:the|a|an|this|that) (?P<who>[a-z]{{3,15}})(?: (?:in|at|on|from|with|by|near|behind) (?:[a-z]+ ){{1,3}}?)?"
    rf" ?(?:{SUBJECT_VERBS})\b"
)
# what a word is compared with: people, and the things a visitor also calls "my …" (body, senses, belongings)
_PERSON_SENSE = ("friend", "mother", "husband", "child", "person", "relative")
_THING_SENSE = (  # noqa: SIM905
    "knee leg eyesight hearing allergy arthritis phone bag chair day visit illness diet time favourite english "
    "car job home plan name language age worry feeling"
).split()


@lru_cache(maxsize=4096)
def person_word(word: str) -> bool:
    """Does an unlisted word name a person ("bestie", "hubster", "homie"), by the shipped word vectors: nearer
    people than the body, senses, conditions and belongings a visitor also calls "my …", by a margin.
    False without the vectors or for a word they lack, so an unknown word is never taken for a member."""
    try:
        from museum_tui.language.vectors import StaticVectors

        vectors = StaticVectors.load()
    except (ImportError, ValueError):
        return False
    if word not in vectors or word in NOT_A_NAME:
        return False
    person = max(vectors.similarity(word, p) for p in _PERSON_SENSE)
    thing = max(vectors.similarity(word, t) for t in _THING_SENSE)
    return person >= 0.15 and person - thing >= 0.05


def subject_of(folded: str, earlier: str = "") -> str:
    """Who a folded clause is about: "self", a member's word ("son", "mum"), or "other". `earlier` is the
    member named before in the same message, for a clause that opens with he / she / they."""
    if ABOUT_ME.search(folded):
        return SELF
    for said in (
        ONLY_MEMBER.match(folded),
        FELT_BY.search(folded),
        HARD_FOR.search(folded),
        BELONGS.match(folded),
        WITH_THEIR.search(folded),
    ):
        if said is not None:
            named = said.group(said.lastgroup or "who")
            who = member_named(named)
            if not who and said.lastgroup == "one":  # "a nan with a walking stick": named by "a" or "the"
                who = named.split(" ", 1)[1]
            return CANONICAL.get(who, who) if who else OTHER
    if (them := FELT_BY_THEM.search(folded)) and not FIRST_PERSON.search(folded, them.start()):
        # "brought my autistic daughter along, sudden loud sounds really upset her": hers; an unknown "her": no one's
        who = member_named(folded[: them.start()]) or earlier
        return CANONICAL.get(who, who) if who else OTHER
    if (cleft := CLEFT.match(folded)) is not None:  # "it's grandad who's deaf": said of grandad
        return CANONICAL.get(cleft.group("who"), cleft.group("who"))
    m = THIRD_PARTY.search(folded)
    if not m and (unlisted := UNLISTED_SUBJECT.match(folded)) and person_word(unlisted.group("who")):
        return unlisted.group("who")
    if not m and (stranger := STRANGER.match(folded)) and person_word(stranger.group("who")):
        return OTHER  # "the astronaut in the video was blind in one eye": someone, not the visitor
    if not m:
        if earlier and FOR_THEM.search(folded) and not FIRST_PERSON.search(folded):
            return earlier
        # "it's tree nuts he's allergic to": he or she says it of someone, and no "I" or "my" says it of the visitor
        return (earlier or OTHER) if HE_OR_SHE.search(folded) and not FIRST_PERSON.search(folded) else SELF
    said = m.group(0)
    if PRONOUN.match(said) or POSSESSIVE.match(said):  # "he …", "his eyesight …": the member named before
        return earlier or OTHER
    said = re.sub(r"^(?:both|all) (?:of )?(?=my |our )", "", said)  # "both my kids are …": my kids
    member = MEMBER.match(said) or BARE_MEMBER.match(said) or THE_ROLE.match(said)
    if member:
        return CANONICAL.get(member.group("who"), member.group("who"))
    if (some := re.match(SOME_OF, said)) is not None:
        return some.group("some")
    return OTHER


def last_member(folded: str) -> str:
    """The member a clause ends by naming ("here with the wife and the mother-in-law" → "mother-in-law")."""
    m = MEMBER_LAST.search(folded.rstrip(" ,"))
    return CANONICAL.get(m.group("who"), m.group("who")) if m else ""


def names_only(folded: str) -> bool:
    """Is the clause nothing but a member named, as an answer ("yeah my partner", "just my husband")? The
    clause after it in the sentence is then theirs ("yeah my partner - shellfish")."""
    m = ONLY_MEMBER.match(folded)
    return bool(m) and m.end() >= len(folded.rstrip(" ,"))
