"""Helpers for the integration tier: a `kit` bound to the test's tenant.

Everything goes through the real services (real Neo4j, real model); raw Cypher is used
only to look at the graph or to set up states no public operation makes yet (insights,
supersession), and always only for the test's own tenant.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.services.container import Services

BASE = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def at(days: float) -> datetime:
    """A fixed point in the past, ``days`` after BASE."""
    return BASE + timedelta(days=days)


def ago(days: float) -> datetime:
    return datetime.now(UTC) - timedelta(days=days)


@dataclass
class Kit:
    services: Services
    tenant: str

    async def add(self, content: str, tenant: str | None = None, **fields: Any) -> Memory:
        item = MemoryIn(content=content, **fields)
        return await self.services.memory.remember(tenant or self.tenant, item)

    async def batch(self, items: list[dict[str, Any]], tenant: str | None = None) -> list[str]:
        memories = [MemoryIn(**item) for item in items]
        return await self.services.memory.remember_batch(tenant or self.tenant, memories)

    async def all(
        self, tenant: str | None = None, limit: int = 1000, **filters: Any
    ) -> list[Memory]:
        """Every listed memory, following the cursor to the end."""
        items: list[Memory] = []
        cursor = None
        while True:
            page = await self.services.memory.list(
                tenant or self.tenant, cursor=cursor, limit=limit, **filters
            )
            items += page.items
            if page.next_cursor is None:
                return items
            cursor = page.next_cursor

    async def recall(self, tenant: str | None = None, **request: Any) -> RecallOut:
        return await self.services.recall.recall(tenant or self.tenant, RecallIn(**request))

    async def raw(self, statement: str, **params: Any) -> list[dict[str, Any]]:
        return await self.services.store.run_raw(statement, tenant_id=self.tenant, **params)

    async def followed_by(self, ids: list[str]) -> list[tuple[str, str]]:
        """Every FOLLOWED_BY edge touching ``ids``, once each, as seen by memory.edges."""
        seen: set[tuple[str, str]] = set()
        pairs: list[tuple[str, str]] = []
        for mid in ids:
            for edge in await self.services.memory.edges(self.tenant, mid):
                pair = (edge.source_id, edge.target_id)
                if edge.edge_type == "FOLLOWED_BY" and (pair, mid) not in seen:
                    seen.add((pair, mid))
                    if mid == edge.source_id:  # count each edge from its source only
                        pairs.append(pair)
        return pairs

    async def assert_timeline(self, ordered_ids: list[str]) -> None:
        """The entity's FOLLOWED_BY edges are exactly the chain ordered_ids[0] -> ... -> [-1]."""
        edges = await self.followed_by(ordered_ids)
        expected = list(zip(ordered_ids, ordered_ids[1:], strict=False))
        assert sorted(edges) == sorted(expected), "FOLLOWED_BY chain is not the time order"

    async def make_insight(self, memory_id: str, sources: list[str]) -> None:
        """Turn a stored memory into an insight drawn from ``sources`` (reflect is not here yet)."""
        await self.raw(
            """
            MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id
            REMOVE m:Episode SET m:Insight, m.kind = 'insight', m.confidence = 0.8,
                m.source_count = size($sources), m.stale = false
            WITH m UNWIND $sources AS sid
            MATCH (s:Memory {id: sid}) WHERE s.tenant_id = $tenant_id
            CREATE (m)-[:INSIGHT_FROM {confidence: 1.0, created_at: datetime()}]->(s)
            """,
            id=memory_id,
            sources=sources,
        )


async def purge(services: Services, tenant_id: str) -> None:
    while True:
        rows = await services.store.write_rows("tenant/purge", tenant_id=tenant_id, limit=5000)
        if not rows or rows[0]["deleted"] == 0:
            return


@pytest.fixture
def kit(services: Services, tenant: str) -> Kit:
    return Kit(services, tenant)


@pytest.fixture(scope="module")
async def module_tenant(services: Services) -> AsyncIterator[str]:
    """A tenant shared by one module's tests (for expensive seeds); deleted afterwards."""
    tenant_id = f"test-{uuid.uuid4().hex[:12]}"
    yield tenant_id
    await services.recall.drain()
    await purge(services, tenant_id)
