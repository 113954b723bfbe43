"""What is hard for the speaker: "stairs are a no-go", "my legs won't take all these stairs", "I can't walk
far", "Nana doesn't see so well", "steep stairs are a no from me", "I struggle with steps".

A lexicon names the things (or abilities) and what each means when it is hard ("stairs" → "no stairs",
"see" → "poor eyesight"); this module knows the ways English says that something is hard, so the lexicon
need not list "stairs are tough", "steps are tricky", "stairs are a problem for me" … one by one. Read on
folded text ("can't" is "can not"). A frame said with "not" before the hardness ("stairs are not a
problem") denies it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# how hard something is: "a struggle", "a no-go", "a nightmare", "too much", "out of the question"
HARD = (
    r"difficult|hard|tough|tricky|painful|impossible|challenging|exhausting|awkward|a struggle|hard work|"
    r"a problem|an issue|a challenge|a nightmare|a killer|murder|a pain|a no[ -]?go|no[ -]?go|a no(?: from me)?|"
    r"out of the question|not an option|not possible|beyond me|too much|too many|too steep|too far|too long|"
    r"not happening|a step too far|off the cards|off limits|not for me|not my friend|the enemy|out"
)
QUANTITY = (
    r"(?:(?:the|any|all|all the|these|those|many|much|lots of|loads of|long|steep|big|more|so many|too many)\s+)*"
)
DEGREE = r"(?:(?:a bit|a little|really|too|very|quite|so|just|bit|getting|now|becoming|always|way|far|much)\s+)*"
WHEN = (  # (and where: "the noise in the sound lab is way too much for him")
    r"(?:\s+(?:here|today|now|for me|for us|for him|for her|for them|anymore|any more|these days|at the moment|"
    r"in (?:the|that|this) [a-z]+(?: [a-z]+)?|in there|in here))*"
)
INABLE = (
    r"can not|could not|will not be able to|am not able to|is not able to|are not able to|not able to|unable to|"
    r"struggle to|struggles to|struggling to|find it hard to|finds it hard to|find it difficult to|"
    r"finds it difficult to|have trouble|has trouble|have difficulty|has difficulty"
)
HANDLE = (
    r"(?:do|manage|climb|use|take|cope with|handle|face|deal with|go up|get up|walk up|go down|get down|tackle|"
    r"be around|be near|be anywhere near|go near|tolerate)"  # "I can not be around flashing lights"
)
REFUSING = r"will not|would not|do not|does not|did not"
TAKING = r"take|take kindly to|cope with|manage|handle|get on with|agree with|do"
# how a person reacts to what is hard for them: "gets very anxious when it's busy", "melts down in crowds"
UPSET = (
    r"anxious|agitated|overwhelmed|upset|stressed|panicky|panics|panic|distressed|nervous|scared|frightened|"
    r"uncomfortable|unsettled|dysregulated|freaks out|freak out|melts down|melt down|shuts down|shut down|"
    r"meltdowns?|can not cope|cannot cope|struggles|struggle|suffers|suffer|wilts|wilt|"
    r"dizzy|unsteady|breathless|out of breath"  # "my gran gets dizzy on stairs"
)
SITUATION = (
    r"(?:(?:it is|it gets|it is getting|things get|places are|places get|rooms are|there are|there is|the|"
    r"a lot of|lots of|loads of|really|very|too|so|too many|big|large|sudden)\s+)*"
)
WELL = r"(?:very |so |that |too |as )?(?:well|far|much|properly|clearly|long|great)\b"
# the body that does an ability: "my ears aren't what they used to be" is not hearing well
BODY = {"see": "eyes|eyesight|sight|vision", "read": "eyes|eyesight", "hear": "ears|hearing", "walk": "legs|knees|hips"}
DECLINED = (
    r"(?:is|are) not (?:what (?:they|it) (?:used to be|were|was)|(?:as good as (?:they|it) (?:were|was|used to be))|"
    rf"{DEGREE}(?:good|great|brilliant|the best|too clever|up to much))\b|(?:is|are) (?:going|failing)\b"
    # "my eyes are shocking", "her hearing is rubbish" (not "knackered" nor "shot": legs so are tired)
    rf"|(?:is|are) {DEGREE}(?:shocking|terrible|awful|rubbish|dreadful|appalling|useless|hopeless)\b"
)


@dataclass(frozen=True)
class Hard:
    start: int
    end: int
    denied: bool  # "stairs are not a problem": said not to be hard


def hard_for_me(text: str, thing: str) -> list[Hard]:
    """Where `text` (folded) says that `thing` is hard for the speaker or the person the clause is about.
    `thing` is a regex of words for a thing ("stairs|steps") or, after "to ", of an ability ("to see",
    "to walk"): a thing is hard ("stairs are a no-go"), an ability is not done well ("can't see well")."""
    found: list[Hard] = []
    if not thing.startswith("to ") and not _named(thing).search(text):
        return found  # every frame of a thing names it: its frames need not be compiled, nor read
    for frame in _frames(thing):
        for m in frame.finditer(text):
            if not any(f.start <= m.start() < f.end for f in found):
                found.append(Hard(m.start(), m.end(), bool(m.groupdict().get("neg"))))  # "not a problem"
    return found


@lru_cache(maxsize=256)
def _named(thing: str) -> re.Pattern[str]:
    return re.compile(thing)


@lru_cache(maxsize=256)
def _frames(thing: str) -> tuple[re.Pattern[str], ...]:
    """The frames of hardness for one thing or ability, compiled once (every clause reads them)."""
    if thing.startswith("to "):
        v = rf"(?:{thing[3:]})"
        frames = (
            # "Nana doesn't see so well", "I can't hear very well", "he can't walk far"
            rf"\b(?:can not|could not|do not|does not|did not)\s+{v}\s+{WELL}",
            # "I struggle to walk far", "she finds it hard to see"
            rf"\b(?:struggle to|struggles to|struggling to|find it hard to|finds it hard to|find it difficult to|"
            rf"finds it difficult to)\s+{v}\b",
        )
        parts = "|".join(BODY[verb] for verb in thing[3:].split("|") if verb in BODY)
        # "her hearing's gone" (a sense gone is lost; legs "gone" are only tired)
        gone = r"|(?:is|are) gone\b" if not {"walk"} & set(thing[3:].split("|")) else ""
        if parts:  # "my ears aren't what they used to be", "my eyesight's going", "his knees are not great"
            frames += (rf"\b(?:my|his|her|their) (?:{parts}) (?:{DECLINED}{gone})",)
        if "walk" in thing[3:].split("|"):  # "I can't walk more than 100 metres", "can only manage a few yards"
            frames += (
                r"\b(?:can not|could not|can only)\s+(?:walk|manage|go|do)\s+(?:more than\s+|further than\s+|over\s+)?"
                r"(?:a few|a couple of|a|\d+|one|two|three|five|ten|twenty|fifty|a hundred)\s+"
                r"(?:yards|metres|meters|steps|paces|minutes|mins|miles|hundred yards|hundred metres)\b",
                # "my legs won't carry me far these days", "his knees don't get him very far"
                rf"\b(?:my|his|her|their) (?:{parts}|feet) (?:will|would|do|does|can|could) not "
                r"(?:carry|take|get) (?:me|him|her|them) (?:very |that |too |much )?"
                r"(?:far|further|long|any distance)\b",
                # "I can walk but not far", "she walks quite slowly", "bit slow on my pins"
                r"\bcan (?:walk|manage) but not (?:very |that |too )?(?:far|much|long)\b",
                rf"\b(?:i|he|she|they|we|and) (?:also |just )?walks? {DEGREE}slow(?:ly)?\b"
                r"|\bslow on (?:my|his|her|their) (?:feet|pins|legs)\b",
            )
    else:
        t = rf"(?:{thing})"
        frames = (
            # "stairs are a no-go", "steep stairs are a no from me", "the steps here are not a problem"
            rf"\b{QUANTITY}{t}\b{WHEN}\s+(?:is|are|were|was|would be|will be|have been|has been)\s+"
            rf"(?P<neg>not\s+)?{DEGREE}(?:{HARD})\b(?!\s+for\s+(?:my|our|his|her|the)\b)",  # (not "for my son")
            # "I can't manage stairs", "I have trouble with steps"
            rf"\b(?:{INABLE})\s+(?:(?:with|on)\s+)?(?:{HANDLE}\s+)?{QUANTITY}{t}\b",
            # "I struggle with stairs", "problems with the steps"
            rf"\b(?:struggle|struggles|struggling|trouble|difficulty|problems?)\s+(?:with|on|up|using|climbing|"
            rf"doing)\s+{QUANTITY}{t}\b",
            # "my legs won't take all these stairs", "my knees don't take kindly to steps"
            rf"\b(?:{REFUSING})\s+(?:{TAKING})\s+{QUANTITY}{t}\b",
            # "gets very anxious when it's busy", "melts down in crowds", "struggles with loud noises"
            rf"\b(?:{UPSET})\s+(?:when|if|in|around|with|by|at|near|on|going up|going down|climbing)\s+"
            rf"{SITUATION}{t}\b",
            # "he finds noise really hard", "I find crowds a lot"
            rf"\b(?:find|finds|found|finding)\s+{QUANTITY}{t}\s+{DEGREE}(?:{HARD})\b",
            # "stairs and me are not friends", "steps and I don't get on"
            rf"\b{QUANTITY}{t}\s+and\s+(?:me|i)\s+(?:are not|do not|never|really do not)\s+"
            r"(?:friends|get on|get along)\b",
            # "I'm not good on stairs", "Gary's not great with steps since his op"
            rf"\b(?:not|never)\s+{DEGREE}(?:good|great|steady|confident|safe)\s+(?:on|with|at|around|in|climbing|using)\s+"
            rf"{QUANTITY}{t}\b",
            # "I'm ok on stairs with the brace on", "he's fine with steps": said not to be hard
            rf"\b(?:am|is|are)\s+{DEGREE}(?P<neg>ok|okay|fine|alright|good)\s+(?:on|with)\s+{QUANTITY}{t}\b",
        )
    return tuple(re.compile(frame) for frame in frames)
