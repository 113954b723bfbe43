"""Generic English the concierge reads questions with: folding, stems, stop words, what a question asks
for, feelings, everyday synonyms, and the words for common allergens and diets. Nothing here is about one
venue; a venue file may add to every table (`synonyms`, `feelings`, `allergen_words`, `diet_words`).
"""

from __future__ import annotations

import re

from museum_tui.language.acts import ASKS as QUESTION
from museum_tui.language.acts import GOODBYE, GREETING, THANKS
from museum_tui.language.text import STOPWORDS, stem, words
from museum_tui.language.text import plain as fold

__all__ = ["GOODBYE", "GREETING", "QUESTION", "STOPWORDS", "THANKS", "fold", "stem", "words"]

# everyday words → the word a venue file is likely to use
SYNONYMS = {
    "caffeine": "coffee",  # "need caffeine asap"
    "cuppa": "tea",
    "brew": "tea",
    "subtitle": "caption",
    "subtitled": "caption",
    "captioned": "caption",
    "loo": "toilet",
    "loos": "toilet",
    "wc": "toilet",
    "bathroom": "toilet",
    "restroom": "toilet",
    "washroom": "toilet",
    "lavatory": "toilet",
    "gents": "toilet",
    "ladies": "toilet",
    "elevator": "lift",
    "pram": "pushchair",
    "buggy": "pushchair",
    "stroller": "pushchair",
    "photo": "photography",
    "photograph": "photography",
    "photographer": "photography",
    "nappy": "baby",
    "diaper": "baby",
    "cafeteria": "cafe",
    "restaurant": "cafe",
    "caff": "cafe",  # "is the caff still open?"
    "greenhouse": "glasshouse",
    "greenhouses": "glasshouses",
    "coffee": "coffee",
    "defib": "defibrillator",
    "wi": "wifi",
    "fi": "wifi",
    "internet": "wifi",
    "painter": "painting",
    "sculptor": "sculpture",
    "exhibit": "exhibition",
    "wheelchairs": "wheelchair",
    "shut": "close",  # "what time does the cafe shut?"
    "shuts": "close",
    "shutting": "close",
    "signed": "bsl",  # a signed tour or talk: British Sign Language
    "signing": "bsl",
    # things visitors carry and leave, said the ways a cloakroom's keywords may not
    "rucksack": "backpack",
    "rucksacks": "backpack",
    "knapsack": "backpack",
    "daypack": "backpack",
    "holdall": "bag",
    "handbag": "bag",
    "jacket": "coat",
    "jackets": "coat",
    "brolly": "umbrella",
    "case": "suitcase",
    "cases": "suitcase",
    "luggages": "luggage",
    # irregular forms a stem does not reach
    "fed": "feed",
    "ate": "eat",
    "eaten": "eat",
}

# what a feeling or a bodily need asks for: facilities declare which of these they `serve`
FEELINGS = {
    "rest": (
        "tired",
        "exhausted",
        "weary",
        "worn out",
        "knackered",
        "sit down",
        "need a break",
        "my feet",
        "my legs",
        "my back",
        "need to rest",
    ),
    "quiet": (
        "overwhelmed",
        "too loud",
        "so loud",
        "noisy",
        "too busy",
        "crowded",
        "anxious",
        "panic",
        "stressed",
        "too much",
        "headache",
        "overstimulated",
    ),
    "unwell": (
        "unwell",
        "feel sick",
        "feeling sick",
        "dizzy",
        "faint",
        "hurt myself",
        "injured",
        "feel ill",
        "been stung",
        "got stung",
        "just stung",
        "stung by",
        "been bitten",
        "got bitten",
        "bitten by",
        "fell over",
        "had a fall",
        "cut myself",
        "bleeding",
        "sprained",
        "twisted my ankle",
        "bumped my head",
        "first aid",
    ),
}

