"""MCP over streamable HTTP at /mcp on the live API, driven by the SDK's own client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from hebbs_graph.mcp import TOOLS
from hebbs_graph.models.compact import CompactRecallOut
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import RecallOut
from hebbs_graph.services.container import Services
from tests.live import LiveApi
from tests.support.mcp_results import text_of

CONTRACT_TOOLS = {
    "remember",
    "recall",
    "prime",
    "revise",
    "forget",
    "contradiction_prepare",
    "contradiction_commit",
    "reflect_prepare",
    "reflect_commit",
    "insights",
}


@asynccontextmanager
async def mcp_client(api: LiveApi, key: str | None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with create_mcp_http_client(headers=headers) as http:
        transport = streamable_http_client(f"{api.url}/mcp", http_client=http)
        async with Client(transport) as client:
            yield client


async def call(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result.content
    data: dict[str, Any] = result.structured_content
    return data


async def test_lists_the_tools_with_when_to_call_them(live_api: LiveApi, api_key: str) -> None:
    async with mcp_client(live_api, api_key) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
    assert set(listed) >= CONTRACT_TOOLS
    assert set(listed) == set(TOOLS.names())
    assert "FIRST" in (listed["prime"].description or "")
    assert "importance" in (listed["remember"].description or "")
    assert "before answering" in (listed["recall"].description or "")
    assert "silently" in (listed["contradiction_prepare"].description or "")
    assert "touches the current work" in (listed["contradiction_prepare"].description or "")
    assert listed["forget"].annotations is not None
    assert listed["forget"].annotations.destructive_hint is True
    # The input schema is the REST model's: unknown fields are refused.
    assert listed["remember"].input_schema["additionalProperties"] is False


async def test_remember_recall_prime_in_the_callers_tenant(
    live_api: LiveApi, api_key: str, tenant: str, services: Services
) -> None:
    async with mcp_client(live_api, api_key) as client:
        stored = Memory.model_validate(
            await call(
                client,
                "remember",
                {
                    "content": "Acme's renewal budget is $5,000",
                    "entity_id": "acme",
                    "importance": 0.9,
                },
            )
        )
        await call(client, "remember", {"content": "Acme prefers email", "entity_id": "acme"})
        cue = {"cue": "what is Acme's budget?", "entity_id": "acme"}
        found = CompactRecallOut.model_validate(await call(client, "recall", cue))
        whole = RecallOut.model_validate(await call(client, "recall", {**cue, "view": "full"}))
        primed = await call(client, "prime", {"entity_id": "acme", "similarity_cue": "renewal"})
        fetched = await call(client, "get_memory", {"memory_id": stored.id})

    assert found.results[0].id == stored.id  # compact by default
    assert whole.results[0].memory.id == stored.id
    assert whole.results[0].breakdown.relevance > 0
    primed_ids = {r["id"] for r in primed["recent"] + primed["relevant"]}
    assert stored.id in primed_ids
    assert fetched["content"] == stored.content
    # Stored under the tenant the key maps to, nowhere else.
    assert (await services.memory.get(tenant, stored.id)).id == stored.id


async def test_bad_input_is_a_tool_error_and_stores_nothing(
    live_api: LiveApi, api_key: str, tenant: str, services: Services
) -> None:
    async with mcp_client(live_api, api_key) as client:
        bad = await client.call_tool("remember", {"content": "  ", "importance": 3})
        unknown_field = await client.call_tool("remember", {"content": "x", "colour": "red"})
        bad_id = await client.call_tool("get_memory", {"memory_id": "nope"})
        missing = await client.call_tool("get_memory", {"memory_id": "0" * 32})
        no_criteria = await client.call_tool("forget", {})
        unknown_tool = await client.call_tool("nonexistent", {})
    assert bad.is_error
    assert "content" in text_of(bad)
    assert "importance" in text_of(bad)
    assert unknown_field.is_error
    assert "colour" in text_of(unknown_field)
    assert bad_id.is_error
    assert "memory_id" in text_of(bad_id)
    assert missing.is_error
    assert text_of(missing).startswith("not_found")
    assert no_criteria.is_error
    assert unknown_tool.is_error
    assert "unknown tool" in text_of(unknown_tool)
    page = await services.memory.list_memories(tenant, limit=10)
    assert page.items == []


async def test_keys_separate_tenants_and_a_bad_key_is_refused(
    live_api: LiveApi, api_key: str, other_tenant: str
) -> None:
    other_key = live_api.key_for(other_tenant)
    async with mcp_client(live_api, api_key) as client:
        mine = await call(client, "remember", {"content": "The vault code is in drawer 3"})
    async with mcp_client(live_api, other_key) as client:
        theirs = await client.call_tool("get_memory", {"memory_id": mine["id"]})
        recalled = await call(client, "recall", {"cue": "vault code drawer"})
    assert theirs.is_error
    assert text_of(theirs).startswith("not_found")
    assert recalled["results"] == []

    async with httpx.AsyncClient(base_url=live_api.url) as http:
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        for headers in ({}, {"Authorization": "Bearer wrong"}):
            refused = await http.post("/mcp", json=body, headers=headers)
            assert refused.status_code == 401
            assert refused.json()["error"]["code"] == "unauthorized"


async def test_a_foreign_origin_is_refused(live_api: LiveApi, api_key: str) -> None:
    """DNS-rebinding guard: a web page elsewhere cannot drive the tools from a browser."""
    async with httpx2.AsyncClient() as http:
        response = await http.post(
            f"{live_api.url}/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
            headers={
                "Authorization": f"Bearer {api_key}",
                "Origin": "http://evil.example",
                "Accept": "application/json, text/event-stream",
                "Content-Type": "application/json",
            },
        )
    assert response.status_code == 403
