"""The detection paths agree: the scan finds what was written without detection, and
the exact Cypher, numpy and vector-index paths raise the same pending pairs and follow
supersede and forget."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hebbs_graph.models.contradict import CommitIn, ScanIn
from hebbs_graph.models.memory import ForgetIn, MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from tests.support.contradiction_kit import (
    JAN,
    MAR,
    budget_pair,
    pending,
)


async def test_scan_finds_what_was_written_without_detection(
    services: Services, tenant: str
) -> None:
    quiet = MemoryService(
        services.store, services.embedder, services.settings.memory
    )  # no listeners
    day = datetime(2024, 6, 1, tzinfo=UTC)
    items = [
        MemoryIn(content="The kickoff meeting is on Monday", occurred_at=day),
        MemoryIn(content="The kickoff meeting is on Thursday", occurred_at=day + timedelta(days=1)),
        MemoryIn(
            content="Acme's budget is $5,000", entity_id="acme", occurred_at=day + timedelta(days=2)
        ),
        MemoryIn(
            content="Acme's budget is $2,000", entity_id="acme", occurred_at=day + timedelta(days=3)
        ),
    ]
    await quiet.remember_batch(tenant, items)
    assert await pending(services, tenant) == []
    only_acme = await services.contradict.scan(tenant, ScanIn(entity_id="acme"))
    assert (only_acme.total, only_acme.checked, only_acme.pending_created) == (2, 2, 1)
    first = await services.contradict.scan(tenant, ScanIn(limit=1))
    assert first.checked == 1
    assert first.next_cursor is not None
    assert first.total == 4
    rest = await services.contradict.scan(tenant, ScanIn(cursor=first.next_cursor))
    assert rest.checked == 3
    assert rest.next_cursor is None
    assert first.pending_created + rest.pending_created == 1
    assert len(await pending(services, tenant)) == 2
    late = await services.contradict.scan(tenant, ScanIn(since=day + timedelta(days=2)))
    assert late.total == 2


async def test_vector_index_path_finds_the_pair(services: Services, tenant: str) -> None:
    """Past contradiction_exact_max, neighbours come from the vector index."""
    quiet = MemoryService(services.store, services.embedder, services.settings.memory)
    ids = await quiet.remember_batch(
        tenant,
        [
            MemoryIn(content="Budget is $5,000 per tenant", occurred_at=JAN),
            MemoryIn(content="Budget is $2,000 per tenant", occurred_at=MAR),
        ],
    )
    settings = services.settings.model_copy(update={"contradiction_exact_max": 0})
    via_index = ContradictionService(services.store, settings.contradiction)
    out = await via_index.detect(tenant, ids)
    assert (out.checked, out.candidates, out.pending_created) == (2, 1, 1)


async def test_numpy_and_cypher_paths_record_the_same_pending(
    services: Services, tenant: str
) -> None:
    """A batch compares and classifies in numpy (in one chunk or several, the next
    compared while the last is recorded), a small write in Cypher: both record the same
    pairs, oldest first, with the same scores, signals, suggestions and snippets, whether
    the memory that found a pair is its older or its newer side."""
    quiet = MemoryService(services.store, services.embedder, services.settings.memory)
    facts = [
        (("Budget is $5,000 per tenant", JAN), ("Budget is $2,000 per tenant", MAR)),
        # Listed newer first: the memory written first is the newer of the pair.
        (("The kickoff meeting is on Monday", MAR), ("The kickoff meeting is on Thursday", JAN)),
        (("The API is reliable", JAN), ("The API used to be unreliable", MAR)),
    ]
    filler = [f"Ticket {n} was triaged by the support rota" for n in range(30)]
    items = [MemoryIn(content=t, occurred_at=at) for pair in facts for t, at in pair] + [
        MemoryIn(content=t) for t in filler
    ]
    ids = await quiet.remember_batch(tenant, items)
    found = {}
    similarity = {}
    variants = {
        "numpy": {"contradiction_numpy_min_batch": 1},
        "numpy in chunks": {"contradiction_numpy_min_batch": 1, "contradiction_chunk": 4},
        "cypher": {"contradiction_numpy_min_batch": 10_000},
    }
    for name, update in variants.items():
        settings = services.settings.model_copy(update=update)
        out = await ContradictionService(services.store, settings.contradiction).detect(tenant, ids)
        records = await pending(services, tenant)
        found[name] = (
            {
                (
                    p.memory_id_a,
                    p.memory_id_b,
                    p.content_a_snippet,
                    p.content_b_snippet,
                    p.classifier_score,
                    p.classifier_method,
                    tuple(p.signals),
                    p.suggested_verdict,
                )
                for p in records
            },
            out.candidates,
            out.pending_created,
        )
        similarity[name] = {(p.memory_id_a, p.memory_id_b): p.similarity for p in records}
        await services.store.run_raw(
            "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
        )
    assert found["numpy"] == found["cypher"]
    assert found["numpy in chunks"] == found["cypher"]
    contents = {a: b for (_, _, a, b, *_) in found["numpy"][0]}
    assert contents["Budget is $5,000 per tenant"] == "Budget is $2,000 per tenant"
    assert contents["The kickoff meeting is on Thursday"] == "The kickoff meeting is on Monday"
    assert contents["The API is reliable"] == "The API used to be unreliable"
    suggested = {a: v for (_, _, a, _, _, _, _, v) in found["numpy"][0]}
    assert suggested["The API is reliable"] == "revision"
    assert similarity["numpy"].keys() == similarity["cypher"].keys()
    for pair, value in similarity["numpy"].items():
        assert value == pytest.approx(similarity["cypher"][pair], abs=1e-3)


async def test_the_vector_index_follows_supersede_and_forget(
    services: Services, tenant: str
) -> None:
    """The index filters on `hidden` while it searches: a revision verdict takes the
    older memory out of similarity recall, forgetting the newer brings it back."""
    old, new, p = await budget_pair(services, tenant)
    verdict = {"pending_id": p.pending_id, "verdict": "revision"}
    await services.contradict.commit(tenant, CommitIn.model_validate({"verdicts": [verdict]}))
    similarity = [{"strategy": "similarity"}]

    async def found(**flags: bool) -> set[str]:
        out = await services.recall.recall(
            tenant, RecallIn(cue="budget", strategies=similarity, reinforce=False, **flags)
        )
        return {r.memory.id for r in out.results}

    assert await found() == {new.id}
    assert await found(include_superseded=True) == {new.id, old.id}
    await services.memory.forget(tenant, ForgetIn(memory_ids=[new.id]))
    assert await found() == {old.id}


async def test_a_small_scope_is_compared_whole_on_every_path(
    services: Services, tenant: str
) -> None:
    """Two sayings of one changed fact in other words are seldom each other's neighbours
    (cosine < contradiction_min_similarity); an entity of at most
    contradiction_whole_scope memories is compared whole, in Cypher, numpy and through
    the vector index alike, and only the K nearest when the setting is 0."""
    quiet = MemoryService(services.store, services.embedder, services.settings.memory)
    ids = await quiet.remember_batch(
        tenant,
        [
            MemoryIn(
                content="i am married and have two kids . we needed more space .",
                entity_id="user",
                occurred_at=JAN,
            ),
            MemoryIn(content="hey , i m a single woman", entity_id="user", occurred_at=MAR),
            MemoryIn(content="i love hiking on weekends", entity_id="user", occurred_at=MAR),
        ],
    )
    variants = {
        "cypher": {"contradiction_numpy_min_batch": 10_000},
        "numpy": {"contradiction_numpy_min_batch": 1},
        "vector index": {"contradiction_exact_max": 0, "contradiction_numpy_min_batch": 10_000},
    }
    for name, update in variants.items():
        for whole, expected in ((50, 1), (0, 0)):
            settings = services.settings.model_copy(
                update=update | {"contradiction_whole_scope": whole}
            )
            out = await ContradictionService(services.store, settings.contradiction).detect(
                tenant, ids
            )
            records = await pending(services, tenant)
            assert out.pending_created == expected, (name, whole)
            if expected:
                (record,) = records
                assert record.similarity < 0.5
                assert record.content_b_snippet == "hey , i m a single woman"
            await services.store.run_raw(
                "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
            )
