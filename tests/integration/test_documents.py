"""Two documents (lists of facts) of one entity, the newer changing one fact of the older:
recall puts the newer first and marks the older for a cue about that fact, and marks
nothing for a cue about a fact that did not change."""

from __future__ import annotations

from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from tests.support.contradiction_kit import IMPORTANT, JAN, MAR, add, pending
from tests.unit.test_contradict_documents import NEW, OLD


async def test_a_newer_document_comes_first_only_for_the_fact_it_changed(
    services: Services, tenant: str
) -> None:
    old = await add(services, tenant, OLD, entity_id="acme", occurred_at=JAN, importance=0.95)
    new = await add(services, tenant, NEW, entity_id="acme", occurred_at=MAR, importance=0.05)
    (p,) = await pending(services, tenant)  # raised for review, with what changed
    assert {p.memory_id_a, p.memory_id_b} == {old.id, new.id}
    for cue in ("Who is the CEO of Acme?", "Who runs Acme now?"):
        request = RecallIn(cue=cue, entity_id="acme", weights=IMPORTANT, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        assert [r.memory.id for r in results] == [new.id, old.id], cue
        assert results[1].may_be_superseded_by == [new.id]
    request = RecallIn(
        cue="What does Initech make?", entity_id="acme", weights=IMPORTANT, reinforce=False
    )
    results = (await services.recall.recall(tenant, request)).results
    # Both answer it alike (the cue's rule may put the later first), and neither is
    # marked: the fact asked about did not change.
    assert {r.memory.id for r in results} == {old.id, new.id}
    assert not any(r.may_be_superseded_by for r in results)
