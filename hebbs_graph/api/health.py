"""Liveness, readiness and metrics; no API key needed for these."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Response, get
from litestar.status_codes import HTTP_200_OK, HTTP_503_SERVICE_UNAVAILABLE

from hebbs_graph.graph.schema import indexes_online
from hebbs_graph.services.auto_reflect import api_tenants
from hebbs_graph.services.container import Services


class HealthController(Controller):
    path = "/v1/health"
    tags = ["health"]

    @get("/live")
    async def live(self) -> dict[str, str]:
        return {"status": "ok"}

    @get("/ready")
    async def ready(self, services: Services) -> Response[dict[str, Any]]:
        """Ready when Neo4j answers and the indexes are ONLINE."""
        graph = await services.store.ping()
        indexes = False
        if graph:
            try:
                indexes = await indexes_online(services.store)
            except Exception:
                indexes = False
        ready = graph and indexes
        body: dict[str, Any] = {
            "ready": ready,
            "neo4j": graph,
            "indexes_online": indexes,
            "embedding_model": services.embedder.model_name,
        }
        if graph:
            try:  # what waits for reflection; informative, never a reason to be unready
                reflect = services.reflect
                body["reflection"] = await reflect.health_summary(api_tenants(reflect))
            except Exception:
                body["reflection"] = None
        return Response(body, status_code=HTTP_200_OK if ready else HTTP_503_SERVICE_UNAVAILABLE)
