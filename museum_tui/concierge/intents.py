"""What a message does before what it asks: a dialogue act alone (hello, thanks, bye, ok), a request for
everything on, a follow-up that points back at the last thing discussed ("where is it?"), a clear reference
to a live need ("where can I get one?"). Read from the language layer's acts and words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from museum_tui.language import content_words, dialogue_acts
from museum_tui.language.acts import ASKS, GOODBYE
from museum_tui.language.folding import expand_shorthand
from museum_tui.language.party import MEMBERS
from museum_tui.language.text import stem

from .entries import KIND_WORDS, VENUE_KINDS
from .index import Hit, Index
from .lexicon import fold, tokens, words

# Words that point back at something named before.
POINTER = re.compile(r"\b(?:it|its|it's|that|this|there|they|them|those|these|one|he|she)\b")
# A vague reference to a live need, and nothing else ("where can I get one?", "any nearby?").
NEED_POINTER = re.compile(r"\b(?:one|some|any|it|somewhere|there)\b")
ACK = re.compile(
    r"^(?:ok(?:ay)?|great|cool|perfect|lovely|brilliant|nice|good|fine|got it|right|sure|alright|all right|"
    r"understood|i see|wonderful|excellent|fab|super|ace|noted|sounds good|will do|no worries)\b"
)
SMALL_TALK = frozenset(
    """ok okay great cool perfect lovely brilliant nice good fine got right sure alright understood see
    wonderful excellent fab super ace noted sounds will worries thanks thank you cheers hello hey hiya
    morning afternoon evening greetings bye goodbye farewell much lot very really that's helpful help
    appreciated appreciate kind again later day have enjoy yes yeah yep no nope nah please thx thnx thanx thks
    tnx tyvm all everything nothing else sorted mate pal love dear buddy guys hun bro dude sir madam folks
    amazing fantastic awesome star superstar legend lifesaver hero champ gem angel godsend your you're youre
    """.split()  # noqa: SIM905  (whom it is said to: "cheers mate"; what they are called: "ur a star")
)
WHATS_ON = re.compile(
    r"\bw(?:h?a|o)t(?:'s|s| is| are| will be| will there be)?(?: \w+ly| now| here| today| there)? "
    r"(?:on|showing|running)\b|\b(?:anything|something) special\b|"
    r"\bw(?:h?a|o)t(?:'s| is| are)?\b.*\bon (?:display|show|view)\b|"
    r"\b(?:anything|everything|something|w(?:h?a|o)t(?:'s|s| is)?)(?: (?:that's|that is|else|good|interesting))? "
    r"(?:on|happening|going on|showing|running)\b|\b(?:which|w(?:h?a|o)t|any) (?:exhibitions?|shows?|displays?)\b|"
    r"\b(?:list|all|every|full)\b.*\b(?:exhibitions?|shows?|displays?|to see)\b|"
    r"\b(?:exhibitions?|shows?|displays?) (?:are |is )?(?:on|there|running|showing|open)\b|"
    r"\beverything (?:there is |you have )?to see\b|"
    r"\bw(?:h?a|o)t (?:is there|can (?:i|we)|could (?:i|we))(?: \w+ly| just)? (?:to )?see\b|"
    r"\bw(?:h?a|o)t(?:'s| is)(?: there)? (?:else )?(?:there )?to (?:do|see)\b|"
    r"\b(?:w(?:h?a|o)t|which) \w+ (?:do you have|have you got|(?:are|is) (?:there|here)|can (?:i|we) see)\b"
)
IN_FLOWER = re.compile(r"\s+(?:in (?:flower|bloom)|flowering|blooming)\b")
ASKING = re.compile(r"^(?:what|wot|wat|which|any|got|list|show|tell|see)\b|\b(?:have you|do you have|you got|u got)\b")
LIST_WORDS = frozenset(
    """exhibition exhibitions show shows display displays list all every full running showing open on see
    moment currently current now today there everything available going happening whole complete give tell
    show me please could would like know weekend weekends week tomorrow tonight morning afternoon evening
    monday tuesday wednesday thursday friday saturday sunday""".split()  # noqa: SIM905
)


# the visitor needs nothing more ("that's all", "all good", "I'm fine thanks")
DONE = re.compile(r"\b(?:that'?s (?:all|everything|it)|all good|i'?m (?:all )?(?:good|fine|sorted)|nothing else)\b")
# thanks in texting shorthand, which the language layer's acts do not read
SHORT_THANKS = re.compile(r"^(?:thx|thnx|thanx|thks|tx|ty|tyvm|ta|thank u|tnx)\b")


def small_talk(text: str) -> set[str]:
    """The acts of a message that is nothing but small talk (empty when it asks or tells anything)."""
    folded = expand_shorthand(fold(text))
    acts = dialogue_acts(folded)
    if ACK.match(folded):
        acts.add("ack")
    if SHORT_THANKS.match(folded):
        acts.add("thanks")
    if DONE.search(folded):  # "that's all, thank you": nothing more is wanted
        acts.add("done")
    if re.match(r"^(?:no|nope|nah)\b", folded):  # "no thanks" declines before it thanks
        acts.add("declined")
    if not acts or "?" in folded:
        return set()
    said = GOODBYE.sub(" ", folded)  # the words of leaving ("heading home now") are small talk too
    rest = {w for w in re.findall(r"[a-z']+", said) if w not in SMALL_TALK and len(w) > 2}
    rest -= {"you", "the", "for", "and", "all", "that", "this", "it's", "thats", "was", "very", "i'm", "we're", "now"}
    return acts if not rest else set()


# The venue itself, named by what kind of place it is: "at the zoo", "here at the museum", "in the gardens"
THE_VENUE = re.compile(
    rf"\b(?:at|in|around|here at) (?:the|this|your) (?:{'|'.join(sorted(VENUE_KINDS))}|gardens|venue|place|site)\b"
    r"(?! (?:shop|cafe|café|entrance|gate))"
)


SENTENCES = re.compile(r"[.!?\U0001f000-\U0001faff\u2600-\u27bf]+")


def asking_sentences(folded: str) -> list[str]:
    """The sentences of a message that ask something (an emoji ends a sentence as a full stop does)."""
    parts = re.split(f"({SENTENCES.pattern})", folded)  # each sentence, then what ended it
    ends = [*parts[1::2], ""]
    return [part for part, end in zip(parts[::2], ends, strict=False) if "?" in end or ASKS.search(part.strip())]


# "where's the orchid thing everyone keeps posting on insta": what others say of the thing only says why
TALKED_OF = re.compile(
    r"(?<=\w)\s+(?:that |which )?(?:everyone|everybody|people|folk|they|all my friends|my (?:friends|mates|kids))\s+"
    r"(?:keep|keeps|is|are|were|was|have|has|talk|talks|rave|raves|post|posts|said|say|says|told|recommend|"
    r"recommended|mentioned)\b.*$"
)


def asked_part(folded: str) -> str:
    """The message up to the end of its last sentence that asks something: what follows it only says why
    ("…? he's really well behaved i promise", "…? got e-tickets already"), as does what others say of the
    thing asked for ("…the orchid thing everyone keeps posting on insta"); what comes before may say where or
    for whom, and stays."""
    ends = [m.end() for m in SENTENCES.finditer(folded)]
    starts = [0, *ends]
    asking = [
        i for i, start in enumerate(starts) if ASKS.search(folded[start : ends[i] if i < len(ends) else None].strip())
    ]
    if asking and asking[-1] < len(ends):
        folded = folded[: ends[asking[-1]]].strip()
    # "i can not stand the heat , which of the glasshouses would suit me?": what the visitor feels is kept
    # as a fact; the question is what follows it (the heat is not what is looked up)
    folded = FELT_THEN.sub("", folded)
    return TALKED_OF.sub("", folded)


FELT_THEN = re.compile(
    r"^(?:i (?:can't|cant|can not|cannot) (?:stand|cope with|do)|i hate|i (?:don't|dont|do not) like|"
    r"(?:i'm|im|i am) not (?:a fan of|keen on)) [^,?.]+\s*,\s*(?=(?:which|what|where)\b)"
    # "it's getting really busy and loud, is there somewhere calm we can go?": how it is, then the asking
    r"|^(?:it is|it's|its) (?:(?:getting|so|really|very|a bit|way|too|quite|rather|well) )*[a-z]+(?: and [a-z]+)?"
    r"\s*,\s*(?=(?:is there|are there|anywhere|somewhere|where)\b)"
)


def whats_on(folded: str, kind_words: str, index: Index | None = None, other: frozenset[str] = frozenset()) -> bool:
    """A request for everything on, with nothing that narrows it ("which exhibitions are on?", "wot
    exhibitions have u got"): it asks what is on, or names the kind of thing shown in the plural, and no
    other word of it is one the venue's shows or rooms use (typos and fillers narrow nothing)."""
    folded = THE_VENUE.sub(" ", folded)  # "what's on at the zoo?": the venue itself narrows nothing
    folded = IN_FLOWER.sub(" on", folded)  # "wat's in flower this week?": what a garden shows now
    # "it's chucking it down outside 🙄 what can we see indoors": the sentence that asks is what narrows
    asked = asking_sentences(folded)
    folded = " ".join(asked) if asked else folded
    # "hiya - popped in on my lunch break, what's on right now": the clause that asks what is on
    if (on := WHATS_ON.search(folded)) is not None and (cut := max(folded.rfind(",", 0, on.start()), 0)):
        folded = folded[cut + 1 :]
    kinds = set(kind_words.split())
    plural = {f"{k}s" for k in kinds if not k.endswith("s")} | {f"{k}es" for k in kinds if k.endswith("s")}
    said = content_words(folded)
    theirs = other | {f"{w}s" for w in other}
    if said & theirs and not said & (kinds | plural):  # "what shows are on?" where a show is a tour
        return False
    if not (WHATS_ON.search(folded) or (said & plural and (ASKING.search(folded) or "?" in folded))):
        return False
    rest = said - kinds - plural - LIST_WORDS
    if index is None:
        return not rest
    shown = index.vocabulary_of(("exhibition", "gallery"))
    # what another kind of entry is called or sells ("what cakes have you got?") asks about that kind
    elsewhere = index.vocabulary_of(("menu",)) | set(
        tokens(" ".join(v for k, v in KIND_WORDS.items() if k not in ("exhibition", "gallery", "hours")))
    )
    return not any(set(tokens(w, index.venue.synonyms)) & (shown | elsewhere) for w in rest)


# "any photography shows on?": shows asked for in the plural, narrowed by what they are
SHOWS_OF_A_KIND = re.compile(r"\b(?:any|which|what|all)\b(?P<what>(?: [a-z-]+){1,2}) (?:shows|exhibitions|displays)\b")


def shows_of_a_kind(folded: str, shows: Sequence) -> list:
    """The shows a plural question narrows by a word of their media, styles or title ("any photography shows
    on?" → every photography show), when two or more share it; [] otherwise."""
    m = SHOWS_OF_A_KIND.search(folded)
    if not m:
        return []
    said = content_words(m.group("what"))
    found = [e for e in shows if said & content_words(" ".join([e.title, *e.media, *e.styles]))]
    return found if len(found) >= 2 else []


def points_back(folded: str) -> bool:
    return bool(POINTER.search(folded))


def vague_need(folded: str) -> bool:
    """A clear reference to a live need: a vague word and no other subject ("where can I get one?")."""
    if not NEED_POINTER.search(folded):
        return False
    rest = content_words(folded) - {"get", "find", "buy", "grab", "have", "nearby", "near", "closest", "nearest"}
    return not rest


# What a follow-up may ask about a subject without naming another one ("what floor is that on?").
ASPECT_WORDS = frozenset(
    """floor level long take takes cost costs price much open close closes far way get time minutes hours
    wheelchair accessible step free book booking ticket tickets need old age kids children suitable allowed
    inside made make tell more about start starts begin finish next when steps stairs ramp lift lifts without
    avoid down up into reach manage year years yrs aged allowed suitable enough young today tonight tomorrow
    now pay extra charge included free til till until shut shuts closing opening last lasts concession concessions
    pensioner senior student discount""".split()  # noqa: SIM905
)


# a member of the visitor's party ("can mum get down there?") is who asks, not what about
PARTY = re.compile(MEMBERS)

# Going round a place, said of the subject: "to go round", "to get round it", "to look around"
GO_ROUND = re.compile(r"\b(?:go|get|look|walk|see|do) (?:a)?round\b")

# Where a route starts ("how do I get there from the main entrance?"): it names a place, not the subject
ORIGIN = re.compile(r"\bfrom (?:here|(?:the |this |that )?[\w-]+(?: [\w-]+)?)")


def bare_aspect(folded: str) -> bool:
    """A question of aspect words alone ("what floor?", "how much?", "when?"): about the last subject."""
    said = set(re.findall(r"[a-z']+", folded))
    return bool(said & ASPECT_WORDS | said & BARE) and not (content_words(folded) - ASPECT_WORDS - BARE)


# question words a bare follow-up may be ("when?", "where?")
BARE = frozenset("what which when where how much long far floor level is does".split())  # noqa: SIM905


NEW_THING = re.compile(r"^(?:is there )?(?:anything|something|any ideas|what else)\b")


def only_about_a_subject(folded: str, index: Index | None = None) -> bool:
    """The message asks about some aspect of a subject it does not name: beyond the aspect words and where
    a route starts, none of its words is one the venue's entries use ("how long to go round?")."""
    if NEW_THING.match(folded):
        return False  # "anything for a 5 year old?" asks for something new, not about the last thing
    bare = GO_ROUND.sub(" ", ORIGIN.sub(" ", folded))  # "how long does it take to go round?": round is no place
    rest = {w for w in content_words(bare) - ASPECT_WORDS if not PARTY.fullmatch(w)}
    if not rest or index is None:
        return not rest
    kinds = tuple(dict.fromkeys(e.kind for e in index.entries))
    named = " ".join([*(KIND_WORDS.get(k, "") for k in kinds), *index.venue.words.values()])  # "and the cafe?"
    used = index.vocabulary_of(kinds) | set(tokens(named, index.venue.synonyms))
    return not any(set(tokens(w, index.venue.synonyms)) & used for w in rest)


# a follow-up that asks the last question again for someone or something else: "and for my nan?"
AND_FOR = re.compile(r"^(?:and|what about|how about|same)\s+(?=(?:for|with)\b)")
# "whats the nearest loo to there", "any toilets near it?": near the last thing talked of
NEAR_IT = re.compile(
    r"\b(?:nearest|closest|near|close)(?: [a-z]+){0,2}? (?:to|by) (?:there|that|it|that one|this one)\b"
    r"|\b(?:near|nearby) (?:there|that|it)\b"
)
THERE = re.compile(r"\b(?:up|down|over|in) there\b", re.IGNORECASE)  # where the last place is, said by a direction
A_THING_THERE = re.compile(r"\b(?:is there|are there|any)\b.*\b(?:up|down|over|in) there\b")  # "a loo up there?"
# "and after that one?", "the one after?", "any later?": the question before, asked again for what comes next
AFTER_THAT = re.compile(
    r"^(?:(?:and|so|ok|okay|right|oh)\s+)*(?:what about |how about )?(?:(?:the )?(?:one|next one|tour) )?"
    r"(?:after (?:that|this)(?: one)?|after|later(?: ones?)?|any later(?: ones?)?)\s*\??$"
)


def last_subject(index: Index, earlier: Sequence[str], good: float) -> tuple[Hit, str] | None:
    """The entry the conversation was last about, and the message that named it: the newest earlier
    message with a clear best match."""
    for message in reversed(list(earlier)[-3:]):
        hits = index.search(message)
        if hits and (hits[0].named or hits[0].score >= good) and hits[0].entry.kind != "hours":
            return hits[0], message
    return None


def resolved(text: str, subject: Hit) -> str:
    """The follow-up with its pointer replaced by the subject's name ("where is it?" → "where is Dreamers?")."""
    name = subject.entry.name
    folded = fold(text)
    out, n = POINTER.subn(name, folded, count=1)
    if n:
        return out
    # "how much?" → "how much Dreamers?": still the sentence that asks (the first that does: "what about
    # concessions? im a pensioner" → "what about concessions Dreamers? im a pensioner")
    asking, mark, rest = folded.partition("?")
    if not mark:
        asking, rest = folded.rstrip("!. \n"), ""
    return f"{asking.rstrip()} {name}?{rest}" if mark else f"{asking} {name}"


# "the surrealism exhibition", "the Magritte show": a show named by one word of its title
THE_X_SHOW = re.compile(r"\bthe ([a-z][\w-]+) (?:exhibition|show|display)\b")


def titled_show(hits: list[Hit], folded: str) -> Hit | None:
    """The exhibition a question names as "the <word> exhibition" by a word of its title, as a named hit ("is
    the surrealism exhibition open yet?": the show whose title says it, not the venue's hours; "the violin
    exhibition": "Bowed: Violins from …")."""
    m = THE_X_SHOW.search(folded)
    if m is None:
        return None
    said = stem(m.group(1))
    return next(
        (
            replace(h, named=True)
            for h in hits
            if h.entry.kind == "exhibition" and said in {stem(w) for w in words(fold(h.entry.name))}
        ),
        None,
    )


# "are we allowed to take photos?", "can I fly my drone over the lake?", "is it ok to vape outside?": leave to
# do something, and the thing done (its object, before any place it is done in)
LEAVE = re.compile(
    r"\b(?:(?:are|is|am) (?:we|i|you|visitors|people|it|one) (?:allowed|permitted) to|allowed to|"
    r"is it (?:ok|okay|alright|fine|possible) to|do you (?:allow|let (?:people|visitors|us|me))|"
    r"can (?:i|we|you) (?=(?:fly|film|record|smoke|vape|skate|cycle|ride|fish|swim|camp|busk)\b))\s*"
    r"(?P<act>[a-z' ]+?)(?=\s+(?:in|inside|into|on|over|at|around|near|by|here|there|during|while|if)\b|\s*[?.!,]|$)"
)


def leave_unknown(folded: str, index: Index) -> bool:
    """A question asking leave to do something no entry of the venue's data mentions ("can I fly my drone
    over the lake?": the lake is there, drones are not): staff know, the data does not."""
    m = LEAVE.search(folded)
    if m is None:
        return False
    act = [w for w in words(m.group("act")) if w not in {"my", "our", "the", "a", "an", "some", "any", "your"}]
    return bool(act) and not index.search(act[-1])
