"""Instrumentation: the store's timing hooks (seconds per named query, time in write
transactions) and embedders that record or replay their work."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from hebbs_graph.services.container import Services


@dataclass
class Meter:
    """Accumulated seconds and calls of one instrumented operation."""

    busy: float = 0.0
    calls: int = 0
    items: int = 0

    def snapshot(self) -> tuple[float, int, int]:
        return self.busy, self.calls, self.items


class TimedEmbedder:
    """The real embedder, with the time spent in ``embed`` recorded."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.meter = Meter()

    @property
    def dimension(self) -> int:
        return int(self.inner.dimension)

    @property
    def model_name(self) -> str:
        return str(self.inner.model_name)

    async def embed(self, texts: list[str]) -> list[list[float]]:
        started = time.perf_counter()
        try:
            return await self.inner.embed(texts)  # type: ignore[no-any-return]
        finally:
            self.meter.busy += time.perf_counter() - started
            self.meter.calls += 1
            self.meter.items += len(texts)


class PrecomputedEmbedder:
    """Hands back vectors computed earlier: remember_batch then measures Neo4j alone."""

    def __init__(self, dimension: int, model_name: str, table: dict[str, list[float]]) -> None:
        self.dimension = dimension
        self.model_name = model_name
        self.table = table

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return [self.table[t] for t in texts]


QUERY_METERS: dict[str, Meter] = {}


def instrument(services: Services) -> Meter:
    """Record client-side time per named query (run + fetch + decode) in QUERY_METERS
    and the time spent in write transactions (the meter returned), through the store's
    timing hooks."""
    writes = Meter()

    def on_query(name: str, seconds: float, rows: int) -> None:
        meter = QUERY_METERS.setdefault(name, Meter())
        meter.busy += seconds
        meter.calls += 1
        meter.items += rows

    def on_transaction(kind: str, seconds: float) -> None:
        if kind == "write":
            writes.busy += seconds
            writes.calls += 1

    services.store.on_query = on_query
    services.store.on_transaction = on_transaction
    return writes


def query_snapshot() -> dict[str, float]:
    return {name: m.busy for name, m in QUERY_METERS.items()}


def query_delta(before: dict[str, float], prefix: str = "memory/") -> dict[str, float]:
    """Seconds per named query since ``before`` (only names starting with ``prefix``)."""
    now = query_snapshot()
    return {
        name: round(busy - before.get(name, 0.0), 3)
        for name, busy in sorted(now.items())
        if name.startswith(prefix) and busy - before.get(name, 0.0) > 0
    }
