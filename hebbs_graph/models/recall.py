"""Request and response models for recall."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.ids import normalize_id
from hebbs_graph.models.fields import UtcTime, finite_sum
from hebbs_graph.models.memory import EntityId, Input, Memory


class Strategy(StrEnum):
    SIMILARITY = "similarity"
    HYBRID = "hybrid"
    TEMPORAL = "temporal"
    CAUSAL = "causal"
    ANALOGICAL = "analogical"


CUE_STRATEGIES = frozenset({Strategy.SIMILARITY, Strategy.HYBRID})
SEED_OR_CUE_STRATEGIES = frozenset({Strategy.CAUSAL, Strategy.ANALOGICAL})


class Weights(Input):
    """The four weights of S = w_r·R + w_t·T + w_i·I + w_c·C."""

    relevance: float = Field(ge=0.0)
    recency: float = Field(ge=0.0)
    importance: float = Field(ge=0.0)
    reinforcement: float = Field(ge=0.0)

    @model_validator(mode="after")
    def _not_all_zero(self) -> Weights:
        try:
            total = finite_sum(self.relevance, self.recency, self.importance, self.reinforcement)
        except ValueError:
            raise ValueError("weights must add up to a finite number") from None
        if total <= 0:
            raise ValueError("weights must not all be zero")
        return self


Preset = Literal["default", "semantic", "recent", "important"]

PRESETS: dict[str, Weights] = {
    "default": Weights(relevance=0.5, recency=0.2, importance=0.2, reinforcement=0.1),
    "semantic": Weights(relevance=1.0, recency=0.0, importance=0.0, reinforcement=0.0),
    "recent": Weights(relevance=0.2, recency=0.8, importance=0.0, reinforcement=0.0),
    "important": Weights(relevance=0.3, recency=0.1, importance=0.5, reinforcement=0.1),
}


class TimeRange(Input):
    start: UtcTime | None = None
    end: UtcTime | None = None

    @model_validator(mode="after")
    def _ordered(self) -> TimeRange:
        if self.start and self.end and self.start >= self.end:
            raise ValueError("time_range.start must be before time_range.end")
        return self


class StrategySpec(Input):
    strategy: Strategy
    top_k: int | None = Field(default=None, ge=1, le=1000)
    entity_id: EntityId | None = None
    time_range: TimeRange | None = None
    order: Literal["newest", "oldest"] = "newest"
    seed_memory_id: str | None = None
    edge_types: list[EdgeType] | None = None
    direction: Literal["forward", "backward", "both"] = "both"
    max_depth: int = Field(default=5, ge=1, le=10)
    analogical_alpha: float = Field(default=0.5, ge=0.0, le=1.0)
    cross_entity: bool = False

    @field_validator("seed_memory_id")
    @classmethod
    def _seed(cls, value: str | None) -> str | None:
        return normalize_id(value, field="seed_memory_id") if value is not None else None


class RecallIn(Input):
    cue: str | None = Field(default=None, max_length=16_384)
    entity_id: EntityId | None = None
    strategies: list[StrategySpec] | None = Field(default=None, min_length=1, max_length=5)
    top_k: int = Field(default=10, ge=1, le=1000)
    weights: Weights | None = None
    preset: Preset | None = None
    include_superseded: bool = False
    include_stale: bool = False
    on_conflict: Literal["keep", "suppress", "current"] = Field(
        default="keep",
        description=(
            "What to do with conflicting memories among the candidates, before the cut to"
            " top_k. keep (default): return both sides; a confirmed contradiction marks"
            " both with conflicts_with, and a memory that may be superseded (a pending"
            " contradiction, or the heuristic classifier on two memories of one entity,"
            " with a newer other side) is ranked just below the newer and marked with"
            " may_be_superseded_by. suppress: as keep, then of a confirmed contradiction"
            " only the more confident (then newer) side. current: as suppress, and every"
            " memory that may be superseded is left out."
        ),
    )
    reinforce: bool = True

    @model_validator(mode="after")
    def _check(self) -> RecallIn:
        if self.weights is not None and self.preset is not None:
            raise ValueError("give weights or preset, not both")
        has_cue = bool(self.cue and self.cue.strip())
        for spec in self.specs():
            if spec.strategy in CUE_STRATEGIES and not has_cue:
                raise ValueError(f"cue is required for the {spec.strategy.value} strategy")
            if spec.strategy in SEED_OR_CUE_STRATEGIES and not has_cue and not spec.seed_memory_id:
                raise ValueError(
                    f"the {spec.strategy.value} strategy needs a cue or seed_memory_id"
                )
        return self

    def specs(self) -> list[StrategySpec]:
        return self.strategies or [StrategySpec(strategy=Strategy.HYBRID)]

    def effective_weights(self) -> Weights:
        return self.weights or PRESETS[self.preset or "default"]


class PathStep(BaseModel):
    memory_id: str
    edge_type: EdgeType | None = None


class ConflictNote(BaseModel):
    """How a conflict moved a result: its rank by score and its rank (1 the first)."""

    rank_by_score: int
    rank: int
    ranked_below: list[str] = Field(
        default_factory=list, description="newer memories that may supersede it, now above it"
    )
    ranked_above: list[str] = Field(
        default_factory=list, description="older memories it may supersede, now below it"
    )


class ScoreBreakdown(BaseModel):
    relevance: float
    recency: float
    importance: float
    reinforcement: float
    weights: Weights
    strategies: list[Strategy]
    path: list[PathStep] | None = None
    depth: int | None = None
    conflict: ConflictNote | None = None


class RecallResult(BaseModel):
    memory: Memory
    score: float
    breakdown: ScoreBreakdown
    conflicts_with: list[str] = Field(default_factory=list)
    may_be_superseded_by: list[str] = Field(
        default_factory=list,
        description="newer recalled memories that may supersede it (no verdict yet)",
    )
    superseded: bool = False
    stale: bool = False


class RecallOut(BaseModel):
    results: list[RecallResult]
    took_ms: float
