"""Every tenant with waiting checks gets its turn in a sweep (check_sweep.py), against the
real Neo4j and model: one tenant's backlog keeps no other tenant's checks behind it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.contradict.vectors import TenantVectors
from tests.integration.test_contradiction_checks import (
    BUDGETS,
    closing,  # noqa: F401  (a fixture)
    dead_store,
    markers,
    writer,
)


async def test_a_tenants_backlog_keeps_no_other_tenants_check_behind_it(
    services: Services,
    tenant: str,
    other_tenant: str,
    closing: list[Any],  # noqa: F811
) -> None:
    """Tenant A's 30 waiting checks are older than tenant B's one; a sweep in rounds of 4
    runs B's in its first round (oldest-first across tenants ran it after all of A's)."""
    settings = services.settings.model_copy(update={"contradiction_scan_batch": 4})
    brief = settings.model_copy(update={"contradiction_check_claim_s": 0.5})
    down = ContradictionService(dead_store(brief), brief.contradiction)
    closing.append(down.store)
    backlog = [MemoryIn(content=f"Ticket {n} was triaged by the support rota") for n in range(30)]
    ids = {tenant: await writer(services, down).remember_batch(tenant, backlog)}
    ids[other_tenant] = await writer(services, down).remember_batch(other_tenant, BUDGETS[:1])
    await asyncio.sleep(0.6)  # the writer's claims expire: anyone may take them
    store = GraphStore(settings)
    closing.append(store)
    worker = ContradictionService(store, settings.contradiction)
    real = worker.queue.check
    order: list[str] = []

    async def counted(
        tenant_id: str, memory_ids: list[str], held: Sequence[TenantVectors]
    ) -> DetectionOut:
        order.extend(tenant_id for m in memory_ids if m in ids.get(tenant_id, ()))
        return await real(tenant_id, memory_ids, held)

    worker.queue.check = counted
    await worker.queue.sweep()
    assert (order.count(tenant), order.count(other_tenant)) == (30, 1)
    assert order.index(other_tenant) < 4, order
    assert await markers(services, tenant) == {}
    assert await markers(services, other_tenant) == {}
