"""Which language a message is written in, when it is not English: a visitor who writes "Ich bin im
Rollstuhl. Wo ist der Aufzug?" prefers German, whether or not they say so.

Read from function words that are not English words too ("ich", "bin", "wo"; not "die", "a", "is"): a
language needs two of them, more than any other language and at least as many as English's own.
"""

from __future__ import annotations

import re

_WORDS = {
    "German": "ich bin ist der das wo und nicht ein eine mit für habe wir gibt bitte danke auf wie kann",
    "French": "je suis est où les et pas une avec pour il nous vous merci bonjour préfère parler ascenseur",
    "Spanish": "yo soy estoy es dónde donde el los las y una con para hay gracias hola hablo puedo",
    "Italian": "io sono è dove il gli non una con per c'è grazie ciao buongiorno posso parlo",
    "Portuguese": "eu sou estou é onde os não uma com obrigado obrigada olá falo posso",
    "Dutch": "ik ben waar het een niet met bedankt hallo spreek kan",
    "Polish": "jestem gdzie jest nie dziękuję dzień dobry mówię proszę",
    "Swedish": "jag är heter och inte med för tack hej talar kan var finns",
}
FUNCTION_WORDS = {language: frozenset(words.split()) for language, words in _WORDS.items()}
_ENGLISH = (
    "i me my we you the a an is am are was to of and in on at for with it this that what where how can do "
    "not no please thanks here there be have has if but so just bit really very "
    # chat English without apostrophes ("im" is also German's "in the": English's first)
    "im ive dont cant wont didnt isnt thats whats"
)
ENGLISH = frozenset(_ENGLISH.split())
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


# a script only one language here writes in (not Cyrillic: Russian and Ukrainian share it; not Devanagari),
# and the letters that say it is another language's (Arabic letters with Persian or Urdu ones)
NONE = re.compile(r"(?!)")
SCRIPTS = (
    ("Japanese", re.compile(r"[\u3040-\u30ff]"), NONE),  # kana: Japanese, whatever Han characters it has too
    ("Korean", re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), NONE),
    ("Chinese", re.compile(r"[\u4e00-\u9fff]"), NONE),
    ("Arabic", re.compile(r"[\u0621-\u064a]"), re.compile(r"[\u067e\u0686\u0698\u06af\u0679\u0688\u0691\u06ba\u06d2]")),
    ("Greek", re.compile(r"[\u0370-\u03ff]"), NONE),
    ("Hebrew", re.compile(r"[\u05d0-\u05ea]"), NONE),
    ("Thai", re.compile(r"[\u0e01-\u0e5b]"), NONE),
)


def written_in(text: str) -> str:
    """The language `text` is written in when it is clearly not English ("German"), else "". A message
    mostly in a script of one language ("我们可以说中文吗？") is written in that language."""
    letters = [ch for ch in text if ch.isalpha()]
    for language, script, other in SCRIPTS:
        if len(script.findall(text)) * 2 > len(letters) >= 2 and not other.search(text):
            return language
    words = _WORD.findall(text.lower())
    counts = sorted(((sum(w in s for w in words), language) for language, s in FUNCTION_WORDS.items()), reverse=True)
    (top, language), (second, _) = counts[0], counts[1]
    english = sum(w in ENGLISH for w in words)
    return language if top >= 2 and top > second and top >= english else ""


# "je m'appelle Amélie", "Soy Javier", "ich heiße Jonas": the name a message in another language gives
NAME_GIVEN = re.compile(
    r"\b(?P<frame>(?i:je m'appelle|je m’appelle|ich heiße|ich heisse|mein name ist|me llamo|mi nombre es|soy|"
    r"mi chiamo|ik heet|mijn naam is|meu nome é|me chamo|chamo-me|eu sou|sou|sono|nazywam się|mam na imię|jestem|"
    r"jag heter|jeg heter|jeg hedder|je suis|ich bin|ik ben))\s+(?:(?i:a|o)\s+)?"  # "Sou a Beatriz"
    r"(?P<name>[A-ZÀ-Ý][a-zà-ÿ'-]{1,20})\b"
)
# frames that are also other words ("Soy Sauce") or say what one is ("je suis Française"): only in a message
# written in their language
AMBIGUOUS = frozenset(["soy", "eu sou", "sou", "sono", "jestem", "je suis", "ich bin", "ik ben"])


# what "je suis …", "ich bin …" say that is no name: a nationality (written with a capital in some languages)
NATIONALITY = re.compile(
    r"^(?:français|française|francais|francaise|deutsch|deutscher|deutsche|italiano|italiana|español|española|"
    r"espanol|espanola|portugues|português|portuguesa|brasileiro|brasileira|svensk|svenska|nederlander|"
    r"nederlandse|polak|polka|mexicano|mexicana|argentino|argentina|chileno|chilena|belge|suisse|schweizer|"
    r"österreicher|osterreicher)$",
    re.IGNORECASE,
)


def name_given(text: str) -> str:
    """The name a message gives in another language's words ("je m'appelle Amélie", "Hola! Soy Javier" →
    "Javier"), else ""."""
    m = NAME_GIVEN.search(text)
    if m is None or (m.group("frame").lower() in AMBIGUOUS and not written_in(text)):
        return ""
    return "" if NATIONALITY.match(m.group("name")) else m.group("name")
