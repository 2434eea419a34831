"""The compact view of recall and prime: sized for an agent's context, not for a person.

``view: "compact"`` on a recall or prime asks for it (the MCP tools ask by default). Per
memory it keeps what an agent reasons with: id, content, score, kind, one time, and the
entity, conflicts and possible supersession only when they say something. Nothing is
null: an absent field is left out (the schema marks such fields optional, never
nullable), and there are no hashes, counters or breakdowns; ``get_memory`` has the rest.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from hebbs_graph.models.memory import Memory, MemoryKind
from hebbs_graph.models.recall import VIEW_DESCRIPTION, RecallOut, RecallResult, View

SCORE_DIGITS = 4


def _no_null_branches(schema: dict[str, Any]) -> None:
    """Optional fields are left out, never null: say so in the JSON schema."""
    for spec in schema.get("properties", {}).values():
        branches = spec.get("anyOf", [])
        kept = [b for b in branches if b.get("type") != "null"]
        if branches and len(kept) == 1:
            spec.pop("anyOf")
            spec.update(kept[0])
            spec.pop("default", None)


class Compact(BaseModel):
    """A response model whose unset (None) fields are dropped from the JSON."""

    model_config = ConfigDict(json_schema_extra=_no_null_branches)

    @model_serializer(mode="wrap")
    def _drop_absent(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {key: value for key, value in data.items() if value is not None}


class CompactMemory(Compact):
    """A memory without a score: prime's insights and stale insights."""

    id: str
    content: str
    kind: MemoryKind
    occurred_at: datetime
    entity_id: str | None = Field(default=None, description="Only when not the request's.")
    confidence: float | None = Field(default=None, description="Insights only.")
    stale_reason: str | None = None


class CompactResult(Compact):
    id: str
    content: str
    score: float
    kind: MemoryKind
    occurred_at: datetime
    entity_id: str | None = Field(default=None, description="Only when not the request's.")
    conflicts_with: list[str] | None = Field(
        default=None, description="Memories it has a confirmed contradiction with."
    )
    may_be_superseded_by: list[str] | None = Field(
        default=None, description="Newer recalled memories that may supersede it."
    )
    superseded: bool | None = Field(default=None, description="Only when true.")
    stale: bool | None = Field(default=None, description="Only when true.")


class CompactRecallOut(Compact):
    results: list[CompactResult]


class PendingSummary(Compact):
    """Pending contradictions, counted rather than listed."""

    count: int
    first: list[str] = Field(description="The first few pending_ids, strongest first.")
    next: str = Field(description="How to review them.")


class CompactReflection(Compact):
    due: bool
    reason: str | None = None


class CompactPrimeOut(Compact):
    """Prime in the compact view; a section with nothing in it is left out."""

    entity_id: str
    recent: list[CompactResult]
    relevant: list[CompactResult]
    insights: list[CompactMemory] | None = None
    pending_contradictions: PendingSummary | None = None
    checks_wait_timed_out: bool | None = Field(
        default=None,
        description="Only when true: the wait for the contradiction checks of memories "
        "just stored ended at its bound, so more pending pairs may appear.",
    )
    stale_insights: list[CompactMemory] | None = None
    reflection: CompactReflection | None = Field(default=None, description="Only when due.")


def _second(moment: datetime) -> datetime:
    return moment.replace(microsecond=0)


def _other_entity(memory: Memory, entity_id: str | None) -> str | None:
    return memory.entity_id if memory.entity_id != entity_id else None


def compact_result(result: RecallResult, entity_id: str | None) -> CompactResult:
    memory = result.memory
    return CompactResult(
        id=memory.id,
        content=memory.content,
        score=round(result.score, SCORE_DIGITS),
        kind=memory.kind,
        occurred_at=_second(memory.occurred_at),
        entity_id=_other_entity(memory, entity_id),
        conflicts_with=result.conflicts_with or None,
        may_be_superseded_by=result.may_be_superseded_by or None,
        superseded=result.superseded or None,
        stale=result.stale or None,
    )


def compact_memory(memory: Memory, entity_id: str | None) -> CompactMemory:
    return CompactMemory(
        id=memory.id,
        content=memory.content,
        kind=memory.kind,
        occurred_at=_second(memory.occurred_at),
        entity_id=_other_entity(memory, entity_id),
        confidence=memory.confidence,
        stale_reason=memory.stale_reason,
    )


def compact_recall(out: RecallOut, entity_id: str | None) -> CompactRecallOut:
    """The compact view of a full recall answer, in the same order."""
    return CompactRecallOut(results=[compact_result(r, entity_id) for r in out.results])


__all__ = [
    "VIEW_DESCRIPTION",
    "CompactMemory",
    "CompactPrimeOut",
    "CompactRecallOut",
    "CompactReflection",
    "CompactResult",
    "PendingSummary",
    "View",
    "compact_memory",
    "compact_recall",
    "compact_result",
]
