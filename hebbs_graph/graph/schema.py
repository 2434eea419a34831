"""Numbered, idempotent schema migrations from ``cypher/schema``, recorded in Neo4j."""

from __future__ import annotations

import logging
import re

from hebbs_graph.errors import SchemaMismatch
from hebbs_graph.graph.queries import split_statements
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

VECTOR_INDEX = "memory_embedding"
FULLTEXT_INDEX = "memory_content"
# Filtered vector search (SEARCH ... WHERE) came in 2026.01, IN inside its WHERE in 2026.06.
MIN_NEO4J = (2026, 6)


async def migrate(store: GraphStore, *, dimension: int, embedding_model: str) -> list[str]:
    """Apply every migration not yet recorded; wait until all indexes are ONLINE.

    Returns the names applied now. Each statement is idempotent (IF NOT EXISTS), so a
    crash half-way leaves nothing that a second run cannot finish.
    """
    await check_server(store)
    rows = await store.run_raw(store.queries["admin/migrations_applied"])
    done = {r["name"] for r in rows}
    applied: list[str] = []
    for name in store.queries.names("schema/"):
        if name in done:
            continue
        for statement in split_statements(store.queries[name]):
            params = {"dimension": dimension} if "$dimension" in statement else {}
            await store.run_raw(statement, **params)
        await store.run_raw(store.queries["admin/migration_record"], name=name, now=utcnow())
        applied.append(name)
        log.info("applied migration %s", name)
    await store.run_raw(store.queries["admin/await_indexes"])
    await _check_vector_dimension(store, dimension, embedding_model)
    return applied


async def check_server(store: GraphStore) -> None:
    """Refuse a Neo4j without filtered vector search, naming the version needed."""
    rows = await store.run_raw(store.queries["admin/server_version"])
    version = str(rows[0]["version"]) if rows else ""
    if not supports_filtered_search(version):
        need = ".".join(f"{n:02d}" if i else str(n) for i, n in enumerate(MIN_NEO4J))
        raise SchemaMismatch(
            f"hebbs-graph needs Neo4j {need} or later (filtered vector search: SEARCH ... "
            f"WHERE with IN); {store.settings.effective_neo4j_uri} runs Neo4j {version}. "
            "Upgrade it, or let hebbs-graph run its own (unset HEBBS_NEO4J_URI) or use "
            "docker/compose.yml"
        )


def supports_filtered_search(version: str) -> bool:
    """True for 2026.06 and later; a version this cannot read is given the benefit of
    the doubt (the migration's CYPHER 25 statement then fails on its own)."""
    found = re.match(r"(\d+)\.(\d+)", version)
    if not found:
        return True
    return (int(found.group(1)), int(found.group(2))) >= MIN_NEO4J


async def _check_vector_dimension(store: GraphStore, dimension: int, model: str) -> None:
    rows = await store.run_raw(store.queries["admin/vector_index_options"], name=VECTOR_INDEX)
    if not rows:
        raise SchemaMismatch(f"vector index {VECTOR_INDEX} is missing after migration")
    stored = int(rows[0]["options"]["indexConfig"]["vector.dimensions"])
    if stored != dimension:
        raise SchemaMismatch(
            f"the vector index holds {stored}-dimensional embeddings but the model "
            f"{model!r} produces {dimension}; use the original model or a fresh database"
        )


async def indexes_online(store: GraphStore) -> bool:
    rows = await store.run_raw(
        store.queries["admin/index_states"], names=[VECTOR_INDEX, FULLTEXT_INDEX]
    )
    states = rows[0]["states"] if rows else []
    return len(states) == 2 and all(s == "ONLINE" for s in states)
