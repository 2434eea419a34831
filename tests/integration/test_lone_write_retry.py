"""A lone write statement commits where it runs (decision 0033) and is tried again when
Neo4j picks it as a deadlock's victim, as execute_write would have."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings

LOCK_ONE = """
MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id
SET m.access_count = m.access_count + 1
RETURN m.access_count AS count
"""
# Locks $first, works for a while, then asks for $second.
LOCK_SLOW = """
MATCH (a:Memory {id: $first}) WHERE a.tenant_id = $tenant_id
SET a.access_count = a.access_count + 1
WITH a
CALL (a) {
  UNWIND range(1, $spin) AS i
  RETURN count(i) AS spun
}
MATCH (b:Memory {id: $second}) WHERE b.tenant_id = $tenant_id
SET b.access_count = b.access_count + 1
RETURN a.access_count AS a, b.access_count AS b, spun
"""


@pytest.fixture
def store(settings: Settings, tmp_path: Path) -> GraphStore:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "lock_one.cypher").write_text(LOCK_ONE)
    (tmp_path / "t" / "lock_slow.cypher").write_text(LOCK_SLOW)
    return GraphStore(settings, QueryRegistry(tmp_path))


async def test_a_deadlock_victim_is_tried_again_and_commits(
    store: GraphStore, services: Services, tenant: str, caplog: pytest.LogCaptureFixture
) -> None:
    one = await services.memory.remember(tenant, MemoryIn(content="The first of two."))
    two = await services.memory.remember(tenant, MemoryIn(content="The second of two."))
    holding, go = asyncio.Event(), asyncio.Event()

    async def holder(tx: Tx) -> None:
        # Holds `one`, then (once the lone write holds `two`) waits for `two`.
        await tx.rows("t/lock_one", tenant_id=tenant, id=one.id)
        holding.set()
        await go.wait()
        await tx.rows("t/lock_one", tenant_id=tenant, id=two.id)

    caplog.set_level(logging.INFO, logger="hebbs_graph.graph.store")
    try:
        held = asyncio.ensure_future(store.write(holder))
        await holding.wait()
        # Locks `two`, spins, then asks for `one`: the holder is by then waiting for
        # `two`, so this closes the cycle and Neo4j makes it the victim.
        lone = asyncio.ensure_future(
            store.write_rows(
                "t/lock_slow", tenant_id=tenant, first=two.id, second=one.id, spin=3_000_000
            )
        )
        await asyncio.sleep(0.3)
        go.set()
        rows = await asyncio.wait_for(lone, 60)
        await asyncio.wait_for(held, 60)
    finally:
        await store.close()
    assert [r["spun"] for r in rows] == [3_000_000]
    assert any("t/lock_slow tried again" in r.getMessage() for r in caplog.records)
    # Each took both locks once: the victim's first try left nothing.
    assert (await services.memory.get(tenant, one.id)).access_count == 2
    assert (await services.memory.get(tenant, two.id)).access_count == 2


async def test_show_transactions_names_each_transaction(
    store: GraphStore, services: Services, tenant: str
) -> None:
    """Every transaction carries its name as metadata (docs/operations.md): a lone
    statement its query's, a managed one its work function's."""
    one = await services.memory.remember(tenant, MemoryIn(content="Named while it runs."))
    holding, go = asyncio.Event(), asyncio.Event()

    async def holder(tx: Tx) -> None:
        await tx.rows("t/lock_one", tenant_id=tenant, id=one.id)
        holding.set()
        await go.wait()

    show = "SHOW TRANSACTIONS YIELD metaData RETURN metaData.hebbs AS what"
    try:
        held = asyncio.ensure_future(store.write(holder))
        await holding.wait()
        # Waits for `one`, held above: it is open while SHOW TRANSACTIONS looks.
        lone = asyncio.ensure_future(
            store.write_rows("t/lock_slow", tenant_id=tenant, first=one.id, second=one.id, spin=1)
        )
        for _ in range(100):
            names = {r["what"] for r in await store.run_raw(show)}
            if "t/lock_slow" in names:
                break
            await asyncio.sleep(0.05)
        go.set()
        await asyncio.wait_for(held, 30)
        await asyncio.wait_for(lone, 30)
    finally:
        await store.close()
    assert "t/lock_slow" in names
    assert (
        "tests.integration.test_lone_write_retry."
        "test_show_transactions_names_each_transaction.<locals>.holder"
    ) in names
