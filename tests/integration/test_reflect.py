"""Reflection, agent route: prepare clusters the themes, commit stores insights with
lineage, stale insights come back for verdicts, and bad commits store nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import ValidationError

from hebbs_graph.errors import InvalidInput, NotInSession, SessionExpired, UnknownSession
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.models.reflect import (
    ReflectCommitIn,
    ReflectPrepareIn,
    ReflectPrepareOut,
    StaleVerdictIn,
)
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services.container import Services
from hebbs_graph.services.reflect import ReflectService
from tests.support.themes import THEMES

ENTITY = "acme_corp"


async def seed(services: Services, tenant: str, entity: str = ENTITY) -> dict[str, str]:
    """The thirty themed episodes; returns content -> id."""
    items = [
        MemoryIn(content=text, entity_id=entity, importance=0.5)
        for texts in THEMES.values()
        for text in texts
    ]
    ids = await services.memory.remember_batch(tenant, items)
    return {item.content: mid for item, mid in zip(items, ids, strict=True)}


def theme_of(prepared: ReflectPrepareOut, cluster_index: int) -> str:
    contents = {m.content for m in prepared.clusters[cluster_index].memories}
    [theme] = [name for name, texts in THEMES.items() if set(texts) == contents]
    return theme


def by_theme(prepared: ReflectPrepareOut) -> dict[str, list[str]]:
    return {theme_of(prepared, n): c.memory_ids for n, c in enumerate(prepared.clusters)}


async def prepare(services: Services, tenant: str, **fields: Any) -> ReflectPrepareOut:
    return await services.reflect.prepare(tenant, ReflectPrepareIn(**fields))


async def commit(services: Services, tenant: str, **body: Any) -> Any:
    return await services.reflect.commit(tenant, ReflectCommitIn.model_validate(body))


INSIGHTS = {
    "pricing": "Acme is price-sensitive: its software budget is tight and it pushes for discounts.",
    "security": "Acme treats security compliance (SOC 2, GDPR, MFA) as a condition of signing.",
    "integration": "Acme's developers integrate deeply with the API and need it stable and documented.",
}


async def commit_themes(services: Services, tenant: str) -> dict[str, str]:
    """Prepare and commit one insight per theme; returns theme -> insight id."""
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    themes = by_theme(prepared)
    out = await commit(
        services,
        tenant,
        session_id=prepared.session_id,
        insights=[
            {
                "content": INSIGHTS[theme],
                "confidence": 0.8,
                "source_memory_ids": ids,
                "tags": [theme],
                "cluster_id": n + 1,
            }
            for n, (theme, ids) in enumerate(themes.items())
        ],
    )
    return dict(zip(themes, out.insight_ids, strict=True))


async def insight_rows(services: Services, tenant: str) -> list[dict[str, Any]]:
    return await services.store.run_raw(
        """
        MATCH (i:Memory:Insight) WHERE i.tenant_id = $tenant_id
        OPTIONAL MATCH (i)-[r:INSIGHT_FROM]->(s:Memory)
        RETURN i.id AS id, i.stale AS stale, i.stale_reason AS reason,
               i.importance AS importance, i.source_count AS source_count,
               count(r) AS edges, i.embedding IS NOT NULL AS embedded
        """,
        tenant_id=tenant,
    )


# -- prepare ------------------------------------------------------------------------------


async def test_prepare_returns_the_three_themes(services: Services, tenant: str) -> None:
    await seed(services, tenant)
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    assert prepared.memories_processed == 30
    assert len(prepared.clusters) == 3
    assert sorted(theme_of(prepared, n) for n in range(3)) == sorted(THEMES)
    for n, cluster in enumerate(prepared.clusters, start=1):
        assert cluster.cluster_id == n
        assert cluster.member_count == len(cluster.memory_ids) == len(cluster.memories) == 10
        assert [m.memory_id for m in cluster.memories] == cluster.memory_ids
        assert "JSON" in cluster.proposal_system_prompt
        for m in cluster.memories:
            assert m.memory_id in cluster.proposal_user_prompt
            assert m.content in cluster.proposal_user_prompt
        assert ENTITY in cluster.proposal_user_prompt
    assert prepared.stale_insights == []
    assert prepared.message is None


async def test_prepare_is_deterministic(services: Services, tenant: str) -> None:
    await seed(services, tenant)
    first = await prepare(services, tenant, entity_id=ENTITY)
    second = await prepare(services, tenant, entity_id=ENTITY)
    assert [c.memory_ids for c in first.clusters] == [c.memory_ids for c in second.clusters]
    assert first.session_id != second.session_id


async def test_fewer_than_five_new_episodes_is_nothing_to_do(
    services: Services, tenant: str
) -> None:
    for text in THEMES["pricing"][:4]:
        await services.memory.remember(tenant, MemoryIn(content=text, entity_id=ENTITY))
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    assert prepared.memories_processed == 0
    assert prepared.clusters == []
    assert prepared.message
    assert "at least 5" in prepared.message
    await commit(services, tenant, session_id=prepared.session_id)
    # The cursor did not move: a fifth episode makes five.
    await services.memory.remember(tenant, MemoryIn(content=THEMES["pricing"][4], entity_id=ENTITY))
    again = await prepare(services, tenant, entity_id=ENTITY)
    assert again.memories_processed == 5


# -- commit -------------------------------------------------------------------------------


async def test_committed_insights_have_lineage_and_are_recalled(
    services: Services, tenant: str
) -> None:
    ids = await seed(services, tenant)
    insight_ids = await commit_themes(services, tenant)
    rows = await insight_rows(services, tenant)
    assert len(rows) == 3
    for row in rows:
        assert row["edges"] == row["source_count"] == 10
        assert row["stale"] is False
        assert row["embedded"]
        assert row["importance"] == pytest.approx(insight_importance([0.5] * 10, 0.8))
    security = await services.memory.get(tenant, insight_ids["security"])
    assert security.kind == "insight"
    assert security.entity_id == ENTITY
    assert security.confidence == 0.8
    assert security.tags == ["security"]
    edges = await services.memory.edges(tenant, insight_ids["security"])
    sources = {e.target_id for e in edges if e.edge_type == "INSIGHT_FROM"}
    assert sources == {ids[text] for text in THEMES["security"]}

    found = await services.recall.recall(
        tenant,
        RecallIn(cue="what does Acme require for security and compliance?", entity_id=ENTITY),
    )
    assert found.results[0].memory.id == insight_ids["security"]
    assert found.results[0].memory.kind == "insight"

    listed = await services.reflect.insights(tenant, entity_id=ENTITY)
    assert {i.id for i in listed} == set(insight_ids.values())
    assert all(len(i.source_memory_ids) == 10 for i in listed)


async def test_the_cursor_advances_past_reflected_episodes(services: Services, tenant: str) -> None:
    await seed(services, tenant)
    await commit_themes(services, tenant)
    after = await prepare(services, tenant, entity_id=ENTITY)
    assert after.memories_processed == 0
    assert after.clusters == []
    status = await services.reflect.reflect_status(tenant, ENTITY)
    assert status.new_episodes == 0
    assert not status.due
    assert status.last_reflected_at is not None


async def test_twelve_sources_outrank_three_at_equal_confidence(
    services: Services, tenant: str
) -> None:
    await seed(services, tenant)
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    themes = by_theme(prepared)
    twelve = themes["pricing"] + themes["security"][:2]
    three = themes["integration"][:3]
    out = await commit(
        services,
        tenant,
        session_id=prepared.session_id,
        insights=[
            {
                "content": "Acme weighs cost above all.",
                "confidence": 0.7,
                "source_memory_ids": twelve,
            },
            {"content": "Acme's API use is heavy.", "confidence": 0.7, "source_memory_ids": three},
        ],
    )
    wide, narrow = [await services.memory.get(tenant, i) for i in out.insight_ids]
    assert wide.source_count == 12
    assert narrow.source_count == 3
    assert wide.importance > narrow.importance
    ranked = await services.recall.recall(
        tenant,
        RecallIn(
            cue="Acme",
            entity_id=ENTITY,
            top_k=50,
            weights={"relevance": 0.0, "recency": 0.0, "importance": 1.0, "reinforcement": 0.0},
            reinforce=False,
        ),
    )
    order = [r.memory.id for r in ranked.results]
    assert order.index(wide.id) < order.index(narrow.id)


# -- stale insights -----------------------------------------------------------------------


async def test_revise_and_forget_mark_exactly_the_dependent_insights_stale(
    services: Services, tenant: str
) -> None:
    ids = await seed(services, tenant)
    insight_ids = await commit_themes(services, tenant)
    await services.memory.revise(
        tenant, ids[THEMES["pricing"][0]], ReviseIn(content="Acme asked for a 20% discount.")
    )
    stale = {r["id"]: r for r in await insight_rows(services, tenant) if r["stale"]}
    assert set(stale) == {insight_ids["pricing"]}
    assert stale[insight_ids["pricing"]]["reason"] == "source revised"

    await services.memory.forget(tenant, ForgetIn(memory_ids=[ids[THEMES["security"][0]]]))
    stale = {r["id"]: r for r in await insight_rows(services, tenant) if r["stale"]}
    assert set(stale) == {insight_ids["pricing"], insight_ids["security"]}
    assert stale[insight_ids["security"]]["reason"] == "source forgotten"

    cue = "Acme price discount budget"
    hidden = await services.recall.recall(tenant, RecallIn(cue=cue, entity_id=ENTITY, top_k=50))
    assert insight_ids["pricing"] not in {r.memory.id for r in hidden.results}
    shown = await services.recall.recall(
        tenant, RecallIn(cue=cue, entity_id=ENTITY, top_k=50, include_stale=True)
    )
    marked = {r.memory.id: r.stale for r in shown.results}
    assert marked.get(insight_ids["pricing"]) is True


async def test_stale_insights_come_back_for_keep_rewrite_and_retire(
    services: Services, tenant: str
) -> None:
    ids = await seed(services, tenant)
    insight_ids = await commit_themes(services, tenant)
    for theme in THEMES:
        source = ids[THEMES[theme][1]]
        if theme == "security":
            await services.memory.forget(tenant, ForgetIn(memory_ids=[source]))
        else:
            await services.memory.revise(tenant, source, ReviseIn(importance=0.9))
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    assert prepared.clusters == []
    stale = {s.memory_id: s for s in prepared.stale_insights}
    assert set(stale) == set(insight_ids.values())
    security = stale[insight_ids["security"]]
    assert security.stale_reason == "source forgotten"
    assert len(security.source_memory_ids) == len(security.sources) == 9
    assert security.content in security.review_user_prompt
    assert "keep" in security.review_system_prompt

    out = await commit(
        services,
        tenant,
        session_id=prepared.session_id,
        stale_verdicts=[
            {"memory_id": insight_ids["pricing"], "verdict": "keep"},
            {
                "memory_id": insight_ids["security"],
                "verdict": "rewrite",
                "content": "Acme signs only vendors that prove compliance: SOC 2, GDPR, MFA.",
                "confidence": 0.9,
            },
            {"memory_id": insight_ids["integration"], "verdict": "retire"},
        ],
    )
    assert (out.stale_kept, out.stale_rewritten, out.stale_retired) == (1, 1, 1)
    kept = await services.memory.get(tenant, insight_ids["pricing"])
    assert kept.stale is False
    assert kept.stale_reason is None
    rewritten = await services.memory.get(tenant, insight_ids["security"])
    assert rewritten.stale is False
    assert rewritten.version == 2
    assert rewritten.content.startswith("Acme signs only vendors")
    assert rewritten.source_count == 9
    assert rewritten.confidence == 0.9
    assert rewritten.importance == pytest.approx(insight_importance([0.5] * 9, 0.9))
    listed = {i.id for i in await services.reflect.insights(tenant)}
    assert insight_ids["integration"] not in listed
    found = await services.recall.recall(
        tenant, RecallIn(cue="vendors that prove compliance", entity_id=ENTITY, top_k=3)
    )
    assert found.results[0].memory.id == insight_ids["security"]


# -- refusals -----------------------------------------------------------------------------


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
        services.settings.model_copy(update={"reflect_session_ttl_s": 0.2}),
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
        services.settings.model_copy(update={"reflect_auto_episodes": 20}),
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
