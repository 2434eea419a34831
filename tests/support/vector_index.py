"""The vector index's HNSW options as Neo4j reports them, for tests of what builds it."""

from __future__ import annotations

from typing import Any

from hebbs_graph.graph.schema import HNSW, VECTOR_INDEX
from hebbs_graph.graph.store import GraphStore


async def vector_index_config(store: GraphStore) -> dict[str, Any]:
    """The options ``HNSW`` names (None each without the index)."""
    rows = await store.run_raw(store.queries["admin/vector_index_options"], name=VECTOR_INDEX)
    config = rows[0]["options"]["indexConfig"] if rows else {}
    return {key: config.get(key) for key in HNSW}
