"""Reflection over REST and the Python client, against the real services: the response
shapes of docs/semantics.md §6, and every refusal as a 4xx in the one JSON error shape."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from hebbs_graph.api.app import create_app
from hebbs_graph.client import HebbsClient
from hebbs_graph.errors import NotInSession, UnknownSession
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.reflect import Insight, ReflectPrepareOut, ReflectStatus
from hebbs_graph.services.container import Services
from tests.support.asgi import app_client
from tests.support.themes import THEMES

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

ENTITY = "acme_corp"
PREPARE_KEYS = {
    "session_id",
    "memories_processed",
    "clusters",
    "stale_insights",
    "entity_id",
    "expires_at",
    "message",
}
CLUSTER_KEYS = {
    "cluster_id",
    "member_count",
    "proposal_system_prompt",
    "proposal_user_prompt",
    "memory_ids",
    "memories",
}
MEMORY_KEYS = {"memory_id", "content", "importance", "created_at"}


@dataclass
class Http:
    client: httpx.AsyncClient
    services: Services  # the session's, which the app serves: for seeding and looking
    tenant: str
    key: str

    async def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.key}"}
        return await self.client.request(method, path, headers=headers, **kw)


@pytest.fixture
async def http(services: Services, tenant: str) -> AsyncIterator[Http]:
    """The app over the session's services, with an API key for the test's tenant."""
    key = f"key-{uuid.uuid4().hex}"
    settings = services.settings.model_copy(update={"api_keys": {key: tenant}})
    app = create_app(services=dataclasses.replace(services, settings=settings))
    async with app_client(app) as client:
        yield Http(client, services, tenant, key)


def error_of(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code
    error: dict[str, Any] = body["error"]
    return error


async def seed(services: Services, tenant: str) -> None:
    items = [MemoryIn(content=t, entity_id=ENTITY) for texts in THEMES.values() for t in texts]
    await services.memory.remember_batch(tenant, items)


async def prepared(http: Http) -> dict[str, Any]:
    response = await http.call("POST", "/v1/reflect/prepare", json={"entity_id": ENTITY})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def count_insights(http: Http) -> int:
    rows = await http.services.store.run_raw(
        "MATCH (i:Insight) WHERE i.tenant_id = $t RETURN count(i) AS n", t=http.tenant
    )
    return int(rows[0]["n"])


async def test_prepare_and_commit_have_the_documented_shape(http: Http) -> None:
    await seed(http.services, http.tenant)
    body = await prepared(http)
    assert set(body) == PREPARE_KEYS
    assert body["memories_processed"] == 30
    assert len(body["clusters"]) == 3
    for cluster in body["clusters"]:
        assert set(cluster) == CLUSTER_KEYS
        assert all(set(m) == MEMORY_KEYS for m in cluster["memories"])
    commit = {
        "session_id": body["session_id"],
        "insights": [
            {
                "content": f"Theme {c['cluster_id']} matters to Acme.",
                "confidence": 0.8,
                "source_memory_ids": c["memory_ids"],
                "tags": ["theme"],
                "cluster_id": c["cluster_id"],
            }
            for c in body["clusters"]
        ],
    }
    response = await http.call("POST", "/v1/reflect/commit", json=commit)
    assert response.status_code == 200, response.text
    out = response.json()
    assert out["insights_created"] == 3
    assert out["memories_processed"] == 30

    listed = (await http.call("GET", "/v1/insights", params={"entity_id": ENTITY})).json()
    assert len(listed["insights"]) == 3
    assert all(len(i["source_memory_ids"]) == 10 for i in listed["insights"])
    assert all(i["kind"] == "insight" and i["stale"] is False for i in listed["insights"])
    none_stale = await http.call("GET", "/v1/insights", params={"stale": "true"})
    assert none_stale.json() == {"insights": []}
    too_sure = await http.call("GET", "/v1/insights", params={"min_confidence": 0.9})
    assert too_sure.json() == {"insights": []}
    status = (await http.call("GET", "/v1/reflect/status", params={"entity_id": ENTITY})).json()
    assert status["due"] is False
    assert status["new_episodes"] == 0


async def test_refusals_are_4xx_in_the_error_shape_and_store_nothing(http: Http) -> None:
    await seed(http.services, http.tenant)
    body = await prepared(http)
    first, second = body["clusters"][0], body["clusters"][1]
    good = {"content": "ok", "confidence": 0.5, "source_memory_ids": first["memory_ids"]}
    stranger = (await http.services.memory.remember("elsewhere", MemoryIn(content="x"))).id

    unknown = await http.call(
        "POST", "/v1/reflect/commit", json={"session_id": "nope", "insights": [good]}
    )
    error_of(unknown, 409, "unknown_session")
    foreign = {**good, "source_memory_ids": [second["memory_ids"][0], stranger]}
    refused = await http.call(
        "POST",
        "/v1/reflect/commit",
        json={"session_id": body["session_id"], "insights": [good, foreign]},
    )
    error = error_of(refused, 409, "not_in_session")
    assert "insights[1].source_memory_ids[1]" in error["message"]
    bad_verdict = await http.call(
        "POST",
        "/v1/reflect/commit",
        json={
            "session_id": body["session_id"],
            "stale_verdicts": [{"memory_id": first["memory_ids"][0], "verdict": "maybe"}],
        },
    )
    assert error_of(bad_verdict, bad_verdict.status_code)["code"] == "invalid_input"
    assert bad_verdict.status_code in (400, 422)
    for wrong in (
        {"session_id": body["session_id"], "insights": [{**good, "confidence": 2}]},
        {"session_id": body["session_id"], "insights": [{**good, "source_memory_ids": []}]},
        {"session_id": body["session_id"], "insights": [{**good, "source_memory_ids": ["x"]}]},
        {"insights": [good]},
        {"session_id": body["session_id"], "surprise": 1},
    ):
        response = await http.call("POST", "/v1/reflect/commit", json=wrong)
        assert response.status_code in (400, 422), (wrong, response.text)
        error_of(response, response.status_code)
    for limit in (5, 20_000):
        response = await http.call("POST", "/v1/reflect/prepare", json={"limit": limit})
        error_of(response, response.status_code)
        assert response.status_code in (400, 422)
    assert await count_insights(http) == 0
    # The session survived every refusal.
    ok = await http.call(
        "POST", "/v1/reflect/commit", json={"session_id": body["session_id"], "insights": [good]}
    )
    assert ok.status_code == 200, ok.text
    again = await http.call(
        "POST", "/v1/reflect/commit", json={"session_id": body["session_id"], "insights": [good]}
    )
    error_of(again, 409, "unknown_session")
    assert await count_insights(http) == 1


async def test_the_llm_route_without_a_provider_points_to_the_agent_route(http: Http) -> None:
    for payload in ({"entity_id": ENTITY}, None):
        response = await http.call("POST", "/v1/reflect", json=payload)
        error = error_of(response, 409, "llm_not_configured")
        assert "reflect-prepare" in error["message"]


async def test_health_ready_reports_reflection(http: Http) -> None:
    response = await http.client.get("/v1/health/ready")
    reflection = response.json()["reflection"]
    assert reflection["llm_configured"] is False
    assert reflection["auto_reflect"] is False
    assert isinstance(reflection["due_entities"], int)


class Borrowed(httpx.AsyncBaseTransport):
    """The test client's transport (it reaches the app on the app's loop), not closed here."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response: httpx.Response = await self.inner.handle_async_request(request)
        return response

    async def aclose(self) -> None:
        pass


async def test_the_python_client_returns_the_server_models(http: Http) -> None:
    await seed(http.services, http.tenant)
    transport = Borrowed(http.client._transport)
    async with HebbsClient("http://test", api_key=http.key, transport=transport) as client:
        out = await client.reflect_prepare(entity_id=ENTITY)
        assert isinstance(out, ReflectPrepareOut)
        assert len(out.clusters) == 3
        with pytest.raises(NotInSession):
            await client.reflect_commit(
                out.session_id,
                [{"content": "x", "confidence": 0.5, "source_memory_ids": ["0" * 32]}],
            )
        done = await client.reflect_commit(
            out.session_id,
            [
                {
                    "content": "Acme cares about cost.",
                    "confidence": 0.7,
                    "source_memory_ids": c.memory_ids,
                }
                for c in out.clusters[:1]
            ],
        )
        assert done.insights_created == 1
        with pytest.raises(UnknownSession):
            await client.reflect_commit(out.session_id, [])
        found = await client.insights(ENTITY, stale=False)
        assert [type(i) for i in found] == [Insight]
        assert found[0].id == done.insight_ids[0]
        status = await client.reflect_status(ENTITY)
        assert isinstance(status, ReflectStatus)
