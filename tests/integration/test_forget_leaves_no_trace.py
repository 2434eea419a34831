"""After forget, a memory's content is findable nowhere: not by property, fulltext or vector.

These look at Neo4j directly (across all tenants), so a forgotten text cannot hide in a
snapshot, a tombstone, an index entry or another node.
"""

from __future__ import annotations

import uuid

import pytest

from hebbs_graph.errors import NotFound
from hebbs_graph.models.memory import EdgeIn, ForgetIn, ReviseIn
from hebbs_graph.services.memory.service import MemoryService
from tests.integration.conftest import Kit
from tests.support.reflect_kit import ENTITY, commit_themes, prepare, seed

FULLTEXT = "CALL db.index.fulltext.queryNodes('memory_content', $q) YIELD node RETURN node.id AS id"
VECTOR = (
    "CALL db.index.vector.queryNodes('memory_embedding', 50, $vec) YIELD node, score "
    "RETURN node.id AS id, node.content AS content"
)
# One pass over every node that could hold text (this tenant's, or any without a tenant):
# for each (content, token) pair, how many nodes have a property equal to the content or a
# string (or a string in a list) holding the token. PendingContradiction (snippets) and
# ReflectSession (prompts) are searched as well. The two index checks above are global.
PROPERTY = """
MATCH (n) WHERE (n:Memory OR n:Tombstone OR n:Snapshot OR n:PendingContradiction
                 OR n:ReflectSession)
  AND coalesce(n.tenant_id, $tenant_id) = $tenant_id
UNWIND [k IN keys(n) WHERE k <> 'embedding' | n[k]] AS v
UNWIND range(0, size($tokens) - 1) AS i
WITH i, n, v
WHERE v = $contents[i]
   OR (v IS :: STRING AND v CONTAINS $tokens[i])
   OR (v IS :: LIST<STRING NOT NULL> AND any(x IN v WHERE x CONTAINS $tokens[i]))
RETURN i, count(DISTINCT n) AS n
"""


def token() -> str:
    return "qz" + uuid.uuid4().hex[:16]


async def traces(kit: Kit, contents: list[str], tokens: list[str]) -> list[dict[str, int]]:
    """For each content (with its unique token): how many places still hold it."""
    raw = kit.services.store.run_raw
    rows = await kit.raw(PROPERTY, contents=contents, tokens=tokens)
    by_property = {r["i"]: r["n"] for r in rows}
    vectors = await kit.services.embedder.embed(contents)
    found = []
    for i, (content, tok) in enumerate(zip(contents, tokens, strict=True)):
        by_vector = [r for r in await raw(VECTOR, vec=vectors[i]) if r["content"] == content]
        found.append(
            {
                "fulltext": len(await raw(FULLTEXT, q=tok)),
                "vector": len(by_vector),
                "property": by_property.get(i, 0),
            }
        )
    return found


NONE = {"fulltext": 0, "vector": 0, "property": 0}


async def test_forgotten_memory_and_its_snapshots_leave_no_trace(kit: Kit) -> None:
    toks = [token() for _ in range(3)]
    texts = [f"The vault code {t} is kept in the blue cabinet" for t in toks]
    m = await kit.add(texts[0], entity_id="vault", tags=[toks[0]], context={"code": toks[0]})
    neighbour = await kit.add("the cabinet is blue", entity_id="vault")
    await kit.services.memory.link(
        kit.tenant, neighbour.id, EdgeIn(target_id=m.id, edge_type="RELATED_TO")
    )
    for text in texts[1:]:
        await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(content=text))
    edges = await kit.services.memory.edges(kit.tenant, m.id)
    snapshots = [e.target_id for e in edges if e.edge_type == "REVISED_FROM"]
    assert len(snapshots) == 2

    before = await traces(kit, texts, toks)
    assert all(t["fulltext"] >= 1 and t["property"] >= 1 for t in before)  # the checks can see
    assert before[2]["vector"] == 1  # the current content is in the vector index

    out = await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[m.id]))
    assert out.forgotten == 1

    assert await traces(kit, texts, toks) == [NONE] * 3
    for mid in [m.id, *snapshots]:
        rows = await kit.services.store.run_raw("MATCH (n {id: $id}) RETURN count(n) AS n", id=mid)
        assert rows[0]["n"] == 0
    # its relationships went with it, and the timeline closed over the gap
    assert await kit.services.memory.edges(kit.tenant, neighbour.id) == []
    (tomb,) = await kit.raw(
        "MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id RETURN t.memory_id AS id"
    )
    assert tomb["id"] == m.id


async def test_forgetting_a_large_entity_in_batches_leaves_no_trace(kit: Kit) -> None:
    settings = kit.services.settings.model_copy(update={"forget_batch_size": 3})
    service = MemoryService(kit.services.store, kit.services.embedder, settings.memory)
    toks = [token() for _ in range(8)]
    texts = [f"meeting note {t} about the roadmap" for t in toks]
    await kit.batch([{"content": text, "entity_id": "big"} for text in texts])
    keep = await kit.add("the roadmap is public", entity_id="small")

    out = await service.forget(kit.tenant, ForgetIn(entity_id="big"))
    assert (out.forgotten, len(out.tombstones)) == (8, 8)
    assert await traces(kit, texts, toks) == [NONE] * 8
    assert [m.id for m in await kit.all()] == [keep.id]
    with pytest.raises(NotFound):
        await kit.services.memory.get(kit.tenant, out.tombstones[0].memory_id)


