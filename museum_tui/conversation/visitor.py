"""One visitor in a session: the aggregate that owns every change to their memory and conversation.

A turn's commit (`apply_turn`), `forget`, `undo`, the consent answer and the visit count are methods here;
each keeps the store, the faded facts, the timeline, `/why`'s departures and the visit log consistent with
one another. The Session orchestrates (which visitor, when, under the lock, what to emit); it never edits
a visitor's parts itself. Saving goes to the visitor's `memory_file`, in whichever store the settings chose.

A turn captures the `Visitor` it started with and commits there, whoever is talking by then: switching
visitors replaces the Session's `Visitor` whole, so no fact can cross from one visitor to another.

The memory layers around the tiers, at their named points of the turn: before the reply, `recalled_for`
finds the faded and live facts the message refers to, and `prompt_store` lets the reply see them; at the
commit they come back (reinforced), what the tick pruned stays recallable, the turn counts in the visit,
and whatever left the prompt's history window folds into the rolling summary.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import timedelta

from museum_tui import clock
from museum_tui.config import Settings
from museum_tui.extraction import ExtractionResult
from museum_tui.language.handed import handed_back
from museum_tui.language.party import SELF
from museum_tui.memory import Change, Fact, MemoryStore, Ontology, UserNameError, check_user_name
from museum_tui.memory.aging import age
from museum_tui.memory.health import Health, health
from museum_tui.memory.recall import FadedFacts, recall_candidates
from museum_tui.memory.usernames import look_alike
from museum_tui.memory.visits import since
from museum_tui.safetext import md, plural
from museum_tui.storage import LoadReport, MemoryStorage, PersistenceError, SaveError, VisitorMemory

from .events import (
    ConsentQuestion,
    FactChange,
    MemoryOverview,
    MemorySnapshot,
    Notice,
    TimelineEntry,
    VisitView,
    fact_changes,
    snapshot,
)
from .summary import Exchange, RollingSummary, keep_up

TIMELINE_KINDS = {"created", "reinforced", "recalled", "negated", "evicted", "pruned", "forgotten", "restored"}
TIMELINE_LIMIT = 500


@dataclass(frozen=True)
class Departure:
    """A fact that left memory during this visit (`change.kind`: negated, pruned, evicted or forgotten),
    so `/why` can still say what happened to it; `words` are the visitor's, for a fact they took back."""

    change: Change
    turn: int
    words: str = ""


REFUSED_IN_ROW = 3  # the visitor is told once, when this many messages in a row gave the model nothing valid
REFUSED_NOTICE = (
    "The model's readings of your last {n} messages all failed their checks, so I am remembering what you "
    "tell me with my built-in rules instead. (`memory health` shows how often this happened.)"
)


@dataclass(frozen=True)
class AppliedTurn:
    """What committing a turn did: the facts learned (and recalled), the tick's decays and prunes, and the
    reasons extracted candidates were dropped."""

    learned: tuple[FactChange, ...]
    faded: tuple[FactChange, ...]
    rejected: tuple[str, ...]
    warnings: tuple[str, ...] = ()  # for the visitor: a model whose readings keep being refused


def consent_wording(labels: list[str]) -> str:
    """Asked once per visitor, the first time a sensitive fact would be kept across visits."""
    return (
        f"May I keep your **{md(', '.join(labels))}** for your next visit, so you need not say it again? "
        "It stays on this device only, and `/forget` or `/consent no` erases it at any time. "
        "If you say no, I still use it for the rest of this visit."
    )


