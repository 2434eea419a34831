"""`serve` and `neo4j start|stop|status|prune-logs`: running the service on this machine."""

from __future__ import annotations

import logging
import os
from typing import Annotated, Any

import typer

from hebbs_graph.auth import is_loopback
from hebbs_graph.cli.common import (
    LOG_FORMAT,
    ApiKey,
    Fmt,
    Url,
    app,
    fail,
    run,
    run_quiet,
)
from hebbs_graph.cli.output import Format, show
from hebbs_graph.cli.serving import run_api
from hebbs_graph.client import DEFAULT_URL, ApiUnreachable
from hebbs_graph.errors import HebbsError
from hebbs_graph.settings import Settings

neo4j_app = typer.Typer(
    help="The local Neo4j (jars from Maven Central, run with java -cp).", no_args_is_help=True
)
app.add_typer(neo4j_app, name="neo4j")


def _local() -> Any:
    from hebbs_graph.localneo4j import LocalNeo4j

    return LocalNeo4j(Settings())


def local_status() -> dict[str, Any]:
    settings = Settings()
    if not settings.uses_local_neo4j:
        return {"managed": False, "uri": settings.neo4j_uri}
    status: dict[str, Any] = _local().status().as_dict()
    return status


@neo4j_app.command("start")
def neo4j_start(fmt: Fmt = Format.TABLE) -> None:
    """Start the local Neo4j (or reuse the running one) and wait until Bolt answers.

    Example: hebbs-graph neo4j start -f json
    """
    try:
        show(_local().start(echo=True).as_dict(), fmt)
    except HebbsError as exc:
        fail(3, exc.message)


@neo4j_app.command("stop")
def neo4j_stop(fmt: Fmt = Format.TABLE) -> None:
    """Stop the local Neo4j cleanly. Example: hebbs-graph neo4j stop"""
    show(_local().stop().as_dict(), fmt)


