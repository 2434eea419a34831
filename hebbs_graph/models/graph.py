"""Models for prime, lineage, graph views and entities."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.contradict import (
    TIMED_OUT_DESCRIPTION,
    WAITED_MS_DESCRIPTION,
    checks_wait_field,
)
from hebbs_graph.models.fields import Window
from hebbs_graph.models.memory import Edge, EntityId, Input, Memory
from hebbs_graph.models.recall import VIEW_DESCRIPTION, RecallResult, View


class PrimeIn(Input):
    entity_id: EntityId
    similarity_cue: str | None = Field(default=None, max_length=16_384)
    max_memories: int = Field(
        default=20, ge=1, le=200, description="Recent and relevant memories together."
    )
    per_section: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description="At most this many memories in each section (recent, relevant,"
        " insights, stale_insights); default the prime_per_section setting (10).",
    )
    recency_window: Window = Field(
        default=timedelta(days=7),
        description="How far back 'recent' reaches: seconds or an ISO 8601 duration (P7D).",
    )
    view: View = Field(
        default="full",
        description=VIEW_DESCRIPTION + " Compact prime counts pending contradictions"
        " instead of listing them.",
    )
    wait_for_checks_s: float | None = checks_wait_field()


class ReflectionDue(BaseModel):
    due: bool = False
    reason: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class PrimeOut(BaseModel):
    """What an agent should know when a conversation about ``entity_id`` starts."""

    entity_id: str
    recent: list[RecallResult]
    relevant: list[RecallResult]
    insights: list[Memory]
    pending_contradictions: list[dict[str, Any]] = Field(
        default_factory=list, description="The strongest pending pairs (at most 20)."
    )
    pending_total: int = Field(default=0, description="How many pairs are pending in all.")
    checks_waited_ms: float = Field(default=0.0, description=WAITED_MS_DESCRIPTION)
    checks_wait_timed_out: bool = Field(default=False, description=TIMED_OUT_DESCRIPTION)
    stale_insights: list[Memory] = Field(default_factory=list)
    reflection: ReflectionDue = Field(default_factory=ReflectionDue)


class LineageStep(BaseModel):
    memory: Memory
    depth: int
    path: list[str] = Field(default_factory=list)


class LineageOut(BaseModel):
    memory: Memory
    sources: list[LineageStep] = Field(default_factory=list)
    revisions: list[LineageStep] = Field(default_factory=list)


class GraphNode(BaseModel):
    id: str
    kind: str
    entity_id: str | None
    content: str
    importance: float
    occurred_at: datetime
    confidence: float | None = None
    stale: bool = False
    superseded: bool = False
    version: int = 1


class GraphEdge(BaseModel):
    source_id: str
    target_id: str
    edge_type: EdgeType
    confidence: float


class GraphOut(BaseModel):
    nodes: list[GraphNode]
    edges: list[GraphEdge]


class MapPoint(BaseModel):
    """One memory on the map of meaning: where its stored vector projects to."""

    id: str
    kind: str
    caption: str = Field(description="The first 80 characters of its content.")
    importance: float
    occurred_at: datetime
    stale: bool = False
    superseded: bool = False
    x: float
    y: float
    region: int | None = Field(
        default=None, description="The id of the region it lies in (MapOut.regions)."
    )


class MapRegion(BaseModel):
    """A region of the map: the memories nearest one centre of a k-means of the places,
    named by the words that set them apart from the rest of the entity."""

    id: int = Field(description="The region's number, 0 first; MapPoint.region names it.")
    label: str = Field(
        description="Its 2-3 most distinctive content words (frequent among its memories,"
        " rarer in the rest of the entity), joined by ' · '; empty when none stands out."
    )
    x: float = Field(description="Its members' centre of mass, in the points' coordinates.")
    y: float
    radius: float = Field(description="The circle about (x, y) that holds 90% of its members.")
    count: int = Field(description="How many memories lie in it.")
    insight_id: str | None = Field(
        default=None,
        description="An insight most of whose sources (60% or more, 3 at least) lie here.",
    )
    insight: str | None = Field(default=None, description="That insight's caption.")


class MapEdge(BaseModel):
    source_id: str
    target_id: str
    edge_type: EdgeType


class MapOut(BaseModel):
    """Every memory of an entity placed by meaning (a 2-D projection of the vectors)."""

    entity_id: str
    points: list[MapPoint]
    edges: list[MapEdge]
    projection: str = Field(
        description="How the places were found: 'full' (fitted now), 'cached' (as last"
        " time) or 'incremental' (new memories projected with the cached fit)."
    )
    regions: list[MapRegion] = Field(
        default_factory=list,
        description="The map's labelled regions (none below 12 memories); fitted with the"
        " projection, new memories joining the nearest.",
    )
    count: int = Field(default=0, description="How many memories the entity has on the map.")
    stamp: str | None = Field(
        default=None,
        description="The latest created or updated time among them: pass it as `since` to"
        " be sent only what changed after it.",
    )
    complete: bool = Field(
        default=True,
        description="Whether points holds every memory (false: only those created or"
        " updated after `since`; the others are where the last answer put them).",
    )


class EntityCount(BaseModel):
    entity_id: str
    memory_count: int
    updated_at: datetime | None = None


class EntitiesOut(BaseModel):
    entities: list[EntityCount]
    next_after: str | None = None


__all__ = [
    "Edge",
    "EntitiesOut",
    "EntityCount",
    "GraphEdge",
    "GraphNode",
    "GraphOut",
    "LineageOut",
    "LineageStep",
    "MapEdge",
    "MapOut",
    "MapPoint",
    "MapRegion",
    "PrimeIn",
    "PrimeOut",
    "ReflectionDue",
]
