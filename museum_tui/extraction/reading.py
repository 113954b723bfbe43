"""Small readings of text for the rule extractor: capitals, the assistant's last question, the ontology's
own words, and a clause that has dropped its subject. Nothing here knows a concept."""

from __future__ import annotations

import re

from museum_tui.language.clauses import PEOPLE, SUBJECT_VERBS, fold
from museum_tui.language.foreign import written_in
from museum_tui.language.text import unaccented
from museum_tui.memory import Ontology

from .cues import HYPHEN, SPACE, ConceptCues
from .hits import Hit

# The rule extractor's own words and shapes: what surrounds a value without being it, and the bounds of a read.
FILLER = frozenset(
    (
        "thanks",
        "thank you",
        "please",
        "cheers",
        "ta",
        "i think",
        "probably",
        "etc",
        "and so on",
        "too",
        "as well",
        "also",
        "lol",
        "x",
        "ok",
        "okay",
        "help",  # "allergic to dairy, help 😂"
        "haha",
        "sorry",
        "pls",
        "plz",
    )
)  # words around a value that are not part of it
_STOP = (
    "the a an this that these those it them my your our any some all i we you he she they him her his their "
    "is are am was were be been has have had do does did not no and or nor plus "
    # how much, not what: "allergic to sesame, quite badly"
    "badly bad severely seriously mildly slightly quite very really too also so "
    "both either each"  # "allergic to both": the things said before, not a thing
)
NOT_A_VALUE = frozenset(_STOP.split())  # words that alone are no value (not the language layer's stop words)
# a list part that opens with one of these goes on about the visitor, it names no thing: "allergic to peanuts
# and nearly died once", "… and still carry an epipen"
_GOES_ON = (
    "nearly almost once always never still also even then have has had get gets got go goes went was were is are "
    "am can could will would must need needs carry carries died ended end ends came come comes dunno idk unsure"
)
# a value that ends on a pronoun points at things named elsewhere ("allergic to the pair of them", "both of
# those")
POINTS_BACK = frozenset(["them", "it", "those", "these", "ones", "both"])
GOES_ON = frozenset(_GOES_ON.split())
SPLIT_VALUES = re.compile(r"\s*(?:,|\band\b|\bor\b|&|/|\bplus\b|\bas well as\b)\s*")

MAX_CHARS = 4000  # of one message
MAX_FOUND = 24  # candidate values per concept and clause; validation keeps at most 12 facts anyway
DANGLING = re.compile(
    r"(?:to |of |about |with )?(?:them|it|those|these|that|one|too|as well|i am afraid|sadly|"
    r"both(?: of them)?|all(?: of)? (?:them|three)|each of them|either of them)"
)  # "can't have egg or milk, allergic to both": the things of the other clauses
FORGET = re.compile(
    r"^(?:please )?(?:forget|ignore|scratch|never mind|disregard|strike)(?: about)? (?!that\b|it\b|what\b)"
)
_BARE = "the a an some any please now quick quickly urgently first more another"
BARE_WORDS = frozenset(_BARE.split())
SELF_NOUN = re.compile(r"\b(?:i am|we are|i have always been|i have been) (?:an?|such an?) (?:\w+ )?$")
HERE = re.compile(r"\s+here\b")
PERSON_AFTER = re.compile(
    rf"\s+(?:{PEOPLE}|man|men|woman|women|person|people|lady|ladies|gentleman|guy|guys|composer|"
    r"painter|painters|poet|king|queen|saint|figure|character|sitter|visitor|visitors|customers|folk|folks|"
    r"community|communities|characters|singer|dancer|writer|author|model|[a-z]{3,}ists?|[a-z]{3,}ians?)\b"
)


CARRIED = re.compile(r"^(?:and |also |plus |or )?(?:[\w'-]+ ){0,3}[\w'-]+ (?:too|as well|also)$")
# (not "make that 45 mins": a correction's "make that" names the new value)
THIS = re.compile(r"(?:^|\s)(?<!make )(?:that|this|these|those)\s+(?:(?!is\b|was\b|are\b|were\b)[\w-]+\s+)?$")


# (and "were vegen", "we're" typed without its apostrophe)
SUBJECTLESS = re.compile(
    r"^(?:were )?(?:(?:so|too|just|now|getting|feeling|not|no longer|a little|rather|well|still|totally) )*"
)
VERB_NEXT = re.compile(rf"\s+(?:{SUBJECT_VERBS}|makes?|gives?|bothers?|can|are|is)\b")


