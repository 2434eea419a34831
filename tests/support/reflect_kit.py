"""What the reflection tests share: the entity, seeding the themes, and the agent
route's calls."""

from __future__ import annotations

from typing import Any

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.reflect import (
    ReflectCommitIn,
    ReflectPrepareIn,
    ReflectPrepareOut,
)
from hebbs_graph.services.container import Services
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
