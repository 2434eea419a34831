"""`hebbs-graph mcp` as an agent host runs it: a subprocess speaking MCP on stdio, driven by
the SDK's own client, against the real Neo4j (local mode) or a live API (`--url`)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from hebbs_graph.mcp import TOOLS
from hebbs_graph.services.container import Services
from tests.live import LiveApi
from tests.support.mcp_results import text_of

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def server_params(tenant: str) -> StdioServerParameters:
    passed = ("HEBBS_", "HF_", "PYTHONPATH", "TRANSFORMERS_", "SENTENCE_TRANSFORMERS_")
    env = {k: v for k, v in os.environ.items() if k.startswith(passed)}
    env.pop("HEBBS_API_URL", None)  # either would send the server through an API
    env.pop("HEBBS_API_KEY", None)
    env["HEBBS_MCP_TENANT"] = tenant
    return StdioServerParameters(command=sys.executable, args=["-m", "hebbs_graph", "mcp"], env=env)


# What a host holds for the API route: a URL and a key. Neo4j's settings point nowhere, so
# any attempt to open the database or load the model would show.
NOWHERE = {
    "HEBBS_NEO4J_URI": "bolt://127.0.0.1:9",
    "HEBBS_NEO4J_PASSWORD": "not-the-password",
    "HF_HUB_OFFLINE": "1",
    "HEBBS_EMBEDDING_MODEL": "no-such/model",
}


def api_params(url: str, api_key: str, *python_flags: str) -> StdioServerParameters:
    env = {"PYTHONPATH": os.environ.get("PYTHONPATH", ""), **NOWHERE}
    args = [*python_flags, "-m", "hebbs_graph", "mcp", "--url", url, "--api-key", api_key]
    return StdioServerParameters(command=sys.executable, args=args, env=env)


@pytest.fixture(params=["local", "api"])
def door(request: pytest.FixtureRequest, tenant: str) -> tuple[str, StdioServerParameters]:
    """The stdio server for this test's tenant: local mode, or through the live API with a
    key for that tenant. The conversation tests run through both."""
    if request.param == "local":
        return "local", server_params(tenant)
    live_api: LiveApi = request.getfixturevalue("live_api")
    key: str = request.getfixturevalue("api_key")
    return "api", api_params(live_api.url, key)


async def ok(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result.content
    data: dict[str, Any] = result.structured_content
    return data


async def test_stdio_server_lists_tools_and_serves_a_conversation(
    tenant: str, services: Services, door: tuple[str, StdioServerParameters]
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    name, params = door
    with (ARTIFACTS / f"mcp-stdio-{name}.log").open("w") as errlog:
        transport = stdio_client(params, errlog=errlog)
        async with Client(transport, read_timeout_seconds=300) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            primed_empty = await ok(client, "prime", {"entity_id": "acme"})
            high = await ok(
                client,
                "remember",
                {"content": "Acme's budget is $5,000", "entity_id": "acme", "importance": 0.9},
            )
            sso = await ok(client, "remember", {"content": "Acme wants SSO", "entity_id": "acme"})
            bad = await client.call_tool("remember", {"content": "", "entity_id": "acme"})
            found = await ok(client, "recall", {"cue": "Acme budget", "entity_id": "acme"})
            low = await ok(
                client,
                "remember",
                {"content": "Acme's budget is $2,000", "entity_id": "acme", "importance": 0.9},
            )
            pending = await ok(client, "contradiction_prepare", {"entity_id": "acme"})
            while pending["checks_pending"]:  # the checks run right after the answers
                await asyncio.sleep(0.05)
                pending = await ok(client, "contradiction_prepare", {"entity_id": "acme"})
            verdicts = [
                {
                    "pending_id": p["pending_id"],
                    "verdict": "contradiction",
                    "confidence": 0.9,
                    "reasoning": "two different budgets for the same year",
                }
                for p in pending["pending"]
            ]
            committed = await ok(client, "contradiction_commit", {"verdicts": verdicts})
            conflicted = await ok(client, "recall", {"cue": "Acme budget", "entity_id": "acme"})
            revised = await ok(
                client, "revise", {"memory_id": sso["id"], "content": "Acme wants SSO via Okta"}
            )
            history = await ok(client, "lineage", {"memory_id": sso["id"]})
            primed = await ok(client, "prime", {"entity_id": "acme", "similarity_cue": "budget"})
            gone = await ok(client, "forget", {"memory_ids": [high["id"]]})

    assert names == TOOLS.names()
    assert primed_empty["recent"] == []
    assert found["results"][0]["id"] == high["id"]  # the tools answer compact by default
    assert bad.is_error
    assert "content" in text_of(bad)
    pairs = [{p["memory_id_a"], p["memory_id_b"]} for p in pending["pending"]]
    assert {high["id"], low["id"]} in pairs
    assert committed["contradictions_confirmed"] == len(verdicts)
    flagged = {r["id"]: r.get("conflicts_with", []) for r in conflicted["results"]}
    assert flagged[high["id"]] == [low["id"]]
    assert flagged[low["id"]] == [high["id"]]
    assert revised["version"] == 2
    assert [s["memory"]["content"] for s in history["revisions"]] == ["Acme wants SSO"]
    assert any(r["id"] == high["id"] for r in primed["recent"] + primed["relevant"])
    assert gone["forgotten"] == 1
    # Everything landed in the tenant (HEBBS_MCP_TENANT, or the key's), the bad call in none.
    left = await services.memory.list_memories(tenant, limit=10)
    assert sorted(m.content for m in left.items) == [
        "Acme wants SSO via Okta",
        "Acme's budget is $2,000",
    ]


THEMES = {
    "billing": ["Globex's invoice {} was paid late", "Globex disputed invoice {} amount"],
    "security": ["Globex asked about SSO for team {}", "Globex security review round {}"],
    "hiring": ["Globex is hiring engineer number {}", "Globex interviewed candidate {}"],
}


async def test_stdio_reflection_round_trip(door: tuple[str, StdioServerParameters]) -> None:
    """remember → reflect_prepare → reflect_commit → insights, as an agent would over stdio."""
    ARTIFACTS.mkdir(exist_ok=True)
    name, params = door
    with (ARTIFACTS / f"mcp-stdio-reflect-{name}.log").open("w") as errlog:
        transport = stdio_client(params, errlog=errlog)
        async with Client(transport, read_timeout_seconds=300) as client:
            for templates in THEMES.values():
                for n in range(3):
                    for template in templates:
                        text = template.format(n + 1)
                        await ok(client, "remember", {"content": text, "entity_id": "globex"})
            prepared = await ok(client, "reflect_prepare", {"entity_id": "globex"})
            insights = [
                {
                    "content": f"Globex pattern: {cluster['memories'][0]['content']}",
                    "confidence": 0.8,
                    "source_memory_ids": cluster["memory_ids"],
                }
                for cluster in prepared["clusters"]
            ]
            foreign = await client.call_tool(
                "reflect_commit",
                {
                    "session_id": prepared["session_id"],
                    "insights": [{**insights[0], "source_memory_ids": ["0" * 32]}],
                },
            )
            committed = await ok(
                client,
                "reflect_commit",
                {"session_id": prepared["session_id"], "insights": insights},
            )
            listed = await ok(client, "insights", {"entity_id": "globex"})

    assert prepared["memories_processed"] == 18
    assert prepared["clusters"]
    assert foreign.is_error
    assert text_of(foreign).startswith("not_in_session: "), foreign.content
    assert committed["insights_created"] == len(insights)
    assert {i["id"] for i in listed["insights"]} == set(committed["insight_ids"])


async def test_stdio_through_the_api_serves_the_key_s_tenant(
    live_api: LiveApi, api_key: str, tenant: str, services: Services
) -> None:
    """`mcp --url --api-key`: the same tools, every call a REST request as the key's tenant,
    and the API's refusals come back as the very tool errors local mode gives."""
    ARTIFACTS.mkdir(exist_ok=True)
    missing = {"memory_id": "0" * 32}
    with (ARTIFACTS / "mcp-stdio-api.log").open("w") as errlog:
        transport = stdio_client(api_params(live_api.url, api_key), errlog=errlog)
        async with Client(transport, read_timeout_seconds=120) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            stored = await ok(
                client,
                "remember",
                {"content": "Initech renews in March", "entity_id": "initech", "importance": 0.8},
            )
            found = await ok(client, "recall", {"cue": "when does Initech renew?"})
            primed = await ok(client, "prime", {"entity_id": "initech"})
            fetched = await ok(client, "get_memory", {"memory_id": stored["id"]})
            revised = await ok(client, "revise", {"memory_id": stored["id"], "importance": 0.9})
            unknown = await client.call_tool("get_memory", missing)
            nothing = await client.call_tool("revise", {"memory_id": stored["id"]})
            invalid = await client.call_tool("remember", {"content": ""})
            pending = await ok(client, "contradiction_prepare", {"entity_id": "initech"})
            listed = await ok(client, "insights", {"entity_id": "initech"})

    assert names == TOOLS.names()
    assert found["results"][0]["id"] == stored["id"]
    assert [m["id"] for m in primed["recent"]] == [stored["id"]]
    assert fetched["content"] == "Initech renews in March"
    assert revised["importance"] == 0.9
    assert pending["pending"] == []
    assert listed["insights"] == []
    # Refusals: the same text as the same call in local mode, in the same tenant.
    local_unknown = await TOOLS.call(services, tenant, "get_memory", missing)
    local_nothing = await TOOLS.call(services, tenant, "revise", {"memory_id": stored["id"]})
    local_invalid = await TOOLS.call(services, tenant, "remember", {"content": ""})
    for remote, local in (
        (unknown, local_unknown),
        (nothing, local_nothing),
        (invalid, local_invalid),
    ):
        assert remote.is_error
        assert local.is_error
        assert text_of(remote) == text_of(local)
    assert text_of(unknown).startswith("not_found: ")
    assert text_of(nothing).startswith("invalid_input: nothing to revise")
    # It all landed in the key's tenant.
    left = await services.memory.list_memories(tenant, limit=10)
    assert [(m.id, m.importance) for m in left.items] == [(stored["id"], 0.9)]


