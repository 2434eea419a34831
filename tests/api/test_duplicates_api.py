"""Remembering a duplicate over REST, the Python client and MCP: 200 and reinforced."""

from __future__ import annotations

import pytest

from hebbs_graph.client import HebbsClient
from hebbs_graph.models.memory import Memory
from hebbs_graph.services.container import Services
from tests.api.conftest import Api
from tests.api.test_mcp_http import call, mcp_client
from tests.live import LiveApi

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")


async def test_rest_answers_200_with_the_stored_memory_reinforced(api: Api) -> None:
    created = await api.remember(content="Acme prefers email", entity_id="acme")
    assert "reinforced" not in created  # as GET shows it
    r = await api.call(
        "POST", "/v1/memories", json={"content": " Acme  prefers email", "entity_id": "acme"}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["reinforced"] is True
    assert body["id"] == created["id"]
    assert body["access_count"] == 1
    r = await api.call(
        "POST",
        "/v1/memories",
        json={"content": "Acme prefers email", "entity_id": "acme", "on_duplicate": "store"},
    )
    assert r.status_code == 201, r.text
    assert r.json()["id"] != created["id"]
    assert "reinforced" not in r.json()
    bad = await api.call("POST", "/v1/memories", json={"content": "x", "on_duplicate": "overwrite"})
    assert bad.status_code == 422


async def test_rest_batch_names_the_reinforced(api: Api) -> None:
    created = await api.remember(content="Globex pays net 30", entity_id="globex")
    items = [
        {"content": "Globex prefers phone", "entity_id": "globex"},
        {"content": "Globex pays net 30", "entity_id": "globex"},
        {"content": "Globex prefers phone", "entity_id": "globex"},
    ]
    r = await api.call("POST", "/v1/memories/batch", json={"memories": items})
    assert r.status_code == 201, r.text
    out = r.json()
    ids = out["memory_ids"]
    assert ids[1] == created["id"]
    assert ids[0] == ids[2]
    assert ids[0] != created["id"]
    assert out["reinforced"] == [created["id"]]
    await api.checks_run()


async def test_the_python_client_says_reinforced(live_api: LiveApi, api_key: str) -> None:
    async with HebbsClient(live_api.url, api_key=api_key) as client:
        first = await client.remember("the standup is at 9:30", entity_id="team")
        again = await client.remember("the standup is at 9:30", entity_id="team")
        copy = await client.remember(
            "the standup is at 9:30", entity_id="team", on_duplicate="store"
        )
    assert isinstance(again, Memory)
    assert first.reinforced is False
    assert again.reinforced is True
    assert again.id == first.id
    assert copy.reinforced is False
    assert copy.id != first.id


async def test_the_mcp_tool_says_reinforced(
    live_api: LiveApi, api_key: str, tenant: str, services: Services
) -> None:
    async with mcp_client(live_api, api_key) as client:
        first = await call(client, "remember", {"content": "The vault code is in drawer 3"})
        again = await call(client, "remember", {"content": "The vault code is in drawer 3"})
    assert "reinforced" not in first
    assert again["reinforced"] is True
    assert again["id"] == first["id"]
    assert (await services.memory.get(tenant, first["id"])).access_count == 1
