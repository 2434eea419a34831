"""Writes in progress in this process, so that background work can give way to them.

A remember, a batch or a revise holds ``writing()`` from the moment the service takes
it until its answer is ready. The contradiction checker asks ``pause`` before each round:
it waits until no write has run for a moment, or until what it holds has waited long
enough. On a small machine checks run beside writes cost them about three times what
the checks cost alone (LoCoMo through REST: ~30 s against ~9 s; most likely ONNX
Runtime's threads waiting for the core the checks took, and the classifier holding the
GIL the request's own Python needs). Run in the pauses between writes they cost only
themselves, and a stream of writes that never pauses still has its checks run, a
bounded time late (docs/decisions/contradictions.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Protocol

from hebbs_graph.services.beacon import Beacon


class GivesWay(Protocol):
    """What the checker waits on before a round: this process's writes (Foreground), or
    those of the API processes beside a checker process (beacon.Beacons)."""

    async def pause(self, quiet_s: float, at_most_s: float) -> float: ...


class Foreground:
    def __init__(self, beacon: Beacon | None = None) -> None:
        self._active = 0
        self._bulk = 0
        self._ended = float("-inf")  # time.monotonic() when the last write finished
        # Told of every bulk write, for a checker process (decision 0034): it gives way
        # to batches, not to single remembers, which its lower priority is enough for.
        self.beacon = beacon

    @property
    def active(self) -> int:
        """Writes running now."""
        return self._active

    @contextlib.contextmanager
    def writing(self, bulk: bool = False) -> Iterator[None]:
        self._active += 1
        self._bulk += bulk
        if bulk and self.beacon is not None:
            self.beacon.writes(self._bulk)
        try:
            yield
        finally:
            self._active -= 1
            self._bulk -= bulk
            self._ended = time.monotonic()
            if bulk and self.beacon is not None:
                self.beacon.writes(self._bulk)

    def quiet_for(self) -> float:
        """Seconds since the last write finished; 0 while one is running."""
        return 0.0 if self._active else max(0.0, time.monotonic() - self._ended)

    async def pause(self, quiet_s: float, at_most_s: float) -> float:
        """Return once no write has run for ``quiet_s``, or after ``at_most_s`` whatever
        the writes do; the seconds waited."""
        started = time.monotonic()
        until = started + at_most_s
        while True:
            now = time.monotonic()
            quiet = self.quiet_for()
            if quiet >= quiet_s or now >= until:
                return now - started
            await asyncio.sleep(min(quiet_s - quiet, until - now))
