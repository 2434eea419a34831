"""The numpy path's neighbour pairs, classified and made into rows for Neo4j (pure).

Neo4j checks each row is still open and keeps it as a pending contradiction
(``contradict/pending_record_open``). The classifier reads a pair oldest first and
only Neo4j knows which memory is older, so a flagged row carries its verdict both
ways round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hebbs_graph.ids import new_id
from hebbs_graph.services.contradict.heuristics.classifier import Classification, classify

SNIPPET_CHARS = 200


def snippet(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= SNIPPET_CHARS else flat[: SNIPPET_CHARS - 1] + "…"


def _verdict(result: Classification) -> dict[str, Any]:
    return {"score": result.score, "signals": result.names, "suggested": result.suggested_verdict}


def flagged_rows(
    near: list[tuple[str, str, float]],
    text_of: Callable[[str], str],
    *,
    cap: float,
    floor: float,
) -> list[dict[str, Any]]:
    """Of (memory, neighbour, similarity) pairs, those the classifier scores at ``floor``
    or above read with the memory as the older, once per pair (two new memories may
    find each other), each with its verdict as ``if_older`` and, read the other way
    round, as ``if_newer``."""
    rows: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for a, b, sim in near:
        pair = (a, b) if a < b else (b, a)
        if pair in seen:
            continue
        mine, other = text_of(a), text_of(b)
        if_older = classify(mine, other, cap=cap)
        if if_older.score < floor:
            continue
        seen.add(pair)
        rows.append(
            {
                "memory_id": a,
                "other_id": b,
                "similarity": round(sim, 4),
                "pending_id": new_id(),
                "snippet_m": snippet(mine),
                "snippet_n": snippet(other),
                "if_older": _verdict(if_older),
                "if_newer": _verdict(classify(other, mine, cap=cap)),
            }
        )
    return rows
