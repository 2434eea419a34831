"""Reflection's clusters follow themes with the real model (issue 15, item 5; issue 29,
item 4): one customer's thirty episodes in three themes, interleaved over three days or
stored at once, come back as three pure clusters; and each episode's occurred_at reaches
the clustering."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.reflect import service as reflect_service
from hebbs_graph.services.reflect.clustering import cluster_embeddings
from tests.integration.conftest import at
from tests.support.reflect_kit import prepare
from tests.support.themes import BRIGHTLINE, ORBITAL

ENTITY = "orbital"


def interleaved(themes: dict[str, list[str]] = ORBITAL, entity: str = ENTITY) -> list[MemoryIn]:
    """UI, compliance, billing, UI, ... ten minutes apart, a new day every six."""
    texts = list(themes.values())
    return [
        MemoryIn(
            content=texts[n % 3][n // 3],
            entity_id=entity,
            occurred_at=at(n // 6) + timedelta(minutes=10 * (n % 6)),
        )
        for n in range(30)
    ]


async def test_three_themes_of_one_customer_are_three_pure_clusters(
    services: Services, tenant: str
) -> None:
    await services.memory.remember_batch(tenant, interleaved())
    prepared = await prepare(services, tenant, entity_id=ENTITY)
    assert prepared.memories_processed == 30
    found = sorted(sorted(m.content for m in c.memories) for c in prepared.clusters)
    assert found == sorted(sorted(texts) for texts in ORBITAL.values())


@pytest.mark.parametrize("when", ["interleaved over days", "stored at once"])
async def test_three_clear_themes_two_of_them_close_stay_three_clusters(
    services: Services, tenant: str, when: str
) -> None:
    # Issue 29 (item 4): the audit and the privacy requests both speak of data; k chosen
    # by silhouette made them one cluster of twenty (purity 0.5 for the pair). Stored at
    # once (no occurred_at, as a REST batch), every episode has the same time.
    items = interleaved(BRIGHTLINE, "brightline")
    if when == "stored at once":
        items = [MemoryIn(content=i.content, entity_id=i.entity_id) for i in items]
    await services.memory.remember_batch(tenant, items)
    prepared = await prepare(services, tenant, entity_id="brightline")
    assert prepared.memories_processed == 30
    found = sorted(sorted(m.content for m in c.memories) for c in prepared.clusters)
    assert found == sorted(sorted(texts) for texts in BRIGHTLINE.values())


async def test_the_clustering_gets_each_episodes_occurred_at(
    services: Services, tenant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def spy(vectors: list[list[float]], **options: Any) -> Any:
        seen.update(options, n=len(vectors))
        return cluster_embeddings(vectors, **options)

    monkeypatch.setattr(reflect_service, "cluster_embeddings", spy)
    items = interleaved()[:12]
    await services.memory.remember_batch(tenant, items)
    await prepare(services, tenant, entity_id=ENTITY)
    times: list[datetime] = seen["times"]
    assert seen["n"] == len(times) == 12
    assert sorted(times) == sorted(i.occurred_at for i in items if i.occurred_at)
    assert seen["time_weight"] == services.reflect.settings.reflect_time_weight
    assert seen["time_scale_s"] == services.reflect.settings.reflect_time_scale_s
