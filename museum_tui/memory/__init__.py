"""The pure memory core: ontology, tiered store, views and per-user files. Imports nothing of the project."""

from .facts import Change, Fact, Mention, normalize
from .ontology import (
    Concept,
    Ontology,
    OntologyError,
    OntologyProblem,
    load_ontology,
    parse_ontology,
)
from .persistence import (
    SCHEMA_VERSION,
    LoadReport,
    PersistenceError,
    SaveError,
    SaveReport,
    UserMemoryFile,
)
from .storage import FileStorage, MemoryStorage, VisitorMemory
from .store import REINFORCEMENT, MemoryStore
from .tiers import DECAY, KEPT_TIERS, PERSISTENCE_CLASSES, PRUNE_THRESHOLD, TIER, TIERS, Tier, keeps, turns_until_faded
from .usernames import UserNameError, check_user_name
from .views import by_tier, context_block, dump, filtered_block, ordered

__all__ = [
    "DECAY",
    "KEPT_TIERS",
    "PERSISTENCE_CLASSES",
    "PRUNE_THRESHOLD",
    "REINFORCEMENT",
    "SCHEMA_VERSION",
    "TIER",
    "TIERS",
    "Change",
    "Concept",
    "Fact",
    "FileStorage",
    "LoadReport",
    "MemoryStorage",
    "MemoryStore",
    "Mention",
    "Ontology",
    "OntologyError",
    "OntologyProblem",
    "PersistenceError",
    "SaveError",
    "SaveReport",
    "Tier",
    "UserMemoryFile",
    "UserNameError",
    "VisitorMemory",
    "by_tier",
    "check_user_name",
    "context_block",
    "dump",
    "filtered_block",
    "keeps",
    "load_ontology",
    "normalize",
    "ordered",
    "parse_ontology",
    "turns_until_faded",
]
