"""Reflection, LLM route: a scripted provider on 127.0.0.1 (OpenAI and Ollama wire formats)
drives the same code that would talk to a real one. The route yields the agent route's
graph shape, survives 429s, time-outs and malformed answers without storing anything
wrong, and stores nothing when the provider fails for good."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from hebbs_graph.errors import Conflict, LLMError, LLMNotConfigured
from hebbs_graph.llm import build_llm
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.reflect import ReflectIn, ReflectOut
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services import leases
from hebbs_graph.services.container import Services
from hebbs_graph.services.reflect import prompts
from hebbs_graph.services.reflect.auto import AutoReflector
from hebbs_graph.services.reflect.insight_store import ReflectScope
from hebbs_graph.services.reflect.llm import lease_name
from hebbs_graph.services.reflect.service import ReflectService
from tests.support.scripted_llm import Reply, Request, ScriptedLLM
from tests.support.themes import THEMES

ENTITY = "acme_corp"
IDS = re.compile(r"id: ([0-9a-f]{32})")
INSIGHT = {
    "pricing": "Acme is price-sensitive and pushes for discounts.",
    "security": "Acme makes security compliance a condition of signing.",
    "integration": "Acme's developers depend on a stable, documented API.",
}


def reflector(
    services: Services, server: ScriptedLLM, provider: str = "openai-compatible", **extra: Any
) -> ReflectService:
    settings = services.settings.model_copy(
        update={
            "llm_provider": provider,
            "llm_model": "scripted",
            "llm_base_url": server.ollama_url if provider == "ollama" else server.openai_url,
            "llm_timeout_s": 1.0,
            "llm_max_retries": 2,
            "llm_retry_backoff_s": 0.01,
            **extra,
        }
    )
    return ReflectService(
        services.store, services.embedder, settings.reflect, llm=build_llm(settings)
    )


def theme_in(text: str) -> str:
    if "price" in text:
        return "pricing"
    return "security" if "security" in text else "integration"


def ok(value: dict[str, Any]) -> Reply:
    return Reply(text=json.dumps(value))


def propose(request: Request, **extra: Any) -> Reply:
    theme = theme_in(request.user)
    insight = {
        "content": INSIGHT[theme],
        "confidence": 0.8,
        "source_memory_ids": IDS.findall(request.user),
        "tags": [theme],
        **extra,
    }
    return ok({"insights": [insight]})


def honest(request: Request) -> Reply:
    """A provider that proposes one insight per cluster and accepts it."""
    if request.system == prompts.PROPOSAL_SYSTEM_PROMPT:
        return propose(request)
    if request.system == prompts.VALIDATE_SYSTEM_PROMPT:
        return ok({"verdict": "accepted", "confidence": 0.85, "reason": "well supported"})
    return ok({"verdict": "keep", "confidence": 0.8})


async def seed(services: Services, tenant: str) -> dict[str, str]:
    items = [MemoryIn(content=t, entity_id=ENTITY) for texts in THEMES.values() for t in texts]
    ids = await services.memory.remember_batch(tenant, items)
    return {i.content: mid for i, mid in zip(items, ids, strict=True)}


async def graph(services: Services, tenant: str) -> list[dict[str, Any]]:
    return await services.store.run_raw(
        """
        MATCH (i:Memory:Insight) WHERE i.tenant_id = $tenant_id
        OPTIONAL MATCH (i)-[r:INSIGHT_FROM]->(s:Memory:Episode)
        RETURN i.content AS content, i.kind AS kind, i.importance AS importance,
               i.confidence AS confidence, i.source_count AS source_count, i.stale AS stale,
               i.entity_id AS entity_id, i.embedding IS NOT NULL AS embedded, count(r) AS edges
        ORDER BY content
        """,
        tenant_id=tenant,
    )


@pytest.mark.parametrize("provider", ["openai-compatible", "ollama"])
async def test_the_llm_route_builds_the_agent_routes_graph(
    services: Services, tenant: str, llm_server: ScriptedLLM, provider: str
) -> None:
    await seed(services, tenant)
    llm_server.responder = honest
    service = reflector(services, llm_server, provider)
    out = await service.reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert out.memories_processed == 30
    assert out.clusters == 3
    assert [p.verdict for p in out.proposals] == ["accepted"] * 3
    assert out.llm_calls == 6
    rows = await graph(services, tenant)
    assert sorted(r["content"] for r in rows) == sorted(INSIGHT.values())
    for row in rows:
        assert row["kind"] == "insight"
        assert row["entity_id"] == ENTITY
        assert row["edges"] == row["source_count"] == 10
        assert row["stale"] is False
        assert row["embedded"]
        assert row["confidence"] == 0.85
        assert row["importance"] == pytest.approx(insight_importance([0.5] * 10, 0.85))
    temperatures = [
        (r.system == prompts.PROPOSAL_SYSTEM_PROMPT, r.temperature) for r in llm_server.requests
    ]
    assert {t for proposal, t in temperatures if proposal} == {0.3}
    assert {t for proposal, t in temperatures if not proposal} == {0.1}
    status = await service.reflect_status(tenant, ENTITY)
    assert status.new_episodes == 0
    again = await service.reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert again.memories_processed == 0
    assert again.insights == []


async def test_429_timeout_and_malformed_answers_store_nothing_wrong(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    await seed(services, tenant)

    def flaky(request: Request) -> Reply:
        theme = theme_in(request.user)
        if request.system == prompts.PROPOSAL_SYSTEM_PROMPT:
            if theme == "security":
                return Reply(text="Sure! Acme cares about security, I would say.")
            # One id the cluster never held: dropped, the rest stand.
            reply = propose(request)
            body = json.loads(reply.text)
            body["insights"][0]["source_memory_ids"].append("f" * 32)
            return ok(body)
        if request.system == prompts.VALIDATE_SYSTEM_PROMPT and theme == "integration":
            return ok({"verdict": "dunno"})
        return honest(request)

    llm_server.script(Reply(status=429, text="slow down"), Reply(text="late", delay_s=2.5))
    llm_server.responder = flaky
    out = await reflector(services, llm_server).reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert out.llm_calls == 5  # 3 proposals, 2 checks (the malformed proposal has none)
    assert len(llm_server.requests) == 7  # and the 429 and the stall were retried
    verdicts = {theme_in(p.content or "security"): p for p in out.proposals}
    assert [p.verdict for p in out.proposals].count("accepted") == 1
    rejected = [p for p in out.proposals if p.verdict == "rejected"]
    assert len(rejected) == 2
    assert any("proposal answer was unusable" in (p.reason or "") for p in rejected)
    assert any("validation answer was unusable" in (p.reason or "") for p in rejected)
    assert verdicts["pricing"].verdict == "accepted"
    assert "f" * 32 not in verdicts["pricing"].source_memory_ids
    rows = await graph(services, tenant)
    assert [r["content"] for r in rows] == [INSIGHT["pricing"]]
    assert rows[0]["edges"] == rows[0]["source_count"] == 10


async def test_a_provider_that_keeps_failing_stores_nothing(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    await seed(services, tenant)
    llm_server.responder = lambda request: Reply(status=503)
    service = reflector(services, llm_server)
    with pytest.raises(LLMError, match="HTTP 503"):
        await service.reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert await graph(services, tenant) == []
    assert (await service.reflect_status(tenant, ENTITY)).new_episodes == 30
    scope_lease = f"reflect:{tenant}:entity:{ENTITY}"
    assert await leases.acquire(services.store, tenant, scope_lease, "someone-else", 60)


async def test_revised_and_merged_proposals(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    await seed(services, tenant)

    def editor(request: Request) -> Reply:
        if request.system == prompts.PROPOSAL_SYSTEM_PROMPT:
            ids = IDS.findall(request.user)
            theme = theme_in(request.user)
            first = {"content": INSIGHT[theme], "confidence": 0.6, "source_memory_ids": ids[:6]}
            second = {"content": "Same again.", "confidence": 0.6, "source_memory_ids": ids[4:]}
            return ok({"insights": [first, second]})
        if "(none yet)" in request.user:
            return ok({"verdict": "revised", "content": "Revised: " + request.user.split("\n")[1]})
        return ok({"verdict": "merged", "merge_with": 1, "reason": "duplicate"})

    llm_server.responder = editor
    out = await reflector(services, llm_server).reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert [p.verdict for p in out.proposals] == ["revised", "merged"] * 3
    for revised, merged in zip(out.proposals[::2], out.proposals[1::2], strict=True):
        assert merged.insight_id == revised.insight_id
        assert revised.content.startswith("Revised: ")
    rows = await graph(services, tenant)
    assert len(rows) == 3
    assert all(r["content"].startswith("Revised: ") for r in rows)
    assert all(r["edges"] == r["source_count"] == 10 for r in rows)  # 6 + merged 6, overlapping 2


async def test_stale_insights_are_judged_again(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    ids = await seed(services, tenant)
    llm_server.responder = honest
    service = reflector(services, llm_server)
    await service.reflect(tenant, ReflectIn(entity_id=ENTITY))
    await services.memory.revise(
        tenant, ids[THEMES["pricing"][0]], ReviseIn(content="Acme asked for a 30% discount.")
    )
    await services.memory.forget(tenant, ForgetIn(memory_ids=[ids[t] for t in THEMES["security"]]))

    def judge(request: Request) -> Reply:
        assert request.system == prompts.STALE_SYSTEM_PROMPT
        assert "30% discount" in request.user
        return ok(
            {"verdict": "rewrite", "content": "Acme haggles hard on price.", "confidence": 0.9}
        )

    llm_server.reset()
    llm_server.responder = judge
    out = await service.reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert sorted(s.verdict for s in out.stale) == ["retire", "rewrite"]
    assert out.llm_calls == 1  # an insight with no sources left is retired without asking
    rows = await graph(services, tenant)
    assert sorted(r["content"] for r in rows) == sorted(
        ["Acme haggles hard on price.", INSIGHT["integration"]]
    )
    assert all(r["stale"] is False for r in rows)


async def test_no_provider_means_the_agent_route(services: Services, tenant: str) -> None:
    with pytest.raises(LLMNotConfigured, match="reflect-prepare"):
        await services.reflect.reflect(tenant, ReflectIn(entity_id=ENTITY))


async def test_two_workers_never_reflect_one_scope_at_once(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    await seed(services, tenant)

    def slow(request: Request) -> Reply:
        reply = honest(request)
        reply.delay_s = 0.2
        return reply

    llm_server.responder = slow
    one, two = reflector(services, llm_server), reflector(services, llm_server)
    assert one.holder != two.holder
    results = await asyncio.gather(
        one.reflect(tenant, ReflectIn(entity_id=ENTITY)),
        two.reflect(tenant, ReflectIn(entity_id=ENTITY)),
        return_exceptions=True,
    )
    # One reflects; the other is refused while it holds the lease or, when its lease
    # write lost a deadlock and the driver retried it after the first was done, finds
    # nothing left to reflect. Never both.
    done = [r for r in results if isinstance(r, ReflectOut)]
    assert all(isinstance(r, ReflectOut | Conflict) for r in results), results
    assert sum(1 for r in done if r.memories_processed) == 1, results
    assert len(await graph(services, tenant)) == 3
    # A lease held elsewhere refuses; once it expires, it is free again.
    name = lease_name(ReflectScope(tenant, ENTITY))
    assert await leases.acquire(services.store, tenant, name, "elsewhere", 3.0)
    with pytest.raises(Conflict, match="already running"):
        await one.reflect(tenant, ReflectIn(entity_id=ENTITY))
    assert not await leases.acquire(services.store, tenant, name, one.holder, 60)
    await asyncio.sleep(3.1)
    assert await leases.acquire(services.store, tenant, name, one.holder, 60)
    await leases.release(services.store, tenant, name, one.holder)


async def test_the_worker_reflects_due_entities(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    await seed(services, tenant)
    llm_server.responder = honest
    lazy = reflector(services, llm_server)
    assert await AutoReflector(lazy, [tenant]).tick() == []  # 30 < 50: not due yet
    eager = reflector(services, llm_server, reflect_auto_episodes=20)
    worker = AutoReflector(eager, [tenant])
    assert await worker.tick() == [(tenant, ENTITY)]
    assert len(await graph(services, tenant)) == 3
    assert await worker.tick() == []
