"""Every key of the app and where it works, for F1 / `/help`; and the command palette's entries.

`KEYS` is the one list: the help screen shows it, the README repeats it, and a test checks that every
binding the app declares is in it.
"""

from __future__ import annotations

from museum_tui.conversation.commands import COMMANDS

# (where, [(keys, what they do)])
KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Everywhere",
        [
            ("F1", "this help"),
            ("F2", "show or hide the memory panel (on a narrow screen: open or fold it to one line)"),
            ("F3", "what I remember about you, with the words each fact came from"),
            ("Tab / Shift+Tab", "move between the message box and the list of facts"),
            ("Ctrl+P", "command palette: every command, searchable"),
            ("Ctrl+L", "clear the conversation (memory stays)"),
            ("Ctrl+Q", "save and quit"),
        ],
    ),
    (
        "In the message box",
        [
            ("Enter", "send"),
            ("Esc", "stop the reply being written (nothing from it is remembered)"),
            ("↑ / ↓", "the messages you sent before"),
            ("→", "take the suggested command (type `/` to see it)"),
        ],
    ),
    (
        "In the list of facts",
        [
            ("↑ / ↓, Home / End", "previous / next fact, first / last"),
            ("Enter", "why I remember it (a click does the same)"),
            ("Delete or Backspace", "forget it (`/undo` brings it back)"),
        ],
    ),
    (
        "In a dialog",
        [
            ("Tab / Shift+Tab", "next / previous button"),
            ("Enter", "press the button in focus"),
            ("Esc", "close (for a question: No)"),
            ("y / n", "Yes / No, in a question"),
            ("f", "Forget it, in “Why I remember this”"),
        ],
    ),
]


def help_markdown(commands_markdown: str) -> str:
    """The keys, place by place, then the commands (as `/help` lists them)."""
    lines: list[str] = []
    for place, keys in KEYS:
        lines += [f"**{place}**", ""]
        lines += [f"- **{key}**: {what}" for key, what in keys]
        lines.append("")
    return "\n".join(lines) + "\n" + commands_markdown


# The command palette (Ctrl+P): a friendlier title for some commands; every command is listed. Commands
# that need words (an id, a name) fill the message box for the visitor to finish instead of running.
PALETTE_TITLES = {
    "memory": "What do you remember about me?",
    "forget": "Forget something…",
    "undo": "Undo forget",
    "why": "Why do you remember…?",
    "ontology": "What can you remember?",
    "user": "Switch visitor…",
    "model": "Model",
    "retry": "Retry",
    "export": "Export memory",
    "consent": "Keeping sensitive needs (consent)",
    "clear": "Clear the conversation",
    "help": "Help: keys and commands",
    "quit": "Save and quit",
}


def palette_entries() -> list[tuple[str, str, str, bool]]:
    """(title, text, help, run now) for every command, plus "Forget everything"."""
    entries = []
    for name, command in COMMANDS.items():
        title = PALETTE_TITLES.get(name, command.summary.capitalize())
        needs_words = command.args.startswith("<")
        text = f"/{name} " if needs_words else f"/{name}"
        usage = f"/{name} {command.args}".rstrip()
        entries.append((title, text, f"{usage} — {command.summary}", not needs_words))
        if name == "forget":
            entries.append(("Forget everything", "/forget all", "/forget all — erase all memory (asks first)", True))
    return entries
