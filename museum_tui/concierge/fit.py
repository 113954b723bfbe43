"""Which shows suit the party, read from the venue's need rules: a show whose notes carry a tag a need
avoids does not suit (a loud room for someone sensitive to noise); a dislike does the same through the
rules whose `when` words it uses ("I hate the heat" avoids what the heat-sensitive need avoids: hot, humid
rooms); and a show whose notes carry a word of the need's `label` ("calm, cool places") suits best. So
"which glasshouse should I go in?" from someone who dislikes heat leaves out the hot house and puts the
cool one first, with no venue's names in the code."""

from __future__ import annotations

from .index import Hit
from .knowledge import Known, party_clash
from .lexicon import STOPWORDS, fold, words
from .model import ConceptRule, Exhibition


def _rules_for_dislikes(known: Known) -> list[tuple[ConceptRule, str]]:
    """(need rule, the disliked value) for each dislike that uses a rule's `when` words."""
    out = []
    for _, value in known.role("dislike"):
        low = fold(value)
        for rule in known.venue.rules("need"):
            if any(a.when and any(w in low for w in a.when) for a in rule.avoid):
                out.append((rule, value))
    return out


def unsuited(e: Exhibition, known: Known) -> str | None:
    """Why a show does not suit someone in the party (a need's avoid, or a dislike read through one)."""
    found = party_clash(e, known)
    if found:
        return found[0]
    for rule, value in _rules_for_dislikes(known):
        low = fold(value)
        for avoid in rule.avoid:
            if avoid.tag.lower() in e.notes and any(w in low for w in avoid.when):
                return avoid.reason
    return None


def wanted_words(known: Known) -> set[str]:
    """The words of the labels of the party's needs (and of the needs a dislike reads through): what
    suits them, in the venue's words ("calm", "cool")."""
    rules = [r for r in known.venue.rules("need") if known.party_values.get(r.concept)]
    rules += [r for r, _ in _rules_for_dislikes(known)]
    return {w for r in rules for w in words(r.label) if len(w) > 3 and w not in STOPWORDS}


def fit(e: Exhibition, wanted: set[str]) -> int:
    """How many of the wanted words the show's notes and keywords carry."""
    said = set(words(" ".join([e.notes, *e.keywords])))
    return len(said & wanted)


def cares(known: Known) -> bool:
    """Whether anything the party needs or dislikes can choose between shows."""
    return any(r.avoid and known.party_values.get(r.concept) for r in known.venue.rules("need")) or bool(
        _rules_for_dislikes(known)
    )


def answering(hits: list[Hit], known: Known) -> tuple[list[Exhibition], list[tuple[Exhibition, str]]]:
    """The shows that answer, best first, and those left out because they do not suit the party (a need
    or a dislike); shows that suit what the party needs ("cool", "calm") come first."""
    shows = [h for h in hits if h.entry.kind == "exhibition"]
    best = shows[0]
    if best.named:
        return [h.entry.obj for h in shows if h.named][:3], []
    left: list[tuple[Exhibition, str]] = []
    if cares(known):
        wanted, kept = wanted_words(known), []
        for h in shows:
            why = unsuited(h.entry.obj, known)
            if why and h.score >= 0.8 * best.score:
                left.append((h.entry.obj, why))
            elif not why:
                kept.append(Hit(h.score * (1 + 0.5 * fit(h.entry.obj, wanted)), h.entry, h.named, h.coverage))
        if kept:
            shows, best = sorted(kept, key=lambda h: -h.score), max(kept, key=lambda h: h.score)
        elif left:  # nothing that answers suits them: say what was left out, and why, only
            return [], left[:2]
    return [h.entry.obj for h in shows if h.score >= 0.8 * best.score][:3], left[:2]
