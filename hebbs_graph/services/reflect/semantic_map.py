"""The map of meaning: every memory of an entity placed by a 2-D projection of its stored
vector, for the palace's large entities. The projection is cached per (tenant, entity)
and signed by the memories' ids and updated times: a reload with nothing changed reads
no vectors, and memories added since the fit are placed with its basis (only their
vectors are read) until enough have changed to fit again."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.graph import MapEdge, MapOut, MapPoint
from hebbs_graph.services.reflect.projection import Projection, as_vectors, signature, unplaced

CAPTION = 80
CACHED_ENTITIES = 32  # projections kept, the least recently used dropped first


class SemanticMapService:
    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._cache: OrderedDict[tuple[str, str], Projection] = OrderedDict()
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}

    async def map(self, tenant_id: str, entity_id: str | None) -> MapOut:
        if not entity_id:
            raise InvalidInput("give entity_id", details={"field": "entity_id"})
        params = {"tenant_id": tenant_id, "entity_id": entity_id}
        rows = await self._one("graph/map_memories", caption=CAPTION, **params)
        memories: list[dict[str, Any]] = rows["rows"] if rows else []
        key = (tenant_id, entity_id)
        async with self._locks.setdefault(key, asyncio.Lock()):
            fit, how = await self._projection(key, memories)
        edge_rows = await self._one("graph/map_edges", **params)
        points = [_point(m, fit) for m in memories]
        return MapOut(
            entity_id=entity_id,
            points=points,
            edges=[MapEdge.model_validate(e) for e in _once((edge_rows or {}).get("rows", []))],
            projection=how,
        )

    async def _projection(
        self, key: tuple[str, str], memories: list[dict[str, Any]]
    ) -> tuple[Projection | None, str]:
        stamps = {m["id"]: m["updated_at"] or "" for m in memories}
        signed = signature(stamps.items())
        fit = self._cache.get(key)
        if fit is not None:
            self._cache.move_to_end(key)
            if fit.signed == signed:
                return fit, "cached"
            changed = [mid for mid, s in stamps.items() if fit.stamps.get(mid) != s]
            if not fit.due(len(changed)):
                ids, vectors = await self._vectors("graph/map_vectors_of", ids=changed, key=key)
                if ids:
                    fit.place(ids, as_vectors(vectors))
                fit.stamps.update({mid: stamps[mid] for mid in changed})
                fit.signed = signed
                return fit, "incremental"
        ids, vectors = await self._vectors("graph/map_vectors", key=key)
        if not ids:
            self._cache.pop(key, None)
            return None, "full"
        # The eigen-decomposition of 10,000 × 384 takes ~0.1 s: off the event loop.
        fit = await asyncio.to_thread(Projection.fit, ids, as_vectors(vectors))
        fit.stamps = stamps
        fit.signed = signed
        self._cache[key] = fit
        while len(self._cache) > CACHED_ENTITIES:
            dropped, _ = self._cache.popitem(last=False)
            self._locks.pop(dropped, None)
        return fit, "full"

    async def _vectors(
        self, name: str, *, key: tuple[str, str], **params: Any
    ) -> tuple[list[str], list[list[float]]]:
        row = await self._one(name, tenant_id=key[0], entity_id=key[1], **params)
        if not row:
            return [], []
        return list(row["ids"]), list(row["vectors"])

    async def _one(self, name: str, **params: Any) -> dict[str, Any] | None:
        rows = await self.store.read_values(name, **params)
        return rows[0] if rows else None


def _point(m: dict[str, Any], fit: Projection | None) -> MapPoint:
    place = fit.places.get(m["id"]) if fit is not None else None
    x, y = place if place is not None else unplaced(m["id"])
    return MapPoint(
        id=m["id"],
        kind=m["kind"],
        caption=m["caption"] or "",
        importance=m["importance"],
        occurred_at=m["occurred_at"],
        stale=bool(m["stale"]),
        superseded=bool(m["superseded"]),
        x=x,
        y=y,
    )


def _once(edges: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """CONTRADICTS is stored one edge each way: hand it on once."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for e in edges:
        a, b, kind = e["source_id"], e["target_id"], e["edge_type"]
        key = (min(a, b), max(a, b), kind) if kind == "CONTRADICTS" else (a, b, kind)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out
