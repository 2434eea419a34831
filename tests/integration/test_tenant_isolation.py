"""One tenant can never read, find, link, revise or forget another tenant's memory.

Both tenants hold the very same content under the same entity ids, so nothing but the
tenant can tell them apart.
"""

from __future__ import annotations

import pytest

from hebbs_graph.errors import NotFound
from hebbs_graph.models.memory import Edge, EdgeIn, ForgetIn, Memory, ReviseIn
from tests.integration.conftest import Kit

TEXTS = [
    "the quarterly budget for project apollo is 40k",
    "alice prefers email over phone calls",
    "the staging server runs out of disk every friday",
]
STRATEGIES = [
    [{"strategy": "similarity"}],
    [{"strategy": "hybrid"}],
    [{"strategy": "temporal"}],
    [{"strategy": "similarity"}, {"strategy": "hybrid"}, {"strategy": "temporal"}],
]


Pair = tuple[list[str], list[str]]


async def seed(kit: Kit, tenant: str) -> list[str]:
    items = [
        {"content": t, "entity_id": "shared", "occurred_at": kit.at(i)} for i, t in enumerate(TEXTS)
    ]
    return await kit.batch(items, tenant=tenant)


@pytest.fixture
async def pair(kit: Kit, other_tenant: str) -> Pair:
    """(my ids, their ids): identical content and entity in both tenants."""
    return await seed(kit, kit.tenant), await seed(kit, other_tenant)


async def state(kit: Kit, tenant: str) -> tuple[list[Memory], dict[str, list[Edge]]]:
    memories = await kit.all(tenant=tenant)
    edges = {m.id: await kit.services.memory.edges(tenant, m.id) for m in memories}
    return memories, edges


async def test_get_edges_and_list_see_only_own_tenant(
    kit: Kit, pair: Pair, other_tenant: str
) -> None:
    mine, theirs = pair
    for mid in theirs:
        with pytest.raises(NotFound):
            await kit.services.memory.get(kit.tenant, mid)
        with pytest.raises(NotFound):
            await kit.services.memory.edges(kit.tenant, mid)
    assert {m.id for m in await kit.all()} == set(mine)
    assert {m.id for m in await kit.all(entity_id="shared")} == set(mine)
    assert {m.id for m in await kit.all(tenant=other_tenant)} == set(theirs)
    # the timelines stay per tenant even with the same entity id
    for mid in mine:
        for edge in await kit.services.memory.edges(kit.tenant, mid):
            assert {edge.source_id, edge.target_id} <= set(mine)


@pytest.mark.parametrize("strategies", STRATEGIES)
@pytest.mark.parametrize("scoped", [False, True])
async def test_recall_never_returns_another_tenants_memory(
    kit: Kit, pair: Pair, strategies: list[dict[str, str]], scoped: bool
) -> None:
    mine, theirs = pair
    entity = {"entity_id": "shared"} if scoped else {}
    for cue in [*TEXTS, "budget apollo", "content:* OR tenant_key:*"]:
        out = await kit.recall(cue=cue, strategies=strategies, top_k=50, reinforce=False, **entity)
        found = {r.memory.id for r in out.results}
        assert found <= set(mine)
        assert not found & set(theirs)
    out = await kit.recall(cue=TEXTS[0], strategies=strategies, top_k=50, reinforce=False)
    assert len(out.results) == len(mine)


async def test_recall_reinforces_only_own_tenant(kit: Kit, pair: Pair, other_tenant: str) -> None:
    _, theirs = pair
    await kit.recall(cue=TEXTS[0], strategies=[{"strategy": "temporal"}], top_k=50)
    await kit.services.recall.drain()
    for mid in theirs:
        assert (await kit.services.memory.get(other_tenant, mid)).access_count == 0


async def test_cannot_link_revise_or_forget_across_tenants(
    kit: Kit, pair: Pair, other_tenant: str
) -> None:
    mine, theirs = pair
    before = await state(kit, other_tenant)
    link = kit.services.memory.link
    with pytest.raises(NotFound):
        await link(kit.tenant, mine[0], EdgeIn(target_id=theirs[0], edge_type="RELATED_TO"))
    with pytest.raises(NotFound):
        await link(kit.tenant, theirs[0], EdgeIn(target_id=mine[0], edge_type="CAUSED_BY"))
    with pytest.raises(NotFound):
        await link(kit.tenant, theirs[0], EdgeIn(target_id=theirs[1], edge_type="CAUSED_BY"))
    with pytest.raises(NotFound):
        await kit.add("linked", edges=[EdgeIn(target_id=theirs[0], edge_type="CAUSED_BY")])
    with pytest.raises(NotFound):
        await kit.services.memory.revise(kit.tenant, theirs[0], ReviseIn(content="hijacked"))
    forgotten = await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=theirs))
    assert forgotten.forgotten == 0
    assert await state(kit, other_tenant) == before
    assert {m.id for m in await kit.all()} == set(mine)

    # forgetting "my" entity leaves theirs, though it has the same name
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(entity_id="shared"))
    assert out.forgotten == len(mine)
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(older_than=kit.at(999)))
    assert out.forgotten == 0
    assert await state(kit, other_tenant) == before
