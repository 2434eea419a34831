"""Tombstone retention (decision 0027): the sweep deletes a forget's tombstones once
they are older than the retention, and only those."""

from __future__ import annotations

from datetime import UTC, datetime

from hebbs_graph.models.memory import ForgetIn, MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.memory.retention import TombstoneRetention

# Far in the past, so the sweep's cutoff reaches no other test's tombstones.
LONG_AGO = datetime(1990, 1, 1, tzinfo=UTC)


async def test_old_tombstones_go_and_recent_ones_stay(services: Services, tenant: str) -> None:
    ids = [
        (await services.memory.remember(tenant, MemoryIn(content=f"note {n}", entity_id="acme"))).id
        for n in range(3)
    ]
    out = await services.memory.forget(tenant, ForgetIn(memory_ids=ids))
    assert out.forgotten == 3
    await services.store.run_raw(
        "MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id AND t.memory_id IN $old "
        "SET t.forgotten_at = $at",
        tenant_id=tenant,
        old=ids[:2],
        at=LONG_AGO,
    )
    retention = TombstoneRetention(services.store, 30.0, 3600.0, batch=1)
    gone = await retention.expire(now=datetime(1990, 3, 1, tzinfo=UTC))
    assert gone == {tenant: 2}  # in batches of one, then nothing is left
    left = await services.store.run_raw(
        "MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id RETURN t.memory_id AS id",
        tenant_id=tenant,
    )
    assert [r["id"] for r in left] == [ids[2]]
    assert await retention.expire(now=datetime(1990, 3, 1, tzinfo=UTC)) == {}


def test_the_default_keeps_tombstones_thirty_days() -> None:
    from hebbs_graph.settings import Settings

    settings = Settings()
    assert settings.tombstone_retention_days == 30.0
    assert settings.tombstone_sweep_s == 3600.0
