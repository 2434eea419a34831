"""After a forget and the documented step (`hebbs-graph neo4j prune-logs
--rebuild-indexes`), no file of Neo4j's data folder holds the forgotten memories' text,
tags, context or vectors (issue 34, item 3).

Found from outside: the array store kept a forgotten memory's tags (and its snapshot's)
and a Lucene segment shared with live documents kept its terms and vector. It runs its
own throwaway Neo4j (own data folder and ports, the config `neo4j start` writes) and
takes about two minutes, most of it waiting for the periodic checkpoint.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.graph.reindex import rebuild_lucene_indexes
from hebbs_graph.graph.schema import HNSW, fulltext_analyzer
from hebbs_graph.graph.txlog import prune_logs
from hebbs_graph.localneo4j import LocalNeo4j
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.settings import Settings
from tests.live import free_port
from tests.support.ondisk import count_needles, vector_hits
from tests.support.vector_index import vector_index_config

# LocalNeo4j leaves the server running past its Popen object, by design.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

TENANT = "forget-leaves-nothing"
VECTORS = "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.entity_id = $e RETURN m.embedding AS v"


@pytest.fixture
async def own(
    settings: Settings, embedder: Embedder, tmp_path: Path
) -> AsyncIterator[tuple[Services, Path]]:
    bolt, http = free_port(), free_port()
    mine = settings.model_copy(
        update={
            "neo4j_uri": f"bolt://127.0.0.1:{bolt}",
            "data_dir": tmp_path / "data",
            "neo4j_bolt_port": bolt,
            "neo4j_http_port": http,
            "neo4j_heap": "512m",
            "neo4j_pagecache": "128m",
        }
    )
    neo4j = LocalNeo4j(mine)
    neo4j.start()
    try:
        services = await open_services(mine, embedder=embedder, wait_s=60)
        try:
            yield services, neo4j.home / "data"
        finally:
            await services.close()
    finally:
        neo4j.stop()


async def test_forget_then_the_step_leaves_no_copy(own: tuple[Services, Path]) -> None:
    services, data = own
    memory = services.memory
    tag = uuid.uuid4().hex[:8]
    text, label, note, kept = (f"zq{k}{tag}" for k in "ctxk")
    ids = []
    for i in range(5):
        content = (
            f"Acme's vault code is {text} (copy {i}); it opens the blue cabinet in the "
            "basement archive, and only the CFO and the night guard know it."
        )
        made = await memory.remember(
            TENANT,
            MemoryIn(
                content=content,
                entity_id="vault",
                tags=["vault", f"project-{label}"],
                context={"source": f"a note from {note} about the vault", "copy": i},
            ),
        )
        ids.append(made.id)
        # Live memories beside them, so Lucene segments hold both.
        await memory.remember(
            TENANT,
            MemoryIn(content=f"The office plants were watered {kept} on day {i}.", entity_id="x"),
        )
    store = services.store
    # The revised memory's first vector too: the revision replaced it.
    gone = [r["v"] for r in await store.run_raw(VECTORS, t=TENANT, e="vault")]
    await memory.revise(
        TENANT, ids[0], ReviseIn(content=f"Acme changed the vault code {text}; the guard knows.")
    )
    await services.recall.drain()
    gone += [r["v"] for r in await store.run_raw(VECTORS, t=TENANT, e="vault") if r["v"]]
    stays = [r["v"] for r in await store.run_raw(VECTORS, t=TENANT, e="x")]
    assert len(gone) == 10
    assert len(stays) == 5

    out = await memory.forget(TENANT, ForgetIn(entity_id="vault"))
    assert out.forgotten == 5
    analyzer = await fulltext_analyzer(store)
    await rebuild_lucene_indexes(store)
    assert await fulltext_analyzer(store) == analyzer  # built again as it was
    assert await vector_index_config(store) == HNSW  # and the vector index too
    report = await prune_logs(store)
    assert report.pruned, report.note

    needles = {"content": text.encode(), "tags": label.encode(), "context": note.encode()}
    assert count_needles(data, needles) == {}
    assert vector_hits(data, gone) == {}
    # The search finds what stays, so it would find what did not go.
    assert count_needles(data, {"kept": kept.encode()})
    kept_vectors = vector_hits(data, stays)
    assert any("neostore.propertystore.db.arrays" in f for f in kept_vectors)
    assert any("/schema/index/vector" in f for f in kept_vectors)
