"""The LLM route's judge: one chat call per candidate pair, answered as JSON.

It needs nothing but something with ``complete(system, user, *, temperature,
max_tokens)``, the protocol of ``hebbs_graph.llm``; any provider behind it will do.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

LlmVerdict = Literal["CONTRADICTION", "REVISION", "NEUTRAL"]

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


class Completer(Protocol):
    """What the judge needs from an LLM client (hebbs_graph.llm.LLMClient fits)."""

    async def complete(
        self, system: str, user: str, *, temperature: float, max_tokens: int = 1024
    ) -> str: ...


@dataclass(frozen=True)
class Judgement:
    verdict: LlmVerdict
    confidence: float
    newer: Literal["A", "B"] | None
    reasoning: str


class UnreadableJudgement(ValueError):
    """The model's answer was not the JSON object it was asked for."""


def user_prompt(a: str, a_when: datetime, b: str, b_when: datetime) -> str:
    return (
        f"A (happened {a_when.isoformat(timespec='seconds')}):\n{a}\n\n"
        f"B (happened {b_when.isoformat(timespec='seconds')}):\n{b}"
    )


_OBJECT = re.compile(r"\{.*\}", re.S)


def parse(text: str) -> Judgement:
    """Read the model's JSON answer, tolerating code fences and chatter around it."""
    found = _OBJECT.search(text)
    if found is None:
        raise UnreadableJudgement(f"no JSON object in the answer: {text[:200]!r}")
    try:
        data = json.loads(found.group(0))
    except ValueError as exc:
        raise UnreadableJudgement(f"answer is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise UnreadableJudgement("answer is not a JSON object")
    verdict = str(data.get("verdict", "")).strip().upper()
    if verdict not in ("CONTRADICTION", "REVISION", "NEUTRAL"):
        raise UnreadableJudgement(f"unknown verdict {data.get('verdict')!r}")
    try:
        confidence = min(1.0, max(0.0, float(data.get("confidence", 0.0))))
    except (TypeError, ValueError) as exc:
        raise UnreadableJudgement(f"confidence is not a number: {exc}") from exc
    newer_raw = str(data.get("newer") or "").strip().upper()
    newer: Literal["A", "B"] | None = "A" if newer_raw == "A" else "B" if newer_raw == "B" else None
    reasoning = str(data.get("reasoning") or "")[:1000]
    return Judgement(verdict, confidence, newer, reasoning)  # type: ignore[arg-type]


async def judge(client: Completer, a: str, a_when: datetime, b: str, b_when: datetime) -> Judgement:
    """Ask the model about one pair (temperature 0.1: a classification, not a story)."""
    answer = await client.complete(
        SYSTEM_PROMPT, user_prompt(a, a_when, b, b_when), temperature=0.1, max_tokens=300
    )
    return parse(answer)
