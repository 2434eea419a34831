"""Verdicts as edges: CONTRADICTS both ways, or REVISED_FROM with the older superseded.

Shared by both routes that confirm a pair: the agent's commit (services/contradict/service.py)
and the LLM's confident verdicts at write time (services/contradict/detect.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.store import Tx


def edge_row(
    a: str, b: str, confidence: float, reasoning: str | None, method: str
) -> dict[str, Any]:
    return {
        "memory_id_a": a,
        "memory_id_b": b,
        "confidence": confidence,
        "reasoning": reasoning,
        "method": method,
    }


def revision_row(
    newer: str, older: str, confidence: float, reasoning: str | None, method: str
) -> dict[str, Any]:
    return {
        "newer_id": newer,
        "older_id": older,
        "confidence": confidence,
        "reasoning": reasoning,
        "method": method,
    }


async def write_edges(
    tx: Tx,
    tenant_id: str,
    contradictions: list[dict[str, Any]],
    revisions: list[dict[str, Any]],
    now: datetime,
) -> None:
    """CONTRADICTS both ways; REVISED_FROM newer -> older with the older superseded."""
    if contradictions:
        await tx.rows(
            "contradict/confirm",
            tenant_id=tenant_id,
            rows=contradictions,
            edge_type=EdgeType.CONTRADICTS.value,
            now=now,
        )
    if revisions:
        await tx.rows(
            "contradict/supersede",
            tenant_id=tenant_id,
            rows=revisions,
            edge_type=EdgeType.REVISED_FROM.value,
            now=now,
        )
