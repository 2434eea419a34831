"""The prompts reflection hands to an LLM (the server's or the calling agent's), and the
shapes of the answers it expects back.

The agent route returns the proposal prompts as they are; the LLM route sends the
same prompts to its provider, so both routes ask the same question.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Literal, Protocol

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, field_validator

PROPOSE_TEMPERATURE = 0.3
VALIDATE_TEMPERATURE = 0.1

PROPOSAL_SYSTEM_PROMPT = """\
You consolidate an AI agent's long-term memory. You get a cluster of related \
observations (episodes) the agent remembered. Propose insights: general, durable \
conclusions that several of the observations support, such as preferences, \
priorities, recurring problems or patterns. Do not restate a single observation, \
do not speculate beyond what the observations show.

Answer with JSON only, in this shape:
{"insights": [{"content": "<one or two sentences>", "confidence": <0.0-1.0>, \
"source_memory_ids": ["<id>", ...], "tags": ["<short tag>", ...]}]}

Rules:
- source_memory_ids lists the ids (exactly as given) of the observations that support \
the insight; at least two where possible.
- confidence says how strongly the observations support it.
- At most 3 insights. If nothing general can be concluded, answer {"insights": []}."""

VALIDATE_SYSTEM_PROMPT = """\
You check one proposed insight against the observations it claims to draw on.

Answer with JSON only, in this shape:
{"verdict": "accepted" | "revised" | "rejected" | "merged", "content": "<text>", \
"confidence": <0.0-1.0>, "merge_with": <number or null>, "reason": "<short>"}

- accepted: the observations support it as written (content may repeat it).
- revised: supported once reworded; content is the corrected insight.
- rejected: not supported, speculative, or a mere restatement of one observation.
- merged: it says the same as one of the insights already accepted (listed by \
number); merge_with is that number and content the combined wording."""

STALE_SYSTEM_PROMPT = """\
An insight in an AI agent's memory was marked stale because an observation it drew \
on was revised or forgotten. Decide, using only its current observations, whether it \
still holds.

Answer with JSON only, in this shape:
{"verdict": "keep" | "rewrite" | "retire", "content": "<new text, for rewrite>", \
"confidence": <0.0-1.0>, "reason": "<short>"}

- keep: the current observations still support it as written.
- rewrite: it holds once reworded; content is the new wording.
- retire: the current observations no longer support it."""


class PromptMemory(Protocol):
    """What a prompt shows of a memory (Memory fits)."""

    @property
    def id(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def importance(self) -> float: ...
    @property
    def occurred_at(self) -> datetime: ...
    @property
    def tags(self) -> list[str]: ...


def _clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def memory_lines(memories: Sequence[PromptMemory], max_chars: int) -> str:
    lines = []
    for m in sorted(memories, key=lambda m: (m.occurred_at, m.id)):
        tags = f" | tags: {', '.join(m.tags)}" if m.tags else ""
        lines.append(
            f"- id: {m.id} | occurred: {m.occurred_at.date().isoformat()} "
            f"| importance: {m.importance:.2f}{tags}\n  {_clip(m.content, max_chars)}"
        )
    return "\n".join(lines)


def scope_line(entity_id: str | None) -> str:
    return f"Entity: {entity_id}" if entity_id else "Scope: every entity of this tenant"


def proposal_user_prompt(
    entity_id: str | None, cluster_id: int, memories: Sequence[PromptMemory], max_chars: int
) -> str:
    return (
        f"{scope_line(entity_id)}\n"
        f"Cluster {cluster_id}: {len(memories)} related observations, oldest first.\n\n"
        f"{memory_lines(memories, max_chars)}\n\n"
        "Propose insights as JSON."
    )


def validate_user_prompt(
    proposal: ProposedInsight,
    sources: Sequence[PromptMemory],
    accepted: Sequence[str],
    max_chars: int,
) -> str:
    taken = "\n".join(f"[{n}] {text}" for n, text in enumerate(accepted, start=1)) or "(none yet)"
    return (
        f"Proposed insight (confidence {proposal.confidence:.2f}):\n{proposal.content}\n\n"
        f"Observations it draws on:\n{memory_lines(sources, max_chars)}\n\n"
        f"Insights already accepted from this cluster:\n{taken}\n\n"
        "Give your verdict as JSON."
    )


def stale_user_prompt(
    content: str,
    stale_reason: str | None,
    sources: Sequence[PromptMemory],
    max_chars: int,
) -> str:
    current = memory_lines(sources, max_chars) if sources else "(none left)"
    return (
        f"Insight:\n{content}\n\n"
        f"Marked stale because: {stale_reason or 'a source changed'}\n\n"
        f"Its current observations:\n{current}\n\n"
        "Give your verdict as JSON."
    )


# -- answers ------------------------------------------------------------------------------


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


class ProposedInsight(BaseModel):
    content: str = Field(min_length=1)
    confidence: float = 0.7
    source_memory_ids: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)

    @field_validator("content")
    @classmethod
    def _content(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("content must not be blank")
        return value.strip()

    @field_validator("confidence")
    @classmethod
    def _confidence(cls, value: float) -> float:
        return _clamp(value)

    @field_validator("source_memory_ids")
    @classmethod
    def _ids(cls, value: list[str]) -> list[str]:
        return [str(v).strip().lower() for v in value]

    @field_validator("tags")
    @classmethod
    def _tags(cls, value: list[str]) -> list[str]:
        return [t.strip()[:128] for t in value if t.strip()][:16]


class ProposalAnswer(BaseModel):
    insights: list[ProposedInsight]


def _word(value: object) -> object:
    """An LLM's verdict as the model expects it: " Accepted" is "accepted"."""
    return value.strip().lower() if isinstance(value, str) else value


# What an LLM answers for a confidence, clamped to 0..1; the verdict, case-folded.
AnswerConfidence = Annotated[float, AfterValidator(_clamp)]
ValidationVerdict = Annotated[
    Literal["accepted", "revised", "rejected", "merged"], BeforeValidator(_word)
]
StaleVerdict = Annotated[Literal["keep", "rewrite", "retire"], BeforeValidator(_word)]


class ValidationAnswer(BaseModel):
    verdict: ValidationVerdict
    content: str | None = None
    confidence: AnswerConfidence | None = None
    merge_with: int | None = None
    reason: str | None = None


class StaleAnswer(BaseModel):
    verdict: StaleVerdict
    content: str | None = None
    confidence: AnswerConfidence | None = None
    reason: str | None = None


def known_sources(proposal: ProposedInsight, allowed: set[str]) -> list[str]:
    """The proposal's source ids that really are in the cluster, deduplicated, in order."""
    seen: list[str] = []
    for mid in proposal.source_memory_ids:
        if mid in allowed and mid not in seen:
            seen.append(mid)
    return seen
