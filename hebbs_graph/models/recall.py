"""Request and response models for recall."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.fields import UtcTime, finite_sum
from hebbs_graph.models.memory import EntityId, Input, Memory


class Strategy(StrEnum):
    """The built-in strategies' names (services/recall/strategies/ holds every one)."""

    SIMILARITY = "similarity"
    HYBRID = "hybrid"
    TEMPORAL = "temporal"
    CAUSAL = "causal"
    ANALOGICAL = "analogical"


DEFAULT_STRATEGY = Strategy.HYBRID.value

View = Literal["full", "compact"]
VIEW_DESCRIPTION = (
    "full (default): every field and the score breakdown. compact: per memory only id,"
    " content, score, kind, occurred_at, and entity_id, conflicts_with,"
    " may_be_superseded_by when they apply; nothing null, no hashes."
)


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


class SpecBase(Input):
    """What every recall strategy's spec has: its name, its own cap and entity. Each
    strategy's module (services/recall/strategies/) subclasses it with ``strategy`` as a
    literal and its own fields; together they make the discriminated union the server
    checks requests against."""

    strategy: str
    top_k: int | None = Field(default=None, ge=1, le=1000)
    entity_id: EntityId | None = None

    # Whether the strategy uses the cue's embedding (the service embeds the cue once for
    # all that do).
    searches_by_meaning: ClassVar[bool] = True

    def cue_problem(self, has_cue: bool) -> str | None:
        """Why this spec cannot run with (or without) the request's cue, if it cannot."""
        return None


class StrategySpec(SpecBase):
    """A strategy as the wire carries it, for callers without the server (the client):
    the name and the common fields are checked here; the strategy's own fields are kept
    as given and checked by the server against that strategy's model."""

    model_config = ConfigDict(extra="allow")

    strategy: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")


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
    view: View = Field(default="full", description=VIEW_DESCRIPTION)

    @model_validator(mode="after")
    def _check(self) -> RecallIn:
        if self.weights is not None and self.preset is not None:
            raise ValueError("give weights or preset, not both")
        has_cue = bool(self.cue and self.cue.strip())
        if not self.strategies and not has_cue:
            raise ValueError(f"cue is required for the {DEFAULT_STRATEGY} strategy (the default)")
        for spec in self.specs():
            problem = spec.cue_problem(has_cue)
            if problem:
                raise ValueError(problem)
        return self

    def specs(self) -> list[SpecBase]:
        """The strategies to run; without any, the default (hybrid)."""
        if self.strategies:
            return list(self.strategies)
        return [StrategySpec(strategy=DEFAULT_STRATEGY)]

    def effective_weights(self) -> Weights:
        return self.weights or PRESETS[self.preset or "default"]


class PathStep(BaseModel):
    memory_id: str
    edge_type: EdgeType | None = None


class ConflictNote(BaseModel):
    """How a conflict moved a result: its rank by its own score and its rank (1 the
    first). A newer memory moved above an older one it may supersede takes that one's
    score, so the list is in score order; ``score_before`` is then the score its own
    parts gave it."""

    rank_by_score: int = Field(description="Its rank by the score its own parts gave it.")
    rank: int
    ranked_below: list[str] = Field(
        default_factory=list, description="newer memories that may supersede it, now above it"
    )
    ranked_above: list[str] = Field(
        default_factory=list, description="older memories it may supersede, now below it"
    )
    score_before: float | None = Field(
        default=None,
        description="Its score before it was moved above an older memory it may "
        "supersede (its score is now that memory's); null when its score did not change.",
    )


class Contributor(BaseModel):
    """Something beyond a result's own match with the cue that moved it."""

    kind: Literal["neighbour", "insight_source", "cue_date", "conflict", "current_state"] = Field(
        description="neighbour: a FOLLOWED_BY timeline neighbour that matched lent it a "
        "share of its score (recall_neighbour_share); insight_source: the best of the "
        "episodes this insight was drawn from lifted it (recall_insight_share); cue_date: "
        "it occurred in a period the cue names (recall_time_boost); conflict: a memory it "
        "contradicts or that may supersede it (or it them), or that answers the cue alike "
        "at another time (breakdown.conflict says how the order moved); current_state: "
        "the cue asks what is true now, so its recency is its place among the candidates' "
        "times (recall_current_recency), not its age."
    )
    memory_id: str | None = Field(default=None, description="The memory it came from.")
    amount: float | None = Field(
        default=None,
        description="What it added to relevance, on relevance's scale (before the clip "
        "to 1); none for a conflict.",
    )
    detail: str | None = Field(default=None, description="The period named, or the conflict.")


class ScoreBreakdown(BaseModel):
    relevance: float
    recency: float
    importance: float
    reinforcement: float
    weights: Weights
    strategies: list[str]
    path: list[PathStep] | None = None
    depth: int | None = None
    conflict: ConflictNote | None = None
    contributors: list[Contributor] = Field(
        default_factory=list,
        description="What contributed beyond the result's own relevance; empty when nothing did.",
    )


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
