"""Causal walks, analogical recall, multi-strategy recall, prime, lineage, graph views."""

from __future__ import annotations

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.graph import PrimeIn
from hebbs_graph.models.memory import EdgeIn, ReviseIn
from hebbs_graph.models.recall import Strategy

from .conftest import Kit


async def causal_chain(kit: Kit, tenant: str | None = None) -> tuple[str, str, str]:
    """A caused B caused C, plus distractors; returns (a, b, c)."""
    a = await kit.add("The disk on db-1 filled up", tenant=tenant, entity_id="ops")
    b = await kit.add(
        "Postgres on db-1 crashed",
        tenant=tenant,
        entity_id="ops",
        edges=[EdgeIn(target_id=a.id, edge_type=EdgeType.CAUSED_BY)],
    )
    c = await kit.add(
        "Checkout returned HTTP 500 for an hour",
        tenant=tenant,
        entity_id="ops",
        edges=[EdgeIn(target_id=b.id, edge_type=EdgeType.CAUSED_BY)],
    )
    await kit.add("Lunch order placed for the team", tenant=tenant, entity_id="office")
    await kit.add("The disk on web-2 was resized", tenant=tenant, entity_id="ops2")
    return a.id, b.id, c.id


async def test_causal_walk_backward_from_effect(kit: Kit, other_tenant: str) -> None:
    a, b, c = await causal_chain(kit)
    await causal_chain(kit, tenant=other_tenant)  # the same story elsewhere must not leak
    out = await kit.recall(
        strategies=[
            {
                "strategy": "causal",
                "seed_memory_id": c,
                "direction": "backward",
                "edge_types": ["CAUSED_BY"],
            }
        ]
    )
    found = {r.memory.id: r for r in out.results}
    assert set(found) == {a, b}
    assert found[b].breakdown.depth == 1
    assert found[a].breakdown.depth == 2
    assert [s.memory_id for s in found[a].breakdown.path or []] == [c, b, a]
    assert [s.edge_type for s in found[a].breakdown.path or []] == [
        None,
        EdgeType.CAUSED_BY,
        EdgeType.CAUSED_BY,
    ]
    assert found[b].breakdown.relevance == 1 - 1 / 6
    assert found[a].breakdown.relevance == 1 - 2 / 6


async def test_causal_forward_and_depth_limit(kit: Kit) -> None:
    a, b, c = await causal_chain(kit)
    forward = await kit.recall(
        strategies=[
            {
                "strategy": "causal",
                "seed_memory_id": a,
                "direction": "forward",
                "edge_types": ["CAUSED_BY"],
            }
        ]
    )
    assert [r.memory.id for r in forward.results] == [b, c] or {
        r.memory.id for r in forward.results
    } == {b, c}
    shallow = await kit.recall(
        strategies=[
            {
                "strategy": "causal",
                "seed_memory_id": c,
                "direction": "backward",
                "edge_types": ["CAUSED_BY"],
                "max_depth": 1,
            }
        ]
    )
    assert [r.memory.id for r in shallow.results] == [b]


async def test_causal_seeds_from_the_cue(kit: Kit) -> None:
    a, b, _ = await causal_chain(kit)
    out = await kit.recall(
        cue="checkout HTTP 500 errors",
        strategies=[{"strategy": "causal", "direction": "backward", "edge_types": ["CAUSED_BY"]}],
    )
    assert {r.memory.id for r in out.results} == {a, b}


async def test_causal_unknown_seed_is_404(kit: Kit, other_tenant: str) -> None:
    import pytest

    from hebbs_graph.errors import NotFound

    foreign = await kit.add("someone else's memory", tenant=other_tenant)
    with pytest.raises(NotFound, match="seed_memory_id"):
        await kit.recall(strategies=[{"strategy": "causal", "seed_memory_id": foreign.id}])


async def test_analogical_prefers_same_shape_elsewhere(kit: Kit) -> None:
    invoice = {"amount": 1200, "currency": "EUR", "due": "2025-01-31"}
    seed = await kit.add("Invoice sent to Globex", entity_id="globex", context=invoice)
    alike = await kit.add(
        "Initech was billed for the quarter",
        entity_id="initech",
        context={"amount": 300, "currency": "USD", "due": "2025-02-28"},
    )
    wordy = await kit.add(
        "Globex invoice sent question invoice Globex sent",
        entity_id="globex",
        context={"channel": "chat"},
    )
    out = await kit.recall(
        strategies=[
            {
                "strategy": "analogical",
                "seed_memory_id": seed.id,
                "cross_entity": True,
            }
        ]
    )
    ids = [r.memory.id for r in out.results]
    assert alike.id in ids
    assert wordy.id not in ids  # cross_entity leaves the seed's own entity out
    same = await kit.recall(strategies=[{"strategy": "analogical", "seed_memory_id": seed.id}])
    ranked = [r.memory.id for r in same.results]
    assert ranked.index(alike.id) < ranked.index(wordy.id)
    assert seed.id not in ranked


