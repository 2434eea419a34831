"""The durable queue of contradiction checks, against the real Neo4j and model.

A write marks its memories in its own transaction; the check clears the mark. Faults
are real: a detector whose Neo4j is a closed port (an outage), or whose neighbour
query fails inside Neo4j (a broken check). Nothing under test is mocked.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import DetectionOut, PrepareIn, ScanIn
from hebbs_graph.models.memory import MemoryIn, ReviseIn
from hebbs_graph.resources import cypher_dir
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.contradict import check_queue
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.contradict.vectors import TenantVectors
from hebbs_graph.services.foreground import Foreground
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings
from tests.live import free_port

JAN = datetime(2025, 1, 15, tzinfo=UTC)
MAR = datetime(2025, 3, 15, tzinfo=UTC)
BUDGETS = [
    MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN),
    MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
]


@pytest.fixture
async def closing() -> AsyncIterator[list[Any]]:
    """Services and stores a test opens, closed afterwards."""
    opened: list[Any] = []
    yield opened
    for thing in reversed(opened):
        await (thing.aclose() if isinstance(thing, ContradictionService) else thing.close())


def writer(services: Services, contradict: ContradictionService) -> MemoryService:
    return MemoryService(
        services.store, services.embedder, services.settings.memory, listeners=[contradict]
    )


def dead_store(settings: Settings) -> GraphStore:
    """A store whose Neo4j is gone: nothing listens on its port."""
    update = {"neo4j_uri": f"bolt://127.0.0.1:{free_port()}", "neo4j_connect_timeout_s": 1.0}
    return GraphStore(settings.model_copy(update=update))


def broken_store(settings: Settings, tmp_path: Path) -> GraphStore:
    """A store on the real Neo4j whose neighbour queries fail there (division by zero)."""
    root = tmp_path / "cypher"
    shutil.copytree(cypher_dir(), root)
    for name in ("neighbours_exact", "neighbours_ann", "neighbours_ann_entity"):
        (root / "contradict" / f"{name}.cypher").write_text(
            "UNWIND $ids AS mid RETURN mid AS pair_key, 1 / 0 AS similarity\n"
        )
    return GraphStore(settings, QueryRegistry(root))


async def markers(services: Services, tenant: str) -> dict[str, dict[str, Any]]:
    rows = await services.store.run_raw(
        "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.check_due IS NOT NULL "
        "RETURN m.id AS id, m.check_due AS due, m.check_claimed_by AS holder, "
        "m.check_failures AS failures",
        t=tenant,
    )
    return {r["id"]: r for r in rows}


async def pairs(services: Services, tenant: str) -> set[tuple[str, str]]:
    found = await services.contradict.pending(tenant, limit=500)
    return {(p.memory_id_a, p.memory_id_b) for p in found}


async def eventually(condition: Callable[[], Awaitable[bool]], timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not await condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        await asyncio.sleep(0.1)


# -- async (the default) and sync -------------------------------------------------------


async def test_async_write_answers_with_the_check_waiting(services: Services, tenant: str) -> None:
    assert services.settings.contradiction_detection_mode == "async"
    old = await services.memory.remember(tenant, BUDGETS[0])
    new = await services.memory.remember(tenant, BUDGETS[1])
    assert new.contradiction_check_pending is True  # the answer did not wait for it
    assert await services.contradict.drain()
    assert await pairs(services, tenant) == {(old.id, new.id)}
    assert (await services.memory.get(tenant, new.id)).contradiction_check_pending is False
    assert await markers(services, tenant) == {}
    prepared = await services.contradict.prepare(tenant, PrepareIn())
    assert (prepared.total, prepared.checks_pending) == (1, 0)


async def test_the_marker_is_set_with_the_memory(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """Committed in the write's transaction, claimed by the writing process, and never
    shown as a raw property."""
    stopped = ContradictionService(dead_store(services.settings), services.settings.contradiction)
    closing.append(stopped.store)
    memory = await writer(services, stopped).remember(tenant, BUDGETS[0])
    [marker] = (await markers(services, tenant)).values()
    assert marker["holder"] == stopped.queue.holder
    assert marker["due"] == memory.created_at == memory.updated_at
    shown = (await services.memory.get(tenant, memory.id)).model_dump()
    assert shown["contradiction_check_pending"] is True
    assert not [k for k in shown if k.startswith("check_")]


async def test_sync_mode_has_the_pair_in_the_answer(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    settings = services.settings.model_copy(update={"contradiction_detection_mode": "sync"})
    contradict = ContradictionService(services.store, settings.contradiction)
    contradict.start()
    closing.append(contradict)
    memory = writer(services, contradict)
    old = await memory.remember(tenant, BUDGETS[0])
    new = await memory.remember(tenant, BUDGETS[1])
    assert new.contradiction_check_pending is False
    assert await pairs(services, tenant) == {(old.id, new.id)}  # no drain: it is there
    assert await markers(services, tenant) == {}


# -- failures: the check is kept and run again ----------------------------------------------


async def test_a_check_during_an_outage_is_run_after_recovery(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """Issue 14: the write is acknowledged while the detector cannot reach Neo4j. The
    check stays marked; once the claim of the worker that could not run it expires, a
    checker that starts (a restarted worker) picks it up at once and raises the pair."""
    settings = services.settings.model_copy(update={"contradiction_check_claim_s": 1.0})
    down = ContradictionService(dead_store(settings), settings.contradiction)
    closing.append(down.store)
    ids = await writer(services, down).remember_batch(tenant, BUDGETS)
    assert set(await markers(services, tenant)) == set(ids)
    assert await pairs(services, tenant) == set()

    await asyncio.sleep(1.1)
    restarted = ContradictionService(services.store, services.settings.contradiction)
    restarted.start()  # its first round sweeps for checks nobody holds
    closing.append(restarted)

    async def cleared() -> bool:
        return await markers(services, tenant) == {}

    await eventually(cleared)
    assert await pairs(services, tenant) == {(ids[0], ids[1])}


async def test_a_failed_check_waits_for_its_retry_and_scan_runs_it(
    services: Services, tenant: str, tmp_path: Path, closing: list[Any]
) -> None:
    broken = ContradictionService(
        broken_store(services.settings, tmp_path), services.settings.contradiction
    )
    closing.append(broken.store)
    ids = await writer(services, broken).remember_batch(tenant, BUDGETS)
    found = await markers(services, tenant)
    assert set(found) == set(ids)
    assert {m["failures"] for m in found.values()} == {1}
    assert {m["holder"] for m in found.values()} == {None}  # let go, retry delay running

    # The sweep leaves it until the retry delay has passed.
    await services.contradict.queue.sweep()
    assert set(await markers(services, tenant)) == set(ids)
    assert await pairs(services, tenant) == set()

    # A scan (the caller asks now) runs it, and clears the markers.
    out = await services.contradict.scan(tenant, ScanIn())
    assert out.waiting_checked == 2
    assert out.checked == 2  # the walk over the tenant, as before
    assert out.pending_created == 1
    assert await markers(services, tenant) == {}
    assert await pairs(services, tenant) == {(ids[0], ids[1])}


async def test_a_revision_during_a_check_keeps_its_own_check(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """A check that completes for the content it was queued with does not clear the
    marker a later revision set."""
    down = ContradictionService(dead_store(services.settings), services.settings.contradiction)
    closing.append(down.store)
    memory = writer(services, down)
    first = await memory.remember(tenant, BUDGETS[0])
    revised = await memory.revise(tenant, first.id, ReviseIn(content="Budget is $3,000 per tenant"))
    after = (await markers(services, tenant))[first.id]["due"]
    assert after == revised.updated_at > first.updated_at  # the mark is the write's time
    # The check queued with the first content completes after the revision...
    queued = {first.id: first.updated_at}
    assert await services.contradict.queue.run(tenant, queued) is not None
    # ... and the revision's check is still waiting.
    assert (await markers(services, tenant))[first.id]["due"] == after


# -- several workers ---------------------------------------------------------------------------


async def test_two_checkers_never_run_the_same_check(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    settings = services.settings.model_copy(update={"contradiction_scan_batch": 3})
    brief = settings.model_copy(update={"contradiction_check_claim_s": 0.5})
    down = ContradictionService(dead_store(brief), brief.contradiction)
    closing.append(down.store)
    filler = [MemoryIn(content=f"Ticket {n} was triaged by the support rota") for n in range(28)]
    ids = await writer(services, down).remember_batch(tenant, [*BUDGETS, *filler])
    await asyncio.sleep(0.6)  # the writer's claims expire: anyone may take them

    checked: dict[int, list[str]] = {0: [], 1: []}
    workers = []
    for n in range(2):
        store = GraphStore(settings)  # each worker its own driver, as two processes
        closing.append(store)
        # Connected before the race: a driver's first connection is slow on a cold Neo4j,
        # and the other worker could claim every page before this one's first claim.
        assert await store.ping()
        worker = ContradictionService(store, settings.contradiction)
        real = worker.queue.check

        async def counted(
            tenant_id: str,
            memory_ids: list[str],
            held: Sequence[TenantVectors],
            real: Callable[..., Awaitable[DetectionOut]] = real,
            n: int = n,
        ) -> DetectionOut:
            checked[n] += [m for m in memory_ids if m in ids]
            return await real(tenant_id, memory_ids, held)

        worker.queue.check = counted
        workers.append(worker)
    await asyncio.gather(
        workers[0].queue.sweep(),
        workers[1].queue.sweep(),
        workers[0].queue.sweep_tenant(tenant, None),
        workers[1].queue.sweep_tenant(tenant, None),
    )
    assert sorted(checked[0] + checked[1]) == sorted(ids)  # every check ran, and ran once
    assert checked[0], "both workers took some"
    assert checked[1], "both workers took some"
    assert await markers(services, tenant) == {}
    assert await pairs(services, tenant) == {(ids[0], ids[1])}


async def test_closing_stops_the_checker_whatever_it_last_did(
    services: Services, tenant: str
) -> None:
    """Services.close() returns once the checker has stopped, after writes whose checks
    ran and a last write that only reinforced. The checker used to wait on
    asyncio.wait_for, which on Python 3.11 can swallow the cancellation: close() then
    never returned, and `hebbs-graph serve` ignored SIGTERM."""
    mine = await open_services(services.settings, embedder=services.embedder, wait_s=30)
    items = [
        MemoryIn(
            content=f"Note {i}: the budget of project {i % 7} is ${i * 100}", entity_id=f"e{i % 5}"
        )
        for i in range(100)
    ]
    await mine.memory.remember_batch(tenant, items)
    assert await mine.contradict.drain()
    for j in range(5):
        await mine.memory.remember(tenant, MemoryIn(content=f"A single note {j}", entity_id="s"))
    assert (await mine.memory.remember(tenant, items[3])).reinforced
    closing = asyncio.ensure_future(mine.close())
    done, _ = await asyncio.wait({closing}, timeout=30)
    assert closing in done, "Services.close() did not return within 30 s"
    assert not mine.contradict.queue.running


# -- the checker gives way to writes ---------------------------------------------------


def giving_way(
    services: Services, closing: list[Any], *, max_wait_s: float
) -> tuple[ContradictionService, MemoryService]:
    """A started checker and a writer sharing one Foreground: the checker gives way to
    that writer's writes (a 50 ms pause, at most ``max_wait_s``)."""
    update = {"contradiction_check_quiet_s": 0.05, "contradiction_check_max_wait_s": max_wait_s}
    settings = services.settings.model_copy(update=update)
    foreground = Foreground()  # the writes the checker gives way to
    contradict = ContradictionService(
        services.store, settings.contradiction, None, None, foreground
    )
    contradict.start()
    closing.append(contradict)
    memory = MemoryService(
        services.store,
        services.embedder,
        settings.memory,
        listeners=[contradict],
        foreground=foreground,
    )
    return contradict, memory


