"""Request and response models for reflection: prepare, commit, the LLM route, insights."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from hebbs_graph.models.fields import MemoryId, Tags, UtcTime, stored_text
from hebbs_graph.models.memory import EntityId, Input, Memory


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return stored_text(value)


class ReflectScopeIn(Input):
    entity_id: EntityId | None = Field(
        default=None, description="Reflect one entity's episodes; omitted: the whole tenant."
    )
    since: UtcTime | None = Field(
        default=None, description="Only episodes that occurred at or after this time."
    )
    limit: int = Field(
        default=500, ge=10, le=10_000, description="At most this many episodes, oldest first."
    )


class ReflectPrepareIn(ReflectScopeIn):
    """Agent route, step 1: cluster new episodes and build the prompts; no LLM is called."""


class ReflectIn(ReflectScopeIn):
    """LLM route: propose, validate and store insights with the configured provider."""


class ReflectMemory(BaseModel):
    memory_id: str
    content: str
    importance: float
    created_at: datetime


class ReflectCluster(BaseModel):
    cluster_id: int
    member_count: int
    proposal_system_prompt: str
    proposal_user_prompt: str
    memory_ids: list[str]
    memories: list[ReflectMemory]


class StaleInsight(BaseModel):
    """A stale insight waiting for a verdict: keep, rewrite (with new content) or retire."""

    memory_id: str
    entity_id: str | None = None
    content: str
    confidence: float | None = None
    stale_reason: str | None = None
    stale_since: datetime | None = None
    source_memory_ids: list[str]
    sources: list[ReflectMemory]
    review_system_prompt: str
    review_user_prompt: str


class ReflectPrepareOut(BaseModel):
    session_id: str
    memories_processed: int
    clusters: list[ReflectCluster]
    stale_insights: list[StaleInsight] = Field(default_factory=list)
    entity_id: str | None = None
    expires_at: datetime
    message: str | None = None


class InsightIn(Input):
    content: str = Field(min_length=1)
    confidence: float = Field(ge=0.0, le=1.0)
    source_memory_ids: list[MemoryId] = Field(min_length=1, max_length=10_000)
    tags: Tags = Field(default_factory=list, max_length=64)
    cluster_id: int | None = None

    _content = field_validator("content")(_not_blank)

    @field_validator("source_memory_ids")
    @classmethod
    def _ids(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(value))  # normalised already (MemoryId)


class StaleVerdictIn(Input):
    memory_id: MemoryId
    verdict: Literal["keep", "rewrite", "retire"]
    content: str | None = Field(default=None, description="The new wording (rewrite only).")
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _content_for_rewrite(self) -> StaleVerdictIn:
        if self.verdict == "rewrite" and not (self.content and self.content.strip()):
            raise ValueError("a rewrite verdict needs the new content")
        if self.content is not None:
            stored_text(self.content)
        if self.verdict != "rewrite" and self.content is not None:
            raise ValueError(f"content goes with rewrite, not with {self.verdict}")
        return self


class ReflectCommitIn(Input):
    """Agent route, step 2: the insights the agent drew, and verdicts on stale insights."""

    session_id: str = Field(min_length=1, max_length=64)
    insights: list[InsightIn] = Field(default_factory=list, max_length=1000)
    stale_verdicts: list[StaleVerdictIn] = Field(default_factory=list, max_length=1000)

    @model_validator(mode="after")
    def _one_verdict_each(self) -> ReflectCommitIn:
        ids = [v.memory_id for v in self.stale_verdicts]
        if len(ids) != len(set(ids)):
            raise ValueError("stale_verdicts names an insight more than once")
        return self


class ReflectCommitOut(BaseModel):
    session_id: str
    insights_created: int
    insight_ids: list[str]
    memories_processed: int
    stale_kept: int = 0
    stale_rewritten: int = 0
    stale_retired: int = 0


class Insight(Memory):
    """An insight with the ids of the memories it was drawn from."""

    source_memory_ids: list[str] = Field(default_factory=list)


class InsightsOut(BaseModel):
    insights: list[Insight]


ProposalVerdict = Literal["accepted", "revised", "rejected", "merged"]


class ProposalOutcome(BaseModel):
    cluster_id: int
    content: str
    verdict: ProposalVerdict
    confidence: float | None = None
    source_memory_ids: list[str] = Field(default_factory=list)
    insight_id: str | None = None
    reason: str | None = None


class StaleOutcome(BaseModel):
    memory_id: str
    verdict: Literal["keep", "rewrite", "retire", "unchanged"]
    content: str | None = None
    reason: str | None = None


class ReflectOut(BaseModel):
    memories_processed: int
    clusters: int
    insights: list[Insight]
    proposals: list[ProposalOutcome]
    stale: list[StaleOutcome] = Field(default_factory=list)
    llm_calls: int = 0
    took_ms: float = 0.0
    message: str | None = None


class ReflectStatus(BaseModel):
    """Whether reflection is due for a scope, and why; prime and health report it."""

    entity_id: str | None = None
    due: bool
    reason: str | None = None
    reasons: list[str] = Field(default_factory=list)
    new_episodes: int = 0
    new_importance: float = 0.0
    last_reflected_at: datetime | None = None
    stale_insights: int = 0
    llm_configured: bool = False
