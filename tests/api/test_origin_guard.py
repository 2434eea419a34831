"""No web page can reach the no-key API; the keyed API allows only the origins listed.

Without keys the API serves tenant ``default``, so these tests seed one memory there under
an entity of their own, try the attacks on it, and forget only that entity afterwards.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from hebbs_graph.api.app import create_app
from hebbs_graph.api.guard import host_name, loopback_host
from hebbs_graph.auth import DEFAULT_TENANT
from hebbs_graph.models.memory import ForgetIn
from hebbs_graph.services.container import Services
from tests.api.conftest import error_of
from tests.support.asgi import app_client

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

LOCAL = "http://127.0.0.1:8000"


@asynccontextmanager
async def _client(
    services: Services, base_url: str, **update: Any
) -> AsyncIterator[httpx.AsyncClient]:
    settings = services.settings.model_copy(update=update)
    app = create_app(services=dataclasses.replace(services, settings=settings))
    async with app_client(app, base_url) as client:
        yield client


@pytest.fixture
async def nokey(services: Services) -> AsyncIterator[tuple[Any, str, str]]:
    entity = f"guard-{uuid.uuid4().hex[:12]}"
    try:
        async with _client(services, LOCAL, api_keys={}) as client:
            r = await client.post("/v1/memories", json={"content": "keep me", "entity_id": entity})
            assert r.status_code == 201, r.text
            yield client, entity, r.json()["id"]
    finally:
        await services.memory.forget(DEFAULT_TENANT, ForgetIn(entity_id=entity))


async def _still_there(client: Any, memory_id: str) -> None:
    r = await client.get(f"/v1/memories/{memory_id}")
    assert r.status_code == 200, r.text


async def test_a_page_elsewhere_cannot_forget_with_a_simple_request(
    nokey: tuple[Any, str, str],
) -> None:
    client, entity, memory_id = nokey
    # The exact attack: a form-like cross-origin POST, no preflight.
    for ctype in ("text/plain", "application/json"):
        r = await client.post(
            "/v1/forget",
            content=f'{{"entity_id": "{entity}"}}'.encode(),
            headers={"content-type": ctype, "origin": "http://evil.example"},
        )
        assert r.status_code == 403, r.text
        assert error_of(r)["code"] == "forbidden_origin"
    r = await client.get("/v1/memories", headers={"origin": "null"})
    assert r.status_code == 403
    await _still_there(client, memory_id)


async def test_dns_rebinding_is_refused(nokey: tuple[Any, str, str]) -> None:
    client, _, memory_id = nokey
    for host in ("evil.example:8000", "evil.example", "127.0.0.1.evil.example", "0.0.0.0:8000"):
        r = await client.get(f"/v1/memories/{memory_id}", headers={"host": host})
        assert r.status_code == 403, (host, r.text)
        assert "Host" in error_of(r)["message"]
    r = await client.get("/v1/memories", headers={"host": "evil.example:8000"})
    assert r.status_code == 403
    assert memory_id not in r.text


async def test_this_machine_and_its_own_pages_are_served(nokey: tuple[Any, str, str]) -> None:
    client, entity, memory_id = nokey
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"):
        r = await client.get(f"/v1/memories/{memory_id}", headers={"host": host})
        assert r.status_code == 200, (host, r.text)
    # The palace page served by the API itself sends its own origin.
    r = await client.post(
        "/v1/recall",
        json={"cue": "keep me", "entity_id": entity, "reinforce": False},
        headers={"origin": LOCAL},
    )
    assert r.status_code == 200, r.text


def test_host_names() -> None:
    assert host_name("[::1]:8000") == "::1"
    assert host_name("LOCALHOST:80") == "localhost"
    assert loopback_host("127.0.0.2:9")
    assert loopback_host("app.localhost:3000")
    assert not loopback_host("localhost.evil.example")
    assert not loopback_host("")


async def test_keyed_api_cors_only_for_listed_origins(services: Services) -> None:
    key = f"key-{uuid.uuid4().hex}"
    tenant = f"test-{uuid.uuid4().hex[:12]}"
    async with _client(
        services,
        "http://memory.example",
        api_keys={key: tenant},
        cors_allow_origins=["https://app.example"],
    ) as client:
        preflight = {
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization,content-type",
        }
        r = await client.options(
            "/v1/recall", headers={"origin": "https://app.example", **preflight}
        )
        assert r.headers.get("access-control-allow-origin") == "https://app.example"
        r = await client.options(
            "/v1/recall", headers={"origin": "http://evil.example", **preflight}
        )
        assert "access-control-allow-origin" not in r.headers
        # A keyed API serves any Host (it is meant to be reached by name); the key guards it.
        r = await client.get("/v1/memories", headers={"authorization": f"Bearer {key}"})
        assert r.status_code == 200, r.text
        r = await client.post(
            "/v1/forget",
            content=b'{"kind": "episode"}',
            headers={"content-type": "text/plain", "origin": "http://evil.example"},
        )
        assert r.status_code in (401, 415)  # refused either way: no key, not JSON


async def test_two_host_or_origin_headers_are_refused(nokey: tuple[Any, str, str]) -> None:
    """A loopback Host and a foreign one: whichever the guard read, the request is
    refused rather than served on the other's word."""
    client, _, memory_id = nokey
    for twice in (
        [("host", "127.0.0.1:8000"), ("host", "evil.example")],
        [("host", "evil.example"), ("host", "127.0.0.1:8000")],
        [("origin", LOCAL), ("origin", "http://evil.example")],
    ):
        r = await client.get(f"/v1/memories/{memory_id}", headers=httpx.Headers(twice))
        assert r.status_code == 403, (twice, r.text)
        assert error_of(r)["code"] == "forbidden_origin"
    await _still_there(client, memory_id)


async def test_an_entity_filter_is_bounded_as_a_write_is(nokey: tuple[Any, str, str]) -> None:
    client, entity, _ = nokey
    for path in ("/v1/memories", "/v1/reflect/status", "/v1/insights", "/v1/graph", "/v1/export"):
        r = await client.get(path, params={"entity_id": "x" * 257})
        assert r.status_code == 422, (path, r.status_code, r.text[:200])
        assert error_of(r)["code"]
        assert "entity_id" in r.text
    r = await client.get("/v1/memories", params={"entity_id": entity})
    assert r.status_code == 200
