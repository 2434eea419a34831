"""Two wordings of one changed fact, stored in order and never reviewed: recall puts the
newer first (detection pairs them across wordings, and recall's slot check does even
without the pair); facts that look alike but are all true keep their places
(docs/decisions/0012-probably-current.md)."""

from __future__ import annotations

from datetime import timedelta

from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.recall.service import RecallService
from tests.support.contradiction_kit import IMPORTANT, JAN, MAR, add, pending


def recall_without_slots(services: Services) -> RecallService:
    settings = services.settings.model_copy(update={"recall_supersession_slots": False})
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


async def test_the_newer_of_two_wordings_comes_first_without_a_verdict(
    services: Services, tenant: str
) -> None:
    # By score alone the older would win: it is the more important, and importance counts.
    old = await add(
        services, tenant, "The CEO of Acme is Ann.", entity_id="acme", occurred_at=JAN,
        importance=0.95,
    )  # fmt: skip
    new = await add(
        services, tenant, "Bo is the CEO of Acme.", entity_id="acme", occurred_at=MAR,
        importance=0.05,
    )  # fmt: skip
    (p,) = await pending(services, tenant)  # detection paired the two wordings
    assert (p.memory_id_a, p.memory_id_b) == (old.id, new.id)
    assert p.suggested_verdict == "contradiction"
    cue = "Who is the chief executive of Acme?"
    for entity in (None, "acme"):
        request = RecallIn(cue=cue, entity_id=entity, weights=IMPORTANT, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        assert [r.memory.id for r in results] == [new.id, old.id], entity
        assert results[1].may_be_superseded_by == [new.id]
        assert results[0].score < results[1].score  # the order is the conflict's
    # Without the pending record, recall's own slot check still finds the pair...
    await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
    )
    request = RecallIn(cue=cue, weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results] == [new.id, old.id]
    assert results[1].may_be_superseded_by == [new.id]
    # ...which is what put the newer first: without it, the order is the score's.
    plain = (await recall_without_slots(services).recall(tenant, request)).results
    assert [r.memory.id for r in plain] == [old.id, new.id]
    assert not plain[1].may_be_superseded_by


async def test_a_move_in_other_words_suggests_a_revision(services: Services, tenant: str) -> None:
    old = await add(
        services, tenant, "Acme's headquarters are in Paris.", occurred_at=JAN, importance=0.9
    )
    new = await add(
        services, tenant, "Acme moved its HQ to Berlin.", occurred_at=MAR, importance=0.1
    )
    (p,) = await pending(services, tenant)
    assert (p.memory_id_a, p.memory_id_b, p.suggested_verdict) == (old.id, new.id, "revision")
    request = RecallIn(cue="Where is Acme based?", weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results] == [new.id, old.id]


async def test_look_alikes_that_are_all_true_keep_their_places(
    services: Services, tenant: str
) -> None:
    texts = [
        "Acme has an office in Paris.",
        "Acme has an office in Lisbon.",
        "Acme's office is in Berlin.",
        "Ann likes tea.",
        "Ann likes hiking.",
        "Ann speaks French.",
        "Ann speaks German.",
        "Ann is a manager at Acme.",
        "Bo is a manager at Acme.",
    ]
    ids = []
    for n, text in enumerate(texts):
        memory = await add(services, tenant, text, occurred_at=JAN + timedelta(days=n))
        ids.append(memory.id)
    assert await pending(services, tenant) == []  # none of them replaces another
    for cue in ("Where does Acme have offices?", "What does Ann like?", "Who are managers?"):
        request = RecallIn(cue=cue, top_k=10, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        assert {r.memory.id for r in results} == set(ids), cue  # all 9 in the top 10
        assert all(not r.may_be_superseded_by for r in results), cue
        assert all(r.breakdown.conflict is None for r in results), cue


async def test_one_role_at_two_entities_is_no_pair(services: Services, tenant: str) -> None:
    acme = await add(services, tenant, "The CEO is Ann.", entity_id="acme", occurred_at=JAN)
    globex = await add(services, tenant, "Bo is the CEO.", entity_id="globex", occurred_at=MAR)
    assert await pending(services, tenant) == []
    request = RecallIn(cue="Who is the CEO?", reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert {r.memory.id for r in results} == {acme.id, globex.id}
    assert all(not r.may_be_superseded_by for r in results)
