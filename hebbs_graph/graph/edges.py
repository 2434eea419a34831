"""The six relationship types. Nothing else is ever created between memories.

Relationship types reach Cypher only through this enum: a type name from user
input is parsed into an ``EdgeType`` (or refused) and never spliced as text.
"""

from __future__ import annotations

from enum import StrEnum


class EdgeType(StrEnum):
    CAUSED_BY = "CAUSED_BY"
    FOLLOWED_BY = "FOLLOWED_BY"
    RELATED_TO = "RELATED_TO"
    REVISED_FROM = "REVISED_FROM"
    CONTRADICTS = "CONTRADICTS"
    INSIGHT_FROM = "INSIGHT_FROM"


# What a caller may create with remember(edges=...) or link; the rest are made by
# hebbs-graph itself (timeline, revise, verdicts, reflect).
CALLER_EDGE_TYPES = frozenset({EdgeType.CAUSED_BY, EdgeType.RELATED_TO})
