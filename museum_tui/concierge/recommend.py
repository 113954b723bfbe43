"""Suggestions: what to see, fitting the visitor's time and interests and avoiding what clashes with their
needs ("what should I see?", "I have 45 minutes")."""

from __future__ import annotations

from .answers import Answers, cap, md
from .knowledge import Known, plan
from .lexicon import INDOORS
from .model import Venue
from .question import Question
from .timing import minutes_in


def recommend(venue: Venue, answers: Answers, q: Question, known: Known) -> str:
    """A plan: shows that match the visitor's interests, fit their time and avoid their needs' clashes."""
    budget = q.budget if q.budget is not None else minutes_in(known.first("time_budget"))
    chosen, skipped = plan(venue, known, budget)
    excluded: frozenset = frozenset()
    if q.more and chosen:
        excluded = frozenset(e for e, _ in chosen)
        chosen, skipped = plan(venue, known, budget, exclude=excluded)
    if INDOORS.search(q.folded):  # "what should we do if it rains?": nothing marked outdoors
        inside = [(e, why) for e, why in plan(venue, known, None)[0] + chosen if "outdoor" not in e.notes]
        more = [e for e in venue.exhibitions if "outdoor" not in e.notes and e not in dict(inside)]
        chosen = list(dict(inside).items())[:3] or chosen
        chosen += [(e, "") for e in more][: 3 - len(chosen)]
    if not chosen:
        tour = venue.tours[0] if venue.tours else None
        extra = f" The **{tour.name}** ({tour.when}, {tour.minutes} min) is a good way in." if tour else ""
        return "Nothing on fits that well, I'm afraid." + extra
    items = []
    for e, why in chosen:
        because = f" — because {md(why)}" if why else ""
        items.append(
            f"- **{e.title}** — {e.description} ({e.gallery.name}, {answers.floor(e.gallery.floor)}, "
            f"about {e.minutes} min){because}"
        )
    interests = [v for _, v in known.role("interest")]
    if budget is not None:
        total = sum(e.minutes for e, _ in chosen)
        head = f"With about {_duration(budget)}, I'd suggest (about {total} min in all):"
    else:
        head = "You might enjoy:"
    if interests and not excluded and not skipped and not any(why for _, why in chosen):
        head = f"Nothing on at the moment features {md(interests[0])}, I'm afraid. " + head
    lines = [head, *items]
    if budget is not None:
        spare = [e for e, _ in plan(venue, known, None, exclude=excluded)[0] if e not in dict(chosen)]
        if spare:
            e = spare[0]
            lines.append(
                f"\nIf you have a little longer, **{e.title}** is in {e.gallery.name} (about {e.minutes} min)."
            )
    for e, why in skipped[:1]:  # (a room not step-free: what the step-free advice says of it, "view it from …")
        said = answers.not_step_free(e.gallery, q, known) if why.endswith("not step-free") else ""
        lines.append(f"\nI've left out *{e.title}*: {said or f'{why}.'}")
    floors = {e.gallery.floor for e, _ in chosen}
    if known.party_step_free and len(floors | {0}) > 1:
        lift = next((lift for lift in venue.lifts if floors <= set(lift.floors)), None)
        if lift:
            lines.append(f"\n**{cap(lift.name)}** ({lift.location}) reaches all of them step-free.")
    return "\n".join(lines)


def _duration(minutes: int) -> str:
    if minutes % 60 == 0:
        hours = minutes // 60
        return "an hour" if hours == 1 else f"{hours} hours"
    if minutes > 60:
        return f"{minutes / 60:g} hours"
    return f"{minutes} minutes"
