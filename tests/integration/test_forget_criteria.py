"""forget against the real Neo4j: each criterion and their combinations, tombstones
that hold a hash and not the content, the timeline rejoined, refusals, and stale
insights leaving recall."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.models.memory import ForgetIn, ReviseIn
from hebbs_graph.services.memory.service import MemoryService
from tests.integration.conftest import Kit
from tests.support.memory_kit import sha, snapshots

SEED = {  # name: (entity, days ago, importance, access count, last accessed days ago)
    "old_low": ("e1", 100, 0.1, 0, 0),
    "old_high": ("e1", 100, 0.9, 5, 0),
    "new_low": ("e2", 1, 0.1, 0, 0),
    "new_high": ("e2", 1, 0.9, 5, 0),
    "insight": ("e1", 1, 0.9, 0, 0),
    "loose": (None, 1, 0.5, 2, 0),
    "unused": ("e2", 2, 0.8, 0, 60),  # decay 0.8 * 2^-2 = 0.2
}
OLD = object()  # stands for "older_than 30 days ago"
FORGET_CASES = [
    ({"memory_ids": ["old_low", "new_high"]}, {"old_low", "new_high"}),
    ({"entity_id": "e1"}, {"old_low", "old_high", "insight"}),
    ({"older_than": OLD}, {"old_low", "old_high"}),
    ({"access_count_below": 1}, {"old_low", "new_low", "insight", "unused"}),
    ({"kind": "insight"}, {"insight"}),
    ({"kind": "episode"}, set(SEED) - {"insight"}),
    ({"decay_below": 0.3}, {"old_low", "new_low", "unused"}),
    ({"entity_id": "e1", "access_count_below": 1}, {"old_low", "insight"}),
    (
        {"memory_ids": ["old_low", "new_low", "old_high"], "older_than": OLD},
        {"old_low", "old_high"},
    ),
    ({"entity_id": "e2", "decay_below": 0.3, "kind": "episode"}, {"new_low", "unused"}),
    ({"entity_id": "nobody"}, set()),
]


async def _seed_forget(kit: Kit) -> dict[str, str]:
    rows = [(f"seed {n}", e, kit.ago(d), i) for n, (e, d, i, _, _) in SEED.items()]
    keys = ("content", "entity_id", "occurred_at", "importance")
    ids = await kit.batch([dict(zip(keys, row, strict=True)) for row in rows])
    by_name = dict(zip(SEED, ids, strict=True))
    for n, (_, _, _, count, idle) in SEED.items():
        await kit.raw(
            "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id "
            "SET m.access_count = $count, m.last_accessed_at = datetime() - duration({days: $idle})",
            id=by_name[n],
            count=count,
            idle=idle,
        )
    await kit.make_insight(by_name["insight"], [])
    return by_name


@pytest.mark.parametrize(("criteria", "expected"), FORGET_CASES)
async def test_forget_each_criterion_and_combinations(
    kit: Kit, criteria: dict[str, Any], expected: set[str]
) -> None:
    by_name = await _seed_forget(kit)
    criteria = dict(criteria)
    if "memory_ids" in criteria:
        criteria["memory_ids"] = [by_name[n] for n in criteria["memory_ids"]]
    if criteria.get("older_than") is OLD:
        criteria["older_than"] = kit.ago(30)
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(**criteria))
    gone = {by_name[n] for n in expected}
    assert out.forgotten == len(expected)
    assert {t.memory_id for t in out.tombstones} == gone
    assert {m.id for m in await kit.all()} == set(by_name.values()) - gone


async def test_forget_tombstones_hold_hash_not_content(kit: Kit) -> None:
    m = await kit.add("my secret is purple-elephant", entity_id="fay", context={"k": "v"})
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(entity_id="fay"))
    (tomb,) = out.tombstones
    assert (tomb.memory_id, tomb.entity_id, tomb.content_sha256) == (m.id, "fay", sha(m.content))
    rows = await kit.raw("MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id RETURN t {.*} AS t")
    (stored,) = [r["t"] for r in rows]
    assert stored["content_sha256"] == sha(m.content)
    assert "content" not in stored
    assert m.content not in json.dumps(stored, default=str)
    assert json.loads(stored["criteria_json"]) == {"entity_id": "fay"}
    with pytest.raises(NotFound):
        await kit.services.memory.get(kit.tenant, m.id)


async def test_forget_rejoins_the_timeline_and_works_in_batches(kit: Kit) -> None:
    settings = kit.services.settings.model_copy(update={"forget_batch_size": 2})
    service = MemoryService(kit.services.store, kit.services.embedder, settings.memory)
    days = list(range(8))
    ids = await kit.batch(
        [{"content": f"t{d}", "entity_id": "gus", "occurred_at": kit.at(d)} for d in days]
    )
    doomed = [ids[2], ids[3], ids[4], ids[6]]
    random.Random(7).shuffle(doomed)
    out = await service.forget(kit.tenant, ForgetIn(memory_ids=doomed))
    assert out.forgotten == 4
    await kit.assert_timeline([ids[0], ids[1], ids[5], ids[7]])
    out = await service.forget(kit.tenant, ForgetIn(entity_id="gus"))
    assert (out.forgotten, await kit.all()) == (4, [])


async def test_forget_refuses_empty_criteria_and_never_takes_a_snapshot_alone(kit: Kit) -> None:
    m = await kit.add("v1")
    with pytest.raises(InvalidInput):
        await kit.services.memory.forget(kit.tenant, ForgetIn())
    await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(content="v2"))
    (snap,) = await snapshots(kit, m.id)
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[snap.id]))
    assert out.forgotten == 0
    assert (await kit.services.memory.get(kit.tenant, snap.id)).content == "v1"


async def test_a_stale_insight_leaves_similarity_recall_until_asked_for(kit: Kit) -> None:
    src, insight = [(await kit.add(c)).id for c in ("the kiln runs hot", "kilns run hot")]
    await kit.make_insight(insight, [src])
    await kit.services.memory.revise(kit.tenant, src, ReviseIn(content="the kiln runs cool"))
    similarity = [{"strategy": "similarity"}]
    out = await kit.recall(cue="kiln", strategies=similarity, reinforce=False)
    assert insight not in {r.memory.id for r in out.results}
    out = await kit.recall(cue="kiln", strategies=similarity, reinforce=False, include_stale=True)
    assert {r.memory.id: r.stale for r in out.results}[insight] is True
