"""After forget, a memory's content is findable nowhere: not by property, fulltext or vector.

These look at Neo4j directly (across all tenants), so a forgotten text cannot hide in a
snapshot, a tombstone, an index entry or another node.
"""

from __future__ import annotations

import uuid

import pytest

from hebbs_graph.errors import NotFound
from hebbs_graph.models.memory import EdgeIn, ForgetIn, ReviseIn
from hebbs_graph.services.memory import MemoryService

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


async def traces(kit, contents: list[str], tokens: list[str]) -> list[dict[str, int]]:
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


async def test_forgotten_memory_and_its_snapshots_leave_no_trace(kit):
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


async def test_forgetting_a_large_entity_in_batches_leaves_no_trace(kit):
    settings = kit.services.settings.model_copy(update={"forget_batch_size": 3})
    service = MemoryService(kit.services.store, kit.services.embedder, settings)
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