# a word in an allergy → the allergen tags a menu uses (EU-style)
ALLERGEN_WORDS = {
    "peanut": ("peanuts",),
    "nut": ("peanuts", "tree nuts"),
    "tree nut": ("tree nuts",),
    "almond": ("tree nuts",),
    "cashew": ("tree nuts",),
    "walnut": ("tree nuts",),
    "hazelnut": ("tree nuts",),
    "pistachio": ("tree nuts",),
    "milk": ("milk",),
    "dairy": ("milk",),
    "lactose": ("milk",),
    "egg": ("egg",),
    "gluten": ("gluten",),
    "wheat": ("gluten",),
    "coeliac": ("gluten",),
    "celiac": ("gluten",),
    "shellfish": ("crustaceans", "molluscs"),
    "prawn": ("crustaceans",),
    "shrimp": ("crustaceans",),
    "crab": ("crustaceans",),
    "fish": ("fish",),
    "soy": ("soya",),
    "soya": ("soya",),
    "sesame": ("sesame",),
    "mustard": ("mustard",),
    "celery": ("celery",),
    "sulphite": ("sulphites",),
    "lupin": ("lupin",),
    "oat": ("oats",),
}

# a word in a diet → menu diet tags that satisfy it (any of them)
DIET_WORDS = {
    "vegan": ("vegan",),
    "plant based": ("vegan",),
    "vegetarian": ("vegetarian", "vegan"),
    "veggie": ("vegetarian", "vegan"),
    # fish but no meat: a dish tagged vegetarian or vegan fits; a fish dish only where tagged pescatarian
    "pescatarian": ("pescatarian", "vegetarian", "vegan"),
    "pescetarian": ("pescatarian", "vegetarian", "vegan"),
    "halal": ("halal",),
    "kosher": ("kosher",),
    "gluten free": ("gluten-free",),
    "gluten-free": ("gluten-free",),
    "coeliac": ("gluten-free",),
    "celiac": ("gluten-free",),
    "dairy free": ("vegan", "dairy-free"),
    "lactose": ("vegan", "dairy-free"),
}

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

PLAN = re.compile(
    r"\b(?:recommend\w*|suggest\w*|what should (?:i|we) (?:see|do|visit)|what(?:'s| is) on\b|worth (?:seeing|a visit)|"
    r"must.?see|highlights?|plan (?:my|our|a) visit|what else|anything else|where should (?:i|we) (?:start|go)|"
    r"(?:anything|something) (?:good |nice |special |interesting )?for (?:me|us)\b|"  # "anything for me today?"
    r"best (?:\w+ )?(?:to see|to do|things?|bits?|parts?|exhibits?|exhibitions?)|(?:not|\w+n'?t)(?: \w+)? miss\b|"
    r"top (?:things|sights|picks?)|favourites?|"
    # "what can we fit in?", "what can I squeeze in", "what can we do in the time we have"
    r"what (?:can|could|should) (?:i|we) (?:fit|squeeze|cram|get) in\b|"
    # "what do you reckon I should see first?"
    r"(?:what|which|where) do you (?:reckon|think|suggest) (?:i|we) should (?:see|do|visit|start|go)\b|"
    r"what (?:can|could|should) (?:i|we) (?:do|see) (?:in|with) (?:the|our|my) time|"
    r"what (?:should|shall|do) (?:i|we) priori[tz]i[sz]e)"  # "what should I prioritise then?"
)
MORE = re.compile(r"\b(?:else|other|another|more)\b")
# "is there anything here gran can have?": something to have is something to eat or drink (not "a look")
CAN_HAVE = (
    r"\b(?:anything|something|what) (?:[a-z]+ ){0,4}?(?:can|could) have\b"
    r"(?! (?:a )?(?:look|go|try|seat|rest|wander|sit|break|think|chat|word|lie down)\b)"
    r"(?! (?:been|seen|done|gone|got|[a-z]+ed)\b)"  # (not "what could we have missed")
)
# "water", but not the water lily, water garden or water play
DRINK = re.compile(
    r"\b(?:drinks?|thirsty|coffee|tea|latte|juice|cuppa|chocolate|espresso|"
    r"water(?! ?(?:lil(?:y|ies)|gardens?|features?|falls?|front|side|play|fountains?)\b))\b"
    rf"|{CAN_HAVE}"
)
FOOD = re.compile(
    r"\b(?:food|eat|hungry|snacks?|lunch|dinner|cakes?|sandwich\w*|starving|breakfast|peckish|meal|sweets?|"
    r"treats?|desserts?|puddings?|menus?|meals?|a bite|bite to eat|grub|nosh)\b"
    rf"|{CAN_HAVE}|\b(?:anything|something|what) (?:[a-z]+ ){{0,4}}?(?:can|could) eat\b"
)
BABY = re.compile(r"\b(?:baby|babies|nappy|nappies|diaper|changing)\b")
ACCESSIBLE = re.compile(
    r"\b(?:accessible|wheelchairs?|disabled|step.?free)\b"
    r"|\b(?:without|no|avoid(?:ing)?(?: the)?) (?:any |the |using )?(?:steps|stairs)\b"  # "without any steps"
    r"|\b(?:is|are) (?:the |it )?(?:path|paths|route|way|it|ground) (?:all )?(?:flat|level)\b"  # "is the path flat"
)

