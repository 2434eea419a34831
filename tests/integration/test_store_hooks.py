"""The store's timing hooks (what the benchmarks use instead of patching the store):
told about every named query, inside a transaction or not, and every transaction."""

from __future__ import annotations

import pytest

from hebbs_graph.graph.store import GraphStore, Row, Tx
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings


async def test_hooks_hear_each_named_query_and_transaction(
    settings: Settings, services: Services, tenant: str
) -> None:
    store = GraphStore(settings)
    queries: list[tuple[str, float, int]] = []
    transactions: list[tuple[str, float]] = []
    store.on_query = lambda name, seconds, rows: queries.append((name, seconds, rows))
    store.on_transaction = lambda kind, seconds: transactions.append((kind, seconds))
    memory = await services.memory.remember(tenant, MemoryIn(content="The hooks are timed."))

    async def two_reads(tx: Tx) -> list[Row]:
        await tx.rows("memory/existing_ids", tenant_id=tenant, ids=[])
        return await tx.rows("memory/existing_ids", tenant_id=tenant, ids=[memory.id])

    try:
        assert await store.read_rows("memory/existing_ids", tenant_id=tenant, ids=[memory.id])
        assert await store.read(two_reads)
    finally:
        await store.close()

    assert [(name, rows) for name, _, rows in queries] == [
        ("memory/existing_ids", 1),
        ("memory/existing_ids", 0),
        ("memory/existing_ids", 1),
    ]
    assert [kind for kind, _ in transactions] == ["read"]
    assert all(seconds > 0 for _, seconds, _ in queries)
    assert transactions[0][1] >= sum(seconds for _, seconds, _ in queries[1:])


async def test_a_failed_transaction_is_still_timed(settings: Settings) -> None:
    store = GraphStore(settings)
    transactions: list[str] = []
    store.on_transaction = lambda kind, seconds: transactions.append(kind)

    async def fails(tx: Tx) -> None:
        raise ValueError("the work gave up")

    try:
        with pytest.raises(ValueError, match="gave up"):
            await store.write(fails)
    finally:
        await store.close()
    assert transactions == ["write"]


async def test_a_lone_write_query_is_one_query_and_one_write_transaction(
    settings: Settings, services: Services, tenant: str
) -> None:
    """write_rows runs its query in a write transaction of its own: the hooks hear it
    once each, and what it wrote is committed."""
    store = GraphStore(settings)
    queries: list[str] = []
    transactions: list[str] = []
    store.on_query = lambda name, seconds, rows: queries.append(name)
    store.on_transaction = lambda kind, seconds: transactions.append(kind)
    memory = await services.memory.remember(tenant, MemoryIn(content="Lone writes are timed."))
    try:
        rows = await store.write_rows(
            "recall/reinforce",
            tenant_id=tenant,
            hits=[{"id": memory.id, "n": 1}],
            now=memory.created_at,
        )
    finally:
        await store.close()
    assert rows == [{"reinforced": 1}]
    assert queries == ["recall/reinforce"]
    assert transactions == ["write"]
    assert (await services.memory.get(tenant, memory.id)).access_count == 1
