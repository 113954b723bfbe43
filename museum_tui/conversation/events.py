"""What a turn emits. Front ends (TUI, plain chat) only render these; they never touch memory directly.

Everything here is immutable plain data, safe to hand to another thread or keep for a snapshot test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from museum_tui.memory import TIERS as TIERS  # the tier table, for front ends (which import nothing below here)
from museum_tui.memory import Change, Fact, MemoryStore, by_tier
from museum_tui.memory import Tier as Tier
from museum_tui.memory.facts import SELF, whose
from museum_tui.safetext import md


@dataclass(frozen=True)
class FactView:
    """A fact as a front end shows it: label, value, tier, salience and the words it came from."""

    id: str
    concept: str
    label: str
    value: str
    tier: str
    salience: float
    evidence: str
    mentions: int
    created_turn: int
    last_seen_turn: int
    weight: float  # the concept's starting salience, so a bar can show how far it has faded
    fades_in: int | None = None  # turns until it is forgotten unless mentioned again (None: never)
    about: str = "self"  # whose: the visitor, or a party member ("son"); the label says so too


@dataclass(frozen=True)
class FactChange:
    """One change to one fact this turn (created, reinforced, negated, evicted, decayed, pruned, …)."""

    kind: str
    fact_id: str
    label: str
    value: str
    tier: str
    before: float
    after: float
    note: str = ""

    @property
    def left(self) -> bool:
        return self.kind in ("negated", "evicted", "pruned", "forgotten")


@dataclass(frozen=True)
class MemorySnapshot:
    """Memory after a turn, grouped by tier in a fixed order, strongest first within a tier."""

    turn: int
    tiers: tuple[tuple[str, tuple[FactView, ...]], ...]
    prune_threshold: float = 0.1
    health: str = ""  # one line: "health 92/100 · 2 facts nearly faded"

    @property
    def facts(self) -> tuple[FactView, ...]:
        return tuple(f for _, group in self.tiers for f in group)

    def count(self, tier: str) -> int:
        return next((len(group) for name, group in self.tiers if name == tier), 0)


def labelled(label: str, fact: Fact) -> str:
    """A concept's label with whose the fact is, when it is a party member's: "Allergy (your son's)"."""
    return f"{label} ({whose(fact)})" if fact.about != SELF else label


def fact_view(store: MemoryStore, fact: Fact) -> FactView:
    concept = store.ontology.concepts.get(fact.concept)
    return FactView(
        id=fact.id,
        concept=fact.concept,
        label=labelled(concept.short_label if concept else fact.concept, fact),
        value=fact.value,
        tier=fact.persistence_class,
        salience=fact.salience,
        evidence=fact.evidence,
        mentions=fact.mentions,
        created_turn=fact.created_turn,
        last_seen_turn=fact.last_seen_turn,
        weight=concept.salience_weight if concept else 1.0,
        fades_in=store.fades_in(fact),
        about=fact.about,
    )


def snapshot(store: MemoryStore) -> MemorySnapshot:
    tiers = tuple(
        (tier, tuple(fact_view(store, f) for f in facts)) for tier, facts in by_tier(store.facts.values()).items()
    )
    return MemorySnapshot(store.turn, tiers, store.prune_threshold)


def fact_changes(store: MemoryStore, changes: list[Change]) -> tuple[FactChange, ...]:
    out = []
    for c in changes:
        concept = store.ontology.concepts.get(c.fact.concept)
        out.append(
            FactChange(
                c.kind,
                c.fact.id,
                concept.short_label if concept else c.fact.concept,
                c.fact.value,
                c.fact.persistence_class,
                c.before,
                c.after,
                c.note,
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class TimelineEntry:
    """One thing that happened to memory this visit: learned, reinforced, recalled, replaced, faded, …"""

    turn: int
    kind: str
    label: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class VisitView:
    started_at: str
    ended_at: str
    turns: int
    topics: tuple[str, ...]


@dataclass(frozen=True)
class MemoryOverview:
    """Everything the memory screen shows: facts by tier (with the fade estimate on each), this visit's
    timeline, past visits, and the health score with its warnings."""

    snapshot: MemorySnapshot
    timeline: tuple[TimelineEntry, ...]
    visits: tuple[VisitView, ...]
    score: int
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class ReplyChunk:
    text: str


@dataclass(frozen=True)
class ReplyDone:
    """The reply is complete: its whole text and the agent that wrote it. `cut`: the model reached the reply
    length limit first; the text is kept and shown as cut, and the turn commits like any other (the
    visitor's facts come from their own words, not from the reply)."""

    text: str
    agent: str
    agent_title: str
    cut: bool = False


@dataclass(frozen=True)
class FactsApplied:
    """The turn's extracted facts were applied. `rejected` are short reasons for dropped candidates."""

    changes: tuple[FactChange, ...]
    rejected: tuple[str, ...] = ()
    extractor: str = ""

    @property
    def learned(self) -> bool:
        return any(c.kind in ("created", "reinforced", "negated") for c in self.changes)


@dataclass(frozen=True)
class MemoryTicked:
    """One turn of decay happened; `changes` are decays and prunes; `snapshot` is memory now."""

    changes: tuple[FactChange, ...]
    snapshot: MemorySnapshot


@dataclass(frozen=True)
class Working:
    """The turn is waiting: "loading" while the visitor's memory is still being read after the first screen,
    "thinking" on a model from sending until the reply's first words, "remembering" after the reply while its
    facts are still being extracted. The next event ends the wait; Esc (the Session's `cancel`) stops a
    model's."""

    stage: Literal["loading", "thinking", "remembering"]


@dataclass(frozen=True)
class TurnFailed:
    """The reply could not be produced; memory is unchanged. `/retry` runs the same message again.
    `kind` says why, for front ends that word it their own way: "cut_short" (the reply hit its length
    limit), "interrupted" (the server ended it unasked), "context" (the prompt cannot fit), or ""."""

    reason: str
    retryable: bool
    partial: str = ""
    kind: str = ""


@dataclass(frozen=True)
class TurnCancelled:
    """The visitor stopped the reply; the partial text stays, memory is unchanged."""

    partial: str


@dataclass(frozen=True)
class Notice:
    """Something to tell the visitor that is not a reply: a save problem, a file kept aside, …"""

    text: str
    level: Literal["info", "warning", "error"] = "info"
    markdown: bool = False  # the text is Markdown already (visitor text in it escaped); else plain text

    @property
    def as_markdown(self) -> str:
        return self.text if self.markdown else md(self.text, 400)


@dataclass(frozen=True)
class CommandResult:
    """The outcome of a slash command. `text` is Markdown; `kind` lets a front end show it its own way
    ("memory", "help", "clear", "forget", "why", else "text"). Questions are their own events (`Question`)."""

    command: str
    text: str
    ok: bool = True
    kind: str = "text"
    snapshot: MemorySnapshot | None = None
    overview: MemoryOverview | None = None  # with /memory: the data behind the memory screen
    sections: tuple[tuple[str, str], ...] = ()  # (title, Markdown) tabs a front end may show instead of `text`


# ---- questions: something the visitor must answer before anything changes ---------------------------------


@dataclass(frozen=True)
class Question:
    """A question for the visitor; `text` is Markdown. Nothing changes until it is answered, and no answer
    (end of input, Escape) is "no". Each kind is its own class, so a front end asks it its own way."""

    command: str
    text: str


@dataclass(frozen=True)
class Confirm(Question):
    """Yes or no. `confirm` is the command to run on yes (e.g. `/forget all --yes`), `decline` the one to run
    on anything else (None: nothing)."""

    confirm: str = ""
    decline: str | None = None

    def follow_up(self, agreed: bool) -> str | None:
        """The command the answer leads to, if any: the one rule every front end applies."""
        return self.confirm if agreed else self.decline


@dataclass(frozen=True)
class ConsentQuestion(Confirm):
    """The kiosk consent question (keep sensitive needs for the next visit?); asked once a turn is over."""

    confirm: str = "/consent yes"
    decline: str | None = "/consent no"


@dataclass(frozen=True)
class SecretQuestion(Question):
    """A kiosk visitor's PIN or pass phrase for their memory: asked masked, and the answer (None: cancelled)
    goes to `Session.submit_secret`, never into the conversation."""


@dataclass(frozen=True)
class NewSecretQuestion(SecretQuestion):
    """A name new on this kiosk: the visitor chooses a PIN or pass phrase (then `Session.submit_secret`)."""


@dataclass(frozen=True)
class UserSwitched:
    """A different visitor's memory is now loaded; front ends clear the screen."""

    user: str
    snapshot: MemorySnapshot


@dataclass(frozen=True)
class MemoryLoaded:
    """The visitor's saved memory, read after the first screen (see `startup`), is now the session's."""

    snapshot: MemorySnapshot


@dataclass(frozen=True)
class QuitRequested:
    pass


Event = (
    Working
    | ReplyChunk
    | ReplyDone
    | FactsApplied
    | MemoryTicked
    | TurnFailed
    | TurnCancelled
    | Notice
    | CommandResult
    | Confirm
    | ConsentQuestion
    | SecretQuestion
    | NewSecretQuestion
    | UserSwitched
    | MemoryLoaded
    | QuitRequested
)