@dataclass
class Visitor:
    store: MemoryStore
    memory_file: VisitorMemory  # the visitor's saved memory, in whichever store the settings chose
    storage: MemoryStorage  # that store: where the next visitor (`/user`) is loaded from
    history: list[Exchange] = field(default_factory=list)
    undo_stack: list[list[Change]] = field(default_factory=list)
    failed_text: str | None = None  # the last message that was not answered, for /retry
    consent_asked: bool = False
    faded: FadedFacts = field(default_factory=FadedFacts)  # what decay pruned this visit, recallable
    summary: RollingSummary = field(default_factory=RollingSummary)  # of the turns that left the prompt
    recalled: int = 0  # faded facts brought back this visit (for the health score)
    refused_in_row: int = 0  # messages in a row whose model reading validation refused entirely
    told_refused: bool = False  # the visitor was told this visit that the model's readings keep failing
    timeline: list[TimelineEntry] = field(default_factory=list)  # what happened to memory this visit
    departed: dict[str, Departure] = field(default_factory=dict)  # fact id → how it left, this visit
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change to this memory at a time
    anonymous: bool = False  # a kiosk's visitor before `/user`: nothing is read or saved for it

    @property
    def user(self) -> str:
        return self.memory_file.user

    @property
    def last_reply(self) -> str | None:
        return self.history[-1].assistant if self.history else None

    # ---- before the reply ------------------------------------------------------------------------------

    def recalled_for(self, text: str) -> list[Fact]:
        """The faded and live facts `text` refers to (brought back at the commit)."""
        return recall_candidates(self.store, self.faded, text)

    def prompt_store(self, recalled: list[Fact]) -> MemoryStore:
        """Memory as the reply should see it: with the faded facts the visitor just referred to back in it."""
        missing = [f for f in recalled if f.id not in self.store.facts]
        if not missing:
            return self.store
        return self.store.preview((f.concept, f.value, f.polarity, f.evidence, f.about) for f in missing)

    # ---- changes (the caller holds `lock`) -----------------------------------------------------------------

    def apply_turn(
        self,
        text: str,
        reply: str,
        topic: str,
        result: ExtractionResult,
        source: str,
        recalled: list[Fact],
        window: int,
    ) -> AppliedTurn:
        """Commit a turn: upsert its facts, bring back what it referred to, count it in the visit, fold what
        left the prompt into the summary, tick. `window`: exchanges the prompt keeps. Not saved yet."""
        store = self.store
        applied: list[Change] = self._hand_back(text, source)
        # what is taken back first, then what is said: "a nut allergy - actually no, it's just walnuts" denies
        # "nuts" after saying "walnuts", and the denial would take the walnuts with it (values match loosely)
        for fact in sorted(result.facts, key=lambda f: f.polarity != "negated"):
            changes = store.upsert(
                fact.concept, fact.value, fact.polarity, fact.evidence, source=source, about=fact.about
            )
            changes = [_with_words(c, fact.evidence) for c in changes]
            self._note_departures(changes, fact.evidence)
            applied += changes
        self.history.append(Exchange(text, reply))
        applied += self._recall(recalled, applied)
        self.record_visit([topic] if topic else [])
        warnings = self._note_extraction(result.model_rejected)  # after the visit counted the turn
        keep_up(self.summary, self.history, window)
        turn = store.turn  # this message's number, before its tick
        ticked = store.tick()
        self._note_departures(ticked)
        self.faded.add(store, ticked)
        self.failed_text = None
        learned, faded = fact_changes(store, applied), fact_changes(store, ticked)
        self._record(learned + faded, turn)
        return AppliedTurn(learned, faded, tuple(r.reason for r in result.rejected), warnings)

    def _hand_back(self, text: str, source: str) -> list[Change]:
        """ "that was my brother, not me": the needs the visitor's previous message gave them are the
        member's, taken back from the visitor (so /why says how) and given to them (the words name them)."""
        member = handed_back(text)
        if not member:
            return []
        store, concepts = self.store, self.store.ontology.concepts
        said = [
            f
            for f in store.facts.values()
            if f.about == SELF and f.last_seen_turn == store.turn - 1 and concepts[f.concept].sensitive
        ]
        changes: list[Change] = []
        for fact in said:
            taken = [_with_words(c, text) for c in store.upsert(fact.concept, fact.value, "negated", text)]
            self._note_departures(taken, text)
            changes += taken
            changes += store.upsert(fact.concept, fact.value, "asserted", text, source=source, about=member)
        return changes

    def _note_extraction(self, model_rejected: bool | None) -> tuple[str, ...]:
        """Count a message a model read for facts; once a visit, when its readings keep being refused (the
        built-in floor's facts stood instead), say so."""
        visit = self.memory_file.visits.current
        if model_rejected is None or visit is None:
            return ()
        visit.model_readings += 1
        visit.model_refused += model_rejected
        self.refused_in_row = self.refused_in_row + 1 if model_rejected else 0
        if self.refused_in_row >= REFUSED_IN_ROW and not self.told_refused:
            self.told_refused = True
            return (REFUSED_NOTICE.format(n=self.refused_in_row),)
        return ()

    def _recall(self, recalled: list[Fact], applied: list[Change]) -> list[Change]:
        """Bring back what was referred to, unless the turn's own facts already touched it."""
        touched = {c.fact.id for c in applied}
        said = {(c.fact.concept, c.fact.value.lower()) for c in applied}
        wanted = [f for f in recalled if f.id not in touched and (f.concept, f.value.lower()) not in said]
        changes = self.store.recall(wanted)
        for fact in wanted:
            if self.faded.discard(fact.id) is not None:
                self.recalled += 1
        return changes

    def record_visit(self, topics: Iterable[str] = ()) -> None:
        """Count a turn in the visit (a new visit after a long silence), with what it was about."""
        self.memory_file.visits.turn(clock.now(), topics)

    def forget(self, fact_ids: Iterable[str]) -> list[Change]:
        """Forget these facts, live or faded; `undo` brings them back. Not saved yet."""
        fact_ids = list(fact_ids)
        faded = [fact for fact_id in fact_ids if (fact := self.faded.discard(fact_id)) is not None]
        removed = [Change("forgotten", f, f.salience, 0.0) for f in faded]
        removed += self.store.forget(fact_ids=fact_ids)
        self.undo_stack.append(removed)
        self._record(fact_changes(self.store, removed))
        self._note_departures(removed)
        return removed

    def undo(self) -> list[Change] | None:
        """Bring back what was last forgotten; None if nothing was. Not saved yet."""
        if not self.undo_stack:
            return None
        restored = self.store.restore(self.undo_stack.pop())
        self._record(fact_changes(self.store, restored))
        self._note_departures(restored)
        return restored

    def answer_consent(self, agreed: bool) -> None:
        """The visitor's answer about keeping sensitive needs (saved with its time on the next save)."""
        self.consent_asked = True
        self.memory_file.set_consent(agreed)

    def clear_history(self) -> None:
        self.history.clear()

    def consent_question(self, policy: bool) -> ConsentQuestion | None:
        """With the kiosk policy on: ask once per visitor, when a sensitive fact is first left out of the
        saved memory. A front end asks it as a yes/no question and runs `confirm` on yes, `decline` on
        anything else. The answer covers every sensitive need in the kept tiers (a "no" also takes the ones
        saved on an earlier visit out), so the question names them all."""
        memory_file = self.memory_file
        if not policy or memory_file.read_only or self.consent_asked or memory_file.consent.answer is not None:
            return None
        if not memory_file.awaiting_consent(self.store):  # a party member's need is never asked about
            return None
        self.consent_asked = True
        concepts = self.store.ontology.concepts
        labels = sorted({concepts[f.concept].short_label.lower() for f in memory_file.sensitive(self.store)})
        return ConsentQuestion("consent", consent_wording(labels))

    def _note_departures(self, changes: list[Change], words: str = "") -> None:
        """Remember how facts left (and forget that for facts brought back), for `/why` later this visit."""
        for change in changes:
            if change.left:
                self.departed[change.fact.id] = Departure(change, self.store.turn, words)
            elif change.kind == "restored":
                self.departed.pop(change.fact.id, None)

    def _record(self, changes: Iterable[FactChange], turn: int | None = None) -> None:
        """Add what a turn or a command did to memory to this visit's timeline (decay steps are left out).
        Turns are numbered as the facts and the file number them: the first message is turn 0."""
        turn = self.store.turn if turn is None else turn
        self.timeline += [
            TimelineEntry(turn, c.kind, c.label, c.value, c.note) for c in changes if c.kind in TIMELINE_KINDS
        ]
        del self.timeline[:-TIMELINE_LIMIT]

    async def save(self) -> list[Notice]:
        """Write the kept tiers; problems become notices (memory stays in this session regardless)."""
        if self.memory_file.read_only:
            return []
        try:
            report = await asyncio.to_thread(self.memory_file.save, self.store)
        except SaveError as exc:
            return [Notice(f"{exc}. Everything is still remembered for this visit.", "error")]
        notices = [Notice(text, "warning") for text in report.notices]
        if report.adopted:
            count = len(report.adopted)
            notices.append(Notice(f"Merged {plural(count, 'fact')} saved by another museum-tui window or kiosk."))
        return notices

    # ---- reading ---------------------------------------------------------------------------------------

    def departures(self, target: str) -> list[Departure]:
        """Facts that left this visit which `target` names: an id (`f3`, `#3`, `3`) or a value."""
        query = " ".join(target.lower().lstrip("#").split())
        if not query:
            return []
        number = query[1:] if query.startswith("f") and query[1:].isdigit() else query
        found = [d for d in self.departed.values() if d.change.fact.id.lower() in (query, f"f{number}")]
        return found or [d for d in self.departed.values() if d.change.fact.value.lower() == query]

    def welcome_back(self, greeting: str) -> str | None:
        """For a returning visitor: the concierge's `greeting` (what is remembered, a pick and why) with when
        they were last here and what it was about. None for someone new."""
        previous = self.memory_file.visits.previous
        if previous is None:
            return greeting or None
        about = f" ({', '.join(previous.topics[:3])})" if previous.topics else ""
        visit = f"Your last visit was {since(previous, clock.now())}{about}."
        head, sep, rest = greeting.partition("! ")
        if not sep:
            return f"Welcome back, {self.user}! {visit}"
        return f"{head}! {visit} {rest}"

    def health(self) -> Health:
        size = self.memory_file.stored_bytes()
        visit = self.memory_file.visits.current
        readings, refused = (visit.model_readings, visit.model_refused) if visit else (0, 0)
        return health(self.store, clock.now(), faded=len(self.faded) + self.recalled, recalled=self.recalled,
                      file_bytes=size, model_readings=readings, model_refused=refused)  # fmt: skip

    def snapshot(self) -> MemorySnapshot:
        """The visitor's memory as plain data, with its health line."""
        return replace(snapshot(self.store), health=self.health().summary)

    def overview(self) -> MemoryOverview:
        """What the memory screen shows: facts, this visit's timeline, past visits, health."""
        report = self.health()
        visits = tuple(
            VisitView(v.started_at, v.ended_at, v.turns, tuple(v.topics)) for v in self.memory_file.visits.all()
        )
        shown = replace(snapshot(self.store), health=report.summary)
        return MemoryOverview(shown, tuple(self.timeline), visits, report.score, report.warnings)


