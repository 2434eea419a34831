"""Contradiction detection stays where a contradiction can be real: within an entity
(tenant-wide memories with tenant-wide ones), on every detection path, in the scan,
and after the migration that cleared older pairs across entities."""

from __future__ import annotations

import pytest

from hebbs_graph.graph.queries import split_statements
from hebbs_graph.models.contradict import PrepareIn, ScanIn
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from tests.support.contradiction_kit import (
    JAN,
    MAR,
    add,
    pending,
)

# -- scope: where a contradiction can be -----------------------------------------------

SCOPE_PATHS = {
    "cypher": {"contradiction_numpy_min_batch": 10_000},
    "vector_index": {"contradiction_exact_max": 0, "contradiction_numpy_min_batch": 10_000},
    "numpy": {"contradiction_numpy_min_batch": 1},
}


async def scoped_facts(services: Services, tenant: str) -> dict[str, str]:
    """Budgets of two entities and a tenant-wide one (all true), and a true conflict
    within an entity and within the tenant-wide memories; written without detection."""
    quiet = MemoryService(services.store, services.embedder, services.settings.memory)
    facts = {
        "acme_budget": ("The budget is $5,000 per quarter", "acme", JAN),
        "globex_budget": ("The budget is $9,000 per quarter", "globex", MAR),
        "wide_budget": ("The budget is $7,000 per quarter", None, MAR),
        "acme_monday": ("The kickoff meeting is on Monday", "acme", JAN),
        "acme_thursday": ("The kickoff meeting is on Thursday", "acme", MAR),
        "wide_berlin": ("The office is in Berlin", None, JAN),
        "wide_munich": ("The office is in Munich", None, MAR),
    }
    ids = await quiet.remember_batch(
        tenant,
        [MemoryIn(content=c, entity_id=e, occurred_at=at) for c, e, at in facts.values()],
    )
    return dict(zip(facts, ids, strict=True))


async def pending_names(
    services: Services, tenant: str, ids: dict[str, str]
) -> set[frozenset[str]]:
    names = {mid: name for name, mid in ids.items()}
    return {
        frozenset((names[p.memory_id_a], names[p.memory_id_b]))
        for p in await services.contradict.pending(tenant, limit=500)
    }


async def drop_pending(services: Services, tenant: str) -> None:
    await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
    )


WITHIN = {frozenset({"acme_monday", "acme_thursday"}), frozenset({"wide_berlin", "wide_munich"})}
ACROSS = {
    frozenset({"acme_budget", "globex_budget"}),
    frozenset({"acme_budget", "wide_budget"}),
    frozenset({"globex_budget", "wide_budget"}),
}


@pytest.mark.parametrize("path", list(SCOPE_PATHS))
async def test_detection_stays_within_the_entity_by_default(
    services: Services, tenant: str, path: str
) -> None:
    """Budgets of different entities (and a tenant-wide one) are not raised; a conflict
    within one entity, or among the tenant-wide memories, still is. With
    contradiction_scope=tenant every pair is, as before."""
    ids = await scoped_facts(services, tenant)
    assert services.settings.contradiction_scope == "entity"
    for scope, expected in (("entity", WITHIN), ("tenant", WITHIN | ACROSS)):
        settings = services.settings.model_copy(
            update={**SCOPE_PATHS[path], "contradiction_scope": scope}
        )
        await ContradictionService(services.store, settings.contradiction).detect(
            tenant, list(ids.values())
        )
        assert await pending_names(services, tenant, ids) == expected, scope
        await drop_pending(services, tenant)


async def test_scan_follows_the_scope(services: Services, tenant: str) -> None:
    ids = await scoped_facts(services, tenant)
    out = await services.contradict.scan(tenant, ScanIn())
    assert out.pending_created == len(WITHIN)
    assert await pending_names(services, tenant, ids) == WITHIN
    await drop_pending(services, tenant)
    wide = services.settings.model_copy(update={"contradiction_scope": "tenant"})
    out = await ContradictionService(services.store, wide.contradiction).scan(tenant, ScanIn())
    assert await pending_names(services, tenant, ids) == WITHIN | ACROSS


