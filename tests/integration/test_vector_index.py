"""The vector index the migrations build: filtered, unquantized, a denser HNSW graph than
Neo4j's default (cypher/schema/017, docs/decisions/0036-a-denser-vector-index.md)."""

from __future__ import annotations

from hebbs_graph.graph.schema import HNSW, VECTOR_INDEX
from hebbs_graph.services.container import Services
from tests.support.vector_index import vector_index_config


async def test_the_vector_index_has_the_denser_graph(services: Services) -> None:
    assert await vector_index_config(services.store) == HNSW
    rows = await services.store.run_raw(
        services.store.queries["admin/vector_index_options"], name=VECTOR_INDEX
    )
    config = rows[0]["options"]["indexConfig"]
    assert config["vector.quantization.type"] == "NONE"
    assert config["vector.dimensions"] == services.embedder.dimension
