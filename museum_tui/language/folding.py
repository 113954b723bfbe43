"""Folding: the text cues are matched against. Lower case, one kind of quote, contractions and chat
shorthand expanded, intensifiers and fillers dropped, and a party member's 's read as "is" or "has" where
no possessive can stand ("my son's allergic", "me mam's got a bad hip", "my daughters autistic").
Split from clauses.py, which reads clauses from folded text."""

from __future__ import annotations

import re
from functools import lru_cache

from .party import MEMBERS, SUBJECT_VERBS

IS_NEXT = (
    r"with|here|there|not|coming|going|a|an|so|too|also|in|on|at|just|always|never|been|got|my|our|"
    r"fine|great|good|bad|terrible|poor|awful|allergic|deaf|blind|vegan|vegetarian|really|very|quite|"
    r"pretty|getting|gone|what|easier|better|worse|hard|difficult|tough|the"
)
# chat shorthand: "sculptures r my fave", "til 4", "u", "pls", "cos", "w/ my mum", "wat displays r on"; the
# extractor reads it inside `fold`, the concierge through `expand_shorthand`
SHORTHAND = [
    (r"\btil\b", "till"),
    (r"\b(?:you (?:guys|lot|all|folks)|y'?all)\b", "you"),  # "what do you guys have on": the venue, addressed
    (r"\b(?:u)\b", "you"),
    (r"\bur\b", "your"),
    (r"(?<=\w) r (?=\w)", " are "),
    (r"^r (?=u\b|you\b)", "are "),
    (r"\b(?:pls|plz|plez)\b", "please"),
    (r"\b(?:cos|coz|cuz|bc)\b", "because"),
    (r"\bw/\s*", "with "),
    (r"\bw (?=(?:my|our|the|a|me|us|him|her|them)\b)", "with "),  # "here w my grandparents"
    (r"\b(?:abt)\b", "about"),
    (r"\bb4\b", "before"),
    (r"\b(?:fave|fav|fave's)\b", "favourite"),
    (r"\b(?:faves|favs)\b", "favourites"),
    (r"\bgonna\b", "going to"),
    (r"\bgotta\b", "have to"),
    (r"\bbtw\b", "by the way"),
    (r"\b(?:wat|wot|wut)\b", "what"),
    (r"\bat the (?:minute|mo)\b", "now"),  # British: "are the roses out at the minute?"
    (r"\bh8\b", "hate"),
    (r"\b(what|where|when|who|how|it|that|there)'?ll\b", r"\1 will"),  # "what'll be on next month?"
]
_SHORTHAND = [(re.compile(p), r) for p, r in SHORTHAND]


def expand_shorthand(folded: str) -> str:
    """Chat shorthand in lower-cased text written out ("r u open til 7" → "are you open till 7")."""
    for pattern, repl in _SHORTHAND:
        folded = pattern.sub(repl, folded)
    return folded


