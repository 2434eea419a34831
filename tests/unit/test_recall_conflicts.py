"""Marking confirmed contradictions among recalled memories (pure: no database).

Memories loaded through the @memory fragment carry the ids they contradict, so recall
marks conflicts without the conflicts query; a memory loaded without them (None) makes
it ask Neo4j. Pending pairs (probable supersession) likewise: from the memories when
they came with them, else one read, which these tests' store answers with none."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, cast

import pytest

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.recall import RecallResult, ScoreBreakdown, Weights
from hebbs_graph.services.recall.conflicts import Conflicts
from hebbs_graph.services.records import to_memory
from hebbs_graph.settings import Settings

T0 = "2025-01-01T00:00:00Z"


class NoStore:
    asked: list[str]

    def __init__(self) -> None:
        self.asked = []

    async def read_rows(self, name: str, **params: Any) -> list[dict[str, Any]]:
        self.asked.append(name)
        if name == "recall/supersession":
            return [{"pending": [], "dismissed": []}]
        return [{"id": "a", "others": ["b"]}, {"id": "b", "others": ["a"]}]


def result(
    mid: str,
    score: float,
    contradicts: list[str] | None,
    confidence: float = 0.5,
    pending_with: list[str] | None = None,
) -> RecallResult:
    props: dict[str, Any] = {
        "id": mid,
        "kind": "episode",
        "content": f"memory {mid}",
        "content_sha256": mid,
        "importance": 0.5,
        "confidence": confidence,
        "occurred_at": T0,
        "created_at": T0,
        "updated_at": T0,
        "last_accessed_at": T0,
    }
    if contradicts is not None:
        props["contradicts"] = contradicts
    if pending_with is not None:
        props["pending_with"] = pending_with
    weights = Weights(relevance=0.5, recency=0.2, importance=0.2, reinforcement=0.1)
    return RecallResult(
        memory=to_memory(props),
        score=score,
        breakdown=ScoreBreakdown(
            relevance=score,
            recency=1.0,
            importance=0.5,
            reinforcement=0.0,
            weights=weights,
            strategies=["similarity"],
        ),
    )


def service() -> tuple[Conflicts, NoStore]:
    store = NoStore()
    settings = Settings()
    return Conflicts(cast(GraphStore, store), settings.recall, settings.contradiction), store


def test_conflicts_come_from_the_memories_without_a_query() -> None:
    recall, store = service()
    ranked = [
        result("a", 0.9, ["b", "elsewhere"]),  # "elsewhere" was not recalled
        result("b", 0.8, ["a"]),
        result("c", 0.7, []),
    ]
    out = asyncio.run(recall.apply("t", ranked, "keep"))
    assert [(r.memory.id, r.conflicts_with) for r in out] == [("a", ["b"]), ("b", ["a"]), ("c", [])]
    assert store.asked == ["recall/supersession"]


def test_suppress_keeps_the_more_confident_side() -> None:
    recall, store = service()
    ranked = [result("a", 0.9, ["b"], confidence=0.4), result("b", 0.8, ["a"], confidence=0.9)]
    out = asyncio.run(recall.apply("t", ranked, "suppress"))
    assert [r.memory.id for r in out] == ["b"]
    assert store.asked == ["recall/supersession"]


def test_pending_pairs_come_from_the_memories_without_a_query() -> None:
    recall, store = service()
    later = "2025-02-01T00:00:00Z"
    ranked = [result("a", 0.9, [], pending_with=["b"]), result("b", 0.8, [], pending_with=["a"])]
    ranked[1].memory.occurred_at = datetime.fromisoformat(later)
    out = asyncio.run(recall.apply("t", ranked, "keep"))
    assert store.asked == []
    assert [r.memory.id for r in out] == ["b", "a"]  # the newer side first
    assert out[1].may_be_superseded_by == ["b"]


@pytest.mark.parametrize("unknown", ["a", "c"])
def test_a_memory_loaded_without_its_conflicts_makes_recall_ask(unknown: str) -> None:
    recall, store = service()
    ranked = [
        result("a", 0.9, None if unknown == "a" else ["b"]),
        result("b", 0.8, ["a"]),
        result("c", 0.7, None if unknown == "c" else []),
    ]
    out = asyncio.run(recall.apply("t", ranked, "keep"))
    assert sorted(store.asked) == ["recall/conflicts", "recall/supersession"]
    assert [(r.memory.id, r.conflicts_with) for r in out] == [("a", ["b"]), ("b", ["a"]), ("c", [])]


def test_contradicts_is_never_serialised() -> None:
    memory = result("a", 0.9, ["b"]).memory
    assert memory.contradicts == ["b"]
    assert "contradicts" not in memory.model_dump()
    assert "contradicts" not in memory.model_dump_json()


@pytest.mark.parametrize("slots", [True, False])
def test_two_wordings_of_a_changed_fact_put_the_newer_first(slots: bool) -> None:
    settings = Settings().model_copy(update={"recall_supersession_slots": slots})
    recall = Conflicts(cast(GraphStore, NoStore()), settings.recall, settings.contradiction)
    ranked = [result("a", 0.9, [], pending_with=[]), result("b", 0.8, [], pending_with=[])]
    ranked[0].memory.content = "The CEO of Acme is Ann."
    ranked[1].memory.content = "Bo is the CEO of Acme."
    ranked[1].memory.occurred_at = datetime.fromisoformat("2025-02-01T00:00:00Z")
    out = asyncio.run(recall.apply("t", ranked, "keep"))
    assert [r.memory.id for r in out] == (["b", "a"] if slots else ["a", "b"])
    assert out[-1].may_be_superseded_by == (["b"] if slots else [])
