"""Merging and scoring recall candidates (pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hebbs_graph.models.recall import Weights
from hebbs_graph.services.recall.ranking import Span, merge, scored
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.records import to_memory

DAY0 = datetime(2024, 1, 1, tzinfo=UTC)
WEIGHTS = Weights(relevance=0.5, recency=0.2, importance=0.2, reinforcement=0.1)


def candidate(
    mid: str, day: int, relevance: float, text: str = "same words", **more: Any
) -> Candidate:
    when = (DAY0 + timedelta(days=day)).isoformat()
    props: dict[str, Any] = {
        "id": mid,
        "kind": "episode",
        "content": text,
        "content_sha256": f"sha-{text}",
        "importance": 0.5,
        "occurred_at": when,
        "created_at": when,
        "updated_at": when,
        "last_accessed_at": when,
        **more,
    }
    return Candidate(to_memory(props), relevance, {"hybrid"})


def test_of_two_copies_of_one_text_the_better_match_stays() -> None:
    kept = merge([[candidate("old", 1, 0.9), candidate("new", 9, 0.8)]])
    assert [c.memory.id for c in kept] == ["old"]


def test_of_two_copies_as_good_the_later_stays() -> None:
    kept = merge([[candidate("old", 1, 0.8), candidate("new", 9, 0.8)]])
    assert [c.memory.id for c in kept] == ["new"]
    # A copy said again (restated) is as late as its restatement.
    again = candidate("old", 1, 0.8, restated_at=(DAY0 + timedelta(days=20)).isoformat())
    assert [c.memory.id for c in merge([[again, candidate("new", 9, 0.8)]])] == ["old"]


def test_a_span_gives_old_memories_recency_by_their_place_in_it() -> None:
    now = DAY0 + timedelta(days=400)  # both far past the 30-day horizon: T = 0 by age
    span = Span(DAY0, DAY0 + timedelta(days=100), 0.1)
    early = scored(candidate("a", 0, 0.5, "a"), WEIGHTS, now, 30.0, span)
    late = scored(candidate("b", 100, 0.5, "b"), WEIGHTS, now, 30.0, span)
    assert early.breakdown.recency == 0.0
    assert late.breakdown.recency == 0.1
    assert late.score > early.score
    assert [c.kind for c in late.breakdown.contributors] == ["current_state"]
    plain = scored(candidate("b", 100, 0.5, "b"), WEIGHTS, now, 30.0)
    assert plain.breakdown.recency == 0.0
