"""Request and response models for contradictions: prepare, commit, scan."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from hebbs_graph.models.fields import MemoryId, UtcTime
from hebbs_graph.models.memory import EntityId, Input, MemoryKind

VerdictKind = Literal["contradiction", "revision", "dismiss"]
SuggestedVerdict = Literal["contradiction", "revision"]
ClassifierMethod = Literal["heuristic", "llm"]

VERDICT_GUIDE = (
    "For each pending pair, read both snippets and decide: 'contradiction' when both "
    "cannot be true at once (a CONTRADICTS edge is written both ways and recall marks "
    "each side with conflicts_with); 'revision' when one states an update of the other "
    "(the newer gets a REVISED_FROM edge to the older, and the older is left out of "
    "recall; by default the memory that occurred later is the newer, or name it with "
    "newer_memory_id); 'dismiss' when they do not really conflict (the pair is not "
    "raised again unless one of them is revised). Commit all verdicts in one call."
)


class PendingMemory(BaseModel):
    """One side of a pending pair, as much as an agent needs to judge it."""

    entity_id: str | None = None
    kind: MemoryKind
    occurred_at: datetime
    importance: float


class PendingContradiction(BaseModel):
    """A flagged pair of memories waiting for a verdict (memory_id_a is the older)."""

    pending_id: str
    memory_id_a: str
    memory_id_b: str
    content_a_snippet: str
    content_b_snippet: str
    classifier_score: float
    classifier_method: ClassifierMethod
    similarity: float
    suggested_verdict: SuggestedVerdict
    signals: list[str] = Field(default_factory=list)
    reasoning: str | None = None
    created_at: datetime
    memory_a: PendingMemory | None = None
    memory_b: PendingMemory | None = None


# The longest a review waits for the contradiction checks running in its scope.
MAX_CHECKS_WAIT_S = 30.0
CHECKS_WAIT_DESCRIPTION = (
    "Wait up to this many seconds for the contradiction checks now running in scope (of "
    "memories just stored, which are checked right after their answer) before answering, "
    "so their pairs are in it; 0 answers at once. Default: the server's "
    "contradiction_prepare_wait_s (2 s)."
)


def checks_wait_field() -> Any:
    """The request field of every review that lists pending pairs (prepare, prime)."""
    return Field(default=None, ge=0.0, le=MAX_CHECKS_WAIT_S, description=CHECKS_WAIT_DESCRIPTION)


WAITED_MS_DESCRIPTION = "How long this answer waited for running contradiction checks."
TIMED_OUT_DESCRIPTION = (
    "True when the wait ended at its bound with checks still running: their pairs may "
    "appear later (ask again)."
)


class ChecksWaited(BaseModel):
    """How a review's wait for the running contradiction checks of its scope ended."""

    checks_waited_ms: float = Field(default=0.0, description=WAITED_MS_DESCRIPTION)
    checks_wait_timed_out: bool = Field(default=False, description=TIMED_OUT_DESCRIPTION)


class PrepareIn(Input):
    entity_id: EntityId | None = None
    limit: int = Field(default=50, ge=1, le=500)
    cursor: str | None = Field(default=None, description="next_cursor of the previous call.")
    wait_for_checks_s: float | None = checks_wait_field()


class PrepareOut(BaseModel):
    pending: list[PendingContradiction]
    total: int = Field(description="Pending pairs in scope, including those past the limit.")
    next_cursor: str | None = Field(
        default=None, description="Pass back as cursor for the next page; null on the last."
    )
    checks_pending: int = Field(
        default=0,
        description="Memories in scope whose contradiction check has not completed (still "
        "running when the wait ended, a failed check waiting for its retry, or one whose "
        "worker stopped): more pairs may appear.",
    )
    checks_waited_ms: float = Field(default=0.0, description=WAITED_MS_DESCRIPTION)
    checks_wait_timed_out: bool = Field(default=False, description=TIMED_OUT_DESCRIPTION)
    instructions: str = VERDICT_GUIDE


class VerdictIn(Input):
    pending_id: MemoryId
    verdict: VerdictKind
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    reasoning: str | None = Field(default=None, max_length=4000)
    newer_memory_id: MemoryId | None = Field(
        default=None, description="For 'revision': which side is the newer (default: by date)."
    )


class CommitIn(Input):
    # Empty is a no-op, as a reflect commit with no insights is: an agent that found
    # nothing pending can commit what it judged without a special case.
    verdicts: list[VerdictIn] = Field(max_length=1000)

    @model_validator(mode="after")
    def _unique(self) -> CommitIn:
        seen: set[str] = set()
        for i, v in enumerate(self.verdicts):
            if v.pending_id in seen:
                raise ValueError(f"verdicts[{i}].pending_id {v.pending_id} appears twice")
            if v.newer_memory_id is not None and v.verdict != "revision":
                raise ValueError(f"verdicts[{i}].newer_memory_id only goes with 'revision'")
            seen.add(v.pending_id)
        return self


class CommitOut(BaseModel):
    contradictions_confirmed: int
    revisions_created: int
    dismissed: int


class ScanIn(Input):
    entity_id: EntityId | None = None
    since: UtcTime | None = Field(default=None, description="Only memories that occurred since.")
    cursor: str | None = Field(default=None, description="next_cursor of the previous call.")
    limit: int | None = Field(
        default=None, ge=1, le=100_000, description="Memories to visit in this call (all if unset)."
    )


class DetectionOut(BaseModel):
    """What one detection pass did."""

    checked: int = Field(default=0, description="Memories checked against their neighbours.")
    candidates: int = Field(
        default=0, description="Open neighbour pairs the heuristic flagged (score >= min)."
    )
    pending_created: int = 0
    contradictions_created: int = 0
    revisions_created: int = 0
    llm_calls: int = 0

    def add(self, part: DetectionOut) -> None:
        """Add another pass's counts to these."""
        for name in DetectionOut.model_fields:
            setattr(self, name, getattr(self, name) + getattr(part, name))


class ScanOut(DetectionOut):
    total: int = Field(description="Memories the whole scan covers (for progress).")
    waiting_checked: int = Field(
        default=0,
        description="Memories whose check was waiting (failed, or not run yet) that the "
        "scan checked first; their pairs are counted with the rest.",
    )
    next_cursor: str | None = None
    took_ms: float
