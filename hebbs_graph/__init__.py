"""hebbs-graph: long-term memory for LLM agents on Neo4j."""

from hebbs_graph.errors import (
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    NotFound,
    TooLarge,
    Unauthorized,
)
from hebbs_graph.settings import Settings

__version__ = "0.1.0"

__all__ = [
    "Conflict",
    "GraphUnavailable",
    "HebbsError",
    "InvalidInput",
    "NotFound",
    "Settings",
    "TooLarge",
    "Unauthorized",
    "__version__",
]
