"""Numbered, idempotent schema migrations from ``cypher/schema``, recorded in Neo4j."""

from __future__ import annotations

import asyncio
import logging
import re
import time

from hebbs_graph.errors import SchemaMismatch
from hebbs_graph.graph.queries import split_statements
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)
# How long a start waits for its indexes, and how often it says how far they have come.
INDEX_WAIT_S = 3600.0
REPORT_S = 30.0

VECTOR_INDEX = "memory_embedding"
# Its HNSW graph: 32 links a node and 200 candidates while inserting, where Neo4j's
# defaults are 16 and 100 (cypher/schema/017, docs/decisions/0036-a-denser-vector-index.md).
HNSW = {"vector.hnsw.m": 32, "vector.hnsw.ef_construction": 200}
FULLTEXT_INDEX = "memory_content"
# The analyzer without length normalisation (docker/neo4j-plugin), and Neo4j's own.
NO_LENGTH_ANALYZER = "english-no-length"
ENGLISH_ANALYZER = "english"
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
    await _settle_fulltext_analyzer(store)
    await await_indexes(store)
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


def chosen_analyzer(setting: str, available: set[str]) -> str:
    """The analyzer memory_content should have: the setting's, or for "auto" the one
    without length normalisation when this Neo4j offers it, else "english"."""
    if setting == "auto":
        return NO_LENGTH_ANALYZER if NO_LENGTH_ANALYZER in available else ENGLISH_ANALYZER
    if setting not in available:
        raise SchemaMismatch(
            f"HEBBS_NEO4J_FULLTEXT_ANALYZER={setting} but this Neo4j has no analyzer of that name; "
            "put docker/neo4j-plugin/english-no-length.jar in its plugins folder, or set "
            "HEBBS_NEO4J_FULLTEXT_ANALYZER=auto (english when the plugin is missing)"
        )
    return setting


async def _settle_fulltext_analyzer(store: GraphStore) -> None:
    """Rebuild memory_content when it was built with another analyzer than the chosen one
    (decision 0006): a drop and a create, which Neo4j then fills from every memory."""
    rows = await store.run_raw(store.queries["admin/fulltext_analyzers"])
    available = set(rows[0]["analyzers"]) if rows else set()
    wanted = chosen_analyzer(store.settings.neo4j_fulltext_analyzer, available)
    if wanted != NO_LENGTH_ANALYZER:
        log.info(
            "fulltext index %s uses %s: other tenants' texts move text scores a little "
            "(a Neo4j started with english-no-length.jar on its classpath avoids it; "
            "docs/operations.md)",
            FULLTEXT_INDEX,
            wanted,
        )
    current = await fulltext_analyzer(store)
    if current == wanted:
        return
    log.warning(
        "rebuilding fulltext index %s with analyzer %s (it had %s)", FULLTEXT_INDEX, wanted, current
    )
    await store.run_raw(store.queries["scrub/fulltext_drop"])
    await store.run_raw(store.queries["scrub/fulltext_create"], analyzer=wanted)


async def fulltext_analyzer(store: GraphStore) -> str | None:
    """The analyzer memory_content was built with (None while it is missing)."""
    rows = await store.run_raw(store.queries["admin/fulltext_index_analyzer"], name=FULLTEXT_INDEX)
    return str(rows[0]["analyzer"]) if rows else None


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


async def await_indexes(
    store: GraphStore, *, timeout_s: float = INDEX_WAIT_S, poll_s: float = 2.0
) -> None:
    """Wait until every index is ONLINE, saying every ``REPORT_S`` how far those being
    built have come (a migration that rebuilds the vector index of a large database
    takes minutes: ~7.5 a million memories on two cores, decision 0036)."""
    started = time.monotonic()
    reported = started
    while True:
        rows = await store.run_raw(store.queries["admin/index_progress"])
        failed = [r["name"] for r in rows if r["state"] == "FAILED"]
        if failed:
            raise SchemaMismatch(f"index {', '.join(failed)} failed to build: see Neo4j's log")
        building = [r for r in rows if r["state"] != "ONLINE"]
        if not building:
            return
        now = time.monotonic()
        if now - started > timeout_s:
            names = ", ".join(r["name"] for r in building)
            raise SchemaMismatch(f"index {names} still building after {timeout_s:.0f} s")
        if now - reported >= REPORT_S:
            reported = now
            for r in building:
                log.info("building index %s: %.0f %%", r["name"], r["populationPercent"] or 0.0)
        await asyncio.sleep(poll_s)


async def indexes_online(store: GraphStore) -> bool:
    """The vector and fulltext indexes both exist and are ONLINE (readiness)."""
    rows = await store.run_raw(store.queries["admin/index_progress"])
    states = {r["name"]: r["state"] for r in rows}
    return all(states.get(name) == "ONLINE" for name in (VECTOR_INDEX, FULLTEXT_INDEX))
