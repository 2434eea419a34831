"""A review waits, bounded, for the contradiction checks running in its scope.

Checks run right after a write's answer (async mode), so a review made right after a
run of writes would list none of their pairs. ``contradictions/prepare`` and prime's
pending list therefore wait first, up to a bound (the request's ``wait_for_checks_s``,
else contradiction_prepare_wait_s), for the checks of their scope that a worker holds
now: ``check_due`` set, a claim that has not expired. Not waited for: a failed check
waiting for its retry (it let its claim go) and one whose worker is gone once its claim
expires; both still count in ``checks_pending``.

While someone waits, this process's checker stops giving way to writes (``Hurry``):
that pause exists for the writes' speed, and a caller now waits for the checks instead.
Checks another worker holds run on that worker's own schedule; the bound covers them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Iterator
from types import TracebackType
from typing import Any

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import ChecksWaited
from hebbs_graph.services.beacon import Beacon
from hebbs_graph.timeutil import utcnow

# Polls for the running checks: the first soon after the start, then further apart.
FIRST_POLL_S = 0.01
LAST_POLL_S = 0.2


class Hurry:
    """Reviews waiting now for this process's checks; the checker does not give way to
    writes while there is one."""

    def __init__(self, beacon: Beacon | None = None) -> None:
        self._waiters = 0
        self._event = asyncio.Event()
        self.beacon = beacon  # a checker process learns of the waiting reviews from it

    @property
    def wanted(self) -> bool:
        return self._waiters > 0

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        self._waiters += 1
        self._event.set()
        if self.beacon is not None:
            self.beacon.reviews(self._waiters)
        try:
            yield
        finally:
            self._waiters -= 1
            if not self._waiters:
                self._event.clear()
            if self.beacon is not None:
                self.beacon.reviews(self._waiters)

    async def unless_wanted(self, pause: Coroutine[Any, Any, object]) -> None:
        """Await ``pause``, but no longer than until a review waits."""
        if self.wanted:
            pause.close()
            return
        paused = asyncio.ensure_future(pause)
        wanted = asyncio.ensure_future(self._event.wait())
        try:
            await asyncio.wait({paused, wanted}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (paused, wanted):
                task.cancel()
            await asyncio.gather(paused, wanted, return_exceptions=True)


class ChecksWait:
    """One review's wait: ``more(running)`` after each count of the scope's running
    checks, ``pause()`` between counts; used as a context manager (it ends the hurry)."""

    def __init__(self, bound_s: float, hurry: Hurry) -> None:
        self.bound_s = bound_s
        self.hurry = hurry
        loop = asyncio.get_running_loop()
        self._clock = loop.time
        self._started = loop.time()
        self._step = FIRST_POLL_S
        self._running = 0
        self._paused = False
        self._ended = self._started
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> ChecksWait:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stack.close()

    def more(self, running: int) -> bool:
        """Whether to count again after a pause: checks still run and time is left."""
        self._running = running
        self._ended = self._clock()
        return running > 0 and self._left() > 0

    async def pause(self) -> None:
        if not self._paused:
            self._paused = True
            self._stack.enter_context(self.hurry.waiting())
        await asyncio.sleep(max(0.0, min(self._step, self._left())))
        self._step = min(LAST_POLL_S, self._step * 2)

    @property
    def waited_ms(self) -> float:
        """Until the last count; 0 when the first found nothing running; the bound when
        the bound ended it (a first count slower than the bound, on a loaded machine,
        said 0 beside "still running")."""
        if self.timed_out:
            return round(self.bound_s * 1000, 1)
        return round((self._ended - self._started) * 1000, 1) if self._paused else 0.0

    @property
    def timed_out(self) -> bool:
        """The bound ended the wait with checks still running (never when it was 0)."""
        return self.bound_s > 0 and self._running > 0

    def _left(self) -> float:
        return self._started + self.bound_s - self._clock()


async def settled(
    store: GraphStore, hurry: Hurry, tenant_id: str, entity_id: str | None, bound_s: float
) -> ChecksWaited:
    """Wait up to ``bound_s`` until no check of the tenant (or entity) is running."""
    if bound_s <= 0:
        return ChecksWaited()
    with ChecksWait(bound_s, hurry) as wait:
        while True:
            rows = await store.read_rows(
                "contradict/check_count", tenant_id=tenant_id, entity_id=entity_id, now=utcnow()
            )
            if not wait.more(int(rows[0]["running"]) if rows else 0):
                break
            await wait.pause()
    return ChecksWaited(checks_waited_ms=wait.waited_ms, checks_wait_timed_out=wait.timed_out)


async def wait_event(event: asyncio.Event, timeout_s: float) -> bool:
    """Wait for ``event`` up to ``timeout_s``; False on timeout. With asyncio.timeout,
    not wait_for: on Python 3.11 wait_for returns normally when a cancellation arrives
    as the event is set, swallowing it, and the checker, waiting again for the next
    sweep, never stopped (a server that SIGTERM could not end)."""
    try:
        async with asyncio.timeout(timeout_s):
            await event.wait()
    except TimeoutError:
        return False
    return True
