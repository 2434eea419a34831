"""Reinforcement after recall is written in groups (services/recall/reinforce.py): what
concurrent recalls return is counted once per recall, whatever group it lands in."""

from __future__ import annotations

import asyncio

from tests.integration.conftest import Kit


async def test_concurrent_recalls_count_each_time_a_memory_is_returned(kit: Kit) -> None:
    first = await kit.add("The staging cluster runs on three nodes in Frankfurt")
    second = await kit.add("The billing service retries failed invoices twice")
    similarity = [{"strategy": "similarity"}]
    outs = await asyncio.gather(
        *(kit.recall(cue="staging cluster nodes", strategies=similarity) for _ in range(5))
    )
    assert all(out.results for out in outs)
    await kit.services.recall.drain()
    returned: dict[str, int] = {}
    for out in outs:
        for r in out.results:
            returned[r.memory.id] = returned.get(r.memory.id, 0) + 1
    for memory in (first, second):
        stored = await kit.services.memory.get(kit.tenant, memory.id)
        assert stored.access_count == returned.get(memory.id, 0)
        if returned.get(memory.id):
            assert stored.last_accessed_at > memory.last_accessed_at


async def test_ids_waiting_together_are_one_write_with_their_counts(kit: Kit) -> None:
    a = await kit.add("Ana prefers green tea in the morning")
    b = await kit.add("Bo reviews pull requests on Fridays")
    recall = kit.services.recall
    writes: list[str] = []
    hook = recall.store.on_transaction
    recall.store.on_transaction = lambda kind, seconds: writes.append(kind)
    try:
        recall.reinforce_later(kit.tenant, [a.id, b.id])
        recall.reinforce_later(kit.tenant, [a.id])
        recall.reinforce_later(kit.tenant, [a.id])
        await recall.drain()
    finally:
        recall.store.on_transaction = hook
    assert writes == ["write"]
    counts = [(await kit.services.memory.get(kit.tenant, m.id)).access_count for m in (a, b)]
    assert counts == [3, 1]
