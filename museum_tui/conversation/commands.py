"""Slash commands, parsed here so every front end (TUI, plain chat) shares them."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from museum_tui.memory import Fact, MemoryStore, UserMemoryFile, UserNameError, check_user_name
from museum_tui.memory.export import KEPT_ACROSS_VISITS, export_json, export_markdown
from museum_tui.memory.views import TIER_TITLES, by_tier
from museum_tui.safetext import one_line

from .events import CommandResult, Event, Notice, QuitRequested, UserSwitched, snapshot

Handler = Callable[["Session", str], AsyncIterator[Event]]  # noqa: F821 - Session is imported lazily


@dataclass(frozen=True)
class Command:
    name: str
    args: str
    summary: str
    handler: Handler


def md(text: str, limit: int | None = 120) -> str:
    """Visitor or model text made safe to embed in Markdown: one line, markup characters escaped."""
    flat = one_line(text, limit)
    return "".join("\\" + ch if ch in "\\`*_{}[]<>#|~" else ch for ch in flat)


def code(text: str, limit: int = 40) -> str:
    """An id shown as inline code: backslashes do not escape inside backticks, so a backtick (possible in a
    hand-edited file) is replaced instead."""
    return "`" + one_line(text, limit).replace("`", "'") + "`"


def fades_in(fact: Fact, store: MemoryStore) -> int | None:
    """Turns until a fact is pruned if never mentioned again (None: it never fades on its own)."""
    factor = store.decay.get(fact.persistence_class, 1.0)
    if fact.persistence_class == "permanent" or factor >= 1.0:
        return None
    if fact.salience < store.prune_threshold:
        return 0
    return math.floor(math.log(store.prune_threshold / fact.salience) / math.log(factor)) + 1


NOT_KEPT = " *(not kept for your next visit unless you agree: `/consent yes`)*"


def memory_markdown(store: MemoryStore, withheld: frozenset[str] = frozenset()) -> str:
    """What memory holds, tier by tier; facts in `withheld` (ids) are marked as not kept across visits."""
    if not store.facts:
        return "I don't remember anything about you yet."
    lines = ["Here is what I remember about you, and why."]
    for tier, facts in by_tier(store.facts.values()).items():
        if not facts:
            continue
        keep = "kept for your next visit" if tier in KEPT_ACROSS_VISITS else "forgotten after this visit"
        lines += ["", f"**{TIER_TITLES[tier]}** ({keep})"]
        for f in facts:
            label = store.ontology.concepts[f.concept].short_label
            note = NOT_KEPT if f.id in withheld else ""
            lines.append(f"- {code(f.id)} {md(label)}: **{md(f.value)}** — you said “{md(f.evidence)}”{note}")
    leaving = sum(1 for f in store.facts.values() if f.persistence_class not in KEPT_ACROSS_VISITS)
    if leaving:
        lines += ["", f"{leaving} of these will be forgotten when this visit ends."]
    lines += ["", "Say `/forget <id or words>` to remove something, `/why <id>` to see where it came from."]
    return "\n".join(lines)


def why_markdown(store: MemoryStore, fact: Fact) -> str:
    concept = store.ontology.concepts[fact.concept]
    lines = [
        f"**{md(concept.short_label)}: {md(fact.value)}** ({code(fact.id)}, {TIER_TITLES[fact.persistence_class]})",
        f"- You said: “{md(fact.evidence, 300)}”",
    ]
    said = [m for m in fact.history if m.kind == "said"]
    if fact.mentions > 1:
        turns = ", ".join(str(m.turn + 1) for m in said)
        lines.append(f"- Mentioned {fact.mentions} times (turns {turns}).")
    else:
        lines.append(f"- Learned at turn {fact.created_turn + 1}.")
    replaced = [m for m in fact.history if m.kind == "replaced"]
    for m in replaced:
        lines.append(f"- It replaced “{md(m.value)}” (you said “{md(m.evidence)}” at turn {m.turn + 1}).")
    left = fades_in(fact, store)
    strength = f"- Strength {fact.salience:.2f}"
    if left is None:
        lines.append(strength + "; it does not fade: it stays until you ask me to forget it.")
    else:
        lines.append(strength + f"; it fades out in about {left} turn(s) unless you mention it again.")
    return "\n".join(lines)


async def _help(session, args: str) -> AsyncIterator[Event]:
    rows = [f"- `/{c.name}{(' ' + c.args) if c.args else ''}` — {c.summary}" for c in COMMANDS.values()]
    yield CommandResult(
        "help",
        "Commands:\n" + "\n".join(rows) + "\n\nAnything else is a message to the "
        "concierge. To make me forget something, you can also just say so.",
    )


async def _memory(session, args: str) -> AsyncIterator[Event]:
    withheld = frozenset(f.id for f in session.memory_file.withheld(session.store))
    text = memory_markdown(session.store, withheld)
    yield CommandResult("memory", text, kind="memory", snapshot=snapshot(session.store))


async def _forget(session, args: str) -> AsyncIterator[Event]:
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
    store = session.store
    everything = target.lower() in ("all", "everything", "*")
    facts = list(store.facts.values()) if everything else store.find(target)
    if not facts:
        yield CommandResult("forget", f"I don't remember anything matching “{md(target)}”.", ok=False)
        return
    if everything and flag.strip() != "yes":
        yield CommandResult(
            "forget",
            f"Forget all {len(facts)} thing(s) I remember about you, here and in your saved memory?",
            kind="confirm",
            confirm="/forget all --yes",
        )
        return
    async with session.memory_lock:
        removed = store.forget(fact_ids=[f.id for f in facts])
        session.undo_stack.append(removed)
        notices = await session.save()
    names = ", ".join(f"“{md(c.fact.value)}”" for c in removed[:6]) + (" …" if len(removed) > 6 else "")
    yield CommandResult(
        "forget",
        f"Forgotten: {names}. Say `/undo` to bring it back.",
        kind="forget",
        snapshot=snapshot(store),
    )
    for notice in notices:
        yield notice


async def _undo(session, args: str) -> AsyncIterator[Event]:
    if not session.undo_stack:
        yield CommandResult("undo", "There is nothing to undo.", ok=False)
        return
    async with session.memory_lock:
        restored = session.store.restore(session.undo_stack.pop())
        notices = await session.save()
    back = [c for c in restored if c.kind == "restored"]
    names = ", ".join(f"“{md(c.fact.value)}”" for c in back) or "nothing (it was said again meanwhile)"
    yield CommandResult("undo", f"Remembered again: {names}.", kind="forget", snapshot=snapshot(session.store))
    for notice in notices:
        yield notice


async def _why(session, args: str) -> AsyncIterator[Event]:
    target = args.strip()
    facts = session.store.find(target) if target else []
    if not facts:
        yield CommandResult("why", "Which fact? Say `/why <id>` with an id from `/memory` (like `f3`).", ok=False)
        return
    text = "\n\n".join(why_markdown(session.store, f) for f in facts[:5])
    yield CommandResult("why", text, kind="why")


async def _ontology(session, args: str) -> AsyncIterator[Event]:
    store = session.store
    lines = ["I can only remember these kinds of things about you:"]
    for tier in TIER_TITLES:
        concepts = [c for c in store.ontology.concepts.values() if c.persistence_class == tier]
        if concepts:
            keep = "kept for your next visit" if tier in KEPT_ACROSS_VISITS else "forgotten after this visit"
            lines += ["", f"**{TIER_TITLES[tier]}** ({keep})"]
            lines += [f"- {md(c.short_label)}" for c in concepts]
    yield CommandResult("ontology", "\n".join(lines))


async def _user(session, args: str) -> AsyncIterator[Event]:
    name = args.strip()
    if not name:
        yield CommandResult("user", f"You are talking as **{md(session.user)}**. Say `/user <name>` to switch.")
        return
    try:
        name = check_user_name(name)
    except UserNameError as exc:
        yield CommandResult("user", f"That name can't be used: {md(str(exc), 200)}.", ok=False)
        return
    session.cancel()
    async with session.memory_lock:
        for notice in await session.save():
            yield notice
        store = MemoryStore(
            session.store.ontology, session.store.similarity_threshold, decay=session.settings.decay or None
        )
        memory_file = UserMemoryFile(session.memory_file.users_dir, name)
        memory_file.ask_sensitive = session.settings.sensitive_consent
        report = memory_file.load(store)
        session.store, session.memory_file = store, memory_file
        session.history.clear()
        session.undo_stack.clear()
        session.failed_text = None
        session.consent_asked = False  # a new visitor is asked for themselves
    yield UserSwitched(name, snapshot(store))
    for text in report.notices:
        yield Notice(text, "warning")


async def _model(session, args: str) -> AsyncIterator[Event]:
    model = args.strip()
    if model:
        ok, text = session.chat.set_model(model)
        yield CommandResult("model", text, ok=ok)
        return
    yield CommandResult(
        "model",
        f"Answering with **{md(session.chat.describe())}**; facts extracted by **{md(session.extractor.name)}**.",
    )


async def _retry(session, args: str) -> AsyncIterator[Event]:
    if not session.failed_text:
        yield CommandResult("retry", "There is nothing to retry: the last message was answered.", ok=False)
        return
    async for event in session.run_turn(session.failed_text):
        yield event


def consent_question(labels: list[str]) -> str:
    """Asked once per visitor, the first time a sensitive fact would be kept across visits."""
    return (
        f"May I keep your **{md(', '.join(labels))}** for your next visit, so you need not say it again? "
        "It stays on this device only, and `/forget` or `/consent no` erases it at any time. "
        "If you say no, I still use it for the rest of this visit."
    )


async def _consent(session, args: str) -> AsyncIterator[Event]:
    answer = args.strip().lower()
    memory_file = session.memory_file
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


async def _export(session, args: str) -> AsyncIterator[Event]:
    from museum_tui import config

    raw = args.strip()
    path = Path(raw).expanduser() if raw else config.data_dir() / "exports" / f"{session.user}-memory.md"
    text = (
        export_markdown(session.store, session.user)
        if path.suffix.lower() in (".md", ".markdown")
        else export_json(session.store, session.user)
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600, exist_ok=True)
        path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    except OSError as exc:
        yield CommandResult(
            "export", f"Could not write {md(str(path), 200)}: {md(exc.strerror or str(exc))}.", ok=False
        )
        return
    yield CommandResult("export", f"Wrote {len(session.store.facts)} fact(s) to {code(str(path), 200)}.")


async def _clear(session, args: str) -> AsyncIterator[Event]:
    session.history.clear()
    yield CommandResult("clear", "The conversation was cleared; what I remember about you is unchanged.", kind="clear")


async def _quit(session, args: str) -> AsyncIterator[Event]:
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


async def run_command(session, text: str) -> AsyncIterator[Event]:
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


__all__ = ["COMMANDS", "Notice", "completions", "is_command", "run_command"]
