"""Backup files made by hand for the import's tests: one valid record of each kind, and
a small scene of one entity that holds every type of record and relationship."""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from httpx import Response

from hebbs_graph.ids import new_id

ENTITY = "acme"
BASE = datetime(2025, 5, 6, 7, 0, tzinfo=UTC)
Record = dict[str, Any]


class Caller(Protocol):
    """What served() needs of tests/api/conftest.Api."""

    async def call(self, method: str, path: str, *, other: bool = False, **kw: Any) -> Response: ...


def at(hours: float) -> str:
    return (BASE + timedelta(hours=hours)).isoformat()


def vector(seed: str, dimension: int) -> list[float]:
    """A unit vector that depends only on ``seed`` (no model needed)."""
    raw = [
        int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest()[:4], "big") / 2**32 - 0.5
        for i in range(dimension)
    ]
    norm = math.sqrt(sum(x * x for x in raw))
    return [x / norm for x in raw]


def header(model: str, dimension: int, *, entity_id: str | None = ENTITY) -> Record:
    return {
        "type": "header",
        "format": "hebbs-graph-backup",
        "version": 1,
        "tenant_id": "somewhere",
        "entity_id": entity_id,
        "embedding_model": model,
        "embedding_dimension": dimension,
        "embeddings": True,
        "exported_at": at(100),
    }


def memory(
    mid: str,
    content: str,
    dimension: int,
    *,
    kind: str = "episode",
    hours: float = 0,
    entity_id: str | None = ENTITY,
    **extra: Any,
) -> Record:
    props = {
        "id": mid,
        "kind": kind,
        "entity_id": entity_id,
        "content": content,
        "content_sha256": hashlib.sha256(content.encode()).hexdigest(),
        "importance": 0.5,
        "context_json": json.dumps({"n": hours}),
        "tags": ["t"],
        "occurred_at": at(hours),
        "created_at": at(hours),
        "updated_at": at(hours),
        "last_accessed_at": at(hours),
        "access_count": 0,
        "decay_score": 0.5,
        "version": 1,
        "hidden": 0,
        **extra,
    }
    record: Record = {"type": "memory", "properties": props}
    if kind != "snapshot":
        record["embedding"] = vector(mid, dimension)
    return record


def edge(edge_type: str, source: str, target: str, **extra: Any) -> Record:
    props = {"confidence": 1.0, "created_at": at(50), **extra}
    return {
        "type": "edge",
        "edge_type": edge_type,
        "source_id": source,
        "target_id": target,
        "properties": props,
    }


def pending(a: Record, b: Record, **extra: Any) -> Record:
    pa, pb = a["properties"], b["properties"]
    key = ":".join(sorted((pa["id"], pb["id"])))
    props = {
        "pending_id": new_id(),
        "pair_key": key,
        "memory_id_a": pa["id"],
        "memory_id_b": pb["id"],
        "content_a_snippet": pa["content"],
        "content_b_snippet": pb["content"],
        "content_a_sha256": pa["content_sha256"],
        "content_b_sha256": pb["content_sha256"],
        "classifier_score": 0.8,
        "classifier_method": "heuristic",
        "similarity": 0.9,
        "suggested_verdict": "contradiction",
        "signals": ["negation"],
        "created_at": at(60),
        **extra,
    }
    return {"type": "pending_contradiction", "properties": props}


