"""A visitor's memory file of 50,000 facts (about 11 MB), written by the app's own writer, for the start-up
tests and benchmark: whatever the file holds, the first screen and typing must not wait for it.

The facts are allergies and dietary restrictions (the museum ontology's only concepts without a limit on
how many values they keep), and one wheelchair: a permanent need a reply to a directions question uses.
"""

from __future__ import annotations

from pathlib import Path

from museum_tui import config
from museum_tui.memory import Fact, MemoryStore, Mention, load_ontology
from museum_tui.storage import UserMemoryFile

HUGE_FACTS = 50_000
CREATED_AT = "2026-11-16T10:30:00+00:00"


def huge_fact(number: int) -> Fact:
    concept = "SpecialNeed.Allergy" if number % 2 else "SpecialNeed.DietaryRestriction"
    value = f"substance {number}"
    evidence = f"I cannot have substance {number}"
    return Fact(
        f"f{number}", concept, value, "asserted", evidence, "permanent", 1.0, 0, 0,
        created_at=CREATED_AT, last_seen_at=CREATED_AT, history=[Mention(0, value, evidence)],
    )  # fmt: skip


def write_huge_memory(users_dir: Path, user: str, facts: int = HUGE_FACTS) -> Path:
    """`user`'s memory file under `users_dir` with `facts` facts (the last one: a wheelchair)."""
    store = MemoryStore(load_ontology(config.default_ontology_path()))
    wheelchair = Fact(
        f"f{facts}", "SpecialNeed.MobilityImpairment", "wheelchair", "asserted", "I use a wheelchair",
        "permanent", 1.0, 0, 0, created_at=CREATED_AT, last_seen_at=CREATED_AT,
        history=[Mention(0, "wheelchair", "I use a wheelchair")],
    )  # fmt: skip
    store.restore([*(huge_fact(n) for n in range(1, facts)), wheelchair], fresh=True)
    assert len(store.facts) == facts, "every fact is kept: these concepts have no limit"
    memory_file = UserMemoryFile(users_dir, user)
    memory_file.save(store)
    return memory_file.path