def _with_words(change: Change, words: str) -> Change:
    """A fact the visitor took back carries their words as its note, so front ends can say how."""
    return change._replace(note=words) if change.kind == "negated" and words else change


def new_store(settings: Settings, ontology: Ontology) -> MemoryStore:
    """An empty memory shaped by the settings, on the app's clock."""
    return MemoryStore(
        ontology,
        settings.similarity_threshold,
        decay=settings.decay or None,
        prune_threshold=settings.prune_threshold,
        clock=clock.now_iso,
    )


def distinct_name(storage: MemoryStorage, name: str, kiosk: bool = False) -> str:
    """`name` checked, and refused (`UserNameError`) if it looks exactly like another visitor's: one saved
    in `storage`, or (on a kiosk) holding a PIN there. `аре` (Cyrillic) would pass for `ape`."""
    user = check_user_name(name)
    names: set[str] = set()
    with contextlib.suppress(PersistenceError, OSError):
        names.update(storage.visitors())
        if kiosk:
            names.update(storage.secret_holders())
    if look_alike(user, names) is not None:
        raise UserNameError(f"{name!r} looks exactly like another visitor's name, so it could pass for theirs")
    return user


def load_visitor(
    settings: Settings, ontology: Ontology, storage: MemoryStorage, user: str
) -> tuple[Visitor, LoadReport]:
    """`user`'s saved memory (from `storage`) in a fresh store shaped by the settings, aged for the time
    since it was saved; a new visit begins. Raises `UserNameError` for a name that is not a name; a bad
    memory file or row is reported, never raised."""
    visitor = new_visitor(settings, ontology, storage, user)
    store = visitor.store
    report = visitor.memory_file.load(store)
    visitor.faded.add(store, age(store, report.saved_at, clock.now(), settings.half_life_days))
    return visitor, report


def new_visitor(settings: Settings, ontology: Ontology, storage: MemoryStorage, user: str) -> Visitor:
    """`user` with an empty memory shaped by the settings, their saved one not read yet. Raises
    `UserNameError` for a name that is not a name."""
    memory_file = storage.open(user)
    memory_file.ask_sensitive = settings.sensitive_consent
    memory_file.visits.gap = timedelta(minutes=settings.visit_gap_minutes)
    return Visitor(new_store(settings, ontology), memory_file, storage)
