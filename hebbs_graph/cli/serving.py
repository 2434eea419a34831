"""How `serve` runs the API: one process or N workers (uvicorn), and beside them the
contradiction checker's process (decision 0034)."""

from __future__ import annotations

import os
import signal
import sys

import typer

from hebbs_graph.cli.checker import CheckerProcess, beacons_folder, wants_checker_process
from hebbs_graph.cli.common import LOG_FORMAT, fail
from hebbs_graph.cli.metrics_folder import metrics_across_workers
from hebbs_graph.errors import HebbsError
from hebbs_graph.settings import Settings

# WebSocket frames over this close the socket (1009); subscribe_max_frame_bytes, below
# it, answers with an error frame instead.
WS_MAX_SIZE = 1024 * 1024


def run_api(settings: Settings) -> None:
    """Serve until stopped. The workers hand their contradiction checks to a process of
    their own unless HEBBS_CONTRADICTION_CHECKER=inline; with more than one process,
    /v1/metrics adds up every process's figures (the folder is set before any of them
    loads prometheus_client, which reads it once)."""
    n = settings.effective_workers
    apart = wants_checker_process(settings)
    settings = settings.model_copy(
        update={"contradiction_checker": "process" if apart else "inline"}
    )
    typer.echo(
        f"hebbs-graph API on http://{settings.host}:{settings.port} (OpenAPI at /schema), "
        f"{n} worker{'s' if n > 1 else ''}"
        + (", contradiction checks in a process of their own" if apart else "")
    )
    if n > 1:
        _migrate_once(settings)
    if n == 1 and not apart:
        _serve(settings, 1)
        return
    with metrics_across_workers(), beacons_folder():
        checker = CheckerProcess() if apart else None
        try:
            _unwind_on_sigterm()
            _serve(settings, n)
        finally:
            if checker is not None:
                checker.stop()


def _unwind_on_sigterm() -> None:
    """uvicorn handles SIGTERM (a graceful shutdown), then puts back the handler it found
    and raises the signal again: with Python's default the process then died there, and
    the cleanup above (the checker's stop, the metrics and beacon folders) never ran. This
    handler turns that second SIGTERM into SystemExit (status 143, as a shell reports a
    SIGTERM), which unwinds through it."""

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, leave)


def _serve(settings: Settings, n: int) -> None:
    import uvicorn

    if n == 1:
        from hebbs_graph.api.app import create_app

        app = create_app(settings)
        uvicorn.run(
            app, host=settings.host, port=settings.port, log_level="info", ws_max_size=WS_MAX_SIZE
        )
        return
    from hebbs_graph.api.worker_parent import PARENT_ENV

    # Each worker builds its app from the environment: hand it this command's overrides.
    os.environ.update(
        {
            "HEBBS_HOST": settings.host,
            "HEBBS_PORT": str(settings.port),
            "HEBBS_CONTRADICTION_CHECKER": settings.contradiction_checker,
            PARENT_ENV: str(os.getpid()),  # each worker ends with this process
        }
    )
    uvicorn.run(
        "hebbs_graph.api.app:app_from_environment",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=n,
        log_level="info",
        ws_max_size=WS_MAX_SIZE,
    )


def _migrate_once(settings: Settings) -> None:
    """Apply the schema migrations here, before the workers start: N processes must not
    rebuild the same index at once. Each worker then finds them all recorded.

    In a child process: migrating opens the services (the embedding model among them),
    and the parent, which only watches the workers, should not hold them for its life.
    """
    import multiprocessing

    child = multiprocessing.get_context("spawn").Process(
        target=_migrate_in_child, args=(settings,), name="hebbs-graph-migrate"
    )
    child.start()
    child.join()
    if child.exitcode != 0:
        fail(3, "the services could not start (see the error above); no worker was started")


def _migrate_in_child(settings: Settings) -> None:
    import asyncio
    import logging

    # A fresh process: say what the migrations do, as the workers will (an index rebuilt
    # on a large database reports how far it has come).
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)

    from hebbs_graph.services.container import open_services

    async def migrate() -> None:
        services = await open_services(settings)
        await services.close()

    try:
        asyncio.run(migrate())
    except HebbsError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        raise SystemExit(3) from None