async def test_an_entity_sees_every_pair_touching_it_once(services: Services, tenant: str) -> None:
    """prepare and prime for an entity start from its own memories (not from the
    tenant's whole review queue): the pairs they list and count are the tenant's pairs
    with a side in the entity, each once, a pair across entities under both, in the
    tenant list's order, and paged by cursor the same way."""
    ids = await scoped_facts(services, tenant)
    wide = services.settings.model_copy(update={"contradiction_scope": "tenant"})
    await ContradictionService(services.store, wide.contradiction).scan(tenant, ScanIn())
    every = await services.contradict.pending(tenant, limit=500)
    entity_of = {mid: name.split("_")[0] for name, mid in ids.items()}
    for entity in ("acme", "globex"):
        touching = [
            p.pending_id
            for p in every
            if entity in (entity_of[p.memory_id_a], entity_of[p.memory_id_b])
        ]
        assert touching  # the across pairs reach both entities
        listed = await services.contradict.pending(tenant, entity, limit=500)
        assert [p.pending_id for p in listed] == touching
        assert await services.contradict.pending_total(tenant, entity) == len(touching)
        seen: list[str] = []
        cursor = None
        while True:
            page = await services.contradict.prepare(
                tenant, PrepareIn(entity_id=entity, limit=1, cursor=cursor)
            )
            assert page.total == len(touching)
            seen += [p.pending_id for p in page.pending]
            if (cursor := page.next_cursor) is None:
                break
        assert seen == touching
    assert await services.contradict.pending_total(tenant, "nobody") == 0


async def test_a_write_raises_no_pair_across_entities(services: Services, tenant: str) -> None:
    await add(services, tenant, "Acme's budget is $5,000", entity_id="acme", occurred_at=JAN)
    await add(services, tenant, "Acme's budget is $9,000", entity_id="globex", occurred_at=MAR)
    assert await pending(services, tenant) == []
    await add(services, tenant, "Acme's budget is $2,000", entity_id="acme", occurred_at=MAR)
    (found,) = await pending(services, tenant)
    assert {found.content_a_snippet, found.content_b_snippet} == {
        "Acme's budget is $5,000",
        "Acme's budget is $2,000",
    }


async def test_migration_011_clears_pending_pairs_across_entities(
    services: Services, tenant: str
) -> None:
    """Pairs raised across entities (or between an entity and the tenant-wide memories)
    before the scope existed go; pairs within one scope and confirmed CONTRADICTS edges
    stay. The migration's own statement, narrowed to this test's tenant."""
    ids = await scoped_facts(services, tenant)
    pairs = [
        ("acme_budget", "globex_budget"),
        ("acme_budget", "wide_budget"),
        ("acme_monday", "acme_thursday"),
        ("wide_berlin", "wide_munich"),
    ]
    await services.store.run_raw(
        "UNWIND $pairs AS pair "
        "CREATE (:PendingContradiction {pending_id: randomUUID(), tenant_id: $t, "
        "pair_key: pair[0] + ':' + pair[1], memory_id_a: pair[0], memory_id_b: pair[1]})",
        t=tenant,
        pairs=[[ids[a], ids[b]] for a, b in pairs],
    )
    await services.store.run_raw(
        "MATCH (a:Memory {id: $a}), (b:Memory {id: $b}) CREATE (a)-[:CONTRADICTS]->(b)",
        a=ids["acme_budget"],
        b=ids["globex_budget"],
    )
    (statement,) = split_statements(services.store.queries["schema/011_pending_within_entity"])
    everywhere = "MATCH (p:PendingContradiction)\n"
    assert statement.count(everywhere) == 1
    await services.store.run_raw(
        statement.replace(everywhere, "MATCH (p:PendingContradiction {tenant_id: $t})\n"),
        t=tenant,
    )
    names = {mid: name for name, mid in ids.items()}
    left = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t "
        "RETURN p.memory_id_a AS a, p.memory_id_b AS b",
        t=tenant,
    )
    assert {frozenset((names[r["a"]], names[r["b"]])) for r in left} == WITHIN
    rows = await services.store.run_raw(
        "MATCH (:Memory {id: $a})-[r:CONTRADICTS]->(:Memory {id: $b}) RETURN count(r) AS n",
        a=ids["acme_budget"],
        b=ids["globex_budget"],
    )
    assert rows[0]["n"] == 1
