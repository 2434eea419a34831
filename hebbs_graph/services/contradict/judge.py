"""The LLM route's judge: one chat call per candidate pair, answered as JSON.

It needs only an ``LLMClient`` (``hebbs_graph.llm``); whichever provider is behind it,
retries and time-outs are the client's business, and a failure is an ``LLMError``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from hebbs_graph.llm import LLMClient, parse_json

SYSTEM_PROMPT = """\
You check an AI agent's long-term memory for conflicts. You get two stored statements,
A and B, with the time each one happened. Decide:
- CONTRADICTION: both cannot be true at the same time, and neither reads as an update.
- REVISION: one states a later change or correction of the other (e.g. "used to",
  "now", "moved to", a newer value for the same thing); say which one is the newer.
- NEUTRAL: they are consistent, say the same thing, or are about different things.
Answer with one JSON object and nothing else:
{"verdict": "CONTRADICTION" | "REVISION" | "NEUTRAL", "confidence": 0.0-1.0,
 "newer": "A" | "B" | null, "reasoning": "one short sentence"}"""

TEMPERATURE = 0.1  # a classification, not a story
MAX_TOKENS = 300


class Judgement(BaseModel):
    verdict: Literal["CONTRADICTION", "REVISION", "NEUTRAL"]
    confidence: float = Field(ge=0.0, le=1.0)
    newer: Literal["A", "B"] | None = None
    reasoning: str = ""

    @field_validator("verdict", "newer", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) and value.strip() else value

    @field_validator("newer", mode="before")
    @classmethod
    def _blank_newer(cls, value: object) -> object:
        return None if value in ("", "NULL", "NONE") else value

    @field_validator("reasoning", mode="before")
    @classmethod
    def _short(cls, value: object) -> object:
        return str(value or "")[:1000]


def user_prompt(a: str, a_when: datetime, b: str, b_when: datetime) -> str:
    return (
        f"A (happened {a_when.isoformat(timespec='seconds')}):\n{a}\n\n"
        f"B (happened {b_when.isoformat(timespec='seconds')}):\n{b}"
    )


async def judge(client: LLMClient, a: str, a_when: datetime, b: str, b_when: datetime) -> Judgement:
    """Ask the model about one pair; LLMError (or LLMBadOutput) when no usable answer came."""
    answer = await client.complete(
        SYSTEM_PROMPT,
        user_prompt(a, a_when, b, b_when),
        temperature=TEMPERATURE,
        max_tokens=MAX_TOKENS,
    )
    return parse_json(answer, Judgement)
