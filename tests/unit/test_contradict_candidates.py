"""The detector's candidate pairs, as settle.candidates_of reads them from Neo4j's rows. A
memory deleted while the check read it (a forget, a purge racing the check) comes back
with no properties; such a pair is dropped instead of failing the check (it failed with a
TypeError comparing a None id, and the pending write with a MERGE on a null pair_key)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hebbs_graph.services.contradict.settle import candidates_of

T = datetime(2026, 1, 1, tzinfo=UTC)


def side(mid: str | None, day: int = 1) -> dict[str, Any]:
    when = T.replace(day=day)
    return {"id": mid, "content": f"memory {mid}", "occurred_at": when, "created_at": when}


def test_pairs_come_oldest_first_once_each() -> None:
    rows = [
        {"pair_key": "a:b", "similarity": 0.9, "memory": side("b", 2), "other": side("a", 1)},
        {"pair_key": "a:b", "similarity": 0.9, "memory": side("a", 1), "other": side("b", 2)},
    ]
    (only,) = candidates_of(rows)
    assert (only.older["id"], only.newer["id"]) == ("a", "b")


def test_a_side_deleted_while_read_drops_the_pair() -> None:
    gone = {"id": None, "content": None, "occurred_at": None, "created_at": None}
    rows: list[dict[str, Any]] = [
        {"pair_key": "a:b", "similarity": 0.9, "memory": side("a"), "other": gone},
        {"pair_key": None, "similarity": 0.9, "memory": side("c"), "other": side("d")},
        {"pair_key": "e:f", "similarity": 0.9, "older": side("e"), "newer": None},
        {"pair_key": "g:h", "similarity": 0.8, "memory": side("g", 1), "other": side("h", 3)},
    ]
    assert [c.pair_key for c in candidates_of(rows)] == ["g:h"]
