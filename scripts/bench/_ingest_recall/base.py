"""The ingest / recall benchmark's clock, percentiles, strategies and the query texts its
recall breakdown runs beside the registered ones."""

from __future__ import annotations

import sys
import time

from common import pct as _pct

from hebbs_graph.models.recall import Strategy

STARTED = time.perf_counter()
STRATEGIES = [Strategy.SIMILARITY, Strategy.HYBRID, Strategy.TEMPORAL]
RETURN_FULL = "RETURN m {.*, embedding: null} AS memory"
# The exact answer a similarity recall of a tenant is checked against, and what it costs.
EXACT_TENANT = (
    "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id AND m.embedding IS NOT NULL "
    "WITH m, vector.similarity.cosine(m.embedding, $vector) AS score "
    "ORDER BY score DESC LIMIT 10 RETURN m.id AS id, score"
)
RETURN_SHAPES = {
    "ids only": "RETURN m.id AS id",
    "datetimes as epochMillis": (
        "RETURN m {.*, embedding: null, occurred_at: m.occurred_at.epochMillis, "
        "created_at: m.created_at.epochMillis, updated_at: m.updated_at.epochMillis, "
        "last_accessed_at: m.last_accessed_at.epochMillis} AS memory"
    ),
}


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


def pct(values: list[float]) -> dict[str, float]:
    """p50 / p95 / p99 / mean / min / max in milliseconds of a list of seconds."""
    return _pct(values, mean=True, extremes=True)