# -- an entity forgotten whole leaves no Entity, cursor or finished session behind --------

SCOPE_NODES = """
MATCH (n) WHERE (n:Entity OR n:ReflectCursor OR n:ReflectSession OR n:Tombstone)
  AND n.tenant_id = $tenant_id AND n.entity_id = $entity_id
RETURN labels(n)[0] AS label, count(n) AS n
"""


async def scope_nodes(kit: Kit, entity_id: str) -> dict[str, int]:
    """What the tenant holds for one entity, by label (Memory excluded)."""
    return {r["label"]: r["n"] for r in await kit.raw(SCOPE_NODES, entity_id=entity_id)}


async def listed(kit: Kit) -> dict[str, int]:
    page = await kit.services.lineage.entities(kit.tenant)
    return {e.entity_id: e.memory_count for e in page.entities}


async def test_forgetting_an_entitys_last_memory_removes_it_and_its_reflect_state(kit: Kit) -> None:
    services, tenant = kit.services, kit.tenant
    await seed(services, tenant)  # 30 episodes of acme_corp
    open_session = await prepare(services, tenant, entity_id=ENTITY)  # an agent still at it
    insights = await commit_themes(services, tenant)  # a finished session, the cursor moved
    await kit.add("Globex renewed for a year", entity_id="globex")
    assert await scope_nodes(kit, ENTITY) == {"Entity": 1, "ReflectCursor": 1, "ReflectSession": 2}
    assert set(await listed(kit)) == {ENTITY, "globex"}

    out = await services.memory.forget(tenant, ForgetIn(entity_id=ENTITY))
    assert out.forgotten == 30 + len(insights)

    # the still-open session stays (its commit will fail on the forgotten sources); the
    # tombstones stay as the proof of forgetting
    assert await scope_nodes(kit, ENTITY) == {"ReflectSession": 1, "Tombstone": out.forgotten}
    (left,) = await kit.raw(
        "MATCH (s:ReflectSession) WHERE s.tenant_id = $tenant_id RETURN s.session_id AS id"
    )
    assert left["id"] == open_session.session_id
    assert await listed(kit) == {"globex": 1}


async def test_forgetting_one_of_two_keeps_the_entity_with_a_count_of_one(kit: Kit) -> None:
    first = await kit.add("Initech moved offices", entity_id="initech")
    second = await kit.add("Initech hired a CFO", entity_id="initech")

    await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[first.id]))
    assert await listed(kit) == {"initech": 1}
    assert await scope_nodes(kit, "initech") == {"Entity": 1, "Tombstone": 1}

    await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[second.id]))
    assert await listed(kit) == {}
    assert await scope_nodes(kit, "initech") == {"Tombstone": 2}


async def test_a_tenant_wide_forget_removes_every_entity_it_empties(kit: Kit) -> None:
    settings = kit.services.settings.model_copy(update={"forget_batch_size": 2})
    service = MemoryService(kit.services.store, kit.services.embedder, settings.memory)
    await kit.batch(
        [
            {"content": "old note one", "entity_id": "hooli", "occurred_at": kit.at(0)},
            {"content": "old note two", "entity_id": "hooli", "occurred_at": kit.at(1)},
            {"content": "old note three", "entity_id": "piper", "occurred_at": kit.at(2)},
            {"content": "old note four", "entity_id": "aviato", "occurred_at": kit.at(3)},
            {"content": "new note", "entity_id": "aviato", "occurred_at": kit.ago(1)},
        ]
    )
    out = await service.forget(kit.tenant, ForgetIn(older_than=kit.ago(30)))
    assert out.forgotten == 4
    assert await listed(kit) == {"aviato": 1}
    for gone in ("hooli", "piper"):
        assert await scope_nodes(kit, gone) == {"Tombstone": 2 if gone == "hooli" else 1}


async def test_moving_an_entitys_last_memory_elsewhere_removes_the_entity(kit: Kit) -> None:
    m = await kit.add("Vandelay imports latex", entity_id="vandelay")
    await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(entity_id="kramerica"))
    assert await listed(kit) == {"kramerica": 1}
    assert await scope_nodes(kit, "vandelay") == {}


async def test_an_entity_node_without_memories_is_not_listed(kit: Kit) -> None:
    # what a store written before schema 009 may still hold
    await kit.raw(
        "CREATE (:Entity {tenant_id: $tenant_id, entity_id: 'ghost', memory_count: 0, "
        "created_at: datetime(), updated_at: datetime()})"
    )
    await kit.add("Pied Piper ships", entity_id="piper")
    assert await listed(kit) == {"piper": 1}
