"""`checker`, and the checker process `serve` starts beside its workers (decision 0034).

The contradiction checks of a write run after its answer. Run inside the API process
they share its core and its GIL with the requests: under a steady load of recalls and
remembers they cost a remember ~80 ms of p95 on two cores. In a process of their own at
a lower OS priority they take the CPU the requests leave, and the kernel, not the API's
event loop, decides who waits.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from hebbs_graph.cli.common import LOG_FORMAT, app, fail
from hebbs_graph.errors import HebbsError
from hebbs_graph.gctuning import tune_for_serving
from hebbs_graph.settings import Settings

log = logging.getLogger(__name__)

BEACONS_PREFIX = "hebbs-graph-beacons-"
# How long `serve` waits for its checker to stop (it runs what it holds for up to 10 s).
STOP_WAIT_S = 15.0
# A checker that exits while `serve` runs is started again after this, doubling.
RESTART_FIRST_S = 1.0
RESTART_MAX_S = 60.0


def wants_checker_process(settings: Settings) -> bool:
    """Whether `serve` runs the checks in a process of their own: "auto" or "process",
    with detection on and its checks after the answer."""
    return (
        settings.contradiction_checker != "inline"
        and settings.contradiction_detection
        and settings.contradiction_detection_mode == "async"
    )


@contextmanager
def beacons_folder() -> Iterator[None]:
    """The folder in which `serve`'s workers tell its checker of their writes and
    reviews (services/beacon.py), inherited through the environment, removed at the end."""
    from hebbs_graph.cli.metrics_folder import server_folder
    from hebbs_graph.services.beacon import BEACON_ENV

    with server_folder(BEACONS_PREFIX, BEACON_ENV):
        yield


class CheckerProcess:
    """``hebbs-graph checker`` beside `serve`'s workers, with this process's environment
    (the settings). It ends with this process, even a SIGKILLed one; while this process
    runs, a checker that exits (a crash, the OOM killer, Neo4j unreachable at its start)
    is started again, after 1 s, doubling to a minute: the workers that hand off run no
    checks of their own, so without it nothing would."""

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self.child = self._start()
        self._watcher = threading.Thread(target=self._watch, name="checker-watch", daemon=True)
        self._watcher.start()

    def stop(self) -> None:
        """SIGTERM, wait for the checks it holds (briefly), then SIGKILL: what it leaves
        stays marked in Neo4j for the next sweep."""
        self._stopping.set()
        child = self.child
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                log.warning("the contradiction checker did not stop; killing it")
                child.kill()
                child.wait()

    def _start(self) -> subprocess.Popen[bytes]:
        pid = str(os.getpid())
        return subprocess.Popen(
            [sys.executable, "-m", "hebbs_graph", "checker", "--parent-pid", pid]
        )

    def _watch(self) -> None:
        delay = RESTART_FIRST_S
        while True:
            code = self.child.wait()
            if self._stopping.is_set():
                return
            log.warning(
                "the contradiction checker exited (%s); starting it again in %.0f s", code, delay
            )
            if self._stopping.wait(delay):
                return
            self.child = self._start()
            delay = min(RESTART_MAX_S, delay * 2)


@app.command()
def checker(
    nice: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=19,
            help="Lower this process's priority by this much (HEBBS_CONTRADICTION_CHECKER_NICE).",
        ),
    ] = None,
    parent_pid: Annotated[
        int | None, typer.Option(hidden=True, help="End when this process ends (serve's).")
    ] = None,
) -> None:
    """Run the contradiction checks of API processes that hand them off.

    For a deployment whose API replicas run with HEBBS_CONTRADICTION_CHECKER=process and
    no checker of their own (`serve` on one machine starts one itself). Several may run
    at once: each check is claimed by one. Stops on SIGTERM or Ctrl-C.

    Example: HEBBS_NEO4J_URI=bolt://neo4j:7687 hebbs-graph checker
    """
    settings = Settings()
    if nice is not None:
        settings = settings.model_copy(update={"contradiction_checker_nice": nice})
    if not settings.contradiction_detection:
        fail(2, "contradiction detection is off (HEBBS_CONTRADICTION_DETECTION): nothing to run")
    _checker_main(settings, parent_pid)


def _checker_main(settings: Settings, parent_pid: int | None) -> None:
    """The checker's process: lower priority, end with the parent, run until SIGTERM."""
    from hebbs_graph.api.worker_parent import end_with_parent
    from hebbs_graph.services.container import run_checker

    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    if parent_pid is not None:
        end_with_parent(parent_pid)
    _lower_priority(settings.contradiction_checker_nice)
    tune_for_serving(settings.gc_young_threshold, freeze=False)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await run_checker(settings, stop)

    try:
        asyncio.run(main())
    except HebbsError as exc:
        log.error("the contradiction checker could not start: %s", exc.message)
        raise SystemExit(3) from None


def _lower_priority(by: int) -> None:
    if by <= 0:
        return
    try:
        os.nice(by)
    except OSError as exc:  # not where priorities cannot change; the checks still run
        log.warning("the contradiction checker keeps its priority: %s", exc)