# where the visitor wants to be ("it's pouring, what can we see indoors?"): a show is outdoors when its
# access notes say so ("outdoor" in its notes)
INDOORS = re.compile(
    r"\b(?:rain\w*|wet weather|pouring|drizzl\w*|indoors?|inside|under cover|undercover|covered|keep dry|stay dry)\b"
)
OUTDOORS = re.compile(r"\b(?:outdoors?|outside|open air|fresh air|in the sun)\b(?! (?:is|it is|it s) )")

FOCUS = (
    ("who", re.compile(r"\b(?:who|whose|artists?|made|by whom|created)\b")),
    # "does it take long?", not "my legs won't take the stairs"
    (
        "long",
        re.compile(
            r"\bhow long\b|\bminutes\b|\b(?:does|will|would|did|should) (?:it|that|this|the \w+) take\b"
            r"|\bhow much time\b|\bset aside\b"  # "how much time should I set aside for Dreamers?"
            r"|\btakes?\b(?= (?:long|ages|about|around|roughly))"
        ),
    ),
    ("when", re.compile(r"\b(?:when|what time|times?|today|tomorrow|tonight)\b")),
    (
        "where",
        re.compile(
            r"\b(?:where|which floor|what floor|how (?:do|can|would|should) (?:i|we) get|how to get|"
            r"way to|find|get (?:there|to)|get (?:back )?(?:up|down|over) (?:there|to)|best way|"
            # "we want to go up to the Light Room", "is there a way without steps?"
            r"(?:want|need|like|trying) to (?:go|get) (?:back )?(?:up |down |over )?to|"
            r"(?:a|the) way (?:up|down|without)|"
            r"directions?)\b"
        ),
    ),
    (
        "price",
        re.compile(
            r"\b(?:h(?:o)?w much(?! time)|prices?|cost|costs|free|pay|cheap\w*|expensive|discounts?|reductions?|"
            r"reduced (?:rate|price|ticket|entry)|money off|concessions?|"
            r"charge(?! (?:my|a|the|your|our|his|her) ))\b"
        ),
    ),
)


def tokens(text: str, synonyms: dict[str, str] | None = None) -> list[str]:
    """Stemmed content words of `text`, everyday words mapped to venue words."""
    out = []
    for w in words(text):
        if w in STOPWORDS:
            continue
        w = (synonyms or {}).get(w) or SYNONYMS.get(w) or w
        out.append(stem(w))
    return out


def focus(folded: str) -> list[str]:
    """What the question asks about its subject: who, how long, when, where, how much."""
    return [name for name, pattern in FOCUS if pattern.search(folded)]


def phrase_in(phrase: str, folded: str) -> bool:
    """`phrase` said whole in `folded` (the substring test first: it runs for every name, on every question)."""
    return phrase in folded and bool(re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", folded))


def name_said(name: str, folded: str) -> bool:
    """`name` said whole, or with its last word cut short ("the river walk" for a "River Walkway")."""
    if phrase_in(name, folded):
        return True
    *head, last = name.lower().split()
    if not head or len(last) < 6:
        return False
    cut = re.search(rf"\b{re.escape(' '.join(head))} ({re.escape(last[:4])}\w*)\b", folded)
    return bool(cut) and last.startswith(cut.group(1))


# "can I pay cash at the kiosk?": a question about paying (a café's notes may say how)
PAYING = re.compile(r"\b(?:cash|card|cards|contactless|pay|paying|payment|apple pay|google pay)\b")