def scene(dimension: int, entity_id: str = ENTITY) -> list[Record]:
    """Four episodes in a timeline (the first superseded by a revision verdict, one
    revised with its snapshot, one with a dismissed pair), a stale insight drawn from two
    episodes, a confirmed and a pending contradiction, a tombstone, the entity node and
    its reflect cursor: every record type and every relationship type."""
    e1, e2, e3 = (
        memory(new_id(), text, dimension, hours=n, entity_id=entity_id)
        for n, text in enumerate(["The build is fast", "Deploy succeeded", "The build is slow"])
    )
    e2["properties"].update(version=2, content="Deploy succeeded twice")
    e2["properties"]["content_sha256"] = hashlib.sha256(b"Deploy succeeded twice").hexdigest()
    snap = memory(
        new_id(),
        "Deploy succeeded",
        dimension,
        kind="snapshot",
        hours=1,
        entity_id=entity_id,
        snapshot_of=e2["properties"]["id"],
    )
    snap["properties"].pop("hidden")
    insight = memory(
        new_id(),
        "Builds and deploys go well",
        dimension,
        kind="insight",
        hours=3,
        entity_id=entity_id,
        confidence=0.7,
        source_count=2,
        stale=True,
        stale_reason="source revised",
        stale_since=at(2),
        stale_source_ids=[e2["properties"]["id"]],
        hidden=2,
    )
    i1, i2, i3, isnap, iins = (r["properties"]["id"] for r in (e1, e2, e3, snap, insight))
    e0 = memory(
        new_id(),
        "The build takes an hour",
        dimension,
        hours=-1,
        entity_id=entity_id,
        superseded_by=i1,
        superseded_at=at(4),
        hidden=1,
    )
    i0 = e0["properties"]["id"]
    hashes = e1["properties"]["content_sha256"] + e2["properties"]["content_sha256"]
    e1["properties"]["dismissed_pairs"] = [":".join(sorted((i1, i2))) + "@" + hashes]
    forgotten = new_id()
    return [
        e0,
        e1,
        e2,
        e3,
        snap,
        insight,
        edge("FOLLOWED_BY", i0, i1),
        edge("FOLLOWED_BY", i1, i2),
        edge("REVISED_FROM", i1, i0, reasoning="an update", method="agent"),
        edge("FOLLOWED_BY", i2, i3),
        edge("REVISED_FROM", i2, isnap),
        edge("INSIGHT_FROM", iins, i1, confidence=0.7),
        edge("INSIGHT_FROM", iins, i2, confidence=0.7),
        edge("CAUSED_BY", i2, i1, confidence=0.6),
        edge("RELATED_TO", i3, i1),
        edge("CONTRADICTS", i2, i3, reasoning="both cannot hold", method="agent"),
        pending(e1, e3),
        {
            "type": "tombstone",
            "properties": {
                "memory_id": forgotten,
                "entity_id": entity_id,
                "kind": "episode",
                "forgotten_at": at(70),
                "content_sha256": "0" * 64,
                "criteria_json": "{}",
            },
        },
        {
            "type": "entity",
            "properties": {
                "entity_id": entity_id,
                "memory_count": 4,
                "created_at": at(0),
                "updated_at": at(3),
            },
        },
        {
            "type": "reflect_cursor",
            "properties": {
                "scope": f"entity:{entity_id}",
                "entity_id": entity_id,
                "created_at": at(1),
                "memory_id": i2,
                "reflected_at": at(80),
                "touched_at": at(80),
                "reflections": 1,
            },
        },
    ]


async def served(api: Caller) -> None:
    """Every read a tenant's agent makes answers below 500."""
    entity = {"entity_id": ENTITY}
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", "/v1/memories", {}),
        ("GET", "/v1/memories", {"params": entity}),
        ("POST", "/v1/recall", {"json": {"cue": "the build", "top_k": 20}}),
        ("POST", "/v1/recall", {"json": {"cue": "deploy", **entity}}),
        ("POST", "/v1/prime", {"json": entity}),
        ("POST", "/v1/contradictions/prepare", {"json": {}}),
        ("POST", "/v1/contradictions/prepare", {"json": entity}),
        ("POST", "/v1/reflect/prepare", {"json": entity}),
        ("GET", "/v1/reflect/status", {"params": entity}),
        ("GET", "/v1/insights", {}),
        ("GET", "/v1/entities", {}),
        ("GET", "/v1/graph", {"params": entity}),
        ("GET", "/v1/export", {}),
        # not a read, but what the service runs on whatever a tenant holds
        ("POST", "/v1/contradictions/scan", {"json": entity}),
    ]
    listed = await api.call("GET", "/v1/memories", params={"limit": 10})
    for item in listed.json().get("items", []):
        calls += [
            ("GET", f"/v1/memories/{item['id']}", {}),
            ("GET", f"/v1/memories/{item['id']}/edges", {}),
            ("GET", f"/v1/memories/{item['id']}/lineage", {}),
        ]
    for method, path, kw in calls:
        answer = await api.call(method, path, **kw)
        assert answer.status_code < 500, (method, path, answer.text)


def end(records: list[Any]) -> Record:
    counts = Counter(
        r["type"] for r in records if isinstance(r, dict) and isinstance(r.get("type"), str)
    )
    return {"type": "end", "counts": dict(counts)}


def ndjson(lines: list[Any]) -> str:
    """Lines as a body: a dict as JSON, a str as it is."""
    return "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
