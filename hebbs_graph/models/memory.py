"""Request and response models for memories: remember, get, list, link, revise, forget.

The same models serve the REST API, the CLI, the MCP server and the Python client.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationInfo,
    field_validator,
)

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.ids import normalize_id
from hebbs_graph.models.fields import (
    Context,
    UtcTime,
    accepts_bool,
    is_number,
    name_text,
    stored_text,
)


class MemoryKind(StrEnum):
    EPISODE = "episode"
    INSIGHT = "insight"
    SNAPSHOT = "snapshot"


class Input(BaseModel):
    """Base for request bodies: unknown fields are an error, not silently dropped; numbers
    are numbers (``true`` is not 1.0) and finite."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_bool_for_number(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, bool) and info.field_name is not None:
            annotation = cls.model_fields[info.field_name].annotation
            if is_number(annotation) and not accepts_bool(annotation):
                raise ValueError("must be a number, not true or false")
        return value


def _check_entity(value: str) -> str:
    if not value.strip() or len(value) > 256:
        raise ValueError("entity_id must be 1..256 characters and not blank")
    return name_text(value)


EntityId = Annotated[str, AfterValidator(_check_entity)]


class EdgeIn(Input):
    target_id: str
    edge_type: EdgeType
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("target_id")
    @classmethod
    def _target(cls, value: str) -> str:
        return normalize_id(value, field="target_id")


class MemoryIn(Input):
    content: str = Field(min_length=1, description="What happened, in the agent's words.")
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    context: Context = Field(
        default=None, description="Any JSON object, at most 16 KiB and 32 levels deep."
    )
    entity_id: EntityId | None = None
    tags: list[str] = Field(default_factory=list, max_length=64)
    occurred_at: UtcTime | None = Field(
        default=None, description="When it happened (ISO 8601); defaults to now."
    )
    edges: list[EdgeIn] = Field(default_factory=list, max_length=100)

    @field_validator("content")
    @classmethod
    def _content(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("content must not be blank")
        return stored_text(value)

    @field_validator("tags")
    @classmethod
    def _tags(cls, value: list[str]) -> list[str]:
        for tag in value:
            if not tag or len(tag) > 128:
                raise ValueError("each tag must be 1..128 characters")
            name_text(tag)
        return value


class BatchIn(Input):
    memories: list[MemoryIn] = Field(min_length=1)


class Memory(BaseModel):
    """A stored memory as every door returns it (never its embedding)."""

    id: str
    entity_id: str | None = None
    kind: MemoryKind
    content: str
    content_sha256: str
    importance: float
    context: dict[str, Any] = Field(default_factory=dict)
    tags: list[str] = Field(default_factory=list)
    occurred_at: datetime
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime
    access_count: int = 0
    decay_score: float = 0.0
    version: int = 1
    # Insights.
    confidence: float | None = None
    source_count: int | None = None
    stale: bool | None = None
    stale_reason: str | None = None
    stale_since: datetime | None = None
    # Memories a revision verdict superseded.
    superseded_by: str | None = None
    superseded_at: datetime | None = None
    contradiction_check_pending: bool = Field(
        default=False,
        description="True while this memory's contradiction check has not run yet: just "
        "stored or revised (detection runs right after the answer), or a check that "
        "failed and will be retried. Pairs it raises appear once it is false.",
    )
    # Ids of the memories this one has a confirmed contradiction with, when the query
    # that loaded it said (the @memory fragment does); never serialised.
    _contradicts: list[str] | None = PrivateAttr(default=None)

    @property
    def contradicts(self) -> list[str] | None:
        return self._contradicts

    @contradicts.setter
    def contradicts(self, ids: list[str] | None) -> None:
        self._contradicts = ids


class RememberOut(BaseModel):
    memory: Memory


class BatchOut(BaseModel):
    memory_ids: list[str]


class MemoryPage(BaseModel):
    items: list[Memory]
    next_cursor: str | None = None


class Edge(BaseModel):
    source_id: str
    target_id: str
    edge_type: EdgeType
    confidence: float
    created_at: datetime


class EdgesOut(BaseModel):
    edges: list[Edge]


class LinkIn(EdgeIn):
    pass


class ReviseIn(Input):
    content: str | None = Field(default=None, min_length=1)
    importance: float | None = Field(default=None, ge=0.0, le=1.0)
    context: Context = None
    context_mode: Literal["merge", "replace"] = "merge"
    entity_id: EntityId | None = None

    @field_validator("content")
    @classmethod
    def _content(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("content must not be blank")
        return stored_text(value) if value is not None else None


class ForgetIn(Input):
    memory_ids: list[str] | None = Field(default=None, max_length=10_000)
    entity_id: EntityId | None = None
    older_than: UtcTime | None = None
    access_count_below: int | None = Field(default=None, ge=0)
    kind: Literal["episode", "insight"] | None = None
    decay_below: float | None = Field(default=None, ge=0.0)

    @field_validator("memory_ids")
    @classmethod
    def _ids(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return None
        return [normalize_id(v, field="memory_ids") for v in value]

    def is_empty(self) -> bool:
        return all(v is None for v in self.model_dump().values())


class Tombstone(BaseModel):
    memory_id: str
    entity_id: str | None = None
    forgotten_at: datetime
    content_sha256: str


class ForgetOut(BaseModel):
    forgotten: int
    tombstones: list[Tombstone]
    stale_insights: int = 0