def subjectless(cues: ConceptCues, text: str) -> bool:
    """ "so stressed", "bored out of my mind", "not hungry any more": a clause that opens with one of the
    concept's words has dropped its "I am", as chat does; so has a part after a comma ("gluten wrecks my
    insides, proper coeliac disease", "from Leeds, vegan, here till 3")."""
    parts = [SUBJECTLESS.sub("", text), *(text[m.end() :] for m in re.finditer(r",\s*", text))]
    for rest in parts:  # (a part opening on "just" or "so" goes on from the clause: "…, just curious")
        for regex, _ in cues.terms:
            m = regex.match(rest)
            if m and not VERB_NEXT.match(rest, m.end()):  # "busy rooms can be a lot" has its subject
                return True
    return False


def prose(ontology: Ontology) -> list[str]:
    """The ontology's own words: each concept's label, examples and cue phrases."""
    texts: list[str] = []
    for concept in ontology.concepts.values():
        texts.append(concept.label)
        texts.extend(getattr(concept, "examples", None) or [])
        for value in (concept.cues or {}).values():
            if isinstance(value, dict):
                texts.extend([*value, *value.values()])
            elif isinstance(value, list):
                texts.extend(v for v in value if isinstance(v, str) and not is_regex(v))
    return [t for t in texts if isinstance(t, str)]


def is_regex(text: str) -> bool:
    return bool(re.search(r"[\\(\[?*+|]", text))


def original_case(value: str, original: str) -> str:
    """`value` (folded) with the visitor's capitals, when they wrote it with some; otherwise unchanged."""
    words = value.split()
    if not words:
        return value
    pattern = r"(?<![\w'])" + r"[\s,.'-]+".join(re.escape(w) for w in words) + r"(?!\w)"
    m = re.search(pattern, original, re.IGNORECASE)
    return m.group(0) if m and any(ch.isupper() for ch in m.group(0)) else value


def unregex(pattern: str) -> str:
    """The folded phrase a `phrase_regex` was built from."""
    inner = pattern.removeprefix(r"(?<![\w'])").removesuffix(r"(?![\w'])")
    inner = inner.replace(HYPHEN, "-")
    return " ".join(re.sub(r"\\(.)", r"\1", part) for part in inner.split(SPACE))


def capitalised(value: str, original: str) -> bool:
    """Is the captured (folded) value written with capitals in the visitor's text? ("Dave", not "tired")
    A capital that only opens the clause proves nothing, unless the value's last word has one too."""
    words = value.split()
    if not words:
        return False
    text = original.lstrip(" \"'(")

    def capital(word: str, anywhere: bool) -> bool:
        for m in re.finditer(rf"(?<![\w']){re.escape(word)}(?![\w])", text, re.IGNORECASE):
            if m.group(0)[:1].isupper() and (anywhere or m.start() > 0):
                return True
        return False

    if len(words) == 1:
        # a capital opening a very short clause still counts ("Kwame here."): a cue word there is
        # already refused as another concept's word
        # and so does one signing on ("Priya here, first time at …")
        signs_on = re.match(rf"{re.escape(words[0])}\s+here\b(?!\s+(?:is|are|was)\b)", text, re.IGNORECASE)
        return capital(words[0], anywhere=len(text.split()) <= 3 or bool(signs_on))
    return capital(words[0], anywhere=True) and capital(words[-1], anywhere=False)


def last_question(bot_msg: str | None) -> str:
    """The assistant's last question, folded (empty when it asked none)."""
    if not bot_msg:
        return ""
    questions = re.findall(r"[^.!?\n]*\?", bot_msg)
    return fold(questions[-1]) if questions else ""


def spoken(cues: list[ConceptCues], language: str) -> tuple[str, str] | None:
    """(concept, value) that says the visitor speaks `language` ("German"): the concept whose words include
    it as a value; None when no concept has such a value."""
    for c in cues:
        for _, value in c.terms:
            if value.casefold() == language.casefold() and c.subject == "self":
                return c.concept, value
    return None


