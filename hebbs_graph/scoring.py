"""The recall score, S = w_r·R + w_t·T + w_i·I + w_c·C, and its parts. Pure functions."""

from __future__ import annotations

import math
from datetime import datetime

from hebbs_graph.models.recall import Weights

_LOG2_101 = math.log2(101)


def recency(occurred_at: datetime, now: datetime, horizon_days: float) -> float:
    """T = max(0, 1 − age / horizon); a memory dated in the future counts as fresh."""
    age_days = (now - occurred_at).total_seconds() / 86_400
    return max(0.0, min(1.0, 1.0 - age_days / horizon_days))


def reinforcement(access_count: int) -> float:
    """C = min(1, log2(1 + n) / log2(101)): 100 recalls saturate it."""
    return min(1.0, math.log2(1 + max(0, access_count)) / _LOG2_101)


def score(
    relevance: float, recency: float, importance: float, reinforcement: float, weights: Weights
) -> float:
    return (
        weights.relevance * relevance
        + weights.recency * recency
        + weights.importance * importance
        + weights.reinforcement * reinforcement
    )


def decay(importance: float, seconds_since_access: float, access_count: int) -> float:
    """importance · 2^(−t/30 days) · (1 + log2(1 + min(n, 100)) / log2(101))."""
    half_life = 30 * 86_400
    boost = 1 + math.log2(1 + min(access_count, 100)) / _LOG2_101
    return importance * 2 ** (-max(0.0, seconds_since_access) / half_life) * boost


def rrf(rankings: list[tuple[list[str], float]], k: int) -> dict[str, float]:
    """Reciprocal rank fusion scaled to 0..1: 1.0 means first in every list.

    ``rankings`` holds (ids best first, weight) per list.
    """
    total_weight = sum(w for _, w in rankings)
    if total_weight <= 0:
        return {}
    best = total_weight / (k + 1)
    fused: dict[str, float] = {}
    for ids, weight in rankings:
        for rank, mid in enumerate(ids, start=1):
            fused[mid] = fused.get(mid, 0.0) + weight / (k + rank)
    return {mid: value / best for mid, value in fused.items()}


def insight_importance(source_importances: list[float], confidence: float) -> float:
    """clamp(0.7·mean source importance + 0.3·confidence + ln(1 + n)/10, 0, 1).

    The ln term lets an insight drawn from many observations outrank one drawn from
    a few at the same confidence.
    """
    n = len(source_importances)
    mean = sum(source_importances) / n if n else 0.0
    value = 0.7 * mean + 0.3 * confidence + math.log1p(n) / 10
    return min(1.0, max(0.0, value))
