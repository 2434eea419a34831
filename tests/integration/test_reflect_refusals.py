"""Reflection, agent route: what is refused (unknown, expired and foreign sessions,
foreign sources, bad verdicts) stores nothing; tenant scope, status, racing commits and
the MCP tools."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import ValidationError

from hebbs_graph.errors import InvalidInput, NotInSession, SessionExpired, UnknownSession
from hebbs_graph.models.memory import MemoryIn, ReviseIn
from hebbs_graph.models.reflect import (
    ReflectCommitIn,
    ReflectPrepareIn,
    StaleVerdictIn,
)
from hebbs_graph.services.container import Services
from hebbs_graph.services.reflect.service import ReflectService
from tests.support.reflect_kit import (
    ENTITY,
    commit,
    commit_themes,
    insight_rows,
    prepare,
    seed,
)
from tests.support.themes import THEMES


async def assert_nothing_stored(services: Services, tenant: str) -> None:
    assert await insight_rows(services, tenant) == []


async def test_unknown_session_is_refused(services: Services, tenant: str) -> None:
    with pytest.raises(UnknownSession):
        await commit(services, tenant, session_id="nope", insights=[])


async def test_expired_session_is_refused(services: Services, tenant: str) -> None:
    ids = await seed(services, tenant)
    brief = ReflectService(
        services.store,
        services.embedder,
        services.settings.model_copy(update={"reflect_session_ttl_s": 0.2}).reflect,
    )
    prepared = await brief.prepare(tenant, ReflectPrepareIn(entity_id=ENTITY))
    await asyncio.sleep(0.3)
    body = ReflectCommitIn.model_validate(
        {
            "session_id": prepared.session_id,
            "insights": [
                {
                    "content": "x",
                    "confidence": 0.5,
                    "source_memory_ids": prepared.clusters[0].memory_ids,
                }
            ],
        }
    )
    with pytest.raises(SessionExpired, match="expired"):
        await brief.commit(tenant, body)
    await assert_nothing_stored(services, tenant)
    assert ids  # the episodes are untouched


async def test_a_foreign_source_refuses_the_whole_commit(
    services: Services, tenant: str, other_tenant: str
) -> None:
    await seed(services, tenant)
    outsider = await services.memory.remember(
        tenant, MemoryIn(content="Acme moved offices.", entity_id="someone_else")
    )
    theirs = await services.memory.remember(other_tenant, MemoryIn(content="Not yours."))
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    good = {
        "content": "fine",
        "confidence": 0.5,
        "source_memory_ids": prepared.clusters[0].memory_ids,
    }
    for stranger in (outsider.id, theirs.id):
        bad = {**good, "source_memory_ids": [prepared.clusters[1].memory_ids[0], stranger]}
        with pytest.raises(NotInSession, match=r"insights\[1\]\.source_memory_ids\[1\]"):
            await commit(services, tenant, session_id=prepared.session_id, insights=[good, bad])
        await assert_nothing_stored(services, tenant)
    with pytest.raises(NotInSession, match="cluster_id"):
        await commit(
            services, tenant, session_id=prepared.session_id, insights=[{**good, "cluster_id": 9}]
        )
    with pytest.raises(NotInSession, match="stale"):
        await commit(
            services,
            tenant,
            session_id=prepared.session_id,
            stale_verdicts=[{"memory_id": outsider.id, "verdict": "keep"}],
        )
    await assert_nothing_stored(services, tenant)
    # Refusals leave the session usable; a commit takes it once.
    done = await commit(services, tenant, session_id=prepared.session_id, insights=[good])
    assert done.insights_created == 1
    with pytest.raises(UnknownSession):
        await commit(services, tenant, session_id=prepared.session_id, insights=[good])


async def test_another_tenant_cannot_commit_a_session(
    services: Services, tenant: str, other_tenant: str
) -> None:
    await seed(services, tenant)
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    with pytest.raises(UnknownSession):
        await commit(services, other_tenant, session_id=prepared.session_id)
    assert await services.reflect.insights(other_tenant) == []


@pytest.mark.parametrize(
    "verdict",
    [
        {"memory_id": "0" * 32, "verdict": "maybe"},
        {"memory_id": "0" * 32, "verdict": "rewrite"},
        {"memory_id": "0" * 32, "verdict": "keep", "content": "why"},
        {"memory_id": "not-an-id", "verdict": "keep"},
    ],
)
def test_bad_verdicts_are_invalid(verdict: dict[str, Any]) -> None:
    with pytest.raises((ValidationError, InvalidInput)):
        StaleVerdictIn.model_validate(verdict)


# -- scopes and status --------------------------------------------------------------------


async def test_tenant_scope_spans_entities(services: Services, tenant: str) -> None:
    await seed(services, tenant, entity="acme_corp")
    await services.memory.remember_batch(
        tenant,
        [
            MemoryIn(content=t.replace("Acme", "Globex"), entity_id="globex")
            for t in THEMES["pricing"]
        ],
    )
    prepared = await prepare(services, tenant)
    assert prepared.memories_processed == 40
    assert prepared.entity_id is None
    pricing = next(c for c in prepared.clusters if any("price" in m.content for m in c.memories))
    globex = [m.memory_id for m in pricing.memories if "Globex" in m.content]
    acme_only = [
        m.memory_id
        for c in prepared.clusters
        for m in c.memories
        if "Acme" in m.content and "price" not in m.content
    ][:3]
    out = await commit(
        services,
        tenant,
        session_id=prepared.session_id,
        insights=[
            {
                "content": "Customers push on price.",
                "confidence": 0.6,
                "source_memory_ids": pricing.memory_ids,
            },
            {"content": "Acme is demanding.", "confidence": 0.6, "source_memory_ids": acme_only},
        ],
    )
    mixed, acme = [await services.memory.get(tenant, i) for i in out.insight_ids]
    assert globex
    assert mixed.entity_id is None
    assert acme.entity_id == "acme_corp"


async def test_status_says_when_reflection_is_due(services: Services, tenant: str) -> None:
    eager = ReflectService(
        services.store,
        services.embedder,
        services.settings.model_copy(update={"reflect_auto_episodes": 20}).reflect,
    )
    fresh = await eager.reflect_status(tenant, ENTITY)
    assert not fresh.due
    assert fresh.new_episodes == 0
    ids = await seed(services, tenant)
    due = await eager.reflect_status(tenant, ENTITY)
    assert due.due
    assert due.reason == "new_episodes"
    assert due.new_episodes == 30
    assert due.new_importance == pytest.approx(15.0)
    assert not (await services.reflect.reflect_status(tenant, ENTITY)).due  # default N = 50
    await commit_themes(services, tenant)
    assert not (await eager.reflect_status(tenant, ENTITY)).due
    await services.memory.revise(tenant, ids[THEMES["pricing"][0]], ReviseIn(importance=0.9))
    stale = await eager.reflect_status(tenant, ENTITY)
    assert stale.due
    assert stale.reasons == ["stale_insights"]
    assert stale.stale_insights == 1
    assert await eager.auto_candidates(tenant) == [ENTITY]


async def test_racing_commits_of_one_session_store_it_once(services: Services, tenant: str) -> None:
    await seed(services, tenant)
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    body = ReflectCommitIn.model_validate(
        {
            "session_id": prepared.session_id,
            "insights": [
                {
                    "content": f"Theme {c.cluster_id}.",
                    "confidence": 0.5,
                    "source_memory_ids": c.memory_ids,
                }
                for c in prepared.clusters
            ],
        }
    )
    results = await asyncio.gather(
        *(services.reflect.commit(tenant, body) for _ in range(4)), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, UnknownSession) for r in results if isinstance(r, BaseException))
    assert len(await insight_rows(services, tenant)) == 3


async def test_the_mcp_tools_run_the_agent_route(services: Services, tenant: str) -> None:
    from hebbs_graph.mcp import TOOLS

    await seed(services, tenant)
    prepared = await TOOLS.call(services, tenant, "reflect_prepare", {"entity_id": ENTITY})
    assert not prepared.is_error
    body = prepared.structured_content
    assert body is not None
    assert len(body["clusters"]) == 3
    cluster = body["clusters"][0]
    committed = await TOOLS.call(
        services,
        tenant,
        "reflect_commit",
        {
            "session_id": body["session_id"],
            "insights": [
                {
                    "content": "Acme has a theme.",
                    "confidence": 0.7,
                    "source_memory_ids": cluster["memory_ids"],
                }
            ],
        },
    )
    assert not committed.is_error
    again = await TOOLS.call(services, tenant, "reflect_commit", {"session_id": body["session_id"]})
    assert again.is_error
    assert "unknown_session" in again.content[0].text  # type: ignore[union-attr]
    listed = await TOOLS.call(services, tenant, "insights", {"entity_id": ENTITY})
    assert listed.structured_content is not None
    assert len(listed.structured_content["insights"]) == 1
