"""The map of meaning: every memory of an entity placed by a 2-D projection of its stored
vector, for the palace's large entities. The projection is cached per (tenant, entity)
and signed by the memories' ids and updated times: a reload with nothing changed reads
no vectors, and memories added since the fit are placed with its basis (only their
vectors are read) until enough have changed to fit again. The regions (regions.py) are
fitted with the projection and kept with it; new memories join the nearest. Given the
stamp of an earlier answer (``since``), a map that did not change costs one count."""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from typing import Any

import numpy as np

from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.graph import MapEdge, MapOut, MapPoint, MapRegion
from hebbs_graph.services.map.projection import Projection, as_vectors, signature, unplaced
from hebbs_graph.services.map.regions import Regions, extents, fit_regions

CAPTION = 80
CACHED_ENTITIES = 32  # projections kept, the least recently used dropped first
# A stamp as Neo4j writes a datetime: 2025-03-03T09:00:00.123456Z, +01:00, [Europe/London].
STAMP = re.compile(
    r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)?(\[[\w/+-]+\])?"
)


class SemanticMapService:
    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._cache: OrderedDict[tuple[str, str], Projection] = OrderedDict()
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}

    async def map(self, tenant_id: str, entity_id: str | None, since: str | None = None) -> MapOut:
        if not entity_id:
            raise InvalidInput("give entity_id", details={"field": "entity_id"})
        if since is not None and not STAMP.fullmatch(since):
            raise InvalidInput("since is a stamp of an earlier map", details={"field": "since"})
        params = {"tenant_id": tenant_id, "entity_id": entity_id}
        key = (tenant_id, entity_id)
        if since is not None:
            same = await self._unchanged(key, since)
            if same is not None:
                return same
        rows, edge_row = await asyncio.gather(
            self._one("map/memories", caption=CAPTION, since=since, **params),
            self._one("map/edges", **params),
        )
        memories: list[dict[str, Any]] = rows["rows"] if rows else []
        edge_rows = _once((edge_row or {}).get("rows", []))
        async with self._locks.setdefault(key, asyncio.Lock()):
            fit, how = await self._projection(key, memories)
            regions, of = await self._regions(fit, memories, edge_rows)
        points = [_point(m, fit, r) for m, r in zip(memories, of, strict=True)]
        complete = since is None or how == "full"
        if not complete:
            points = [p for p, m in zip(points, memories, strict=True) if m["fresh"]]
        fresh = {p.id for p in points}
        edges = [e for e in edge_rows if complete or {e["source_id"], e["target_id"]} & fresh]
        return MapOut(
            entity_id=entity_id,
            points=points,
            edges=[MapEdge.model_validate(e) for e in edges],
            projection=how,
            regions=regions,
            count=len(memories),
            stamp=(rows or {}).get("stamp"),
            complete=complete,
        )

    async def _unchanged(self, key: tuple[str, str], since: str) -> MapOut | None:
        """The answer to a map asked for since a stamp when nothing changed after it (and
        the projection is still cached): no point, the regions as they were."""
        fit = self._cache.get(key)
        if fit is None or fit.drawn_regions is None:
            return None
        row = await self._one("map/changed", tenant_id=key[0], entity_id=key[1], since=since)
        if row is None or row["changed"] or row["count"] != fit.drawn_count:
            return None
        return MapOut(
            entity_id=key[1],
            points=[],
            edges=[],
            projection="cached",
            regions=fit.drawn_regions,
            count=row["count"],
            stamp=since,
            complete=False,
        )

    async def _regions(
        self, fit: Projection | None, memories: list[dict[str, Any]], edges: list[dict[str, Any]]
    ) -> tuple[list[MapRegion], list[int | None]]:
        """The regions (fitted with the projection, or the cached ones) and the region of
        each memory (its nearest centre)."""
        if fit is None or not memories:
            return [], [None] * len(memories)
        xy = np.array([_place(m["id"], fit) for m in memories], dtype=np.float64)
        if fit.regions is None:
            sources: dict[str, list[str]] = {}
            for e in edges:
                if e["edge_type"] == "INSIGHT_FROM":
                    sources.setdefault(e["source_id"], []).append(e["target_id"])
            fit.regions = await asyncio.to_thread(
                fit_regions,
                xy,
                [m["caption"] or "" for m in memories],
                [m["id"] for m in memories],
                sources,
                {m["id"]: m["importance"] for m in memories},
            )
        regions: Regions = fit.regions
        labels = regions.locate(xy)
        captions = {m["id"]: m["caption"] or "" for m in memories}
        drawn = [
            MapRegion(
                id=i,
                label=regions.names[i],
                x=round(e.x, 1),
                y=round(e.y, 1),
                radius=round(e.radius, 1),
                count=e.count,
                insight_id=regions.insights.get(i),
                insight=captions.get(regions.insights.get(i, "")),
            )
            for i, e in enumerate(extents(xy, labels, regions))
        ]
        fit.drawn_regions = drawn
        fit.drawn_count = len(memories)
        of: list[int | None] = labels.tolist() if regions.names else [None] * len(memories)
        return drawn, of

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
                ids, vectors = await self._vectors("map/vectors_of", ids=changed, key=key)
                if ids:
                    fit.place(ids, as_vectors(vectors))
                fit.stamps.update({mid: stamps[mid] for mid in changed})
                fit.signed = signed
                return fit, "incremental"
        ids, vectors = await self._vectors("map/vectors", key=key)
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


def _place(mid: str, fit: Projection | None) -> tuple[float, float]:
    place = fit.places.get(mid) if fit is not None else None
    return place if place is not None else unplaced(mid)


def _point(m: dict[str, Any], fit: Projection | None, region: int | None) -> MapPoint:
    x, y = _place(m["id"], fit)
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
        region=region,
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