async def test_stdio_through_the_api_with_a_bad_key_lists_tools_but_refuses_calls(
    live_api: LiveApi, tenant: str, services: Services
) -> None:
    with (ARTIFACTS / "mcp-stdio-api-badkey.log").open("w") as errlog:
        transport = stdio_client(api_params(live_api.url, "not-a-key"), errlog=errlog)
        async with Client(transport, read_timeout_seconds=120) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            refused = await client.call_tool("remember", {"content": "x", "entity_id": "acme"})
            recall = await client.call_tool("recall", {"cue": "x"})

    assert names == TOOLS.names()
    for result in (refused, recall):
        assert result.is_error
        assert text_of(result) == "unauthorized: unknown API key"
    assert (await services.memory.list_memories(tenant, limit=1)).items == []


async def test_stdio_with_no_api_is_a_tool_error_naming_the_url() -> None:
    url = "http://127.0.0.1:9"
    with (ARTIFACTS / "mcp-stdio-api-down.log").open("w") as errlog:
        transport = stdio_client(api_params(url, "some-key"), errlog=errlog)
        async with Client(transport, read_timeout_seconds=120) as client:
            result = await client.call_tool("recall", {"cue": "x"})

    assert result.is_error
    text = text_of(result)
    assert text.startswith(f"unreachable: no hebbs-graph API at {url}"), text


HEAVY = ("neo4j", "torch", "sentence_transformers", "transformers", "numpy")
SERVICE_LAYER = ("hebbs_graph.services", "hebbs_graph.graph.store", "hebbs_graph.embedding")


async def test_the_api_route_never_imports_the_driver_or_the_model(
    live_api: LiveApi, api_key: str
) -> None:
    """Every module the process imported, through start-up and real calls: no Neo4j driver,
    no torch or sentence-transformers, no service layer (`python -X importtime`)."""
    log = ARTIFACTS / "mcp-stdio-api-imports.log"
    with log.open("w") as errlog:
        params = api_params(live_api.url, api_key, "-X", "importtime")
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as client:
            await client.list_tools()
            await ok(client, "remember", {"content": "Umbrella uses Okta", "entity_id": "umb"})
            await ok(client, "recall", {"cue": "Umbrella SSO"})
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in log.read_text().splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }

    assert "hebbs_graph.mcp.remote" in imported  # the log is the server's, and complete
    assert "mcp.server.stdio" in imported
    heavy = sorted(m for m in imported if m.split(".")[0] in HEAVY or m.startswith(SERVICE_LAYER))
    assert heavy == []
