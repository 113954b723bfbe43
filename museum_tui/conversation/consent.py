"""The kiosk consent policy (`sensitive_consent`): when to ask a visitor whether sensitive needs may be kept
for their next visit, and the question itself. The answer is recorded by `Session.set_sensitive_consent`."""

from __future__ import annotations

from museum_tui.config import Settings
from museum_tui.safetext import md

from .events import CommandResult
from .visitor import Visitor


def consent_question(labels: list[str]) -> str:
    """Asked once per visitor, the first time a sensitive fact would be kept across visits."""
    return (
        f"May I keep your **{md(', '.join(labels))}** for your next visit, so you need not say it again? "
        "It stays on this device only, and `/forget` or `/consent no` erases it at any time. "
        "If you say no, I still use it for the rest of this visit."
    )


def question_for(visitor: Visitor, settings: Settings) -> CommandResult | None:
    """With the policy on: ask once per visitor, when a sensitive fact is first left out of the saved file.
    The event plays the part of a "consent needed" event: a front end asks it as a yes/no question and runs
    `confirm` on yes, `decline` on anything else."""
    memory_file = visitor.memory_file
    if not settings.sensitive_consent or memory_file.read_only:
        return None
    if visitor.consent_asked or memory_file.keep_sensitive is not None:
        return None
    if not memory_file.awaiting_consent(visitor.store):
        return None
    visitor.consent_asked = True
    # The answer covers every sensitive need in the kept tiers (a "no" also takes the ones saved on an
    # earlier visit out of the file), so the question names them all.
    concepts = visitor.store.ontology.concepts
    labels = sorted({concepts[f.concept].short_label.lower() for f in memory_file.sensitive(visitor.store)})
    return CommandResult(
        "consent", consent_question(labels), kind="consent", confirm="/consent yes", decline="/consent no"
    )
