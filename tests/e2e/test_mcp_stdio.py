"""`hebbs-graph mcp` as an agent host runs it: a subprocess speaking MCP on stdio, driven by
the SDK's own client, against the real Neo4j."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from hebbs_graph.mcp import TOOLS
from hebbs_graph.services.container import Services

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def server_params(tenant: str) -> StdioServerParameters:
    passed = ("HEBBS_", "HF_", "PYTHONPATH", "TRANSFORMERS_", "SENTENCE_TRANSFORMERS_")
    env = {k: v for k, v in os.environ.items() if k.startswith(passed)}
    env["HEBBS_MCP_TENANT"] = tenant
    return StdioServerParameters(command=sys.executable, args=["-m", "hebbs_graph", "mcp"], env=env)


async def ok(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result.content
    data: dict[str, Any] = result.structured_content
    return data


async def test_stdio_server_lists_tools_and_serves_a_conversation(
    tenant: str, services: Services
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "mcp-stdio.log").open("w") as errlog:
        transport = stdio_client(server_params(tenant), errlog=errlog)
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
    assert found["results"][0]["memory"]["id"] == high["id"]
    assert bad.is_error
    assert "content" in bad.content[0].text
    pairs = [{p["memory_id_a"], p["memory_id_b"]} for p in pending["pending"]]
    assert {high["id"], low["id"]} in pairs
    assert committed["contradictions_confirmed"] == len(verdicts)
    flagged = {r["memory"]["id"]: r["conflicts_with"] for r in conflicted["results"]}
    assert flagged[high["id"]] == [low["id"]]
    assert flagged[low["id"]] == [high["id"]]
    assert revised["version"] == 2
    assert [s["memory"]["content"] for s in history["revisions"]] == ["Acme wants SSO"]
    assert any(r["memory"]["id"] == high["id"] for r in primed["recent"] + primed["relevant"])
    assert gone["forgotten"] == 1
    # Everything landed in HEBBS_MCP_TENANT, and the bad call stored nothing.
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


async def test_stdio_reflection_round_trip(tenant: str) -> None:
    """remember → reflect_prepare → reflect_commit → insights, as an agent would over stdio."""
    with (ARTIFACTS / "mcp-stdio-reflect.log").open("w") as errlog:
        transport = stdio_client(server_params(tenant), errlog=errlog)
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
    assert committed["insights_created"] == len(insights)
    assert {i["id"] for i in listed["insights"]} == set(committed["insight_ids"])
