"""GET /mcp event streams end when idle and are capped per tenant (issue 34), on a real
uvicorn socket: the client sees the stream open, then end cleanly (the last chunk), and
one stream over the cap answered 429 in the API's error shape with Retry-After."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.settings import Settings
from tests.api.conftest import error_of
from tests.live import LiveApi

IDLE_S = 1.5
PER_TENANT = 2


@pytest.fixture(scope="module")
def bounded_api(settings: Settings, embedder: Embedder) -> Iterator[LiveApi]:
    """The API with a short idle bound and a small cap."""
    update = {"mcp_stream_idle_s": IDLE_S, "mcp_streams_per_tenant": PER_TENANT}
    api = LiveApi(settings.model_copy(update=update), embedder).start()
    yield api
    api.stop()


@pytest.fixture
async def http(bounded_api: LiveApi) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=bounded_api.url, timeout=30) as client:
        yield client


def stream_headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Accept": "text/event-stream"}


async def held_open(http: httpx.AsyncClient, key: str, opened: asyncio.Event) -> float:
    """Open a GET stream, read it to its end; the seconds it stayed open."""
    started = time.monotonic()
    async with http.stream("GET", "/mcp", headers=stream_headers(key)) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        opened.set()
        async for _ in response.aiter_bytes():  # an unclean end would raise here
            pass
    return time.monotonic() - started


async def test_an_idle_stream_ends_after_the_bound(
    bounded_api: LiveApi, http: httpx.AsyncClient, tenant: str
) -> None:
    key = bounded_api.key_for(tenant)
    lasted = await asyncio.wait_for(held_open(http, key, asyncio.Event()), timeout=IDLE_S + 10)
    assert IDLE_S - 0.1 <= lasted <= IDLE_S + 2.0


async def test_one_stream_over_the_cap_is_refused_until_one_ends(
    bounded_api: LiveApi, http: httpx.AsyncClient, tenant: str, other_tenant: str
) -> None:
    key = bounded_api.key_for(tenant)
    opened = [asyncio.Event() for _ in range(PER_TENANT)]
    holding = [asyncio.ensure_future(held_open(http, key, e)) for e in opened]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), timeout=10)

    refused = await http.get("/mcp", headers=stream_headers(key))
    assert refused.status_code == 429
    error = error_of(refused)
    assert error["code"] == "too_many_streams"
    assert error["details"]["limit"] == PER_TENANT
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= IDLE_S + 1
    assert error["details"]["retry_after_s"] == retry_after

    # The cap is the tenant's: another key's stream opens meanwhile.
    other = bounded_api.key_for(other_tenant)
    await asyncio.wait_for(held_open(http, other, asyncio.Event()), timeout=IDLE_S + 10)

    # Once the idle bound has ended the open ones, there is room again.
    await asyncio.wait_for(asyncio.gather(*holding), timeout=IDLE_S + 10)
    lasted = await asyncio.wait_for(held_open(http, key, asyncio.Event()), timeout=IDLE_S + 10)
    assert lasted >= IDLE_S - 0.1


async def test_posts_are_not_counted(
    bounded_api: LiveApi, http: httpx.AsyncClient, tenant: str
) -> None:
    """The tools go on working for a tenant whose streams are all open."""
    key = bounded_api.key_for(tenant)
    opened = [asyncio.Event() for _ in range(PER_TENANT)]
    holding = [asyncio.ensure_future(held_open(http, key, e)) for e in opened]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), timeout=10)
    listed = await http.post(
        "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
        headers={"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"},
    )
    assert listed.status_code == 200, listed.text
    assert listed.json()["result"]["tools"]
    await asyncio.wait_for(asyncio.gather(*holding), timeout=IDLE_S + 10)
