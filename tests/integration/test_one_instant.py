"""A list of facts sent in one batch without occurred_at is stated at one instant; its
order is still the timeline's (ids ascend in the order given), so the later of two values
comes first and marks the earlier, as if they had been stated a day apart
(docs/decisions/0012-probably-current.md)."""

from __future__ import annotations

from hebbs_graph.models.contradict import CommitIn
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from tests.support.contradiction_kit import IMPORTANT, pending

NOTES = [
    ("1. The CEO of Acme is Ann Lee.", 0.95),
    ("2. Globex is based in Oslo.", 0.5),
    ("3. Ann Lee likes jazz.", 0.5),
    ("4. The CEO of Acme is Bo Chen.", 0.05),
]


async def test_the_later_of_a_batch_comes_first_and_marks_the_earlier(
    services: Services, tenant: str
) -> None:
    items = [MemoryIn(content=c, entity_id="acme", importance=i) for c, i in NOTES]
    first, _, _, later = await services.memory.remember_batch(tenant, items)
    (p,) = await pending(services, tenant)
    assert {p.memory_id_a, p.memory_id_b} == {first, later}
    assert p.memory_a is not None
    assert p.memory_b is not None
    assert p.memory_a.occurred_at == p.memory_b.occurred_at  # one instant
    request = RecallIn(cue="Who is the CEO of Acme?", entity_id="acme", weights=IMPORTANT)
    results = (await services.recall.recall(tenant, request)).results
    # By score alone the first would win (importance 0.95 against 0.05).
    assert [r.memory.id for r in results[:2]] == [later, first]
    assert results[1].may_be_superseded_by == [later]
    # Without the pending record, recall's own slot check orders them the same way.
    await services.store.run_raw(
        "MATCH (x:PendingContradiction) WHERE x.tenant_id = $t DELETE x", t=tenant
    )
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results[:2]] == [later, first]
    assert results[1].may_be_superseded_by == [later]


async def test_a_revision_verdict_takes_the_later_of_one_instant_as_the_newer(
    services: Services, tenant: str
) -> None:
    items = [MemoryIn(content=c, entity_id="acme") for c, _ in NOTES]
    first, _, _, later = await services.memory.remember_batch(tenant, items)
    (p,) = await pending(services, tenant)
    verdict = {"pending_id": p.pending_id, "verdict": "revision"}
    await services.contradict.commit(tenant, CommitIn.model_validate({"verdicts": [verdict]}))
    old = await services.memory.get(tenant, first)
    assert old.superseded_by == later
