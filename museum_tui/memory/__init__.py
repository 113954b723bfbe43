"""The pure memory core: ontology, tiered store, views and per-user files. Imports nothing of the project."""

from .facts import Change, Fact, Mention, normalize
from .ontology import (
    PERSISTENCE_CLASSES,
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
from .store import DECAY, PRUNE_THRESHOLD, REINFORCEMENT, MemoryStore
from .usernames import UserNameError, check_user_name
from .views import by_tier, context_block, dump, filtered_block, ordered

__all__ = [
    "DECAY",
    "PERSISTENCE_CLASSES",
    "PRUNE_THRESHOLD",
    "REINFORCEMENT",
    "SCHEMA_VERSION",
    "Change",
    "Concept",
    "Fact",
    "LoadReport",
    "MemoryStore",
    "Mention",
    "Ontology",
    "OntologyError",
    "OntologyProblem",
    "PersistenceError",
    "SaveError",
    "SaveReport",
    "UserMemoryFile",
    "UserNameError",
    "by_tier",
    "check_user_name",
    "context_block",
    "dump",
    "filtered_block",
    "load_ontology",
    "normalize",
    "ordered",
    "parse_ontology",
]