async def test_checks_wait_for_a_pause_in_the_writes(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """While a write of this process runs, a queued check waits (it would take the
    embedder's cores and the GIL from the write's answer); once the writes pause for
    contradiction_check_quiet_s it runs."""
    contradict, memory = giving_way(services, closing, max_wait_s=60.0)
    old = await memory.remember(tenant, BUDGETS[0])
    assert await contradict.drain(10)
    with memory.foreground.writing():  # a long write of this process, still running
        new = await memory.remember(tenant, BUDGETS[1])
        await asyncio.sleep(1.0)
        assert await pairs(services, tenant) == set()
        assert set(await markers(services, tenant)) == {new.id}
    assert await contradict.drain(10)
    assert await pairs(services, tenant) == {(old.id, new.id)}
    assert await markers(services, tenant) == {}


async def test_writes_that_never_pause_still_have_their_checks_run(
    services: Services, tenant: str, closing: list[Any]
) -> None:
    """The bound: a check waits for a pause at most contradiction_check_max_wait_s."""
    _, memory = giving_way(services, closing, max_wait_s=0.5)
    with memory.foreground.writing():
        started = time.monotonic()  # before the first check is queued
        old = await memory.remember(tenant, BUDGETS[0])
        new = await memory.remember(tenant, BUDGETS[1])
        await eventually(lambda: _has_pairs(services, tenant), timeout_s=10)
        waited = time.monotonic() - started
    assert await pairs(services, tenant) == {(old.id, new.id)}
    assert waited >= 0.5  # no pause came: the bound, not a pause, let the check run


async def test_a_round_takes_later_queued_writes_vectors_as_held(
    services: Services, tenant: str, closing: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two batches whose checks run in two rounds: the first round lists the tenant (new
    to the kept vectors) and finds the second batch's vectors with the queue, not by
    reading them back from Neo4j; the pair across the batches is still raised."""
    monkeypatch.setattr(check_queue, "MAX_BATCH", 70)
    contradict, memory = giving_way(services, closing, max_wait_s=60.0)
    first = [BUDGETS[0], *tickets(0, 69)]
    second = [BUDGETS[1], *tickets(100, 69)]
    read: list[str] = []
    services.store.on_query = lambda name, seconds, rows: read.append(name)
    try:
        with memory.foreground.writing():  # both batches queued before the first round
            old = (await memory.remember_batch(tenant, first))[0]
            new = (await memory.remember_batch(tenant, second))[0]
            assert contradict.queue.waiting == 140
        assert await contradict.drain(30)
    finally:
        services.store.on_query = None
    assert read.count("contradict/tenant_stamps") == 1  # listed, in the first round
    assert "contradict/vectors_by_id" not in read
    assert await pairs(services, tenant) == {(old, new)}
    assert await markers(services, tenant) == {}


def tickets(start: int, n: int) -> list[MemoryIn]:
    return [
        MemoryIn(content=f"Ticket {i} was triaged by the support rota")
        for i in range(start, start + n)
    ]


async def _has_pairs(services: Services, tenant: str) -> bool:
    return bool(await pairs(services, tenant))
