"""Frames of ``/v1/subscribe``: streaming associative recall over a WebSocket.

Client to server: one ``SubscribeIn`` first (the scope), then ``TextIn`` frames, one
line of the conversation each. Server to client: ``Subscribed`` once, then ``MemoryPush``
for each memory whose score crosses the threshold (each memory at most once per
subscription), ``Recalled`` after each recall, and ``ErrorFrame`` for a bad frame (the
subscription stays up).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from hebbs_graph.models.memory import EntityId, Input, Memory
from hebbs_graph.models.recall import (
    Preset,
    RecallIn,
    ScoreBreakdown,
    Strategy,
    StrategySpec,
    Weights,
)

# The cue a scope is checked with: a subscription's cue is its window, never empty.
_PROBE_CUE = "probe"


class SubscribeIn(Input):
    """The scope of a subscription: what to recall on the conversation's window, and
    which results are worth a push (``score >= threshold``)."""

    type: Literal["subscribe"] = "subscribe"
    entity_id: EntityId | None = None
    strategies: list[StrategySpec] | None = Field(default=None, min_length=1, max_length=5)
    weights: Weights | None = None
    preset: Preset | None = None
    include_superseded: bool = False
    include_stale: bool = False
    on_conflict: Literal["keep", "suppress", "current"] = "keep"
    threshold: float = Field(
        default=0.3,
        ge=0.0,
        description="push a result whose score is at least this (with the default "
        "similarity strategy and semantic preset, the score is the cosine similarity of "
        "the memory and the window; hybrid scales its best candidate to relevance 1, so "
        "there a threshold says less)",
    )
    top_k: int = Field(default=5, ge=1, le=50)
    max_recalls_per_s: float | None = Field(
        default=None, gt=0.0, description="at most this many recalls a second (capped)"
    )
    api_key: str | None = Field(
        default=None,
        max_length=512,
        description="for browsers, which cannot set Authorization on a WebSocket",
    )

    @model_validator(mode="after")
    def _recallable(self) -> SubscribeIn:
        self.recall_in(_PROBE_CUE)  # the same checks recall makes (weights xor preset, ...)
        return self

    def recall_in(self, cue: str) -> RecallIn:
        """The recall this scope makes on a window of text; never reinforcing (these
        are not the agent's own asks)."""
        weights = self.weights
        preset = self.preset
        if self.strategies is None and weights is None and preset is None:
            preset = "semantic"
        return RecallIn(
            cue=cue,
            entity_id=self.entity_id,
            strategies=self.strategies or [StrategySpec(strategy=Strategy.SIMILARITY)],
            top_k=self.top_k,
            weights=weights,
            preset=preset,
            include_superseded=self.include_superseded,
            include_stale=self.include_stale,
            on_conflict=self.on_conflict,
            reinforce=False,
        )


class TextIn(Input):
    """One line of the conversation."""

    type: Literal["text"] = "text"
    text: str = Field(min_length=1)


class Subscribed(BaseModel):
    type: Literal["subscribed"] = "subscribed"
    threshold: float
    top_k: int
    max_recalls_per_s: float
    debounce_ms: int
    window_lines: int
    window_chars: int
    max_frame_bytes: int = Field(
        description="a larger frame gets an error frame (and is not a line of the window)"
    )


class MemoryPush(BaseModel):
    type: Literal["memory"] = "memory"
    memory: Memory
    score: float
    breakdown: ScoreBreakdown
    after_text: int = Field(description="index (0-based) of the line the recall followed")


class Recalled(BaseModel):
    """A recall ran on the window ending at line ``after_text``."""

    type: Literal["recalled"] = "recalled"
    after_text: int
    pushed: int
    took_ms: float


class FrameError(BaseModel):
    code: str
    message: str
    details: Any = None


class ErrorFrame(BaseModel):
    type: Literal["error"] = "error"
    error: FrameError


Push = Subscribed | MemoryPush | Recalled | ErrorFrame


def error_frame(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return ErrorFrame(error=FrameError(code=code, message=message, details=details)).model_dump(
        mode="json"
    )
