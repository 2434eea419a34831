"""Lineage and graph views: where an insight came from, how a memory changed, what is near."""

from __future__ import annotations

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.ids import normalize_id
from hebbs_graph.models.graph import (
    EntitiesOut,
    EntityCount,
    GraphEdge,
    GraphNode,
    GraphOut,
    LineageOut,
    LineageStep,
)
from hebbs_graph.models.memory import Memory
from hebbs_graph.services.records import to_memory

MAX_LINEAGE = 1000
MAX_GRAPH_NODES = 500


class LineageService:
    def __init__(self, store: GraphStore) -> None:
        self.store = store

    async def lineage(self, tenant_id: str, memory_id: str) -> LineageOut:
        """An insight's INSIGHT_FROM sources (recursively) and any memory's revisions."""
        mid = normalize_id(memory_id)
        rows = await self.store.read_rows("memory/get", tenant_id=tenant_id, id=mid)
        if not rows:
            raise NotFound(f"no memory {mid}", details={"id": mid})
        params = {"tenant_id": tenant_id, "id": mid, "limit": MAX_LINEAGE}
        sources = await self.store.read_rows("graph/lineage_sources", **params)
        revisions = await self.store.read_rows("graph/lineage_revisions", **params)
        return LineageOut(
            memory=to_memory(rows[0]["memory"]),
            sources=[
                LineageStep(memory=to_memory(r["memory"]), depth=r["depth"], path=r["path_ids"])
                for r in sources
            ],
            revisions=[
                LineageStep(memory=to_memory(r["memory"]), depth=r["depth"]) for r in revisions
            ],
        )

    async def graph(
        self,
        tenant_id: str,
        *,
        ids: list[str] | None = None,
        entity_id: str | None = None,
        depth: int = 1,
        limit: int = 200,
    ) -> GraphOut:
        """Nodes and edges around ``ids``, or around an entity's latest memories."""
        if not 0 <= depth <= 3:
            raise InvalidInput("depth must be between 0 and 3", details={"field": "depth"})
        if not 1 <= limit <= MAX_GRAPH_NODES:
            raise InvalidInput(
                f"limit must be between 1 and {MAX_GRAPH_NODES}", details={"field": "limit"}
            )
        if ids:
            seeds = [normalize_id(i, field="ids") for i in ids]
        elif entity_id:
            rows = await self.store.read_rows(
                "graph/entity_latest", tenant_id=tenant_id, entity_id=entity_id, limit=limit
            )
            seeds = [r["id"] for r in rows]
        else:
            raise InvalidInput("give ids or entity_id", details={"field": "ids"})
        if not seeds:
            return GraphOut(nodes=[], edges=[])
        rows = await self.store.read_rows(
            "graph/neighbourhood", tenant_id=tenant_id, ids=seeds, depth=depth, limit=limit
        )
        if not rows:
            return GraphOut(nodes=[], edges=[])
        nodes = [_node(to_memory(n)) for n in rows[0]["nodes"]]
        edges = [GraphEdge.model_validate(e) for e in rows[0]["edges"] if e is not None]
        return GraphOut(nodes=nodes, edges=edges)

    async def entities(
        self, tenant_id: str, *, after: str | None = None, limit: int = 100
    ) -> EntitiesOut:
        if not 1 <= limit <= 1000:
            raise InvalidInput("limit must be between 1 and 1000", details={"field": "limit"})
        rows = await self.store.read_rows(
            "graph/entities", tenant_id=tenant_id, after=after, limit=limit + 1
        )
        items = [EntityCount.model_validate(r) for r in rows[:limit]]
        more = len(rows) > limit
        return EntitiesOut(entities=items, next_after=items[-1].entity_id if more else None)


def _node(m: Memory) -> GraphNode:
    return GraphNode(
        id=m.id,
        kind=m.kind.value,
        entity_id=m.entity_id,
        content=m.content[:500],
        importance=m.importance,
        occurred_at=m.occurred_at,
        confidence=m.confidence,
        stale=bool(m.stale),
        superseded=m.superseded_by is not None,
        version=m.version,
    )