async def test_multi_strategy_records_every_finder(kit: Kit) -> None:
    _a, b, c = await causal_chain(kit)
    out = await kit.recall(
        cue="Postgres crashed on db-1",
        entity_id="ops",
        strategies=[
            {"strategy": "hybrid"},
            {"strategy": "temporal"},
            {"strategy": "causal", "seed_memory_id": c, "direction": "backward"},
        ],
    )
    found = {r.memory.id: set(r.breakdown.strategies) for r in out.results}
    assert found[b] == {Strategy.HYBRID, Strategy.TEMPORAL, Strategy.CAUSAL}
    assert Strategy.CAUSAL not in found[c]
    assert len(found) == len(out.results)  # merged by id


async def test_prime_gives_recent_relevant_and_insights(kit: Kit) -> None:
    old = await kit.add("Acme asked about SOC 2 in 2023", entity_id="acme", occurred_at=kit.ago(60))
    new = await kit.add("Acme renewal call is next Tuesday", entity_id="acme")
    insight = await kit.add("Acme prioritises compliance over cost", entity_id="acme")
    await kit.make_insight(insight.id, [old.id, new.id])
    await kit.add("Globex likes long emails", entity_id="globex")
    out = await kit.services.prime.prime(
        kit.tenant, PrimeIn(entity_id="acme", similarity_cue="SOC 2")
    )
    assert new.id in [r.memory.id for r in out.recent]
    assert old.id in [r.memory.id for r in out.relevant]
    assert [m.id for m in out.insights] == [insight.id]
    every = [r.memory.entity_id for r in out.recent + out.relevant]
    assert set(every) == {"acme"}
    assert out.reflection.due is False
    await kit.services.recall.drain()
    assert (await kit.services.memory.get(kit.tenant, new.id)).access_count == 1


async def test_lineage_of_insight_and_revisions(kit: Kit) -> None:
    e1 = await kit.add("Acme chose the compliance tier", entity_id="acme")
    e2 = await kit.add("Acme asked for the SOC 2 report", entity_id="acme")
    first = await kit.add("Acme cares about compliance", entity_id="acme")
    await kit.make_insight(first.id, [e1.id, e2.id])
    top = await kit.add("Acme buys on trust", entity_id="acme")
    await kit.make_insight(top.id, [first.id])
    lineage = await kit.services.lineage.lineage(kit.tenant, top.id)
    depths = {s.memory.id: s.depth for s in lineage.sources}
    assert depths == {first.id: 1, e1.id: 2, e2.id: 2}
    await kit.services.memory.revise(kit.tenant, e1.id, ReviseIn(content="Acme chose the top tier"))
    await kit.services.memory.revise(kit.tenant, e1.id, ReviseIn(content="Acme chose the pro tier"))
    history = await kit.services.lineage.lineage(kit.tenant, e1.id)
    assert [r.memory.content for r in history.revisions] == [
        "Acme chose the top tier",
        "Acme chose the compliance tier",
    ]


async def test_graph_view_and_entities(kit: Kit) -> None:
    a, b, c = await causal_chain(kit)
    view = await kit.services.lineage.graph(kit.tenant, entity_id="ops", depth=1)
    assert {n.id for n in view.nodes} >= {a, b, c}
    kinds = {(e.source_id, e.target_id, e.edge_type) for e in view.edges}
    assert (c, b, EdgeType.CAUSED_BY) in kinds
    assert (a, b, EdgeType.FOLLOWED_BY) in kinds
    entities = await kit.services.lineage.entities(kit.tenant)
    counts = {e.entity_id: e.memory_count for e in entities.entities}
    assert counts == {"ops": 3, "office": 1, "ops2": 1}


async def test_graph_view_cut_at_its_limit_keeps_the_newest(kit: Kit) -> None:
    """A view of an entity's newest memories holds exactly those once the limit cuts:
    their older timeline neighbours come only where room is left."""
    items = [
        {
            "content": f"Depot log {n}: pallet count checked",
            "entity_id": "depot",
            "occurred_at": kit.at(n).isoformat(),
        }
        for n in range(30)
    ]
    ids = await kit.batch(items)
    for depth in (1, 3):
        view = await kit.services.lineage.graph(
            kit.tenant, entity_id="depot", depth=depth, limit=10
        )
        assert {n.id for n in view.nodes} == set(ids[-10:])
    # The seeds are kept whatever their order; then the first seed's neighbours, then
    # the next seed's.
    view = await kit.services.lineage.graph(
        kit.tenant, ids=[ids[5], ids[29], ids[17]], depth=1, limit=3
    )
    assert {n.id for n in view.nodes} == {ids[5], ids[29], ids[17]}
    view = await kit.services.lineage.graph(kit.tenant, ids=[ids[29], ids[5]], depth=1, limit=4)
    assert [n.id for n in view.nodes][:3] == [ids[29], ids[5], ids[28]]
    assert [n.id for n in view.nodes][3] in {ids[4], ids[6]}