# "an audio guide in Polish?", "Japanese audio guide is exist?", "my english is bad … arabic better"
ASKED_IN = r"\b(?:in|an?) (?P<a>{0})(?=\s*(?:\?|$|,|please|pls|audio|guide|tour|version|map|leaflet|by any chance))"
NAMED_FOR = (
    r"\b(?P<b>{0}) (?:audio|guide|guides|tour|tours|version|map|maps|leaflet|leaflets|translation|speaker|speaking)\b"
)
ENGLISH_WEAK = re.compile(
    # "my english is bad", "our English is not so good", "Englisch not so good", "my english is not so gut"
    r"\b(?:(?:my|our) )?(?:english|englisch|inglish) (?:is |it is )?(?:not (?:so |very |that )?(?:good|great|gut)|"
    r"bad|poor|so so|so-so|a little|little|"
    r"limited|basic|weak|rubbish|terrible|not the best)"
    # "Is posible to speak in portuguese? I understand better", "little english"
    r"|\b(?:i|we) (?:understand|follow|read|speak) (?:it |much |a lot )?better\b"
    r"|\b(?:only |very )?(?:little|poco) english\b"
)
ABROAD = re.compile(r"\b(?:i|we) (?:come|came|am|are) from\b")
# a language asked for by name, to be spoken to in it: "can u do cantonese", "French please?", "German is
# possible please?", "¿Hablas español?", "Sprechen Sie Deutsch?" ({0}: the concept's language names)
ASK_YOU = r"(?:can|could|do|will) (?:you|u|ya)"
SAY_PLEASE = r"(?:please|pls|plz|is possible|possible)"
SPEAK_IN = r"(?:hablas?|habla usted|sprechen sie|sprichst du|parlez[ -]vous|parli|parla|fala|falas|spreek je|mowisz)"
REQUESTED = (
    rf"\b{ASK_YOU} (?:please )?(?:do|speak|talk|write|reply|answer|chat)(?: to (?:me|us))?"
    r"(?: in)? (?P<a>{0})\b|^(?:[a-z]+ ){{0,3}}?(?P<b>{0}) " + SAY_PLEASE + r"\b"
    rf"|\b{SPEAK_IN}" + r" (?P<c>{0})\b"
)
# the words every such request has, found before the language names are gathered (most messages have none)
REQUEST_HINT = re.compile(rf"\b(?:{ASK_YOU}|{SAY_PLEASE}|{SPEAK_IN})\b")
# a language's own name for itself, as a visitor may type it ("Deutsch", "español" folded "espanol")
ENDONYMS = {
    "deutsch": "german",
    "espanol": "spanish",
    "francais": "french",
    "italiano": "italian",
    "portugues": "portuguese",
    "nederlands": "dutch",
    "polski": "polish",
}
# where a visitor whose English is weak says they come from: the language they would rather have
COUNTRY_TONGUE = {
    "spain": "spanish",
    "mexico": "spanish",
    "argentina": "spanish",
    "germany": "german",
    "austria": "german",
    "france": "french",
    "italy": "italian",
    "portugal": "portuguese",
    "brazil": "portuguese",
    "netherlands": "dutch",
    "holland": "dutch",
    "poland": "polish",
    "japan": "japanese",
    "china": "chinese",
}
COUNTRY = re.compile(rf"\b(?P<c>{'|'.join(COUNTRY_TONGUE)})\b")
KNOWN_TONGUES = frozenset(
    ["french", "spanish", "german", "italian", "polish", "japanese", "chinese", "arabic", "portuguese", "dutch"]
)


def language_wanted(message: str, cues: list[ConceptCues], said: list[Hit]) -> list[Hit]:
    """The language a visitor from abroad asks things in ("I come from Japan, Japanese audio guide is
    exist?") or says they manage better than their weak English ("my english is bad, I speak arabic
    better"), for the concept whose values are languages, when nothing `said` has named one. A question
    alone ("is there an audio guide in German?") says nothing about the visitor."""
    text = unaccented(fold(message))
    weak = ENGLISH_WEAK.search(text) or ABROAD.search(text)
    if not (weak or REQUEST_HINT.search(text)):
        return []  # "is there an audio guide in German?" alone is a question about the guides
    concept = next((c for c in cues if len({v.lower() for _, v in c.terms} & KNOWN_TONGUES) >= 3), None)
    if concept is None or any(h.concept == concept.concept for h in said):
        return []
    names = {v.lower(): v for _, v in concept.terms}
    names |= {own: names[tongue] for own, tongue in ENDONYMS.items() if tongue in names}
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    asked = re.search(REQUESTED.format(alternation), text)
    if not (asked or weak):
        return []
    m = asked or re.search(ASKED_IN.format(alternation), text) or re.search(NAMED_FOR.format(alternation), text)
    m = m or re.search(rf"\b(?P<a>{alternation})\b", text)
    if m is None:  # "I am coming from Spain, my english is not so good": Spain's
        mine = ENGLISH_WEAK.search(text) and not re.search(r"\b(?:her|his|their) english\b", text)
        home = COUNTRY.search(text) if mine else None
        tongue = COUNTRY_TONGUE[home.group("c")] if home else ""
        return [Hit(concept.concept, names[tongue], "asserted", message.strip())] if tongue in names else []
    return [Hit(concept.concept, names[next(g for g in m.groups() if g)], "asserted", message.strip())]


def written_in_it(message: str, cues: list[ConceptCues]) -> list[Hit]:
    """A message written in another language ("Ich bin im Rollstuhl. Wo ist der Aufzug?") says the visitor
    speaks it, for the concept that has it as a value."""
    said = spoken(cues, tongue) if (tongue := written_in(message)) else None
    return [Hit(said[0], said[1], "asserted", message.strip())] if said else []
