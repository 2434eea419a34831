"""hebbs-graph: long-term memory for LLM agents on Neo4j.

Importing the package loads only its errors: the light client distribution
(``clients/python``) ships this file without the service, so ``Settings`` is loaded on
first use rather than here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hebbs_graph.errors import (
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    NotFound,
    TooLarge,
    Unauthorized,
)

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    if name == "Settings":
        from hebbs_graph.settings import Settings

        return Settings
    raise AttributeError(f"module 'hebbs_graph' has no attribute {name!r}")
