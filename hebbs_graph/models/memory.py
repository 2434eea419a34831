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
from hebbs_graph.models.fields import (
    Context,
    MemoryId,
    Tags,
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
    target_id: MemoryId
    edge_type: EdgeType
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)


class MemoryIn(Input):
    content: str = Field(min_length=1, description="What happened, in the agent's words.")
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    context: Context = Field(
        default=None, description="Any JSON object, at most 16 KiB and 32 levels deep."
    )
    entity_id: EntityId | None = None
    tags: Tags = Field(default_factory=list, max_length=64)
    occurred_at: UtcTime | None = Field(
        default=None, description="When it happened (ISO 8601); defaults to now."
    )
    edges: list[EdgeIn] = Field(default_factory=list, max_length=100)
    on_duplicate: Literal["reinforce", "store"] = Field(
        default="reinforce",
        description="When the same entity (or, without entity_id, the tenant) already holds "
        "a current episode with the same content (compared trimmed, whitespace collapsed): "
        "reinforce (the default) reinforces that memory as a recall does and returns it, "
        "with reinforced: true, storing nothing new (this request's importance, context, "
        "tags and occurred_at are not applied; its edges are added to it); store stores a "
        "second copy anyway.",
    )

    @field_validator("content")
    @classmethod
    def _content(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("content must not be blank")
        return stored_text(value)


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
    restated_at: datetime | None = Field(
        default=None,
        description="When a later remember said it again, in the same words (a duplicate "
        "reinforces this memory instead of storing another): recall takes the later of "
        "this and occurred_at as when it last said what it says. Null until then.",
    )
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
    reinforced: bool = Field(
        default=False,
        exclude_if=lambda reinforced: not reinforced,
        description="Only in remember's answer, and only when true: the content was already "
        "remembered (on_duplicate: reinforce), so this is the existing memory, reinforced "
        "(access_count + 1), and nothing new was stored (REST answers 200 then, 201 for a "
        "memory stored).",
    )
    # Ids of the memories this one has a confirmed (contradicts) or pending
    # (pending_with) contradiction with, when the query that loaded it said (the @memory
    # fragment does), and the pair keys an agent dismissed; never serialised.
    _contradicts: list[str] | None = PrivateAttr(default=None)
    _pending_with: list[str] | None = PrivateAttr(default=None)
    _dismissed_pairs: list[str] = PrivateAttr(default_factory=list)

    @property
    def contradicts(self) -> list[str] | None:
        return self._contradicts

    @contradicts.setter
    def contradicts(self, ids: list[str] | None) -> None:
        self._contradicts = ids

    @property
    def pending_with(self) -> list[str] | None:
        return self._pending_with

    @pending_with.setter
    def pending_with(self, ids: list[str] | None) -> None:
        self._pending_with = ids

    @property
    def dismissed_pairs(self) -> list[str]:
        return self._dismissed_pairs

    @dismissed_pairs.setter
    def dismissed_pairs(self, keys: list[str]) -> None:
        self._dismissed_pairs = keys


class BatchOut(BaseModel):
    memory_ids: list[str] = Field(
        description="One id per item, in input order; an item that duplicated a stored "
        "memory or an earlier item has that memory's id."
    )
    reinforced: list[str] = Field(
        default_factory=list,
        description="The ids among memory_ids of memories stored before this call and "
        "reinforced instead of stored again (each once).",
    )


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
    memory_ids: list[MemoryId] | None = Field(default=None, max_length=10_000)
    entity_id: EntityId | None = None
    older_than: UtcTime | None = None
    access_count_below: int | None = Field(default=None, ge=0, le=2**63 - 1)
    kind: Literal["episode", "insight"] | None = None
    decay_below: float | None = Field(default=None, ge=0.0)

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
