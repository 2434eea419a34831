"""The tenant vectors the detector keeps between batch writes, against the real Neo4j
and model: brought up to date from what changed, listed again only when needed, and
always what a fresh listing of the tenant would give."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from hebbs_graph.models.contradict import CommitIn, PendingContradiction
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.detect import KINDS
from hebbs_graph.services.contradict.kept_vectors import KeptVectors
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.contradict.vectors import Kept, TenantVectors
from hebbs_graph.services.memory.service import MemoryService

JAN = datetime(2025, 1, 15, tzinfo=UTC)
MAR = datetime(2025, 3, 15, tzinfo=UTC)


def tickets(start: int, n: int = 70) -> list[MemoryIn]:
    return [
        MemoryIn(content=f"Ticket {i} was triaged by the support rota")
        for i in range(start, start + n)
    ]


def kept(services: Services, tenant: str) -> Kept:
    found = services.contradict.detector.vectors.cache.get(tenant)
    assert found is not None
    return found


async def checked_batch(services: Services, tenant: str, items: list[MemoryIn]) -> list[str]:
    """remember_batch, and wait until this process has run its contradiction checks."""
    ids = await services.memory.remember_batch(tenant, items)
    assert await services.contradict.drain()
    return ids


def quiet(services: Services) -> MemoryService:
    """Another writer: stores memories without telling this process's detector."""
    return MemoryService(services.store, services.embedder, services.settings.memory)


async def pairs(services: Services, tenant: str, among: set[str]) -> set[tuple[str, str]]:
    found: list[PendingContradiction] = await services.contradict.pending(tenant, limit=500)
    return {(p.memory_id_a, p.memory_id_b) for p in found if {p.memory_id_a, p.memory_id_b} & among}


async def fresh_listing(services: Services, tenant: str) -> TenantVectors:
    cold = KeptVectors(services.store, KINDS, services.settings.contradiction_vector_cache_rows)
    return await cold.current(tenant, ())


def assert_same(got: TenantVectors, expected: TenantVectors) -> None:
    assert got.ids == expected.ids
    assert got.stamps == expected.stamps
    assert got.content == expected.content
    np.testing.assert_allclose(got.matrix, expected.matrix, atol=1e-6)


async def test_batches_keep_vectors_and_still_see_other_writers(
    services: Services, tenant: str
) -> None:
    """A batch leaves the tenant's vectors with the detector, its own included; the next
    batch compares against what Neo4j holds now, changed behind the detector's back."""
    first = await checked_batch(
        services,
        tenant,
        [
            MemoryIn(content="The office plants were watered", occurred_at=JAN),
            MemoryIn(content="The API is reliable", occurred_at=JAN),
            *tickets(0),
        ],
    )
    assert set(kept(services, tenant).vectors.ids) == set(first)
    await quiet(services).revise(tenant, first[0], ReviseIn(content="Budget is $5,000 per tenant"))
    await quiet(services).forget(tenant, ForgetIn(memory_ids=[first[1]]))
    second = await checked_batch(
        services,
        tenant,
        [
            MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
            MemoryIn(content="The API is unreliable", occurred_at=MAR),
            *tickets(100),
        ],
    )
    special = {first[0], first[1], second[0], second[1]}
    # The revised text, not the kept one; the forgotten memory is gone.
    assert await pairs(services, tenant, special) == {(first[0], second[0])}
    vectors = kept(services, tenant).vectors
    assert set(vectors.ids) == (set(first) | set(second)) - {first[1]}
    assert vectors.stamps[vectors.ids.index(first[0])][0] == 2  # version 2: read again
    assert_same(vectors, await fresh_listing(services, tenant))


