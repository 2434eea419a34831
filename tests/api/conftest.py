"""The Litestar app over the real services, one client per test, keys mapped to its tenants.

The app runs on pytest's own loop (tests/support/asgi.py) and serves the session's
services with the test's API keys in their settings.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from httpx import AsyncClient, Response

from hebbs_graph.api.app import create_app
from hebbs_graph.models.contradict import PrepareOut
from hebbs_graph.services.container import Services
from tests.support.asgi import app_client
from tests.support.checks import checks_run
from tests.support.tenants import purge_tenant


@dataclass
class Api:
    client: AsyncClient
    services: Services  # the session's, which the app serves: for seeding and looking
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
    async with app_client(app) as client:
        yield Api(client, services, tenant, other_tenant, key, other_key)


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
