"""Deleting a test's own tenant afterwards (every node it owns, in batches)."""

from __future__ import annotations

from hebbs_graph.services.container import Services

BATCH = 5000


async def purge_tenant(services: Services, tenant_id: str) -> int:
    """Delete everything ``tenant_id`` owns; the number of nodes deleted."""
    deleted = 0
    while True:
        rows = await services.store.write_rows("tenant/purge", tenant_id=tenant_id, limit=BATCH)
        batch = int(rows[0]["deleted"]) if rows else 0
        if batch == 0:
            return deleted
        deleted += batch
