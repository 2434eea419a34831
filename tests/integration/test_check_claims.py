"""Claims on contradiction checks are short and renewed: a dead worker's checks are
taken over soon, a live worker's long check never. Against the real Neo4j and model.

Issue 34: after a kill -9 of an API process its claimed checks waited for the 120 s
claim to run out. Claims now last contradiction_check_claim_s (15 s) and the holder's
heartbeat renews them (services/contradict/check_claims.py). The other workers here
poll ``sweep_tenant`` (which respects live claims as the periodic sweep does) on the
test's tenant only: a database-wide sweep would take other tests' checks.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import pytest

from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.contradict.vectors import TenantVectors
from hebbs_graph.services.foreground import Foreground
from hebbs_graph.settings import Settings
from tests.integration.test_contradiction_checks import (
    BUDGETS,
    dead_store,
    markers,
    pairs,
    writer,
)

# A holder that is no process: nothing renews its claims (as after a kill -9).
GONE = "gone-host:4242:dead0000"


@pytest.fixture
async def closing() -> AsyncIterator[list[Any]]:
    """Services and stores a test opens, closed afterwards."""
    opened: list[Any] = []
    yield opened
    for thing in reversed(opened):
        await (thing.aclose() if isinstance(thing, ContradictionService) else thing.close())


def brief(services: Services, claim_s: float) -> Settings:
    return services.settings.model_copy(update={"contradiction_check_claim_s": claim_s})


def counting(worker: ContradictionService, ran: list[str], delay_s: float = 0.0) -> None:
    """Record the memories ``worker`` checks (after ``delay_s``: a long check)."""
    real = worker.queue.check

    async def counted(
        tenant_id: str,
        memory_ids: list[str],
        held: Sequence[TenantVectors],
        real: Callable[..., Awaitable[DetectionOut]] = real,
    ) -> DetectionOut:
        ran.extend(memory_ids)
        await asyncio.sleep(delay_s)
        return await real(tenant_id, memory_ids, held)

    worker.queue.check = counted


async def marked_unchecked(services: Services, tenant: str, closing: list[Any]) -> list[str]:
    """Memories written with their check waiting (the writer's Neo4j is gone)."""
    down = ContradictionService(dead_store(services.settings), services.settings.contradiction)
    closing.append(down.store)
    return await writer(services, down).remember_batch(tenant, BUDGETS)


async def test_a_dead_workers_claims_are_taken_once_they_run_out(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """Claims written by a holder that never renews them: another worker's sweeps leave
    them while they are live and take them within a poll of their end."""
    claim_s = 2.0
    ids = await marked_unchecked(services, tenant, closing)
    await services.store.run_raw(
        "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.id IN $ids "
        "SET m.check_claimed_by = $gone, "
        "    m.check_claimed_until = datetime() + duration({milliseconds: $ms})",
        t=tenant,
        ids=ids,
        gone=GONE,
        ms=int(claim_s * 1000),
    )
    claimed_at = time.monotonic()
    settings = brief(services, claim_s)
    other = ContradictionService(services.store, settings.contradiction)
    closing.append(other)
    ran: list[str] = []
    counting(other, ran)

    taken_after = None
    while time.monotonic() - claimed_at < claim_s + 5.0:
        await other.queue.sweep_tenant(tenant, None)
        if ran:
            taken_after = time.monotonic() - claimed_at
            break
        await asyncio.sleep(0.1)
    assert taken_after is not None, "the dead worker's checks were never taken"
    print(f"dead claimant's checks taken {taken_after:.2f} s after a {claim_s} s claim")
    assert claim_s - 0.3 <= taken_after <= claim_s + 1.0
    assert sorted(ran) == sorted(ids)
    assert await markers(services, tenant) == {}
    assert await pairs(services, tenant) == {(ids[0], ids[1])}


async def test_a_live_workers_long_check_is_not_taken(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """A check running for several claims' length keeps its claim (the heartbeat renews
    it), while another worker sweeps the tenant every 0.1 s throughout."""
    claim_s = 1.0
    settings = brief(services, claim_s)
    live = ContradictionService(services.store, settings.contradiction)
    other = ContradictionService(services.store, settings.contradiction)
    closing.extend([live, other])
    ran_live: list[str] = []
    ran_other: list[str] = []
    counting(live, ran_live, delay_s=4 * claim_s)
    counting(other, ran_other)

    # Not started: the write runs its check in place (as sync mode does), holding it.
    writing = asyncio.ensure_future(writer(services, live).remember_batch(tenant, BUDGETS))
    sweeps = 0
    while not writing.done():
        await other.queue.sweep_tenant(tenant, None)
        sweeps += 1
        await asyncio.sleep(0.1)
    ids = await writing
    assert sweeps >= 20, "the other worker swept throughout the check"
    assert ran_other == []
    assert sorted(ran_live) == sorted(ids)
    assert await markers(services, tenant) == {}
    assert await pairs(services, tenant) == {(ids[0], ids[1])}
    assert len(live.queue.claims) == 0  # let go: nothing left to renew


async def test_claims_queued_behind_the_writes_are_renewed(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """A started checker holds its writes' checks back while the writes go on (up to
    contradiction_check_max_wait_s, 30 s, longer than a claim): held in its queue, they
    are renewed there, and no sweep elsewhere takes them."""
    claim_s = 1.0
    update = {"contradiction_check_claim_s": claim_s, "contradiction_check_max_wait_s": 60.0}
    settings = services.settings.model_copy(update=update)
    writes = Foreground()
    live = ContradictionService(services.store, settings.contradiction, None, None, writes)
    live.start()
    other = ContradictionService(services.store, settings.contradiction)
    closing.extend([live, other])
    ran_other: list[str] = []
    counting(other, ran_other)

    with writes.writing():  # a write of this process that goes on
        ids = await writer(services, live).remember_batch(tenant, BUDGETS)
        for _ in range(int(3 * claim_s / 0.1)):
            await other.queue.sweep_tenant(tenant, None)
            await asyncio.sleep(0.1)
        assert set(await markers(services, tenant)) == set(ids)  # still waiting here
    assert await live.drain()
    assert ran_other == []
    assert await markers(services, tenant) == {}
    assert await pairs(services, tenant) == {(ids[0], ids[1])}


async def test_a_scan_keeps_its_place_when_another_worker_ends_a_check(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """A check another worker completes while a scan waits for that memory's lock: the
    scan goes on from what it saw. Its cursor used to be check_due read after the lock,
    gone by then (None), and the scan failed (a CI run of the two-checkers race)."""
    brief = services.settings.model_copy(update={"contradiction_check_claim_s": 0.5})
    down = ContradictionService(dead_store(brief), brief.contradiction)
    closing.append(down.store)
    ids = await writer(services, down).remember_batch(tenant, BUDGETS)
    await asyncio.sleep(0.6)  # the writer's claims expire: anyone may take them
    last = max(ids, key=lambda i: (0, i))  # same check_due: the page's last row by id
    settings = services.settings.model_copy(update={"contradiction_scan_batch": len(ids)})
    scanner = ContradictionService(services.store, settings.contradiction)

    # "Another worker": holds the last memory's lock, then ends its check.
    async with services.store._driver.session() as session:
        tx = await session.begin_transaction()
        await tx.run(
            "MATCH (m:Memory {tenant_id: $t, id: $id}) SET m.check_lock = true", t=tenant, id=last
        )
        scan = asyncio.ensure_future(scanner.queue.sweep_tenant(tenant, None))
        await asyncio.sleep(1.0)  # the scan has matched both and waits for the lock
        assert not scan.done()
        await tx.run(
            "MATCH (m:Memory {tenant_id: $t, id: $id}) REMOVE m.check_lock, m.check_due, "
            "m.check_claimed_by, m.check_claimed_until",
            t=tenant,
            id=last,
        )
        await tx.commit()
    out = await asyncio.wait_for(scan, 30)
    assert out.checked == 1  # the other one, which nobody had ended
    assert await markers(services, tenant) == {}
