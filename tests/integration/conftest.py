"""Helpers for the integration tier: a `kit` bound to the test's tenant.

Everything goes through the real services (real Neo4j, real model); raw Cypher is used
only to look at the graph or to set up states no public operation makes yet (insights,
supersession), and always only for the test's own tenant.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.services.container import Services
from tests.support.tenants import purge_tenant

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

    at = staticmethod(at)
    ago = staticmethod(ago)

    async def add(self, content: str, tenant: str | None = None, **fields: Any) -> Memory:
        """remember; returns once its contradiction check has run too (what a test reads
        next is settled)."""
        item = MemoryIn(content=content, **fields)
        memory = await self.services.memory.remember(tenant or self.tenant, item)
        assert await self.services.contradict.drain()
        return memory

    async def batch(self, items: list[dict[str, Any]], tenant: str | None = None) -> list[str]:
        """remember_batch, then wait for its contradiction checks, as ``add``."""
        memories = [MemoryIn(**item) for item in items]
        ids = await self.services.memory.remember_batch(tenant or self.tenant, memories)
        assert await self.services.contradict.drain()
        return ids

    async def all(
        self, tenant: str | None = None, limit: int = 1000, **filters: Any
    ) -> list[Memory]:
        """Every listed memory, following the cursor to the end."""
        items: list[Memory] = []
        cursor = None
        while True:
            page = await self.services.memory.list_memories(
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
        """Every FOLLOWED_BY edge touching ``ids`` (parallel duplicates kept), via memory.edges."""
        pairs: list[tuple[str, str]] = []
        for mid in ids:
            for edge in await self.services.memory.edges(self.tenant, mid):
                own = edge.source_id == mid or edge.source_id not in ids
                if edge.edge_type == "FOLLOWED_BY" and own:
                    pairs.append((edge.source_id, edge.target_id))
        return pairs

    async def assert_timeline(self, ordered_ids: list[str]) -> None:
        """The entity's FOLLOWED_BY edges are exactly the chain ordered_ids[0] -> ... -> [-1]."""
        edges = await self.followed_by(ordered_ids)
        expected = list(itertools.pairwise(ordered_ids))
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


@pytest.fixture
def kit(services: Services, tenant: str) -> Kit:
    return Kit(services, tenant)


@pytest.fixture(scope="module")
async def module_tenant(services: Services) -> AsyncIterator[str]:
    """A tenant shared by one module's tests (for expensive seeds); deleted afterwards."""
    tenant_id = f"test-{uuid.uuid4().hex[:12]}"
    yield tenant_id
    await services.recall.drain()
    await purge_tenant(services, tenant_id)


@pytest.fixture(scope="module")
def module_kit(services: Services, module_tenant: str) -> Kit:
    return Kit(services, module_tenant)
