"""Dialogue acts and questions: what a short message does (greets, thanks, says goodbye, yes or no), and
whether a clause asks something. Read on `text.plain` folding or the extractor's `clauses.fold`."""

from __future__ import annotations

import re

GREETING = re.compile(
    # (and as visitors from abroad greet: "Bonjour!", "Hola", "Guten Tag", "Ciao", "Olá", "Hallo", "Konnichiwa")
    r"^(?:hi|hello|hey|hiya|heya|howdy|(?:good|gd) ?(?:morning|afternoon|evening|day)|greetings"
    r"|bonjour|hola|guten (?:tag|morgen)|ciao|buongiorno|ola|hallo|hej|konnichiwa|namaste|salut"
    r"|mornin[g']?(?=\s*(?:[,!.]|$|all\b|there\b|folks\b|mate\b)))\b"  # "morning!", not "morning tours?"
)
# (and in the languages visitors write in: "Danke, very helpful! Tschüss")
THANKS = re.compile(r"\b(?:thanks|thank you|cheers|ta|danke|merci|gracias|grazie|obrigad[oa]|dank je|bedankt)\b")
# Leaving said in other words counts too: "heading home now", "we're off now", "gotta go" (not "heading to…")
GOODBYE = re.compile(
    r"\b(?:bye|goodbye|see you|see ya|farewell|cheerio|ta[ -]?ra|ta[ -]?ta|toodles|laters|take care|good ?night|"
    r"tsch(?:ü|u|ue)ss|ciao|adi(?:o|ó)s|au revoir|arrivederci|auf wiedersehen|tchau|hasta luego|"
    r"(?:heading|going|off|setting off) (?:home|off|out)\b|(?:we are|i am|we're|i'm) off(?: now)?(?=\W*$|[,!.])|"
    r"(?:leaving|off) now|time to (?:go|head off)|(?:have|got|gotta|must|need) (?:to )?(?:go|head off|leave)\b)"
)
# A request or question, as the concierge reads one (looser than the extractor's: "tell me …" asks too).
ASKS = re.compile(
    # after a greeting too: "hi are the gates open yet"
    r"\?|^(?:(?:hi|hello|hey|hiya|heya|morning|afternoon|evening|ok|okay|so|um|erm|excuse me|sorry)\b[\s,!]*)?"
    r"(?:where|what|when|who|which|how|why|is|are|do|does|did|can|could|may|will|would|should|shall|"
    r"whats|wheres|hows|whens|wats|wat|wot|"  # typed without the apostrophe, or in a hurry
    r"tell me|show me|any|anything|recommend|suggest|i(?:'d| would) like|i want to|let me know|take me|"
    r"help)\b"
    r"|\b(?:which way|best way|how (?:do|can|would) (?:i|we) get)\b"  # "…, which way is best" asks, "?" or not
)
# A clause that opens as a question (the extractor's reading: "is there", not a bare "is").
QUESTION_START = re.compile(
    r"^(?:where|how|what|which|when|why|who|whose|is there|are there|is it|are you|do you|"
    r"does (?:the|it|this)|did you|can you|could you|can i|could i|can we|could we|may i|have you|"
    r"has the|any chance|anywhere)\b"
    # an auxiliary before a subject that is not the visitor: "is the man … meant to be blind", "do they …"
    # (not before his/her: "…and has her guide dog with her" goes on without its subject)
    r"|^(?:is|are|was|were|does|do|did|has|have|will|would|can|could|should) (?:the|that|this|these|those|he|"
    r"she|they|it)\b"
)
# A clause that opens as a statement about the visitor, before a question after a comma ("I'm on crutches, …?")
STATEMENT = re.compile(
    r"^(?:i am|we are|i have|we have|i use|we use|i need|i do not|we do not|i can not|i wear)\b"
    r"|^(?:\w+ ){1,3}here$"  # "kiwi allergy here, …?", "wheelchair user here, …?": who is here
    r"|^(?:je parle|hablo|parlo|ich spreche|falo|jag talar|ik spreek)\b"  # "je parle français, …?"
)
YES = re.compile(
    r"^(?:yes|yeah|yep|yup|ya|yea|aye|sure|please|definitely|absolutely|certainly|correct|right|indeed|"
    r"of course|ok|okay|i do|we do|i am|we are|i would|we would|that would be (?:great|lovely|nice|good)|"
    r"that is right|sounds good|go on then|very much|for sure|you bet|too right|please do|yes please|i would love|"
    r"would love|love to|that would help|that helps|that would be|would be (?:great|lovely|nice|good|helpful)|"
    r"that is (?:it|me|true)|spot on|exactly|totally|much so|y|yy|yesss?|ye|yh|oui|si|sí|ja|da)\b"
)
NO = re.compile(r"^(?:no|nope|nah|not really|no thanks|no thank you|i do not|we do not|not at all)\b")

ACTS = (("greeting", GREETING), ("thanks", THANKS), ("goodbye", GOODBYE))


def is_question(folded: str) -> bool:
    """A question mark, or a clause that opens as a question."""
    return folded.rstrip().endswith("?") or bool(QUESTION_START.match(folded))


def is_yes(folded: str) -> bool:
    """An answer that agrees ("yes please", "go on then"), and not one that opens with a no."""
    return bool(YES.match(folded)) and not NO.match(folded)


def is_no(folded: str) -> bool:
    return bool(NO.match(folded))


def dialogue_acts(folded: str) -> set[str]:
    """What the message does besides carrying content: greeting, thanks, goodbye, yes, no."""
    acts = {name for name, pattern in ACTS if pattern.search(folded)}
    if is_yes(folded):
        acts.add("yes")
    elif is_no(folded):
        acts.add("no")
    return acts
