"""`migrate`: apply the schema migrations once, then exit (a deployment's one-shot step)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from hebbs_graph.cli.common import LOG_FORMAT, Fmt, app, fail
from hebbs_graph.cli.output import Format, show
from hebbs_graph.errors import GraphUnavailable, HebbsError
from hebbs_graph.settings import Settings


@app.command()
def migrate(
    wait: Annotated[
        float, typer.Option(min=0.0, help="Seconds to wait for Neo4j to answer first.")
    ] = 120.0,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Apply the schema migrations (indexes, constraints) to the Neo4j of HEBBS_NEO4J_URI
    (else the local one, which this does not start) and wait until every index is online; then exit. Exit 3 when Neo4j does not answer
    or refuses (too old a version, a vector index of another dimension).

    Run it once before the API's replicas start (deploy/compose.yml's `migrate`
    service, the Kubernetes Job in deploy/kubernetes): each replica checks the schema at
    start and would otherwise apply what is missing itself, several at once on a fresh
    database. It loads the embedding model (the vector index takes its dimension) but
    starts nothing else. Applying migrations already recorded does nothing.

    Example: HEBBS_NEO4J_URI=neo4j+s://xxxx.databases.neo4j.io hebbs-graph migrate
    """
    import asyncio

    settings = Settings()  # no HEBBS_NEO4J_URI: the local Neo4j, which must be running
    try:
        with _progress_on_stderr():
            out = asyncio.run(_migrate(settings, wait))
    except HebbsError as exc:
        fail(3, exc.message)
    show(out, fmt)


@contextmanager
def _progress_on_stderr() -> Iterator[None]:
    """The schema's log lines (each migration applied, an index being built and how far
    it has come: minutes on a large database) on stderr while the command runs; stdout
    keeps the result alone."""
    schema_log = logging.getLogger("hebbs_graph.graph.schema")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    level = schema_log.level
    schema_log.addHandler(handler)
    schema_log.setLevel(logging.INFO)
    try:
        yield
    finally:
        schema_log.removeHandler(handler)
        schema_log.setLevel(level)


async def _migrate(settings: Settings, wait_s: float) -> dict[str, Any]:
    import asyncio

    from hebbs_graph.graph.schema import fulltext_analyzer, indexes_online
    from hebbs_graph.graph.schema import migrate as apply
    from hebbs_graph.graph.store import GraphStore
    from hebbs_graph.services.container import load_embedder

    embedder = await asyncio.to_thread(load_embedder, settings)
    store = GraphStore(settings)
    try:
        deadline = asyncio.get_running_loop().time() + wait_s
        while not await store.ping():
            if asyncio.get_running_loop().time() > deadline:
                raise GraphUnavailable(
                    f"Neo4j at {settings.effective_neo4j_uri} did not answer within {wait_s:.0f}s"
                )
            await asyncio.sleep(1.0)
        applied = await apply(
            store, dimension=embedder.dimension, embedding_model=embedder.model_name
        )
        online = await indexes_online(store)
        analyzer = await fulltext_analyzer(store)
    finally:
        await store.close()
    return {
        "neo4j_uri": settings.effective_neo4j_uri,
        "applied": applied,
        "indexes_online": online,
        "fulltext_analyzer": analyzer,
        "embedding_model": embedder.model_name,
        "dimension": embedder.dimension,
    }
