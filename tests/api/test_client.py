"""HebbsClient against the real app (live uvicorn, real Neo4j): every REST operation returns
the server's models, and every refusal arrives as its typed error."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from hebbs_graph.client import ApiUnreachable, HebbsClient, HebbsSyncClient, RecallOut
from hebbs_graph.errors import InvalidInput, NotFound, NotInSession, TooLarge, Unauthorized
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import Memory, MemoryIn, MemoryKind
from tests.live import LiveApi, free_port
from tests.support.checks import checks_run
from tests.support.themes import THEMES


@pytest.fixture
async def client(live_api: LiveApi, api_key: str) -> AsyncIterator[HebbsClient]:
    async with HebbsClient(live_api.url, api_key=api_key) as opened:
        yield opened


async def test_memories_round_trip(client: HebbsClient) -> None:
    long_ago = datetime(2024, 1, 1, tzinfo=UTC)
    first = await client.remember(
        "Acme signed the pilot", entity_id="acme", importance=0.7, occurred_at=long_ago
    )
    ids = await client.remember_batch(
        [
            MemoryIn(content="Acme asked for SSO", entity_id="acme"),
            {"content": "Acme's security review blocked rollout", "entity_id": "acme"},
        ]
    )
    assert isinstance(first, Memory)
    assert first.occurred_at == long_ago
    assert len(ids) == 2
    assert (await client.get(ids[0])).content == "Acme asked for SSO"

    edge = await client.link(ids[1], ids[0], "CAUSED_BY", confidence=0.8)
    assert (edge.source_id, edge.target_id, edge.edge_type) == (ids[1], ids[0], EdgeType.CAUSED_BY)
    kinds = {e.edge_type for e in await client.edges(ids[1])}
    assert EdgeType.CAUSED_BY in kinds

    pages = [await client.list_memories(entity_id="acme", limit=2)]
    assert pages[0].next_cursor is not None
    pages.append(await client.list_memories(entity_id="acme", limit=2, cursor=pages[0].next_cursor))
    listed = [m.id for page in pages for m in page.items]
    assert sorted(listed) == sorted([first.id, *ids])
    assert (await client.list_memories(kind="insight")).items == []
    since = await client.list_memories(since=long_ago + timedelta(days=1))
    assert first.id not in {m.id for m in since.items}

    revised = await client.revise(first.id, content="Acme signed a 3-month pilot", importance=0.9)
    assert (revised.version, revised.importance) == (2, 0.9)
    history = await client.lineage(first.id)
    assert [s.memory.content for s in history.revisions] == ["Acme signed the pilot"]
    assert history.revisions[0].memory.kind == MemoryKind.SNAPSHOT

    gone = await client.forget(memory_ids=[first.id])
    assert gone.forgotten == 1
    assert gone.tombstones[0].memory_id == first.id
    with pytest.raises(NotFound):
        await client.get(first.id)


async def test_recall_prime_graph_entities(client: HebbsClient) -> None:
    budget = await client.remember("Acme's budget is $5,000", entity_id="acme", importance=0.9)
    await client.remember("Acme prefers email over calls", entity_id="acme")
    await client.remember("Globex wants a demo", entity_id="globex")

    found = await client.recall("what is Acme's budget?", entity_id="acme", top_k=3)
    assert found.results[0].memory.id == budget.id
    weights = found.results[0].breakdown.weights
    assert (weights.relevance, weights.recency, weights.importance) == (0.5, 0.2, 0.2)
    temporal = await client.recall(entity_id="acme", strategies=[{"strategy": "temporal"}])
    assert len(temporal.results) == 2

    primed = await client.prime("acme", similarity_cue="budget", max_memories=4)
    assert budget.id in {r.memory.id for r in primed.recent + primed.relevant}
    assert primed.reflection.due is False

    view = await client.graph(entity_id="acme")
    assert budget.id in {n.id for n in view.nodes}
    assert any(e.edge_type == EdgeType.FOLLOWED_BY for e in view.edges)
    around = await client.graph(ids=[budget.id], depth=1)
    assert budget.id in {n.id for n in around.nodes}

    entities = {e.entity_id: e.memory_count for e in (await client.entities()).entities}
    assert entities == {"acme": 2, "globex": 1}


async def test_health_and_metrics(client: HebbsClient) -> None:
    assert (await client.live())["status"] == "ok"
    ready = await client.ready()
    assert ready["ready"] is True
    assert ready["neo4j"] is True
    assert "hebbs_graph" in await client.metrics()


async def test_typed_errors(client: HebbsClient, live_api: LiveApi, other_tenant: str) -> None:
    theirs = live_api.key_for(other_tenant)
    async with HebbsClient(live_api.url, api_key=theirs) as other:
        secret = await other.remember("Initech's password policy is weak")

    with pytest.raises(NotFound) as not_found:
        await client.get(secret.id)  # another tenant's id is simply not there
    assert not_found.value.status_code == 404
    mine = await client.remember("Our own password policy is strict")
    with pytest.raises(NotFound):
        await client.link(mine.id, secret.id, "RELATED_TO")

    with pytest.raises(InvalidInput) as server_side:
        await client.forget()  # no criteria: the server refuses to forget everything
    assert server_side.value.status_code == 400
    with pytest.raises(InvalidInput) as graph_args:
        await client.graph()
    assert "ids" in graph_args.value.message
    with pytest.raises(InvalidInput) as bad_id:
        await client.get("not-an-id")
    assert bad_id.value.status_code == 400
    with pytest.raises(InvalidInput) as local:
        await client.remember("x", importance=2)  # refused by the model before sending
    assert "importance" in local.value.message
    assert local.value.status_code is None

    with pytest.raises(TooLarge) as too_large:
        await client.remember("x" * (64 * 1024 + 1))
    assert too_large.value.status_code == 413
    assert isinstance(too_large.value, InvalidInput)

    async with HebbsClient(live_api.url, api_key="wrong") as stranger:
        with pytest.raises(Unauthorized) as refused:
            await stranger.recall("anything")
    assert refused.value.status_code == 401
    async with HebbsClient(live_api.url) as keyless:
        with pytest.raises(Unauthorized):
            await keyless.entities()

    async with HebbsClient(f"http://127.0.0.1:{free_port()}", timeout=2) as nowhere:
        with pytest.raises(ApiUnreachable):
            await nowhere.live()


async def test_contradiction_review_flow(client: HebbsClient) -> None:
    """The seed-style flow: prepare, judge, commit, and recall sees the outcome."""
    high = await client.remember("Acme's budget is $5,000", entity_id="acme", importance=0.9)
    low = await client.remember("Acme's budget is $2,000", entity_id="acme", importance=0.9)

    prep = await checks_run(lambda: client.contradiction_prepare(entity_id="acme"))
    pair = next(p for p in prep.pending if {p.memory_id_a, p.memory_id_b} == {high.id, low.id})
    assert pair.memory_id_a == high.id  # a is the older
    assert "revision" in prep.instructions
    out = await client.contradiction_commit(
        [
            {
                "pending_id": pair.pending_id,
                "verdict": "revision",
                "confidence": 0.9,
                "reasoning": "the budget was cut",
            }
        ]
    )
    assert (out.revisions_created, out.contradictions_confirmed) == (1, 0)
    assert (await client.contradiction_prepare(entity_id="acme")).pending == []

    found = await client.recall("Acme budget", entity_id="acme")
    assert low.id in {r.memory.id for r in found.results}
    assert high.id not in {r.memory.id for r in found.results}  # superseded by the revision
    assert (await client.get(high.id)).superseded_by == low.id

    nothing = await client.contradiction_commit([])  # a no-op, like reflect_commit with none
    assert (nothing.contradictions_confirmed, nothing.revisions_created, nothing.dismissed) == (
        0,
        0,
        0,
    )
    with pytest.raises(InvalidInput):
        await client.contradiction_commit([{"pending_id": "nope", "verdict": "dismiss"}])
    with pytest.raises(NotFound):
        await client.contradiction_commit([{"pending_id": "0" * 32, "verdict": "dismiss"}])


async def test_reflection_flow_as_the_seed_writes_it(client: HebbsClient) -> None:
    """prep = await client.reflect_prepare(entity_id=...) … reflect_commit(prep.session_id, …)."""
    await client.remember_batch(
        [{"content": text, "entity_id": "acme_corp"} for texts in THEMES.values() for text in texts]
    )
    prep = await client.reflect_prepare(entity_id="acme_corp")
    assert prep.memories_processed == 30
    assert len(prep.clusters) == 3
    insights = [
        {
            "content": f"Acme keeps raising {cluster.memories[0].content.split()[1]} matters",
            "confidence": 0.8,
            "source_memory_ids": cluster.memory_ids,
            "cluster_id": cluster.cluster_id,
        }
        for cluster in prep.clusters
    ]
    with pytest.raises(NotInSession):  # a source the session never listed: nothing stored
        await client.reflect_commit(
            prep.session_id, [{**insights[0], "source_memory_ids": ["0" * 32]}]
        )
    with pytest.raises(InvalidInput):  # refused by the model before sending
        await client.reflect_commit(prep.session_id, [{"content": "x", "confidence": 2}])
    done = await client.reflect_commit(prep.session_id, insights)
    assert done.insights_created == 3

    stored = await client.insights("acme_corp")
    assert {i.id for i in stored} == set(done.insight_ids)
    assert all(len(i.source_memory_ids) >= 3 for i in stored)
    found = await client.recall("what does Acme keep raising?", entity_id="acme_corp")
    assert set(done.insight_ids) & {r.memory.id for r in found.results}
    assert (await client.reflect_status("acme_corp")).due is False


def loop_threads() -> int:
    """Sync clients' loop threads alive in this process. Not every thread: the live API
    serves from this process too, and its thread pool grows when its background checks
    happen to overlap a request."""
    return sum(t.name == "hebbs-sync-client" and t.is_alive() for t in threading.enumerate())


def test_the_sync_twin_against_the_api(live_api: LiveApi, api_key: str) -> None:
    """HebbsSyncClient: the same calls and answers as HebbsClient, from blocking code."""
    threads = loop_threads()
    with HebbsSyncClient(live_api.url, api_key=api_key) as client:
        first = client.remember("Acme renews in March", entity_id="acme", importance=0.8)
        ids = client.remember_batch([{"content": "Acme wants SSO", "entity_id": "acme"}])
        assert isinstance(first, Memory)
        assert client.get(first.id).content == "Acme renews in March"
        found = client.recall("when does Acme renew?", entity_id="acme", top_k=2)
        assert isinstance(found, RecallOut)
        assert found.results[0].memory.id == first.id
        revised = client.revise(first.id, content="Acme renews in April")
        assert revised.version == 2
        lines = list(client.export_backup(entity_id="acme", embeddings=False))
        assert "hebbs-graph-backup" in lines[0]
        assert len(lines) >= 4  # header, two memories, end
        with pytest.raises(NotFound):
            client.get("0" * 32)
        with pytest.raises(InvalidInput):
            client.remember("x", importance=2)  # refused locally, as by the async client
        assert client.forget(memory_ids=[first.id, *ids]).forgotten == 2
        assert client.ready()["ready"] is True
    assert loop_threads() == threads  # closing stops the client's loop thread

    with (
        HebbsSyncClient(f"http://127.0.0.1:{free_port()}", timeout=2) as nowhere,
        pytest.raises(ApiUnreachable),
    ):
        nowhere.live()
