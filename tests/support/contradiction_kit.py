"""What the contradiction tests share: two dates, the important preset, and small
helpers over the services."""

from __future__ import annotations

from datetime import UTC, datetime

from hebbs_graph.models.contradict import PendingContradiction
from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.services.container import Services

JAN = datetime(2025, 1, 15, tzinfo=UTC)
MAR = datetime(2025, 3, 15, tzinfo=UTC)
IMPORTANT = {"relevance": 0.2, "recency": 0.0, "importance": 0.8, "reinforcement": 0.0}


async def add(services: Services, tenant: str, content: str, **fields: object) -> Memory:
    return await services.memory.remember(tenant, MemoryIn(content=content, **fields))


async def pending(services: Services, tenant: str) -> list[PendingContradiction]:
    """The tenant's pending pairs once this process has run the checks it queued."""
    assert await services.contradict.drain()
    return await services.contradict.pending(tenant, limit=500)


async def edge_types(services: Services, tenant: str, memory_id: str) -> list[tuple[str, str, str]]:
    edges = await services.memory.edges(tenant, memory_id)
    return sorted((e.source_id, e.edge_type.value, e.target_id) for e in edges)


async def budget_pair(
    services: Services, tenant: str
) -> tuple[Memory, Memory, PendingContradiction]:
    old = await add(services, tenant, "Budget is $5,000 per tenant", occurred_at=JAN)
    new = await add(services, tenant, "Budget is $2,000 per tenant", occurred_at=MAR)
    found = await pending(services, tenant)
    assert len(found) == 1
    return old, new, found[0]


# -- Phase 1 ---------------------------------------------------------------------------
