"""The map's regions and its answers `since` a stamp (GET /v1/map's service): regions
fitted with the projection and named by their topic's words, a new memory joining the
nearest region, and a poll that costs a count when nothing changed and hands on only the
new memory when one was remembered."""

from __future__ import annotations

import time

import pytest

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.map.regions import words
from tests.support.map_seed import TOPICS, seed_map

ENTITY = "northwind"


async def test_regions_and_polls_since_a_stamp(services: Services, tenant: str) -> None:
    seeded = await seed_map(services, tenant, 600, ENTITY)
    maps = services.semantic_map

    first = await maps.map(tenant, ENTITY)
    assert first.complete
    assert first.count == 600
    assert first.stamp
    # round(sqrt(600 / 4)) clusters, those named alike merged: about one per topic.
    assert 8 <= len(first.regions) <= 12
    assert len({r.label for r in first.regions}) == len(first.regions)
    assert sum(r.count for r in first.regions) == 600
    assert {p.region for p in first.points} == {r.id for r in first.regions}
    topic_words = {w for t in TOPICS for w in words(t)}
    for region in first.regions:
        chosen = region.label.split(" · ")
        assert 2 <= len(chosen) <= 3, region.label
        assert set(chosen) <= topic_words, region.label
        assert region.radius > 0
    carried = {r.insight_id for r in first.regions if r.insight_id}
    assert carried <= set(seeded.insights)
    assert carried  # each insight's dozen sources lie in one topic's region
    assert all(r.insight and r.insight.startswith("Insight ") for r in first.regions if r.insight)

    # Nothing changed since the stamp: no point, the same regions.
    started = time.perf_counter()
    same = await maps.map(tenant, ENTITY, since=first.stamp)
    quiet_ms = (time.perf_counter() - started) * 1000
    assert same.points == []
    assert same.edges == []
    assert not same.complete
    assert same.count == 600
    assert same.stamp == first.stamp
    assert same.regions == first.regions
    print(f"\nan unchanged poll of 600: {quiet_ms:.0f} ms")

    added = await services.memory.remember(
        tenant, MemoryIn(content=f"Northwind called about {TOPICS[4]}", entity_id=ENTITY)
    )
    grown = await maps.map(tenant, ENTITY, since=first.stamp)
    assert grown.projection == "incremental"
    assert not grown.complete
    assert [p.id for p in grown.points] == [added.id]
    assert grown.count == 601
    assert grown.stamp
    assert grown.stamp > first.stamp
    assert grown.points[0].region is not None
    assert [r.label for r in grown.regions] == [r.label for r in first.regions]
    assert sum(r.count for r in grown.regions) == 601

    whole = await maps.map(tenant, ENTITY)
    assert whole.complete
    assert len(whole.points) == 601
    assert whole.projection == "cached"

    with pytest.raises(InvalidInput):
        await maps.map(tenant, ENTITY, since="yesterday")
