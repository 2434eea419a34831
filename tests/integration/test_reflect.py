"""Reflection, agent route: prepare clusters the themes, commit stores insights with
lineage, stale insights come back for verdicts, and bad commits store nothing."""

from __future__ import annotations

import pytest

from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services.container import Services
from tests.support.reflect_kit import (
    ENTITY,
    by_theme,
    commit,
    commit_themes,
    insight_rows,
    prepare,
    seed,
    theme_of,
)
from tests.support.themes import THEMES


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
