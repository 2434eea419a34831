"""Liveness, readiness and metrics; no API key needed for these."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Response, get
from litestar.params import Dependency
from litestar.status_codes import HTTP_200_OK, HTTP_503_SERVICE_UNAVAILABLE

from hebbs_graph.embedding import Embedder
from hebbs_graph.graph.schema import indexes_online
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.services.reflect.auto import api_tenants
from hebbs_graph.services.reflect.service import ReflectService


class HealthController(Controller):
    path = "/v1/health"
    tags = ["health"]

    @get("/live")
    async def live(self) -> dict[str, str]:
        return {"status": "ok"}

    @get("/ready")
    async def ready(
        self,
        store: GraphStore,
        # A Protocol: Litestar cannot check an instance against it.
        embedder: Annotated[Embedder, Dependency(skip_validation=True)],
        reflect: ReflectService,
    ) -> Response[dict[str, Any]]:
        """Ready when Neo4j answers and the indexes are ONLINE."""
        graph = await store.ping()
        indexes = False
        if graph:
            try:
                indexes = await indexes_online(store)
            except Exception:
                indexes = False
        ready = graph and indexes
        body: dict[str, Any] = {
            "ready": ready,
            "neo4j": graph,
            "indexes_online": indexes,
            "embedding_model": embedder.model_name,
        }
        if graph:
            try:  # what waits for reflection; informative, never a reason to be unready
                body["reflection"] = await reflect.health_summary(api_tenants(reflect))
            except Exception:
                body["reflection"] = None
        return Response(body, status_code=HTTP_200_OK if ready else HTTP_503_SERVICE_UNAVAILABLE)