async def test_changes_are_read_without_listing_the_tenant_again(
    services: Services, tenant: str
) -> None:
    """Between full listings a batch asks Neo4j only what changed: another writer's new
    memories and revisions are seen that way."""
    first = await checked_batch(
        services,
        tenant,
        [MemoryIn(content="The office plants were watered", occurred_at=JAN), *tickets(0)],
    )
    listed_at = kept(services, tenant).listed_at
    other = quiet(services)
    await other.revise(tenant, first[0], ReviseIn(content="The API is reliable"))
    behind = await other.remember(
        tenant, MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN)
    )
    second = await checked_batch(
        services,
        tenant,
        [
            MemoryIn(content="The API is unreliable", occurred_at=MAR),
            MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
            *tickets(100),
        ],
    )
    now = kept(services, tenant)
    assert now.listed_at == listed_at  # brought up to date, not listed again
    assert await pairs(services, tenant, {first[0], behind.id}) == {
        (first[0], second[0]),
        (behind.id, second[1]),
    }
    assert_same(now.vectors, await fresh_listing(services, tenant))


async def test_a_revision_verdict_leaves_the_kept_vectors_at_once(
    services: Services, tenant: str
) -> None:
    ids = await checked_batch(
        services,
        tenant,
        [
            MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN),
            MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
            *tickets(0),
        ],
    )
    found = await services.contradict.pending(tenant)
    assert [(p.memory_id_a, p.memory_id_b) for p in found] == [(ids[0], ids[1])]
    await services.contradict.commit(
        tenant,
        CommitIn.model_validate(
            {"verdicts": [{"pending_id": found[0].pending_id, "verdict": "revision"}]}
        ),
    )
    vectors = kept(services, tenant).vectors
    assert ids[0] not in vectors.position
    assert_same(vectors, await fresh_listing(services, tenant))


async def test_batches_on_the_index_path_warm_the_cache(services: Services, tenant: str) -> None:
    """A tenant too big to read for one small batch goes through the vector index, until
    its batches have spent there what reading it costs; then it is read once and kept,
    and finds the same pairs."""
    settings = services.settings.model_copy(
        update={"contradiction_exact_max": 0, "contradiction_numpy_min_batch": 2}
    )
    detector = ContradictionService(services.store, settings.contradiction)
    writer = quiet(services)
    await writer.remember_batch(tenant, tickets(0, 120))
    found_by: list[str] = []
    for n in range(60):
        ids = await writer.remember_batch(
            tenant,
            [
                MemoryIn(content=f"Server {n} is reliable", occurred_at=JAN),
                MemoryIn(content=f"Server {n} is unreliable", occurred_at=MAR),
            ],
        )
        path = "numpy" if detector.detector.vectors.held(tenant) else "index"
        out = await detector.detect(tenant, ids)
        assert out.checked == 2
        assert (ids[0], ids[1]) in await pairs(services, tenant, set(ids)), n
        found_by.append(path)
        if detector.detector.vectors.held(tenant) and path == "numpy":
            break
    assert found_by[0] == "index"
    assert found_by[-1] == "numpy", found_by


async def test_small_writes_in_cypher_warm_the_cache_too(services: Services, tenant: str) -> None:
    """Writes below contradiction_numpy_min_batch into a small tenant compare in Cypher
    until they have spent there what reading the tenant costs; then the tenant is read
    once and kept, and later small writes compare in numpy and find the same pairs (a
    stream of single writes, as the check queue runs them)."""
    detector = ContradictionService(services.store, services.settings.contradiction)
    writer = quiet(services)
    await writer.remember_batch(tenant, tickets(0, 120))
    found_by: list[str] = []
    for n in range(60):
        ids = await writer.remember_batch(
            tenant,
            [
                MemoryIn(content=f"Server {n} is reliable", occurred_at=JAN),
                MemoryIn(content=f"Server {n} is unreliable", occurred_at=MAR),
            ],
        )
        path = "numpy" if detector.detector.vectors.held(tenant) else "cypher"
        out = await detector.detect(tenant, ids)
        assert out.checked == 2
        assert (ids[0], ids[1]) in await pairs(services, tenant, set(ids)), n
        found_by.append(path)
        if path == "numpy":
            break
    assert found_by[0] == "cypher"
    assert found_by[-1] == "numpy", found_by
    held = detector.detector.vectors.cache.get(tenant)
    assert held is not None
    assert_same(held.vectors, await fresh_listing(services, tenant))
