"""REST handlers for prime, lineage, graph views and entities."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.params import Parameter

from hebbs_graph.api.params import entity_param
from hebbs_graph.models.compact import CompactPrimeOut
from hebbs_graph.models.graph import (
    EntitiesOut,
    GraphOut,
    LineageOut,
    MapOut,
    PrimeIn,
    PrimeOut,
)
from hebbs_graph.services.map.semantic_map import SemanticMapService
from hebbs_graph.services.recall.prime import PrimeService
from hebbs_graph.services.reflect.lineage import LineageService


class GraphController(Controller):
    path = "/v1"
    tags = ["graph"]

    @post("/prime", status_code=200)
    async def prime(
        self, data: PrimeIn, prime: PrimeService, tenant_id: str
    ) -> PrimeOut | CompactPrimeOut:
        """Start-of-conversation context: recent, relevant, insights, and what waits."""
        return await prime.answer(tenant_id, data)

    @get("/memories/{memory_id:str}/lineage")
    async def lineage(self, memory_id: str, lineage: LineageService, tenant_id: str) -> LineageOut:
        """An insight's sources, recursively; any memory's revision history."""
        return await lineage.lineage(tenant_id, memory_id)

    @get("/graph")
    async def graph(
        self,
        lineage: LineageService,
        tenant_id: str,
        ids: str | None = Parameter(default=None, description="Comma-separated memory ids."),
        entity_id: str | None = entity_param(),
        depth: int = Parameter(default=1, ge=0, le=3),
        limit: int = Parameter(default=200, ge=1, le=500),
    ) -> GraphOut:
        """Nodes and edges around some memories or an entity (bounded), for the palace."""
        id_list = [i for i in (ids or "").split(",") if i.strip()]
        return await lineage.graph(
            tenant_id, ids=id_list or None, entity_id=entity_id, depth=depth, limit=limit
        )

    @get("/map")
    async def semantic_map(
        self,
        semantic_map: SemanticMapService,
        tenant_id: str,
        entity_id: str | None = entity_param(),
        since: str | None = Parameter(
            default=None,
            max_length=64,
            description="The stamp of an earlier answer: send only the memories created or"
            " updated after it (and the edges touching them); the map polls with it.",
        ),
    ) -> MapOut:
        """Every memory of an entity placed by meaning (a 2-D projection of the stored
        vectors), its labelled regions and the INSIGHT_FROM, CONTRADICTS and CAUSED_BY
        edges among them, for the palace's map of large entities."""
        return await semantic_map.map(tenant_id, entity_id, since)

    @get("/entities")
    async def entities(
        self,
        lineage: LineageService,
        tenant_id: str,
        after: str | None = None,
        limit: int = Parameter(default=100, ge=1, le=1000),
    ) -> EntitiesOut:
        """Entity ids with how many episodes each holds."""
        return await lineage.entities(tenant_id, after=after, limit=limit)
