"""Slash commands, shared by every front end (TUI, plain chat). A command parses its arguments, asks the
Session for any change, and formats the outcome as Markdown; it never changes state itself."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from museum_tui.memory import TIERS, UserNameError, keeps
from museum_tui.safetext import md, md_code, plural
from museum_tui.storage.exports import ExportRefused

from .events import CommandResult, Confirm, Event, QuitRequested
from .forgetting import forget_visitor
from .memory_text import NOT_SAVED, departure_markdown, memory_markdown, memory_sections, why_markdown

if TYPE_CHECKING:
    from .session import Outcome, Session

Handler = Callable[["Session", str], AsyncIterator[Event]]


@dataclass(frozen=True)
class Command:
    name: str
    args: str
    summary: str
    handler: Handler


async def _help(session: Session, args: str) -> AsyncIterator[Event]:
    rows = [f"- `/{c.name}{(' ' + c.args) if c.args else ''}` — {c.summary}" for c in COMMANDS.values()]
    yield CommandResult(
        "help",
        kind="help",
        text="Commands:\n" + "\n".join(rows) + "\n\nAnything else is a message to the "
        "concierge. To make me forget something, you can also just say so.",
    )


async def _memory(session: Session, args: str) -> AsyncIterator[Event]:
    visitor = session.visitor
    withheld = frozenset(f.id for f in visitor.memory_file.withheld(visitor.store))
    text = memory_markdown(visitor.store, withheld, saved=not visitor.anonymous)
    overview = session.overview()
    sections = memory_sections(overview, text)
    yield CommandResult("memory", text, kind="memory", snapshot=overview.snapshot, overview=overview, sections=sections)


async def _forget(session: Session, args: str) -> AsyncIterator[Event]:
    target, _, flag = args.strip().partition(" --")
    target = target.strip()
    if not target:
        yield CommandResult(
            "forget",
            "Say what to forget: `/forget <id>`, a topic such as `/forget allergy`, "
            "a value such as `/forget coffee`, or `/forget all`.",
            ok=False,
        )
        return
    store, faded = session.store, session.visitor.faded
    everything = target.lower() in ("all", "everything", "*")
    facts = [*store.facts.values(), *faded.facts()] if everything else [*store.find(target), *faded.find(target)]
    if not facts:
        yield CommandResult("forget", f"I don't remember anything matching “{md(target)}”.", ok=False)
        return
    if everything and flag.strip() == "no":
        yield CommandResult("forget", f"Nothing was forgotten: I still remember {plural(len(facts), 'thing')}.")
        return
    if everything and flag.strip() != "yes":
        things = "the one thing" if len(facts) == 1 else f"all {plural(len(facts), 'thing')}"
        yield Confirm(
            "forget",
            f"Forget {things} I remember about you, here and in your saved memory?",
            confirm="/forget all --yes",
            decline="/forget all --no",
        )
        return
    outcome = await session.forget([f.id for f in facts])
    removed = outcome.changes
    names = ", ".join(f"“{md(c.fact.value)}”" for c in removed[:6]) + (" …" if len(removed) > 6 else "")
    gone = await forget_visitor(session) if everything else []  # the visit log and consent too
    visits = " Your past visits are forgotten too." if everything else ""
    yield CommandResult(
        "forget",
        f"Forgotten: {names}.{visits} Say `/undo` to bring it back.",
        kind="forget",
        snapshot=session.snapshot(),
    )
    for notice in [*outcome.notices, *gone]:
        yield notice


async def _undo(session: Session, args: str) -> AsyncIterator[Event]:
    outcome: Outcome | None = await session.undo()
    if outcome is None:
        yield CommandResult("undo", "There is nothing to undo.", ok=False)
        return
    back = [c for c in outcome.changes if c.kind == "restored"]
    names = ", ".join(f"“{md(c.fact.value)}”" for c in back) or "nothing (it was said again meanwhile)"
    yield CommandResult("undo", f"Remembered again: {names}.", kind="forget", snapshot=session.snapshot())
    for notice in outcome.notices:
        yield notice


async def _why(session: Session, args: str) -> AsyncIterator[Event]:
    target = args.strip()
    facts = session.store.find(target) if target else []
    if not facts:
        gone = session.departures(target) if target else []
        if gone:
            yield CommandResult("why", "\n\n".join(departure_markdown(d) for d in gone[:5]), kind="why")
            return
        yield CommandResult("why", "Which fact? Say `/why <id>` with an id from `/memory` (like `f3`).", ok=False)
        return
    text = "\n\n".join(why_markdown(session.store, f) for f in facts[:5])
    yield CommandResult("why", text, kind="why")


async def _ontology(session: Session, args: str) -> AsyncIterator[Event]:
    concepts = session.store.ontology.concepts.values()
    lines = ["I can only remember these kinds of things about you:"]
    for tier in TIERS:
        labels = [md(c.short_label) for c in concepts if c.persistence_class == tier.name]
        if labels:
            lines += ["", f"**{tier.title}** ({keeps(tier.name, not session.visitor.anonymous)})"]
            lines += [f"- {label}" for label in labels]
    yield CommandResult("ontology", "\n".join(lines))


async def _user(session: Session, args: str) -> AsyncIterator[Event]:
    name = args.strip()
    if not name:
        yield CommandResult("user", f"You are talking as **{md(session.user)}**. Say `/user <name>` to switch.")
        return
    try:
        events = await session.switch_user(name)
    except UserNameError as exc:
        yield CommandResult("user", f"That name can't be used: {md(str(exc), 200)}.", ok=False)
        return
    for event in events:
        yield event


async def _model(session: Session, args: str) -> AsyncIterator[Event]:
    model = args.strip()
    if model:
        ok, text = session.set_model(model)
        yield CommandResult("model", text, ok=ok)
        return
    yield CommandResult(
        "model",
        f"Answering with **{md(session.engine_description)}**; facts extracted by **{md(session.fact_source.name)}**.",
    )


async def _retry(session: Session, args: str) -> AsyncIterator[Event]:
    failed = session.visitor.failed_text
    if not failed:
        yield CommandResult("retry", "There is nothing to retry: the last message was answered.", ok=False)
        return
    async for event in session.run_turn(failed):
        yield event


async def _consent(session: Session, args: str) -> AsyncIterator[Event]:
    answer = args.strip().lower()
    memory_file = session.visitor.memory_file
    if session.visitor.anonymous:
        yield CommandResult("consent", NOT_SAVED, ok=answer == "")
        return
    if not session.settings.sensitive_consent:
        yield CommandResult(
            "consent",
            "Nothing to agree to here: this installation keeps permanent and long-term facts for your next "
            "visit without asking (`sensitive_consent` is off). `/forget` erases anything.",
            ok=answer == "",
        )
        return
    if answer in ("yes", "y", "no", "n"):
        agreed = answer.startswith("y")
        notices = await session.set_sensitive_consent(agreed)
        yield CommandResult(
            "consent",
            "Thank you: I will remember it next time too."
            if agreed
            else "Understood: your dietary, access and other sensitive needs are remembered for this visit "
            "only, and are not in your saved memory.",
        )
        for notice in notices:
            yield notice
        return
    if answer:
        yield CommandResult("consent", "Say `/consent yes` or `/consent no`.", ok=False)
        return
    state = {True: "you agreed", False: "you said no", None: "you have not been asked yet"}[memory_file.keep_sensitive]
    if memory_file.keep_sensitive is not None and memory_file.consent_at:
        state += f" ({md(memory_file.consent_at.replace('T', ' ').removesuffix('+00:00'))} UTC)"
    yield CommandResult(
        "consent",
        f"Keeping sensitive needs (such as allergies) for your next visit: {state}. "
        "Change it with `/consent yes` or `/consent no`.",
    )


async def _export(session: Session, args: str) -> AsyncIterator[Event]:
    raw = args.strip()
    overwrite = raw == "--yes" or raw.endswith(" --yes")
    target = raw.removesuffix("--yes").strip() if overwrite else raw
    try:
        done = session.export(target, overwrite=overwrite)
    except ExportRefused as exc:
        yield CommandResult("export", f"Not exported: {md(str(exc), 400)}.", ok=False)
        return
    if not done.written:
        yield Confirm(
            "export",
            f"{md_code(str(done.path), 200)} already exists. Replace it with what I remember about you?",
            confirm=f"/export {target} --yes" if target else "/export --yes",
        )
        return
    yield CommandResult("export", f"Wrote {plural(done.facts, 'fact')} to {md_code(str(done.path), 200)}.")


async def _clear(session: Session, args: str) -> AsyncIterator[Event]:
    session.clear_history()
    yield CommandResult("clear", "The conversation was cleared; what I remember about you is unchanged.", kind="clear")


async def _quit(session: Session, args: str) -> AsyncIterator[Event]:
    yield QuitRequested()


COMMANDS: dict[str, Command] = {
    c.name: c
    for c in [
        Command("memory", "", "what I remember about you, and why", _memory),
        Command("forget", "<id|topic|value|all>", "forget something (undo with /undo)", _forget),
        Command("undo", "", "bring back what was just forgotten", _undo),
        Command("why", "<id>", "where a remembered fact came from", _why),
        Command("ontology", "", "the kinds of things I can remember", _ontology),
        Command("user", "<name>", "switch to another visitor's memory", _user),
        Command("model", "[name]", "show or change the chat model", _model),
        Command("retry", "", "run the last failed message again", _retry),
        Command("export", "[path]", "save what I remember as JSON or Markdown (.md)", _export),
        Command("consent", "[yes|no]", "keep sensitive needs for your next visit, or not (kiosks)", _consent),
        Command("clear", "", "clear the conversation (memory stays)", _clear),
        Command("help", "", "this list", _help),
        Command("quit", "", "save and leave", _quit),
    ]
}
ALIASES = {"exit": "quit", "q": "quit", "mem": "memory", "?": "help"}


def is_command(text: str) -> bool:
    stripped = text.lstrip()
    return stripped.startswith("/") and not stripped.startswith("//")


def handle(session: Session, text: str) -> AsyncIterator[Event]:
    """A line from the visitor: a slash command, or a message for a turn (`Session.route`)."""
    return run_command(session, text) if is_command(text) else session.run_turn(text)


async def run_command(session: Session, text: str) -> AsyncIterator[Event]:
    head, _, args = text.strip()[1:].partition(" ")
    name = ALIASES.get(head.lower(), head.lower())
    command = COMMANDS.get(name)
    if command is None:
        close = [c for c in COMMANDS if c.startswith(name[:2])] if name else []
        hint = f" Did you mean `/{close[0]}`?" if close else ""
        yield CommandResult(name, f"Unknown command `/{md(head, 40)}`.{hint} Say `/help` for the list.", ok=False)
        return
    async for event in command.handler(session, args):
        yield event


def completions(prefix: str) -> list[str]:
    """Command names starting with `prefix` (without the slash), for a composer's completion."""
    return [f"/{name}" for name in COMMANDS if name.startswith(prefix.lstrip("/").lower())]


__all__ = ["COMMANDS", "completions", "handle", "is_command", "run_command"]
