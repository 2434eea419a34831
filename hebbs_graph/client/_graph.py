"""The client's graph reads (lineage, neighbourhoods, entities) and health."""

from __future__ import annotations

from typing import Any

from hebbs_graph.client._base import (
    ClientBase,
    _seg,
)
from hebbs_graph.models.graph import EntitiesOut, GraphOut, LineageOut, MapOut


class GraphApi(ClientBase):
    # -- graph ------------------------------------------------------------------------

    async def lineage(self, memory_id: str) -> LineageOut:
        return await self._call("GET", f"/v1/memories/{_seg(memory_id)}/lineage", LineageOut)

    async def graph(
        self,
        *,
        ids: list[str] | None = None,
        entity_id: str | None = None,
        depth: int = 1,
        limit: int = 200,
    ) -> GraphOut:
        params = {
            "ids": ",".join(ids) if ids else None,
            "entity_id": entity_id,
            "depth": depth,
            "limit": limit,
        }
        return await self._call("GET", "/v1/graph", GraphOut, params=params)

    async def semantic_map(self, entity_id: str, *, since: str | None = None) -> MapOut:
        """Every memory of an entity placed by meaning, its named regions, and the edges
        among them; with ``since`` (an earlier answer's ``stamp``) only what changed."""
        params = {"entity_id": entity_id, "since": since}
        return await self._call("GET", "/v1/map", MapOut, params=params)

    async def entities(self, *, after: str | None = None, limit: int = 100) -> EntitiesOut:
        params = {"after": after, "limit": limit}
        return await self._call("GET", "/v1/entities", EntitiesOut, params=params)

    # -- health -----------------------------------------------------------------------

    async def live(self) -> dict[str, Any]:
        """Liveness: the process answers."""
        data: dict[str, Any] = (await self._send("GET", "/v1/health/live")).json()
        return data

    async def ready(self) -> dict[str, Any]:
        """Readiness (Neo4j reachable, indexes online); a 503 is an answer here, not an error."""
        data: dict[str, Any] = (await self._send("GET", "/v1/health/ready", ok=(503,))).json()
        return data

    async def metrics(self) -> str:
        """The Prometheus exposition text."""
        return (await self._send("GET", "/v1/metrics")).text
