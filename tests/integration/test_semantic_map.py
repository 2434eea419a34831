"""The map of meaning (GET /v1/map's service): every memory of an entity placed by a
projection of its stored vector, the projection cached per tenant and entity, memories
added since placed with the cached fit, and nothing of another tenant."""

from __future__ import annotations

import pytest

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from tests.support.map_seed import seed_map

ENTITY = "northwind"


async def test_the_map_is_fitted_cached_and_extended(services: Services, tenant: str) -> None:
    seeded = await seed_map(services, tenant, 400, ENTITY)
    maps = services.semantic_map

    first = await maps.map(tenant, ENTITY)
    assert first.projection == "full"
    assert len(first.points) == 400
    places = {p.id: (p.x, p.y) for p in first.points}
    assert len(set(places.values())) > 390  # spread out, not piled up
    assert max(max(abs(x), abs(y)) for x, y in places.values()) == pytest.approx(1000, abs=1)
    insight = seeded.insights[0]
    assert {(e.source_id, e.target_id) for e in first.edges if e.edge_type == "INSIGHT_FROM"} >= {
        (insight, s) for s in seeded.sources[insight]
    }
    assert [e.edge_type.value for e in first.edges].count("CONTRADICTS") == 1  # each way
    # Memories of one topic lie nearer each other than memories of two.
    same = [places[seeded.episodes[i]] for i in (0, 12, 24)]
    other = places[seeded.episodes[6]]

    def far(a: tuple[float, float], b: tuple[float, float]) -> float:
        return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)

    assert max(far(same[0], p) for p in same[1:]) < far(same[0], other)

    again = await maps.map(tenant, ENTITY)
    assert again.projection == "cached"
    assert {p.id: (p.x, p.y) for p in again.points} == places

    added = await services.memory.remember(
        tenant, MemoryIn(content="Northwind opened a depot in Hull", entity_id=ENTITY)
    )
    grown = await maps.map(tenant, ENTITY)
    assert grown.projection == "incremental"
    moved = {p.id: (p.x, p.y) for p in grown.points}
    assert added.id in moved
    assert {k: moved[k] for k in places} == places  # the others stay where they were

    assert (await maps.map(f"{tenant}-other", ENTITY)).points == []
    with pytest.raises(InvalidInput):
        await maps.map(tenant, None)
