"""The backup file: a header line, then one JSON object per line typed by ``type``.

Each record but the header and the end carries a node's or relationship's stored
``properties`` as they are (minus the tenant's own keys), so a restore writes them back
exactly. The fields a restore relies on are checked here; any other stored property is
kept as long as it is a value Neo4j can store (a scalar or a list of scalars).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import MemoryKind

FORMAT = "hebbs-graph-backup"
FORMAT_VERSION = 1
HexId = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]
_SCALARS = (str, int, float, bool)


def _storable(value: Any) -> bool:
    if value is None or isinstance(value, _SCALARS):
        return True
    return isinstance(value, list) and all(isinstance(v, _SCALARS) for v in value)


class Properties(BaseModel):
    """Stored properties: the named ones typed, the rest kept if Neo4j can store them."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    @model_validator(mode="after")
    def _extras_storable(self) -> Properties:
        for key, value in (self.model_extra or {}).items():
            if not _storable(value):
                raise ValueError(f"{key}: not a value a property can hold")
        return self

    def stored(self) -> dict[str, Any]:
        """The properties to write (nulls left out, as Neo4j never stores them)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class MemoryProperties(Properties):
    id: HexId
    kind: MemoryKind
    entity_id: str | None = None
    content: str
    content_sha256: str
    importance: float = Field(ge=0, le=1)
    context_json: str | None = None
    tags: list[str] = []
    occurred_at: datetime
    restated_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime | None = None
    access_count: int = Field(ge=0, le=2**63 - 1)
    version: int = Field(ge=1, le=2**63 - 1)
    stale_since: datetime | None = None
    superseded_at: datetime | None = None
    reviewed_at: datetime | None = None

    @model_validator(mode="after")
    def _context_is_an_object(self) -> MemoryProperties:
        if self.context_json is not None:
            try:
                value = json.loads(self.context_json)
            except ValueError:
                value = None
            if not isinstance(value, dict):
                raise ValueError("context_json: not a JSON object")
        return self


class EdgeProperties(Properties):
    confidence: float | None = Field(default=None, ge=0, le=1)
    created_at: datetime | None = None


class PendingProperties(Properties):
    pending_id: HexId
    pair_key: str
    memory_id_a: HexId
    memory_id_b: HexId
    created_at: datetime


class TombstoneProperties(Properties):
    memory_id: HexId
    entity_id: str | None = None
    forgotten_at: datetime


class EntityProperties(Properties):
    entity_id: str
    created_at: datetime | None = None
    updated_at: datetime | None = None


class CursorProperties(Properties):
    scope: str
    entity_id: str | None = None
    created_at: datetime | None = None
    touched_at: datetime | None = None
    reflected_at: datetime | None = None


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Header(Record):
    type: Literal["header"]
    format: Literal["hebbs-graph-backup"]
    version: int
    tenant_id: str
    entity_id: str | None = None
    embedding_model: str
    embedding_dimension: int
    embeddings: bool
    exported_at: datetime


class MemoryRecord(Record):
    type: Literal["memory"]
    properties: MemoryProperties
    embedding: list[float] | None = None


class EdgeRecord(Record):
    type: Literal["edge"]
    edge_type: EdgeType
    source_id: HexId
    target_id: HexId
    properties: EdgeProperties


class PendingRecord(Record):
    type: Literal["pending_contradiction"]
    properties: PendingProperties


class TombstoneRecord(Record):
    type: Literal["tombstone"]
    properties: TombstoneProperties


class EntityRecord(Record):
    type: Literal["entity"]
    properties: EntityProperties


class CursorRecord(Record):
    type: Literal["reflect_cursor"]
    properties: CursorProperties


class End(Record):
    """The last line: what the file holds, so a cut-off file is refused, not half-read."""

    type: Literal["end"]
    counts: dict[str, int]


Body = Annotated[
    MemoryRecord | EdgeRecord | PendingRecord | TombstoneRecord | EntityRecord | CursorRecord | End,
    Field(discriminator="type"),
]


class BodyLine(BaseModel):
    line: Body


class RestoreOut(BaseModel):
    """What a restore wrote, by record type."""

    restored: dict[str, int]
    re_embedded: int = 0
