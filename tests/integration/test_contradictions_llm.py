"""The LLM route of contradiction detection: real Neo4j, real model, and a scripted
provider on 127.0.0.1 reached through the same client code a real provider would be."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest

from hebbs_graph.llm import build_llm
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings
from tests.support.scripted_llm import Reply, Request, ScriptedLLM

JAN = datetime(2025, 1, 15, tzinfo=UTC)
MAR = datetime(2025, 3, 15, tzinfo=UTC)


def answer(verdict: str, confidence: float, newer: str | None = None) -> str:
    body = {"verdict": verdict, "confidence": confidence, "newer": newer, "reasoning": "scripted"}
    return f"```json\n{json.dumps(body)}\n```"


def llm_settings(services: Services, server: ScriptedLLM, **extra: object) -> Settings:
    fields: dict[str, object] = {
        "llm_provider": "openai-compatible",
        "llm_model": "scripted-judge",
        "llm_base_url": server.openai_url,
        "llm_api_key": "test-key",
        "llm_timeout_s": 5.0,
        "llm_max_retries": 0,
        "contradiction_llm_on_ingest": True,
        "contradiction_llm_max_calls_per_write": 5,
    }
    return services.settings.model_copy(update=fields | extra)


def writer(services: Services, settings: Settings) -> tuple[MemoryService, ContradictionService]:
    """A MemoryService whose only listener is a ContradictionService on the LLM route."""
    llm = build_llm(settings)
    assert llm is not None
    contradict = ContradictionService(services.store, settings.contradiction, llm)
    memory = MemoryService(
        services.store, services.embedder, settings.memory, listeners=[contradict]
    )
    return memory, contradict


async def budget(memory: MemoryService, tenant: str) -> tuple[str, str]:
    ids = await memory.remember_batch(
        tenant,
        [
            MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN),
            MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
        ],
    )
    return ids[0], ids[1]


async def typed_edges(services: Services, tenant: str, memory_id: str) -> set[tuple[str, str, str]]:
    edges = await services.memory.edges(tenant, memory_id)
    return {(e.source_id, e.edge_type.value, e.target_id) for e in edges}


async def test_llm_contradiction_writes_edges_at_once(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    memory, contradict = writer(services, llm_settings(services, llm_server))
    llm_server.script(answer("CONTRADICTION", 0.92))
    old, new = await budget(memory, tenant)
    assert await typed_edges(services, tenant, old) == {
        (old, "CONTRADICTS", new),
        (new, "CONTRADICTS", old),
    }
    assert await contradict.pending(tenant) == []
    [request] = llm_server.requests
    assert request.temperature == pytest.approx(0.1)
    assert "Budget is $5,000 per tenant" in request.user
    assert "Budget is $2,000 per tenant" in request.user
    assert "CONTRADICTION" in request.system
    edges = await services.memory.edges(tenant, old)
    assert {e.confidence for e in edges} == {0.92}


async def test_async_mode_answers_before_the_llm_has_judged(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    """Issue 19: with the check off the request (the default mode, a checker running),
    a write answers while the LLM is still judging its pair; the verdict's edges appear
    once the queue has run."""
    settings = llm_settings(services, llm_server)
    assert settings.contradiction_detection_mode == "async"
    memory, contradict = writer(services, settings)
    contradict.start()
    try:
        llm_server.script(Reply(text=answer("CONTRADICTION", 0.92), delay_s=3.0))
        started = time.monotonic()
        old, new = await budget(memory, tenant)
        assert time.monotonic() - started < 3.0
        assert await typed_edges(services, tenant, old) == set()  # the LLM is still out
        assert (await services.memory.get(tenant, new)).contradiction_check_pending is True
        assert await contradict.drain()
        assert await typed_edges(services, tenant, old) == {
            (old, "CONTRADICTS", new),
            (new, "CONTRADICTS", old),
        }
        assert (await services.memory.get(tenant, new)).contradiction_check_pending is False
    finally:
        await contradict.aclose()


async def test_llm_revision_supersedes_the_older(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    memory, _ = writer(services, llm_settings(services, llm_server))
    llm_server.script(answer("REVISION", 0.9, newer="B"))
    old, new = await budget(memory, tenant)
    assert (new, "REVISED_FROM", old) in await typed_edges(services, tenant, old)
    assert (await services.memory.get(tenant, old)).superseded_by == new
    found = await services.recall.recall(tenant, RecallIn(cue="budget per tenant", reinforce=False))
    assert [r.memory.id for r in found.results] == [new]


async def test_llm_neutral_overrules_the_heuristic(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    memory, contradict = writer(services, llm_settings(services, llm_server))
    llm_server.script(answer("NEUTRAL", 0.95))
    old, _ = await budget(memory, tenant)
    assert await contradict.pending(tenant) == []
    assert await typed_edges(services, tenant, old) == set()


async def test_unsure_llm_leaves_the_pair_to_the_agent(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    memory, contradict = writer(services, llm_settings(services, llm_server))
    llm_server.script(answer("REVISION", 0.4, newer="B"))
    old, new = await budget(memory, tenant)
    [p] = await contradict.pending(tenant)
    assert (p.memory_id_a, p.memory_id_b) == (old, new)
    assert p.classifier_method == "llm"
    assert p.classifier_score == pytest.approx(0.4)
    assert p.suggested_verdict == "revision"
    assert p.reasoning == "scripted"
    assert await typed_edges(services, tenant, old) == set()


async def test_calls_per_write_are_capped(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    settings = llm_settings(services, llm_server, contradiction_llm_max_calls_per_write=2)
    memory, contradict = writer(services, settings)

    def contradiction(_: Request) -> Reply:
        return Reply(text=answer("CONTRADICTION", 0.9))

    llm_server.responder = contradiction
    pairs = [
        ("Budget is $5,000 per tenant", "Budget is $2,000 per tenant"),
        ("The kickoff meeting is on Monday", "The kickoff meeting is on Thursday"),
        ("Our headquarters is in Berlin", "Our headquarters is in Munich"),
    ]
    items = [MemoryIn(content=a, occurred_at=JAN) for a, _ in pairs]
    items += [MemoryIn(content=b, occurred_at=MAR) for _, b in pairs]
    await memory.remember_batch(tenant, items)
    assert len(llm_server.requests) == 2
    leftover = await contradict.pending(tenant)
    assert len(leftover) == 1
    assert leftover[0].classifier_method == "heuristic"


@pytest.mark.parametrize(
    "reply",
    [Reply(status=500, text="provider down"), Reply(text="I think they conflict, maybe.")],
)
async def test_llm_failure_keeps_the_heuristic_candidate(
    services: Services, tenant: str, llm_server: ScriptedLLM, reply: Reply
) -> None:
    memory, contradict = writer(services, llm_settings(services, llm_server))
    llm_server.script(reply)
    old, new = await budget(memory, tenant)
    [p] = await contradict.pending(tenant)
    assert p.classifier_method == "heuristic"
    assert (p.memory_id_a, p.memory_id_b) == (old, new)


async def test_llm_route_is_off_unless_enabled(services: Services, llm_server: ScriptedLLM) -> None:
    settings = llm_settings(services, llm_server, contradiction_llm_on_ingest=False)
    _, contradict = writer(services, settings)
    assert contradict.detector.llm_on_ingest is False


async def test_numpy_path_shows_the_llm_both_times_in_order(
    services: Services, tenant: str, llm_server: ScriptedLLM
) -> None:
    """A batch compared in numpy reads the pair's times only for the LLM route."""
    settings = llm_settings(services, llm_server, contradiction_numpy_min_batch=1)
    memory, _contradict = writer(services, settings)
    llm_server.script(answer("CONTRADICTION", 0.92))
    old, new = await budget(memory, tenant)
    assert (old, "CONTRADICTS", new) in await typed_edges(services, tenant, old)
    [request] = llm_server.requests
    older, newer = request.user.split("\n\n")[:2]
    assert "2025-01-15" in older
    assert "$5,000" in older
    assert "2025-03-15" in newer
    assert "$2,000" in newer
