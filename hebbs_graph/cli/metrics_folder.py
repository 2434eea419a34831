"""The folder in which the workers of ``serve --workers N`` keep their Prometheus figures,
so that /v1/metrics adds them up (decision 0032)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

METRICS_PREFIX = "hebbs-graph-metrics-"
# api/metrics.py's MULTIPROC_ENV, not imported from there: importing it loads
# prometheus_client, which reads this variable once, at import, and `serve` with one
# worker and the checker's process serves in this very process.
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def remove_dead_servers_folders(prefix: str = METRICS_PREFIX) -> None:
    """A server that ended without its cleanup (SIGKILL; uvicorn raising the SIGTERM it
    caught again once it has stopped) left its folder: remove those whose server (the
    pid in the name) is gone."""
    if not sys.platform.startswith("linux"):
        return  # no /proc to ask
    for folder in Path(tempfile.gettempdir()).glob(f"{prefix}*-*"):
        pid = folder.name.removeprefix(prefix).split("-", 1)[0]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def metrics_across_workers() -> Iterator[None]:
    """/v1/metrics adds up every worker's figures (api/metrics.py): the workers write them
    to files in a folder made for this run (PROMETHEUS_MULTIPROC_DIR, inherited), removed
    when the server stops. A folder the caller set is used as it is (prometheus_client
    wants it emptied before each start: that is then the caller's to do)."""
    if os.environ.get(MULTIPROC_ENV):
        yield
        return
    with server_folder(METRICS_PREFIX, MULTIPROC_ENV):
        yield


@contextmanager
def server_folder(prefix: str, env: str) -> Iterator[None]:
    """A folder for this server's run, named with its pid, in the environment variable
    ``env`` for the processes it starts, removed at the end (or by the next server, if
    this one ends without its cleanup)."""
    remove_dead_servers_folders(prefix)
    folder = tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-")
    os.environ[env] = folder
    try:
        yield
    finally:
        os.environ.pop(env, None)
        shutil.rmtree(folder, ignore_errors=True)
