"""Every recall result's breakdown names what contributed beyond its own relevance."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hebbs_graph.models.recall import RecallResult
from tests.integration.conftest import Kit
from tests.integration.test_recall_hybrid import _request, recall_with, store_turns


def kinds(result: RecallResult) -> list[str]:
    return [c.kind for c in result.breakdown.contributors]


async def test_a_neighbour_lifted_result_names_the_neighbour(kit: Kit) -> None:
    ids = await store_turns(kit)
    cue = "What did Tomas research for the adoption?"
    out = await kit.services.recall.recall(kit.tenant, _request(cue, top_k=10))
    by_id = {r.memory.id: r for r in out.results}
    answer = by_id[ids[3]]
    lent = [c for c in answer.breakdown.contributors if c.kind == "neighbour"]
    assert [c.memory_id for c in lent] == [ids[2]]  # the matching question before it
    assert lent[0].amount is not None
    assert 0 < lent[0].amount <= answer.breakdown.relevance
    # Without the spread nothing is lent, and the lift is what the answer lost.
    alone = await recall_with(kit, recall_neighbour_share=0.0).recall(
        kit.tenant, _request(cue, top_k=10)
    )
    assert all("neighbour" not in kinds(r) for r in alone.results)
    before = {r.memory.id: r.breakdown.relevance for r in alone.results}
    assert lent[0].amount > answer.breakdown.relevance - before.get(ids[3], 0.0) - 0.3


async def test_an_insight_names_its_best_source(kit: Kit) -> None:
    source = await kit.add("Acme's renewal budget for 2025 is $5,000", entity_id="acme")
    other = await kit.add("Acme asked for invoices by email", entity_id="acme")
    insight = await kit.add("Acme is a careful, budget-minded customer", entity_id="acme")
    await kit.make_insight(insight.id, [source.id, other.id])
    out = await kit.recall(
        cue="Acme renewal budget 2025", entity_id="acme", preset="semantic", reinforce=False
    )
    by_id = {r.memory.id: r for r in out.results}
    lifted = by_id[insight.id].breakdown.contributors
    assert [(c.kind, c.memory_id) for c in lifted if c.kind == "insight_source"] == [
        ("insight_source", source.id)
    ]
    assert all(c.amount is not None and c.amount > 0 for c in lifted)
    assert by_id[source.id].breakdown.contributors == [] or "insight_source" not in kinds(
        by_id[source.id]
    )


async def test_a_cue_date_is_named(kit: Kit) -> None:
    same = "Team lunch at the noodle place, everyone came."
    days = [datetime(2023, 5, d, 12, tzinfo=UTC) for d in (2, 3, 4)]
    ids = await kit.batch(
        [{"content": same, "occurred_at": d, "on_duplicate": "store"} for d in days]
    )
    out = await kit.recall(
        cue="team lunch on 3 May, 2023", preset="semantic", reinforce=False, top_k=3
    )
    first = out.results[0]
    assert first.memory.id == ids[1]
    dated = [c for c in first.breakdown.contributors if c.kind == "cue_date"]
    assert len(dated) == 1
    assert dated[0].detail == "2023-05-03"
    assert dated[0].memory_id is None
    assert dated[0].amount == pytest.approx(
        kit.services.settings.recall_time_boost / first.breakdown.relevance, rel=1.0
    )
    # A cue naming no date: nothing contributes to a lone memory.
    plain = await kit.recall(cue="noodle place", preset="semantic", reinforce=False, top_k=3)
    assert all("cue_date" not in kinds(r) for r in plain.results)


async def test_nothing_contributed_is_an_empty_list(kit: Kit) -> None:
    await kit.add("the kiln fires at 1200 degrees")
    out = await kit.recall(cue="kiln temperature", reinforce=False)
    assert out.results[0].breakdown.contributors == []


async def test_a_conflict_is_named(kit: Kit) -> None:
    old = await kit.add("Acme's budget is $5,000", entity_id="acme", occurred_at=kit.ago(30))
    new = await kit.add("Acme's budget is $9,000", entity_id="acme")
    out = await kit.recall(cue="Acme budget", entity_id="acme", reinforce=False, on_conflict="keep")
    by_id = {r.memory.id: r for r in out.results}
    noted = {
        (c.kind, c.memory_id)
        for r in (by_id[old.id], by_id[new.id])
        for c in r.breakdown.contributors
        if c.kind == "conflict"
    }
    assert noted, "the pair is a probable supersession"
    assert noted <= {("conflict", old.id), ("conflict", new.id)}
