"""The score recall returns is exactly S = w·(R, T, I, C), checked against stored memories.

R is the only part that comes from the model, so it is taken from the breakdown; T, I
and C are computed here from what was stored.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from hebbs_graph.models.recall import PRESETS, RecallResult
from tests.integration.conftest import Kit

SIM = [{"strategy": "similarity"}]
CASES = {  # content: (age in days, importance, access count)
    "a fresh memory about the quarterly sales kickoff": (0, 0.5, 0),
    "a month old note about renewing the office lease": (30, 0.5, 0),
    "the warehouse inventory count from two weeks ago": (15, 0.9, 7),
    "an ancient reminder to water the plants": (400, 0.2, 150),
    "tomorrow's dentist appointment at nine": (-1, 1.0, 1),
}


def expected_t(occurred_at: datetime, now: datetime) -> float:
    age = (now - occurred_at).total_seconds() / 86_400
    return max(0.0, min(1.0, 1 - age / 30))


def expected(
    relevance: float,
    occurred_at: datetime,
    now: datetime,
    importance: float,
    access_count: int,
    preset: str,
) -> float:
    w = PRESETS[preset]
    t = expected_t(occurred_at, now)
    c = min(1.0, math.log2(1 + access_count) / math.log2(101))
    return w.relevance * relevance + w.recency * t + w.importance * importance + w.reinforcement * c


async def recall_one(
    kit: Kit, memory_id: str, cue: str, preset: str, reinforce: bool = False
) -> tuple[RecallResult, datetime]:
    start = datetime.now(UTC)
    out = await kit.recall(cue=cue, strategies=SIM, preset=preset, reinforce=reinforce, top_k=10)
    now = start + (datetime.now(UTC) - start) / 2
    (hit,) = [r for r in out.results if r.memory.id == memory_id]
    return hit, now


@pytest.fixture
async def stored(kit: Kit) -> dict[str, str]:
    ids = await kit.batch(
        [
            {"content": text, "importance": imp, "occurred_at": kit.ago(age)}
            for text, (age, imp, _) in CASES.items()
        ]
    )
    for mid, (_, _, count) in zip(ids, CASES.values(), strict=True):
        await kit.raw(
            "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id SET m.access_count = $n",
            id=mid,
            n=count,
        )
    return dict(zip(CASES, ids, strict=True))


@pytest.mark.parametrize("preset", ["semantic", "default", "recent", "important"])
async def test_scores_equal_the_formula(kit: Kit, stored: dict[str, str], preset: str) -> None:
    start = datetime.now(UTC)
    out = await kit.recall(
        cue="office notes and reminders", strategies=SIM, preset=preset, reinforce=False
    )
    now = start + (datetime.now(UTC) - start) / 2
    assert {r.memory.id for r in out.results} == set(stored.values())
    for hit in out.results:
        m = hit.memory
        want = expected(
            hit.breakdown.relevance, m.occurred_at, now, m.importance, m.access_count, preset
        )
        assert hit.score == pytest.approx(want, abs=1e-6), m.content
        assert hit.breakdown.recency == pytest.approx(expected_t(m.occurred_at, now), abs=1e-6)


async def test_worked_check_080_then_060_then_back_up(kit: Kit, stored: dict[str, str]) -> None:
    fresh = "a fresh memory about the quarterly sales kickoff"
    hit, _ = await recall_one(kit, stored[fresh], fresh, "default")
    assert hit.score == pytest.approx(0.80, abs=1e-5)

    old = "a month old note about renewing the office lease"
    hit, _ = await recall_one(kit, stored[old], old, "default")
    assert hit.score == pytest.approx(0.60, abs=1e-5)
    scores = []
    for _ in range(3):  # regular recall: each reinforces, C and S climb
        hit, _ = await recall_one(kit, stored[old], old, "default", reinforce=True)
        await kit.services.recall.drain()
        scores.append(hit.score)
    assert scores == sorted(scores)
    assert scores[-1] > scores[0]
    assert scores[-1] == pytest.approx(0.60 + 0.1 * math.log2(3) / math.log2(101), abs=1e-5)
    hit, _ = await recall_one(kit, stored[old], old, "default")
    assert hit.memory.access_count == 3
    assert hit.score == pytest.approx(0.60 + 0.1 * 2 / math.log2(101), abs=1e-5)