CONTRACTIONS = [
    (r"\bcan'?t\b", "can not"),
    (r"\bcannot\b", "can not"),
    (r"\bwon'?t\b", "will not"),
    (r"\bshan't\b", "shall not"),
    (r"\bain'?t\b", "am not"),
    (r"n't\b", " not"),
    (r"\bi'?m\b", "i am"),
    (r"\b(i|you|we|they)'ve\b", r"\1 have"),
    (r"\b(i|you|we|they|he|she)'ll\b", r"\1 will"),
    (r"\b(i|you|we|they|he|she)'d\b", r"\1 would"),
    (r"\b(you|we|they)'re\b", r"\1 are"),
    (r"\b(where|what|who|how|that|it|there|here|he|she|name)'s\b", r"\1 is"),
    # "my husband's here", "my eyesight's not great": 's before a word that cannot follow a possessive
    (rf"(\w)'s (?=(?:{IS_NEXT})\b)", r"\1 is "),
    (r"\bim\b", "i am"),
    # chat drops the apostrophe: "my dad whos blind", "wheres the loo", "hes deaf"
    (r"\b(who|where|what|that|he|she)s\b", r"\1 is"),
    (r"\btheyre\b", "they are"),
    (r"\b(?:no|not) (?:more|longer) than\b", "at most"),  # "no more than 2 hours": a limit, not a denial
    # "can't eat gluten or dairy": the frame said of each thing ("can not eat gluten or can not eat dairy")
    (
        r"\b((?:can|do|does|must|should) not (?:eat|have|drink|tolerate)) ([a-z]+) (or|and|nor) "
        r"(?=[a-z]+\s*(?:[,.!?;]|$|please\b|pls\b))",  # (the list ends there: not "… much or walk far")
        r"\1 \2 \3 \1 ",
    ),
    # "its my daughter": no possessive "its" comes before these
    (r"\bits (?=(?:my|our|me|him|her|them|not|just|only|actually|really|the|a|an|his|their)\b)", "it is "),
    (r"\bdont\b", "do not"),
    (r"\bdoesnt\b", "does not"),
    (r"\b(is|are|was|were|did|has|have|had|could|would|should)nt\b", r"\1 not"),  # "my son isnt allergic"
    (r"\bcant\b", "can not"),
    (r"\bive\b", "i have"),
    (r"\bwanna\b", "want to"),
    (r"(?<=\w) n (?=\w)", " and "),  # "me n the kids", "fish n chips"
    *SHORTHAND,
    (r"\bmy names (?!are\b)", "my name is "),  # "my names Marta": the 's typed without its apostrophe
]
_CONTRACTIONS = [(re.compile(p), r) for p, r in CONTRACTIONS]
# Pure intensifiers carry no fact and split phrases ("stairs are *really* hard", "not *really* a fan of"):
# they are dropped from the text cues are matched against, and from the cue phrases themselves.
# "I'm a bit deaf", "mum's slightly deaf": hard of hearing, not deaf (captions, not sign language)
A_BIT_DEAF = re.compile(r"\b(?:a (?:little )?bit|a little|slightly|mildly|bit|a touch) deaf\b(?! in one ear)")
INTENSIFIERS = re.compile(
    r"\b(?:really|very|quite|truly|extremely|incredibly|terribly|awfully|absolutely|totally|utterly|"
    r"honestly|genuinely|seriously|severely|pretty|super|kinda|kind of|sort of|a little bit|a little|"
    r"mild|mildly|severe|slight|slightly|massive|huge|"  # how much, not what: "a mild hazelnut allergy"
    r"a bit|bit)\b(?! of\b)\s*"
)

# Chat fillers that carry nothing ("tbh", "ngl", "rn", "lol"): dropped like intensifiers.
FILLERS = re.compile(
    r"\b(?:tbh|tbf|ngl|imo|imho|rn|lol|lmao|haha|hahaha|omg|literally|legit|lowkey|proper|mega|"
    r"just so you know|just saying|fyi|for the record|for your information|"
    r"not (?:gonna|going to) lie|whatsoever|whatsover)\b\s*"  # "not gonna lie, i'm wiped out": no "not"
)

# Someone addressed, not talked about, at the end of a clause: "I'm knackered, mate".
# After a comma most such words are a vocative; without one only a few are, and never after my/the/a.
VOCATIVE = re.compile(
    r"(?:\s*,\s*(?:mate|pal|buddy|bro|love|dear|hun|guys|man|dude|sir|madam)"
    r"|(?<!\bmy)(?<!\bour)(?<!\bthe)(?<!\ba)(?<!\bhis)(?<!\bher)(?<!\band)\s(?:mate|pal|buddy|bro|dude))$"
)


