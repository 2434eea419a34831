"""An entity holding every kind of memory and relationship, for backup round trips."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.contradict import CommitIn, VerdictIn
from hebbs_graph.models.memory import EdgeIn, ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.models.reflect import ReflectCommitIn, ReflectPrepareIn
from hebbs_graph.services.container import Services
from tests.support.themes import THEMES

ENTITY = "acme_corp"
BASE = datetime(2025, 2, 3, 9, 0, tzinfo=UTC)
# Pairs the heuristic classifier flags: the first is confirmed, the second dismissed,
# the third judged a revision, the last left pending.
PAIRS = [
    ("The API is reliable", "The API is unreliable"),
    ("Deploy succeeded", "Deploy failed"),
    ("Budget is $5,000 per tenant", "Budget is $2,000 per tenant"),
    ("The build is fast", "The build is slow"),
]


async def build_scene(services: Services, tenant: str) -> dict[str, Any]:
    """Episodes (with context, tags, edges and reads), an insight from reflect_commit, a
    revision, confirmed / dismissed / revision / pending contradictions, a forgotten
    memory's tombstone, and one memory of another entity."""
    items = [
        MemoryIn(
            content=text,
            entity_id=ENTITY,
            importance=0.4 + 0.01 * n,
            context={"theme": theme, "n": n, "nested": {"ok": True, "list": [1, "a"]}},
            tags=[theme],
            occurred_at=BASE + timedelta(hours=n),
        )
        for n, (theme, text) in enumerate(
            (theme, text) for theme, texts in THEMES.items() for text in texts
        )
    ]
    ids = await services.memory.remember_batch(tenant, items)
    await services.memory.link(
        tenant, ids[1], EdgeIn(target_id=ids[0], edge_type=EdgeType.CAUSED_BY)
    )
    await services.memory.link(
        tenant, ids[2], EdgeIn(target_id=ids[5], edge_type=EdgeType.RELATED_TO, confidence=0.6)
    )
    await services.recall.recall(tenant, RecallIn(cue="budget discounts", entity_id=ENTITY))
    await services.recall.drain()

    prepared = await services.reflect.prepare(tenant, ReflectPrepareIn(entity_id=ENTITY))
    cluster = prepared.clusters[0]
    committed = await services.reflect.commit(
        tenant,
        ReflectCommitIn.model_validate(
            {
                "session_id": prepared.session_id,
                "insights": [
                    {
                        "content": "Acme cares about one theme above all.",
                        "confidence": 0.8,
                        "source_memory_ids": cluster.memory_ids,
                        "tags": ["insight"],
                        "cluster_id": cluster.cluster_id,
                    }
                ],
            }
        ),
    )
    # A revision of a source: a snapshot, version 2, and the insight goes stale.
    await services.memory.revise(
        tenant, cluster.memory_ids[0], ReviseIn(content="Revised: " + items[0].content)
    )

    pair_ids = []
    for n, (a, b) in enumerate(PAIRS):
        first = await services.memory.remember(
            tenant, MemoryIn(content=a, entity_id=ENTITY, occurred_at=BASE - timedelta(days=9 - n))
        )
        second = await services.memory.remember(
            tenant, MemoryIn(content=b, entity_id=ENTITY, occurred_at=BASE - timedelta(days=5 - n))
        )
        pair_ids.append((first.id, second.id))
    assert await services.contradict.drain()
    pending = {
        frozenset((p.memory_id_a, p.memory_id_b)): p.pending_id
        for p in await services.contradict.pending(tenant, limit=500)
    }
    verdicts = [
        VerdictIn(pending_id=pending[frozenset(pair)], verdict=verdict, confidence=0.9)
        for pair, verdict in zip(pair_ids, ["contradiction", "dismiss", "revision"], strict=False)
    ]
    await services.contradict.commit(tenant, CommitIn(verdicts=verdicts))
    assert frozenset(pair_ids[3]) in pending  # stays pending

    doomed = await services.memory.remember(tenant, MemoryIn(content="Forget me", entity_id=ENTITY))
    await services.memory.forget(tenant, ForgetIn(memory_ids=[doomed.id]))
    other = await services.memory.remember(tenant, MemoryIn(content="Globex", entity_id="globex"))
    return {"insight_id": committed.insight_ids[0], "other_id": other.id, "pairs": pair_ids}


def comparable(lines: list[str]) -> list[str]:
    """A backup's lines without what differs between two exports of the same data (the
    tenant and time in the header), in a fixed order."""
    out = []
    for line in lines:
        record = json.loads(line)
        if record["type"] == "header":
            record.pop("tenant_id")
            record.pop("exported_at")
        out.append(json.dumps(record, sort_keys=True))
    return sorted(out)
