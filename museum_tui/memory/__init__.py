"""The pure memory core: ontology, tiered store, views, the saved snapshot and its merge.

No files, no network, no environment: the clock and thresholds are passed in, and where memory is kept is
`museum_tui.storage`'s business. Imports nothing of the project.

Names are loaded on first use: the settings read the tier table (`tiers`) before the app's first screen,
which needs none of the store, the ontology or the merge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from museum_tui.lazy_names import lazy_exports

if TYPE_CHECKING:
    from .facts import Change, Fact, Mention, normalize
    from .merge import Merged, fact_key, merge
    from .ontology import Concept, Ontology, OntologyError, OntologyProblem, load_ontology, parse_ontology
    from .snapshot import Consent, Synced, VisitorSnapshot
    from .store import REINFORCEMENT, MemoryStore
    from .tiers import (
        DECAY,
        KEPT_TIERS,
        PERSISTENCE_CLASSES,
        PRUNE_THRESHOLD,
        TIER,
        TIERS,
        Tier,
        keeps,
        turns_until_faded,
    )
    from .usernames import UserNameError, check_user_name
    from .views import by_tier, context_block, dump, filtered_block, ordered

_EXPORTS = {
    "facts": ("Change", "Fact", "Mention", "normalize"),
    "merge": ("Merged", "fact_key", "merge"),
    "ontology": ("Concept", "Ontology", "OntologyError", "OntologyProblem", "load_ontology", "parse_ontology"),
    "snapshot": ("Consent", "Synced", "VisitorSnapshot"),
    "store": ("REINFORCEMENT", "MemoryStore"),
    "tiers": (
        "DECAY",
        "KEPT_TIERS",
        "PERSISTENCE_CLASSES",
        "PRUNE_THRESHOLD",
        "TIER",
        "TIERS",
        "Tier",
        "keeps",
        "turns_until_faded",
    ),
    "usernames": ("UserNameError", "check_user_name"),
    "views": ("by_tier", "context_block", "dump", "filtered_block", "ordered"),
}

__all__ = [
    "DECAY",
    "KEPT_TIERS",
    "PERSISTENCE_CLASSES",
    "PRUNE_THRESHOLD",
    "REINFORCEMENT",
    "TIER",
    "TIERS",
    "Change",
    "Concept",
    "Consent",
    "Fact",
    "MemoryStore",
    "Mention",
    "Merged",
    "Ontology",
    "OntologyError",
    "OntologyProblem",
    "Synced",
    "Tier",
    "UserNameError",
    "VisitorSnapshot",
    "by_tier",
    "check_user_name",
    "context_block",
    "dump",
    "fact_key",
    "filtered_block",
    "keeps",
    "load_ontology",
    "merge",
    "normalize",
    "ordered",
    "parse_ontology",
    "turns_until_faded",
]

__getattr__ = lazy_exports(__name__, globals(), _EXPORTS)