@neo4j_app.command("prune-logs")
def neo4j_prune_logs(
    wait: Annotated[
        bool, typer.Option(help="Wait for the checkpoint that prunes them (a local Neo4j).")
    ] = True,
    timeout: Annotated[
        float | None,
        typer.Option(help="Seconds to wait (default: the checkpoint interval plus 60)."),
    ] = None,
    max_bytes: Annotated[
        str, typer.Option(help="Refuse to write more throw-away filler than this.")
    ] = "64M",
    rebuild_indexes: Annotated[
        bool,
        typer.Option(
            help="First drop and build again the fulltext and vector indexes, so that "
            "their Lucene files keep no forgotten memory (recall's searches fail meanwhile)."
        ),
    ] = False,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Make forgotten content leave Neo4j's transaction logs and store files now.

    Neo4j Community cannot checkpoint or rotate its log on command, so this writes (and
    deletes) throw-away nodes until the log file holding the forget has rotated, then
    waits for the next periodic checkpoint, which prunes it. Works on the Neo4j that
    HEBBS_NEO4J_URI names, else the local one; it waits only where the log directory is
    on this machine. Exit 2 when the server's retention policy cannot be forced, 4 when
    the files are still there at the timeout.

    The filler (text and number lists) also takes the records the forget freed in the
    string and array stores, which keep their bytes until reused; --rebuild-indexes
    also rebuilds the two Lucene indexes, whose segments keep a deleted document.

    Example:
    hebbs-graph forget -e acme_corp && hebbs-graph neo4j prune-logs --rebuild-indexes
    """
    import asyncio

    from hebbs_graph.errors import CannotForce
    from hebbs_graph.graph.reindex import rebuild_lucene_indexes
    from hebbs_graph.graph.store import GraphStore
    from hebbs_graph.graph.txlog import parse_size, prune_logs

    settings = Settings()
    try:
        limit = parse_size(max_bytes)
    except ValueError as exc:
        fail(2, f"--max-bytes: {exc}")
    if settings.uses_local_neo4j and not _local().status().running:
        fail(3, "the local Neo4j is not running: hebbs-graph neo4j start")

    async def go() -> dict[str, Any]:
        store = GraphStore(settings)
        try:
            rebuilt_s = await rebuild_lucene_indexes(store) if rebuild_indexes else None
            report = await prune_logs(store, wait=wait, timeout_s=timeout, max_bytes=limit)
        finally:
            await store.close()
        return {**report.as_dict(), "indexes_rebuilt_s": rebuilt_s}

    try:
        out = asyncio.run(go())
    except CannotForce as exc:
        fail(2, exc.message)
    except HebbsError as exc:
        fail(3, exc.message)
    show(out, fmt)
    if out["pruned"] is False:
        raise typer.Exit(4)


@neo4j_app.command("status")
def neo4j_status(fmt: Fmt = Format.TABLE) -> None:
    """Is the local Neo4j running, and where are its data and Browser? Exit 3 when not.

    Example: hebbs-graph neo4j status -f json
    """
    status = _local().status()
    show(status.as_dict(), fmt)
    if not status.bolt:
        raise typer.Exit(3)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (HEBBS_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (HEBBS_PORT).")] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1, help="API processes (HEBBS_WORKERS; default: one per core but one, 1 to 4)."
        ),
    ] = None,
) -> None:
    """Run the REST API; with no HEBBS_NEO4J_URI, start (or reuse) the local Neo4j first.

    With several workers, each is a process of its own against the same Neo4j; all the
    state they share (reflection sessions, leases, pending contradictions) is in Neo4j.

    Example: hebbs-graph serve --workers 2   # then open http://127.0.0.1:8000/schema
    """
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    settings = Settings()
    updates = {"host": host, "port": port, "workers": workers}
    settings = settings.model_copy(update={k: v for k, v in updates.items() if v is not None})
    try:  # a setting naming what this build lacks fails here, before Neo4j starts
        from hebbs_graph.services.recall.strategies import check_extra

        check_extra(settings.recall_extra_strategies)
    except HebbsError as exc:
        fail(2, exc.message)
    if not settings.api_keys and not is_loopback(settings.host):
        fail(
            2,
            f"refusing to serve on {settings.host} without API keys: set HEBBS_API_KEYS "
            "(key:tenant,...) or bind to 127.0.0.1",
        )
    if settings.uses_local_neo4j:
        try:
            status = _local().start(echo=True)
        except HebbsError as exc:
            fail(3, exc.message)
        typer.echo(f"Neo4j {status.version} on {status.bolt_uri}; Browser at {status.browser_url}")
    run_api(settings)


@app.command()
def mcp(
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            envvar="HEBBS_API_URL",
            help="Go through this API (HEBBS_API_URL) instead of opening Neo4j here.",
        ),
    ] = None,
    api_key: ApiKey = None,
    tenant: Annotated[
        str | None,
        typer.Option(help="Local mode: tenant to serve (HEBBS_MCP_TENANT, default 'default')."),
    ] = None,
) -> None:
    """Serve the memory as MCP tools over stdio, for an agent host (Claude, an IDE, ...).

    Through the API when --url or --api-key is given (or HEBBS_API_URL / HEBBS_API_KEY is
    set; a key alone means the API at http://127.0.0.1:8000): the same tools, each call a
    REST request with that key, so the tenant is the key's and the host needs no database
    credentials; nothing but the MCP SDK and an HTTP client loads, so it answers at once.
    Otherwise local mode: open Neo4j and the embedding model in this process (with no
    HEBBS_NEO4J_URI, start or reuse the local Neo4j first) and serve one tenant
    (--tenant). Logs go to stderr.

    Example host config: {"command": "hebbs-graph", "args": ["mcp", "--url",
    "http://127.0.0.1:8000"], "env": {"HEBBS_API_KEY": "..."}}
    """
    import asyncio

    from hebbs_graph.mcp.server import configure_stderr_logging

    configure_stderr_logging()
    if url is not None or api_key is not None:
        if tenant:
            fail(2, "--tenant is for local mode: through the API the tenant is the API key's")
        if os.environ.get("HEBBS_MCP_TENANT"):
            logging.getLogger(__name__).warning(
                "HEBBS_MCP_TENANT is ignored through the API: the tenant is the API key's"
            )
        _mcp_via_api(url or DEFAULT_URL, api_key)
        return

    from hebbs_graph.mcp.server import serve_stdio

    settings = Settings()
    if tenant:
        settings = settings.model_copy(update={"mcp_tenant": tenant})
    if settings.uses_local_neo4j:
        try:
            _local().start()
        except HebbsError as exc:
            fail(3, exc.message)
    try:
        asyncio.run(serve_stdio(settings))
    except HebbsError as exc:
        fail(3, exc.message)


def _mcp_via_api(url: str, api_key: str | None) -> None:
    import asyncio

    from hebbs_graph.mcp.server import serve_stdio_via_api

    if not url.startswith(("http://", "https://")):
        fail(2, f"--url must be an http:// or https:// URL, not {url!r}")
    asyncio.run(serve_stdio_via_api(url, api_key))


@app.command()
def status(url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE) -> None:
    """Is the API up and ready, and how is the local Neo4j? Exit 3 when not ready.

    Example: hebbs-graph status --url http://127.0.0.1:8000 -f json
    """
    report: dict[str, Any] = {"api_url": url}
    try:
        report["api"] = run_quiet(url, api_key, lambda c: c.ready())
    except ApiUnreachable as exc:
        report["api"] = {"ready": False, "error": exc.message}
    report["local_neo4j"] = local_status()
    show(report, fmt)
    if not report["api"].get("ready"):
        raise typer.Exit(3)


@app.command()
def metrics(url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE) -> None:
    """The API's Prometheus metrics: table prints the exposition text, json one value per sample.

    Example: hebbs-graph metrics -f json
    """
    text = run(url, api_key, lambda c: c.metrics())
    if fmt == Format.TABLE:
        print(text, end="")
        return
    from prometheus_client.parser import text_string_to_metric_families

    samples = [
        {"name": s.name, "labels": s.labels, "value": s.value}
        for family in text_string_to_metric_families(text)
        for s in family.samples
    ]
    show({"samples": samples}, fmt)
