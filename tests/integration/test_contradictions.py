"""Contradictions against the real Neo4j and model: detection, review, recall, scan."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.models.contradict import CommitIn, PrepareIn, ScanIn
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from tests.support.contradiction_kit import (
    IMPORTANT,
    JAN,
    MAR,
    add,
    budget_pair,
    edge_types,
    pending,
)


async def test_budget_example_yields_one_heuristic_candidate(
    services: Services, tenant: str
) -> None:
    old, new, p = await budget_pair(services, tenant)
    assert p.classifier_method == "heuristic"
    assert 0.35 <= p.classifier_score <= 0.75
    assert (p.memory_id_a, p.memory_id_b) == (old.id, new.id)  # a is the older
    assert p.content_a_snippet == "Budget is $5,000 per tenant"
    assert p.content_b_snippet == "Budget is $2,000 per tenant"
    assert 0.5 <= p.similarity <= 1.0
    assert p.suggested_verdict == "contradiction"
    assert p.memory_a is not None
    assert p.memory_a.occurred_at == JAN
    # No edges at this stage.
    assert await edge_types(services, tenant, old.id) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [("The API is reliable", "The API is unreliable"), ("Deploy succeeded", "Deploy failed")],
)
async def test_opposites_are_caught(services: Services, tenant: str, a: str, b: str) -> None:
    await add(services, tenant, a)
    await add(services, tenant, b)
    found = await pending(services, tenant)
    assert len(found) == 1
    assert "antonym" in found[0].signals


async def test_paraphrase_is_not_flagged(services: Services, tenant: str) -> None:
    await add(services, tenant, "The team knows the deadline is Friday")
    await add(services, tenant, "The team is aware that the deadline is Friday")
    assert await pending(services, tenant) == []


async def test_batch_finds_pairs_inside_itself_once(services: Services, tenant: str) -> None:
    items = [
        MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN),
        MemoryIn(content="Acme prefers email over phone calls"),
        MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
    ]
    ids = await services.memory.remember_batch(tenant, items)
    found = await pending(services, tenant)
    assert [(p.memory_id_a, p.memory_id_b) for p in found] == [(ids[0], ids[2])]


async def test_pairs_are_not_raised_twice(services: Services, tenant: str) -> None:
    old, new, _ = await budget_pair(services, tenant)
    again = await services.contradict.detect(tenant, [old.id, new.id])
    assert again.pending_created == 0
    assert len(await pending(services, tenant)) == 1


async def test_detection_stays_inside_the_tenant(
    services: Services, tenant: str, other_tenant: str
) -> None:
    await add(services, other_tenant, "Budget is $5,000 per tenant")
    await add(services, tenant, "Budget is $2,000 per tenant")
    assert await pending(services, tenant) == []
    assert await pending(services, other_tenant) == []


async def test_revise_rechecks_and_drops_stale_candidates(services: Services, tenant: str) -> None:
    _old, new, first = await budget_pair(services, tenant)
    await services.memory.revise(tenant, new.id, ReviseIn(content="Budget is $5,000 per tenant"))
    assert await pending(services, tenant) == []  # now they agree
    await services.memory.revise(tenant, new.id, ReviseIn(content="Budget is $3,000 per tenant"))
    found = await pending(services, tenant)
    assert len(found) == 1
    assert found[0].pending_id != first.pending_id
    assert found[0].content_b_snippet == "Budget is $3,000 per tenant"


async def test_forget_removes_pending_records(services: Services, tenant: str) -> None:
    old, _, _ = await budget_pair(services, tenant)
    await services.memory.forget(tenant, ForgetIn(memory_ids=[old.id]))
    assert await pending(services, tenant) == []
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t RETURN count(p) AS n", t=tenant
    )
    assert rows[0]["n"] == 0


# -- Phase 2 and recall ----------------------------------------------------------------


async def test_revision_verdict_leaves_only_the_newer_in_recall(
    services: Services, tenant: str
) -> None:
    old, new, p = await budget_pair(services, tenant)
    out = await services.contradict.commit(
        tenant,
        CommitIn.model_validate(
            {"verdicts": [{"pending_id": p.pending_id, "verdict": "revision"}]}
        ),
    )
    assert (out.contradictions_confirmed, out.revisions_created, out.dismissed) == (0, 1, 0)
    assert await pending(services, tenant) == []
    assert (new.id, "REVISED_FROM", old.id) in await edge_types(services, tenant, old.id)
    stored = await services.memory.get(tenant, old.id)
    assert stored.superseded_by == new.id
    assert stored.superseded_at is not None
    cue = "What is the budget per tenant?"
    recalled = await services.recall.recall(tenant, RecallIn(cue=cue, reinforce=False))
    assert [r.memory.id for r in recalled.results] == [new.id]
    both = await services.recall.recall(
        tenant, RecallIn(cue=cue, include_superseded=True, reinforce=False)
    )
    marked = {r.memory.id: r.superseded for r in both.results}
    assert marked == {new.id: False, old.id: True}


async def test_contradiction_verdict_marks_both_sides(services: Services, tenant: str) -> None:
    old, new, p = await budget_pair(services, tenant)
    verdict = {"pending_id": p.pending_id, "verdict": "contradiction", "confidence": 0.9}
    out = await services.contradict.commit(tenant, CommitIn.model_validate({"verdicts": [verdict]}))
    assert out.contradictions_confirmed == 1
    edges = await services.memory.edges(tenant, old.id)
    contradicts = {
        (e.source_id, e.target_id, e.confidence) for e in edges if e.edge_type == "CONTRADICTS"
    }
    assert contradicts == {(old.id, new.id, 0.9), (new.id, old.id, 0.9)}
    cue = "What is the budget per tenant?"
    recalled = await services.recall.recall(tenant, RecallIn(cue=cue, reinforce=False))
    conflicts = {r.memory.id: r.conflicts_with for r in recalled.results}
    assert conflicts == {old.id: [new.id], new.id: [old.id]}
    kept = await services.recall.recall(
        tenant, RecallIn(cue=cue, on_conflict="suppress", reinforce=False)
    )
    assert [r.memory.id for r in kept.results] == [new.id]  # equal confidence: the newer
    # Decided before the cut: the same answer whatever top_k is.
    for top_k in (1, 2, 10):
        few = await services.recall.recall(
            tenant, RecallIn(cue=cue, on_conflict="suppress", top_k=top_k, reinforce=False)
        )
        assert [r.memory.id for r in few.results] == [new.id], top_k
    # Kept, a single answer still says what it conflicts with.
    (top,) = (
        await services.recall.recall(tenant, RecallIn(cue=cue, top_k=1, reinforce=False))
    ).results
    assert top.conflicts_with == [({old.id, new.id} - {top.memory.id}).pop()]
    # A confirmed pair is never raised again.
    assert (await services.contradict.detect(tenant, [old.id, new.id])).candidates == 0


async def test_before_any_verdict_the_newer_side_of_a_pending_pair_comes_first(
    services: Services, tenant: str
) -> None:
    # By score alone the older would win: it is the more important, and importance counts.
    old = await add(services, tenant, "The CEO of Acme is Ann.", occurred_at=JAN, importance=0.95)
    new = await add(services, tenant, "The CEO of Acme is Bo.", occurred_at=MAR, importance=0.05)
    (p,) = await pending(services, tenant)
    assert (p.memory_id_a, p.memory_id_b) == (old.id, new.id)
    cue = "Who is the CEO of Acme?"
    recalled = (
        await services.recall.recall(tenant, RecallIn(cue=cue, weights=IMPORTANT, reinforce=False))
    ).results
    assert [r.memory.id for r in recalled] == [new.id, old.id]
    first, second = recalled
    # The conflict, not the score, put the newer first: it took the older's place and score.
    assert first.score == second.score
    assert first.breakdown.conflict is not None
    assert first.breakdown.conflict.score_before is not None
    assert first.breakdown.conflict.score_before < second.score
    assert second.may_be_superseded_by == [new.id]
    assert first.may_be_superseded_by == []
    assert second.breakdown.conflict is not None
    assert (second.breakdown.conflict.rank_by_score, second.breakdown.conflict.rank) == (1, 2)
    assert second.breakdown.conflict.ranked_below == [new.id]
    assert first.breakdown.conflict.ranked_above == [old.id]
    # "current" leaves the older out, decided before the cut: the same for every top_k.
    for top_k in (1, 2, 10):
        out = await services.recall.recall(
            tenant,
            RecallIn(
                cue=cue, weights=IMPORTANT, on_conflict="current", top_k=top_k, reinforce=False
            ),
        )
        assert [r.memory.id for r in out.results] == [new.id], top_k
    # A single answer kept is the newer one, still saying nothing supersedes it.
    (top,) = (
        await services.recall.recall(
            tenant, RecallIn(cue=cue, weights=IMPORTANT, top_k=1, reinforce=False)
        )
    ).results
    assert top.memory.id == new.id
    # Once the pair is dismissed, nothing says the older is out of date: order by score.
    await services.contradict.commit(
        tenant,
        CommitIn.model_validate({"verdicts": [{"pending_id": p.pending_id, "verdict": "dismiss"}]}),
    )
    again = (
        await services.recall.recall(tenant, RecallIn(cue=cue, weights=IMPORTANT, reinforce=False))
    ).results
    assert [r.memory.id for r in again] == [old.id, new.id]
    assert all(r.breakdown.conflict is None and not r.may_be_superseded_by for r in again)


async def test_a_pending_pair_at_one_time_is_ordered_as_written(
    services: Services, tenant: str
) -> None:
    # One occurred_at for both: the one written later is the newer, as the timeline and a
    # revision verdict's default have it (decision 0024, seventeenth amendment).
    old = await add(services, tenant, "The CEO of Acme is Ann.", occurred_at=JAN, importance=0.95)
    new = await add(services, tenant, "The CEO of Acme is Bo.", occurred_at=JAN, importance=0.05)
    assert len(await pending(services, tenant)) == 1
    cue = "Who is the CEO of Acme?"
    out = await services.recall.recall(
        tenant, RecallIn(cue=cue, weights=IMPORTANT, on_conflict="keep", reinforce=False)
    )
    assert [r.memory.id for r in out.results] == [new.id, old.id]
    assert out.results[1].may_be_superseded_by == [new.id]


async def test_dismiss_removes_and_remembers_the_pair(services: Services, tenant: str) -> None:
    old, new, p = await budget_pair(services, tenant)
    out = await services.contradict.commit(
        tenant,
        CommitIn.model_validate({"verdicts": [{"pending_id": p.pending_id, "verdict": "dismiss"}]}),
    )
    assert out.dismissed == 1
    assert await edge_types(services, tenant, old.id) == []
    rescan = await services.contradict.scan(tenant, ScanIn())
    assert rescan.checked == 2
    assert rescan.pending_created == 0
    # Revising one side makes the pair a new question.
    await services.memory.revise(tenant, new.id, ReviseIn(content="Budget is $1,000 per tenant"))
    assert len(await pending(services, tenant)) == 1


async def test_explicit_newer_side_for_revision(services: Services, tenant: str) -> None:
    old, new, p = await budget_pair(services, tenant)
    verdict = {"pending_id": p.pending_id, "verdict": "revision", "newer_memory_id": old.id}
    await services.contradict.commit(tenant, CommitIn.model_validate({"verdicts": [verdict]}))
    assert (await services.memory.get(tenant, new.id)).superseded_by == old.id


async def test_bad_batches_change_nothing(services: Services, tenant: str) -> None:
    old, _new, p = await budget_pair(services, tenant)
    good = {"pending_id": p.pending_id, "verdict": "contradiction"}
    unknown = {"pending_id": "0" * 32, "verdict": "dismiss"}
    with pytest.raises(NotFound, match="unknown pending_id"):
        await services.contradict.commit(
            tenant, CommitIn.model_validate({"verdicts": [good, unknown]})
        )
    wrong_side = {"pending_id": p.pending_id, "verdict": "revision", "newer_memory_id": "1" * 32}
    with pytest.raises(InvalidInput, match="newer_memory_id"):
        await services.contradict.commit(
            tenant, CommitIn.model_validate({"verdicts": [wrong_side]})
        )
    with pytest.raises(ValidationError):
        CommitIn.model_validate({"verdicts": [good, good]})
    with pytest.raises(ValidationError):
        CommitIn.model_validate({"verdicts": [{"pending_id": p.pending_id, "verdict": "maybe"}]})
    assert [x.pending_id for x in await pending(services, tenant)] == [p.pending_id]
    assert await edge_types(services, tenant, old.id) == []


async def test_other_tenants_pending_ids_are_unknown(
    services: Services, tenant: str, other_tenant: str
) -> None:
    _, _, p = await budget_pair(services, tenant)
    with pytest.raises(NotFound):
        await services.contradict.commit(
            other_tenant,
            CommitIn.model_validate(
                {"verdicts": [{"pending_id": p.pending_id, "verdict": "dismiss"}]}
            ),
        )
    assert len(await pending(services, tenant)) == 1


# -- prepare, prime and the batch scan -----------------------------------------------------


async def test_prepare_filters_by_entity_and_counts(services: Services, tenant: str) -> None:
    await add(services, tenant, "Acme's budget is $5,000", entity_id="acme")
    await add(services, tenant, "Acme's budget is $2,000", entity_id="acme")
    await add(services, tenant, "The Globex office is in Berlin", entity_id="globex")
    await add(services, tenant, "The Globex office is in Munich", entity_id="globex")
    assert await services.contradict.drain()
    from hebbs_graph.models.contradict import PrepareIn

    everything = await services.contradict.prepare(tenant, PrepareIn(limit=1))
    assert everything.total == 2
    assert len(everything.pending) == 1
    acme = await services.contradict.prepare(tenant, PrepareIn(entity_id="acme"))
    assert acme.total == 1
    assert "Acme" in acme.pending[0].content_a_snippet
    primed = await services.contradict.pending_for_prime(tenant, "globex")
    assert len(primed) == 1
    assert "Globex" in primed[0]["content_b_snippet"]


async def test_pending_pairs_page_with_a_cursor(services: Services, tenant: str) -> None:
    """Past one page of pending pairs, the rest is reached by cursor, each pair once."""
    for n in range(1, 6):
        await add(services, tenant, f"Budget is ${n},000 per tenant", entity_id="acme")
    every = await pending(services, tenant)
    assert len(every) >= 4
    seen: list[str] = []
    cursor = None
    while True:
        page = await services.contradict.prepare(
            tenant, PrepareIn(entity_id="acme", limit=2, cursor=cursor)
        )
        assert page.total == len(every)
        assert len(page.pending) <= 2
        seen += [p.pending_id for p in page.pending]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == [p.pending_id for p in every]  # same order, none twice, none missed
    with pytest.raises(InvalidInput):
        await services.contradict.prepare(tenant, PrepareIn(cursor="bm90LWEtY3Vyc29y"))


async def test_committing_no_verdicts_is_a_no_op(services: Services, tenant: str) -> None:
    out = await services.contradict.commit(tenant, CommitIn(verdicts=[]))
    assert (out.contradictions_confirmed, out.revisions_created, out.dismissed) == (0, 0, 0)


async def test_a_changed_value_in_one_sentence_of_two_turns_is_raised(
    services: Services, tenant: str
) -> None:
    old = await add(
        services,
        tenant,
        "Thanks for asking. I am 34. I work nights.",
        occurred_at=JAN,
        entity_id="user",
    )
    new = await add(
        services,
        tenant,
        "Busy week here. I am 35 now. I still work nights.",
        occurred_at=MAR,
        entity_id="user",
    )
    found = await pending(services, tenant)
    assert [(p.memory_id_a, p.memory_id_b) for p in found] == [(old.id, new.id)]
    assert "value" in found[0].signals
    ranked = await services.recall.recall(
        tenant, RecallIn(cue="How old am I?", entity_id="user", top_k=5)
    )
    order = [r.memory.id for r in ranked.results]
    assert order.index(new.id) < order.index(old.id)


async def test_answers_to_two_questions_are_no_pair(services: Services, tenant: str) -> None:
    await add(services, tenant, "When did the Giants last win the Super Bowl? 2012.")
    await add(services, tenant, "When did the Jets last lose the Super Bowl? 1969.")
    assert await pending(services, tenant) == []