# "my husband's gluten free", "mum's got a bad hip", "son's in a wheelchair": after a member of the party,
# 's is "is" (or "has", before "got") unless a verb follows in the same phrase ("my son's bag is here")
MEMBER_S = re.compile(
    rf"(?:^|(?<=\band )|(?<=\bbut )|(?<=, ))(?P<who>(?:(?:my|our|the)\s+(?:[\w-]+\s+)?)?(?:{MEMBERS}|grandads?))'s"
    r"\s+(?P<rest>[^,.;!?]*)"
)
DIALECT_MY = re.compile(rf"\bme (?=(?:{MEMBERS})\b)")
# A family word whose plural is rare or irregular, typed with its 's but no apostrophe: "wifes", "mums"
NO_APOSTROPHE = re.compile(
    r"(?:^|(?<=\bmy )|(?<=\bour )|(?<=\bthe )|(?<=\band )|(?<=, ))"
    r"(?P<who>wife|husband|hubby|missus|mum|mam|mom|dad|nan|nana|nanna|gran|granny|grandad|grandma|grandpa|"
    r"grampa|gramps|grandmother|grandfather)s\b"
)
# "my daughters autistic", "our sons deaf": a member's 's typed without the apostrophe, since a plural
# would take a verb ("my daughters are …"); not before a verb, "and", "both", a comma, a determiner or a
# preposition ("show my kids the dinosaurs", "take my kids round")
MEMBER_NO_APOSTROPHE = re.compile(
    r"(?<=\bmy )(?P<who>son|daughter|brother|sister|kid|boy|girl|friend|mate|grandson|granddaughter|partner|cousin|"
    r"aunt|uncle|niece|nephew)s "
    rf"(?!(?:{SUBJECT_VERBS}|and|or|both|all|,|who|that|too|twins|the|a|an|some|this|these|those|to|in|at|on|for|from|of|"
    r"round|around|here|there|up|out|off|back|home)\b)"
)
CLEFT = re.compile(  # (after "wait no", "actually", "oh sorry": a correction's openings say nothing more)
    r"^(?:(?:wait|no|nah|nope|oh|sorry|actually|ah|um|erm|oops|hang on)\s*,?\s+)*"
    rf"it (?:is|was) (?P<neg>not )?(?P<who>(?:my|our) (?:[\w-]+ )?(?:{MEMBERS})) "
    r"(?:(?:here )?with (?:me|us) |here |over there )?"  # "it's my friend here with me who is"
    r"(?:who|that) (?P<verb>is|has|was|uses)\s*"
)
POSSESSED_S = re.compile(r"^(?P<who>(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?[\w-]+)'s\s+(?P<rest>[^,.;!?]*)")
MEMBER_ON = re.compile(rf"^(?P<who>(?:(?:my|our|the)\s+)?(?:{MEMBERS}|grandads))\s+(?=(?:on|in|with|using)\s)")
# "my son (7) is autistic", "daughter (16) is veggie", "my son aged 7 is …": an age said beside a member in
# brackets or after "aged" is left out, so the member is the subject as in "my son is autistic" (", 9," is
# kept: party_reading.described_after_age reads what follows it)
AGE_BESIDE = re.compile(
    rf"\b(?P<who>{MEMBERS})\s*(?:\(\s*(?:aged\s+|age\s+)?\d{{1,2}}\s*(?:yrs?|years?(?:\s+old)?|yo|y/o|months?(?:\s+old)?)?\s*\)"
    r"|\s+aged\s+\d{1,2}(?:\s*(?:yrs?|years?(?:\s+old)?|months?))?(?=\s+[a-z]))"
)
# "Got coeliac disease", "got a nut allergy": chat drops the "I" before "got" at the start of a sentence
# (a thing the visitor has must follow: not "got it", "got to go", "got till 2", "got any vegan cake?")
GOT_OPENING = re.compile(
    r"^(?:have |has )?got (?=(?:a|an|my|our|two|three|coeliac|celiac|diabetes|asthma|arthritis|ms|adhd|autism|dementia|"
    r"epilepsy|hay ?fever|[a-z]+ (?:allergy|allergies|disease|intolerance|syndrome))\b)"
)
# "I thought I was allergic to sesame but turns out it's mustard": a belief the visitor takes back, as
# "I am not" (what follows is read as the correction; a clause is folded alone, so "but" is not looked for)
# "the coach isn't until 5", "we don't leave until 4": when it is, not a denial (the visit ends then)
NOT_UNTIL = re.compile(
    r"(?:(?<=\bis )|(?<=\bare )|(?<=\bwas ))not (?=until\b)"
    r"|(?:(?<=\bdo )|(?<=\bdoes )|(?<=\bdid ))not (?=(?:have to |need to )?(?:leave|go|depart|head off) until\b)"
)
# "we can't do more than 2 hours today", "can't stay longer than an hour": the time there is, not a denial
AT_MOST = re.compile(
    r"\b(?:can not|could not) (?:do|stay|spend|manage|be here) (?:more than|longer than|over) "
    r"(?=(?:an?|one|two|three|four|half|\d+)(?: and a half| half)? ?(?:hours?|hrs?|minutes?|mins?|an hour)\b)"
)
THOUGHT_SO = re.compile(r"\bi (?:thought|used to think|always thought|believed) (?:i was|i am|i had|i have|i were)\b")
PHRASE_END = re.compile(r"\b(?:and|but|so|because|or|who|which|that)\b")
VERB = re.compile(rf"\b(?:{SUBJECT_VERBS}|not|makes?|means?|gives?|\w+n't)\b")


def _member_s(m: re.Match[str]) -> str:
    rest = m.group("rest")
    phrase = rest[: end.start()] if (end := PHRASE_END.search(rest)) else rest
    who = m.group("who")
    if re.match(r"got\b", rest):
        return f"{who} has {rest}"
    if not phrase.strip() or VERB.search(phrase):
        return m.group(0)  # a possessive: "my son's bag is here", "it's my brother's"
    return f"{who} is {rest}"


def _member_on(m: re.Match[str]) -> str:
    """ "my brothers on crutches": one brother with his 's typed without the apostrophe, so "is" (a plural
    would have said "are")."""
    who = m.group("who")
    one = who[:-1] if who.endswith("s") else who
    return f"{one if _SINGULAR_S.search(one) else who} is "


