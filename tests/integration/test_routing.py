"""The routing driver (neo4j://), as a Neo4j cluster or Aura is reached: reads go out as
read transactions the router may send to a secondary, writes to the primary. Here the
router is the single local server, which answers its own routing table."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.settings import Settings
from tests.support.tenants import purge_tenant


@pytest.fixture
async def routed(settings: Settings, embedder: Embedder) -> AsyncIterator[Services]:
    host = settings.effective_neo4j_uri.split("://", 1)[1]
    opened = await open_services(
        settings.model_copy(update={"neo4j_uri": f"neo4j://{host}"}), embedder=embedder
    )
    yield opened
    await opened.close()


async def test_remember_and_recall_through_the_routing_driver(routed: Services) -> None:
    tenant = f"test-{uuid.uuid4().hex[:12]}"
    try:
        stored = await routed.memory.remember(
            tenant, MemoryIn(content="The kiln cracked a glaze at 1,240 degrees", entity_id="k")
        )
        found = await routed.recall.recall(
            tenant, RecallIn(cue="kiln glaze", entity_id="k", reinforce=False)
        )
        assert [r.memory.id for r in found.results] == [stored.id]
    finally:
        await routed.recall.drain()
        await purge_tenant(routed, tenant)
