"""The Litestar app over the real services, one client per test, keys mapped to its tenants.

AsyncTestClient runs the app on its own event loop (an anyio portal thread), while the
session `services` fixture's Neo4j driver belongs to pytest's loop, and a driver's pooled
connections cannot cross loops. So once the client has started, the app's services are
rebuilt by `open_services` on the client's loop (same settings plus the test's API keys,
same embedding model) and the app serves those.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from httpx import Response
from litestar.testing import AsyncTestClient

from hebbs_graph.api.app import create_app
from hebbs_graph.models.contradict import PrepareOut
from hebbs_graph.services.container import Services, open_services
from tests.support.checks import checks_run
from tests.support.tenants import purge_tenant


@dataclass
class Api:
    client: AsyncTestClient[Any]
    services: Services  # the session's, on pytest's loop: for looking, not through HTTP
    tenant: str
    other_tenant: str
    key: str
    other_key: str

    @staticmethod
    def error(response: Response) -> dict[str, Any]:
        return error_of(response)

    def auth(self, other: bool = False) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.other_key if other else self.key}"}

    async def call(self, method: str, path: str, *, other: bool = False, **kw: Any) -> Response:
        headers = {**self.auth(other), **kw.pop("headers", {})}
        return await self.client.request(method, path, headers=headers, **kw)

    async def remember(self, *, other: bool = False, **body: Any) -> dict[str, Any]:
        """POST /v1/memories; returns its answer once the memory's check has run too."""
        r = await self.call("POST", "/v1/memories", json=body, other=other)
        assert r.status_code == 201, r.text
        await self.checks_run(other)
        answer: dict[str, Any] = r.json()
        return answer

    async def checks_run(self, other: bool = False) -> PrepareOut:
        """Wait until no contradiction check of the tenant is waiting (prepare says)."""

        async def prepare() -> PrepareOut:
            r = await self.call("POST", "/v1/contradictions/prepare", json={}, other=other)
            assert r.status_code == 200, r.text
            return PrepareOut.model_validate(r.json())

        return await checks_run(prepare)

    async def stored(self, tenant: str | None = None) -> list[tuple[Any, ...]]:
        """Everything the tenant holds (memories with their edges), for before/after checks."""
        tenant = tenant or self.tenant
        rows = await self.services.store.run_raw(
            "MATCH (m:Memory) WHERE m.tenant_id = $t "
            "OPTIONAL MATCH (m)-[r]-(o) "
            "RETURN m {.*, embedding: null} AS m, collect([type(r), o.id]) AS rels "
            "ORDER BY m.id",
            t=tenant,
        )
        return [(sorted(r["m"].items()), sorted(map(tuple, r["rels"]))) for r in rows]


def error_of(response: Response) -> dict[str, Any]:
    """The one error shape: {"error": {"code", "message", "details"}}."""
    body = response.json()
    assert set(body) == {"error"}, body
    error: dict[str, Any] = body["error"]
    assert set(error) == {"code", "message", "details"}, error
    assert isinstance(error["code"], str)
    assert error["code"]
    assert isinstance(error["message"], str)
    assert error["message"]
    return error


@asynccontextmanager
async def serve(services: Services, tenant: str, other_tenant: str) -> AsyncIterator[Api]:
    key, other_key = f"key-{uuid.uuid4().hex}", f"key-{uuid.uuid4().hex}"
    keys = {key: tenant, other_key: other_tenant}
    settings = services.settings.model_copy(update={"api_keys": keys})
    app = create_app(services=dataclasses.replace(services, settings=settings))
    async with AsyncTestClient(app=app) as client:
        portal = client.blocking_portal
        served = portal.call(
            partial(open_services, settings, embedder=services.embedder, wait_s=30)
        )
        app.state.services = served
        try:
            yield Api(client, services, tenant, other_tenant, key, other_key)
        finally:
            portal.call(served.close)


@pytest.fixture
async def api(services: Services, tenant: str, other_tenant: str) -> AsyncIterator[Api]:
    """A client for this test; its keys map to the test's two tenants."""
    async with serve(services, tenant, other_tenant) as client:
        yield client


@pytest.fixture(scope="module")
async def module_api(services: Services) -> AsyncIterator[Api]:
    """One client and two tenants for a whole module (for read-only or refused requests)."""
    tenants = [f"test-{uuid.uuid4().hex[:12]}" for _ in range(2)]
    try:
        async with serve(services, *tenants) as client:
            yield client
    finally:
        for tenant_id in tenants:
            await purge_tenant(services, tenant_id)