_SINGULAR_S = re.compile(r"\b(?:son|daughter|brother|sister|friend|mate|grandson|granddaughter|grandad)$")


# An emoji that stands for a word is that word ("♿ user here", "🥜 allergy"), not the end of a sentence
EMOJI_WORDS = {
    "♿": "wheelchair",
    "🦽": "wheelchair",
    "🦼": "mobility scooter",
    "🦯": "white cane",
    "🦻": "hearing aid",
    "🥜": "peanut",
    "🚻": "toilet",
    "🚽": "toilet",
    "🐕\u200d🦺": "guide dog",
}
EMOJI_WORD = re.compile("|".join(sorted(map(re.escape, EMOJI_WORDS), key=len, reverse=True)))


NOT_EATEN = re.compile(
    r"(?:\b(?P<who>i|we) |^|(?<=[,.!?] ))(?:have not|has not|havent|hasnt|not|never) (?:eaten|had (?:a bite|anything|"
    r"a thing|any food|food|lunch|breakfast|a meal))(?: to eat)?(?: since \w+| all day| yet| today| for hours)\b"
)
# a floor or level said in digits: "1st floor", "2nd level" (dates keep theirs: "the 1st of May")
ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth"}
ORDINAL_PLACE = re.compile(r"\b(1st|2nd|3rd|4th|5th|6th)(?=\s+(?:floor|level|storey|story|deck)\b)")


@lru_cache(maxsize=1024)
def fold(text: str) -> str:
    """Lower-case, unify quotes and spaces, expand contractions: the text cues are matched against.
    Cached: each clause's reading folds its whole sentence again, and a long paste is one sentence."""
    text = EMOJI_WORD.sub(lambda m: f" {EMOJI_WORDS[m.group(0)]} ", text)
    text = text.lower().replace("’", "'").replace("‘", "'").replace("`", "'").replace("´", "'")
    text = re.sub(r"[“”]", '"', text)
    text = AGE_BESIDE.sub(r"\g<who>", text)  # "my son (7) is autistic": my son is
    text = GOT_OPENING.sub("i have got ", text)  # "got coeliac disease": i have got it
    text = DIALECT_MY.sub("my ", text)  # "me mam's got a bad hip": "me" as "my" before one of the party
    text = MEMBER_NO_APOSTROPHE.sub(r"\g<who>'s ", text)  # "my daughters autistic": a typed "daughter's"
    text = NO_APOSTROPHE.sub(r"\g<who>'s", text)  # "wifes allergic to kiwi": a typed "wife's"
    text = MEMBER_S.sub(_member_s, text)  # "my son's allergic", "mum's got a bad hip"
    text = POSSESSED_S.sub(_member_s, text)  # "his eyesight's really bad", "my back's killing me"
    text = MEMBER_ON.sub(_member_on, text)  # "grandads on crutches today": the verb left out
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = NOT_UNTIL.sub("", text)
    text = AT_MOST.sub("have ", text)
    text = THOUGHT_SO.sub("i am not", text)  # "i thought i was allergic to x but …": i am not
    text = CLEFT.sub(r"\g<who> \g<verb> \g<neg>", text)  # "it's not my son who's deaf": my son is not deaf
    text = re.sub(r"(\w)'s\b", r"\1", text)  # possessive: "maier's work" → "maier work"
    text = re.sub(r"([a-z])\1{2,}", r"\1", text)  # "sooo", "pleeease": a letter held down
    text = A_BIT_DEAF.sub("hard of hearing", text)  # how much says what, for hearing: before it is dropped
    text = INTENSIFIERS.sub("", text)
    text = FILLERS.sub("", text)
    text = VOCATIVE.sub("", text)
    # "haven't eaten since breakfast", "not had a bite all day": hungry (the meal is when, not what is wanted)
    text = NOT_EATEN.sub(lambda m: "we are hungry" if m.group("who") == "we" else "i am hungry", text)
    # learners' English: "I am not eat pork" says "I do not eat pork"
    text = re.sub(
        r"\b(i|we) (?:am|are) not (eat|like|speak|need|want|have|use|drink|walk|understand|hear|see)\b",
        r"\1 do not \2",
        text,
    )
    text = re.sub(r"(?<=\d):(?=\d)", ".", text)  # "4:30" survives as "4.30"
    text = ORDINAL_PLACE.sub(lambda m: ORDINALS[m.group(1)], text)  # "1st floor" is the first floor
    text = re.sub(r"\s*,\s*", " , ", text)  # commas stay, as a word: they bound negation
    text = re.sub(r"[^\w\s'&.+/,-]", " ", text)
    return " ".join(text.split())
