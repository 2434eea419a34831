"""The backup file: a header line, then one JSON object per line typed by ``type``.

Each record but the header and the end carries a node's or relationship's stored
``properties`` (minus the tenant's own keys and what is derived from the rest), so a
restore writes them back exactly. The import is a door like the API's others (issue 34):
every property a restore stores is named here and checked with the API's own field
types and bounds, an unknown one is refused, and what the service reads back (a memory
as ``Memory``, a pending pair as ``PendingContradiction``, an edge as ``Edge``) is
required. A property added to the graph later is added here too (the round-trip tests
fail until it is).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.contradict import ClassifierMethod, SuggestedVerdict
from hebbs_graph.models.fields import Tags, UtcTime, name_text, stored_text
from hebbs_graph.models.memory import EntityId, Input, MemoryKind

FORMAT = "hebbs-graph-backup"
FORMAT_VERSION = 1
# Deeper than any record (a memory's tags sit three levels down): a line nested past it
# is refused before it is parsed.
MAX_LINE_DEPTH = 8
MAX_INT = 2**63 - 1
MAX_DIMENSION = 8192

HexId = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32}$")]
Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
PairKey = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32}:[0-9a-f]{32}$")]
# A dismissed pair as contradict/dismiss writes it: the pair key @ both content hashes.
DismissedKey = Annotated[
    str, StringConstraints(pattern=r"^[0-9a-f]{32}:[0-9a-f]{32}@[0-9a-f]{128}$")
]
Name = Annotated[str, StringConstraints(min_length=1, max_length=256), AfterValidator(name_text)]
Text = Annotated[str, StringConstraints(max_length=16_384), AfterValidator(stored_text)]
Score = Annotated[float, Field(ge=0, le=1)]
Count = Annotated[int, Field(ge=0, le=MAX_INT)]


def _content(value: str) -> str:
    if not value.strip():
        raise ValueError("content must not be blank")
    return stored_text(value)


Content = Annotated[str, StringConstraints(min_length=1), AfterValidator(_content)]


class Properties(Input):
    """Stored properties: each one named and typed, nothing else (``Input`` refuses an
    unknown field, a boolean for a number and a number that is not finite)."""

    def stored(self) -> dict[str, object]:
        """The properties to write (nulls left out, as Neo4j never stores them)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class MemoryProperties(Properties):
    id: HexId
    kind: MemoryKind
    entity_id: EntityId | None = None
    content: Content  # its size is checked against the server's max_content_bytes
    content_sha256: Sha256
    importance: Score
    context_json: str | None = None  # a JSON object within the API's depth and size
    tags: Tags = Field(default_factory=list, max_length=64)
    occurred_at: UtcTime
    restated_at: UtcTime | None = None
    created_at: UtcTime
    updated_at: UtcTime
    last_accessed_at: UtcTime
    access_count: Count = 0
    decay_score: float = Field(default=0.0, ge=0)  # at most 2, give or take rounding
    version: int = Field(default=1, ge=1, le=MAX_INT)
    hidden: int | None = Field(default=None, ge=0, le=3)  # derived again on restore
    # Insights.
    confidence: Score | None = None
    source_count: Count | None = None
    stale: bool | None = None
    stale_reason: Text | None = None
    stale_since: UtcTime | None = None
    stale_source_ids: list[HexId] | None = Field(default=None, max_length=10_000)
    reviewed_at: UtcTime | None = None
    # A revision verdict (the newer memory may be outside an entity's file).
    superseded_by: HexId | None = None
    superseded_at: UtcTime | None = None
    # Snapshots: the memory they were taken of.
    snapshot_of: HexId | None = None
    dismissed_pairs: list[DismissedKey] | None = Field(default=None, max_length=1000)

    @model_validator(mode="after")
    def _snapshot_of_snapshots_only(self) -> MemoryProperties:
        if (self.kind == MemoryKind.SNAPSHOT) != (self.snapshot_of is not None):
            raise ValueError(
                "snapshot_of: a snapshot names the memory it was taken of, and only a snapshot does"
            )
        if self.superseded_by == self.id or self.snapshot_of == self.id:
            raise ValueError("a memory cannot supersede or snapshot itself")
        return self


class EdgeProperties(Properties):
    confidence: Score
    created_at: UtcTime
    reasoning: Text | None = None
    method: Name | None = None


class PendingProperties(Properties):
    pending_id: HexId
    # Derived from the two ids on restore; when the file gives it, it must agree.
    pair_key: PairKey | None = None
    memory_id_a: HexId
    memory_id_b: HexId
    content_a_snippet: Text
    content_b_snippet: Text
    content_a_sha256: Sha256
    content_b_sha256: Sha256
    classifier_score: Score
    classifier_method: ClassifierMethod
    # A cosine, as 32-bit vectors give it (a hair past 1 for near copies).
    similarity: float = Field(ge=-1.001, le=1.001)
    suggested_verdict: SuggestedVerdict
    signals: list[Name] = Field(default_factory=list, max_length=64)
    reasoning: Text | None = None
    created_at: UtcTime


class TombstoneProperties(Properties):
    memory_id: HexId
    entity_id: EntityId | None = None
    kind: MemoryKind | None = None
    forgotten_at: UtcTime
    content_sha256: Sha256 | None = None
    criteria_json: Text | None = None


class EntityProperties(Properties):
    entity_id: EntityId
    memory_count: Count = 0
    created_at: UtcTime | None = None
    updated_at: UtcTime | None = None


class CursorProperties(Properties):
    scope: Annotated[str, StringConstraints(max_length=300)]
    entity_id: EntityId | None = None
    created_at: UtcTime | None = None
    memory_id: HexId | None = None
    touched_at: UtcTime | None = None
    reflected_at: UtcTime | None = None
    reflections: Count = 0

    @model_validator(mode="after")
    def _scope_names_its_entity(self) -> CursorProperties:
        want = "tenant" if self.entity_id is None else f"entity:{self.entity_id}"
        if self.scope != want:
            raise ValueError(f"scope: must be {want!r} for entity_id {self.entity_id!r}")
        if (self.created_at is None) != (self.memory_id is None):
            raise ValueError("created_at and memory_id: a cursor holds both or neither")
        return self


class Record(BaseModel):
    """A line. Not an ``Input``: its ``type`` is a discriminator, which no before-validator
    may touch; the numbers it holds are kept from booleans here instead."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @field_validator(
        "version", "embedding_dimension", "embedding", mode="before", check_fields=False
    )
    @classmethod
    def _no_bool_for_number(cls, value: Any) -> Any:
        if isinstance(value, bool) or (isinstance(value, list) and bool in set(map(type, value))):
            raise ValueError("must be a number, not true or false")
        return value


class Header(Record):
    type: Literal["header"]
    format: Literal["hebbs-graph-backup"]
    version: int = Field(ge=1, le=MAX_INT)
    tenant_id: Name
    entity_id: EntityId | None = None
    embedding_model: Name
    embedding_dimension: int = Field(ge=1, le=MAX_DIMENSION)
    embeddings: bool
    exported_at: UtcTime


class MemoryRecord(Record):
    type: Literal["memory"]
    properties: MemoryProperties
    embedding: list[float] | None = Field(default=None, max_length=MAX_DIMENSION)


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


RecordType = Literal[
    "memory", "edge", "pending_contradiction", "tombstone", "entity", "reflect_cursor"
]


class End(Record):
    """The last line: what the file holds, so a cut-off file is refused, not half-read."""

    type: Literal["end"]
    counts: dict[RecordType, Count]


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
