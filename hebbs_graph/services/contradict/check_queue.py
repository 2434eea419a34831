"""Contradiction checks waiting in Neo4j, and the background checker that runs them.

A write marks each memory it stores or revises, in its own transaction (``mark``):
``check_due`` (the write's time, the memory's updated_at; it identifies the check, so a
revision's new check is not cleared by an older one) and a claim for this process
(``check_claimed_by``, ``check_claimed_until``), so no other worker takes it. A
completed check removes the marker, pairs found or not; a failed one leaves it and lets
the claim go after a retry delay that doubles with each failure (``check_failures``).
Claims are short (contradiction_check_claim_s), renewed by a heartbeat while this
process holds them (check_claims.py): a dead worker's checks are free soon after it
died, a live worker's never. An acknowledged write's check survives a crash, a restart
or a Neo4j outage: it is in the graph beside the memory.

Each process runs one checker (``start``): its own writes wait in memory, woken by the
write, and are checked in order, consecutive writes of a tenant together; a periodic
sweep claims what nobody holds, across tenants (failed checks, a stopped worker's
writes, what a restart left). With contradiction_checker "process" an API process runs
no checker: its writes are claimed by ``HANDOFF`` and the checker process's sweep takes
them (decision 0034), sooner (``idle_sweep_s``) after one that found little. Claims are
taken lock first, so two workers never both win one memory. While Neo4j is unavailable
the checker backs off and keeps its queue.

The checker gives way to writes (``services/foreground.py``): a round starts once no
remember, batch or revise has run for contradiction_check_quiet_s, or once what it holds
has waited contradiction_check_max_wait_s, and at once while a review waits for the
checks (``hurry``, check_wait.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.services.contradict.check_claims import HANDOFF, HeldClaims
from hebbs_graph.services.contradict.check_sweep import claim_round
from hebbs_graph.services.contradict.check_wait import Hurry, wait_event
from hebbs_graph.services.contradict.vectors import TenantVectors
from hebbs_graph.services.foreground import Foreground, GivesWay
from hebbs_graph.services.leases import new_holder
from hebbs_graph.services.metrics import checks_ran
from hebbs_graph.settings import ContradictionSettings
from hebbs_graph.timeutil import EARLIEST, as_utc, utcnow

log = logging.getLogger(__name__)

# Runs Phase 1 for stored memories of one tenant (raising on failure), given vectors
# this process holds already.
Check = Callable[[str, list[str], Sequence[TenantVectors]], Awaitable[DetectionOut]]
# Memories checked together, at most: consecutive writes of a tenant are joined.
MAX_BATCH = 1000
# Backoff while Neo4j is unavailable: 0.5 s, doubling, at most this.
MAX_BACKOFF_S = 30.0
# The claims of checks that waited in the queue longer than this share of their life
# are renewed before they run.
RENEW_AFTER = 0.5
# The first sweep comes this long after start: a restarted worker soon picks up what
# was left, a one-shot CLI process exits before it claims anything.
FIRST_SWEEP_S = 5.0
# Workers started together spread their sweeps by up to this share of the interval.
SWEEP_JITTER = 0.1
# How long stop() waits for the cancelled checker before leaving it.
STOP_WAIT_S = 5.0
# Past this many memories queued here, new writes are queued without their vectors (the
# numpy path reads them back): a long backlog holds ids, not 1.5 kB a memory.
MAX_QUEUED_VECTORS = 20_000
# A sweep that ran this few checks is followed by one after idle_sweep_s, if set.
FEW_TO_HURRY = 2


@dataclass
class Waiting:
    """Memories of one write whose check this process holds: id -> check_due."""

    tenant_id: str
    due: dict[str, datetime]
    fresh: TenantVectors | None
    since: float


class CheckQueue:
    def __init__(
        self,
        store: GraphStore,
        settings: ContradictionSettings,
        check: Check,
        foreground: GivesWay | None = None,
        idle_sweep_s: float | None = None,
    ) -> None:
        self.store = store
        self.idle_sweep_s = idle_sweep_s
        self.settings = settings
        self.check = check
        self.foreground = foreground or Foreground()
        # Reviews waiting for the checks: no giving way meanwhile (told to a checker process).
        self.hurry = Hurry(foreground.beacon if isinstance(foreground, Foreground) else None)
        self.holder = new_holder()
        # No checker here: writes are handed off (contradiction_checker "process", async).
        mode = (settings.contradiction_checker, settings.contradiction_detection_mode)
        self.hands_off = mode == ("process", "async")
        self.claims = HeldClaims(store, settings, self.holder)  # renewed while held here
        self._waiting: deque[Waiting] = deque()
        self._queued = 0  # memories in _waiting
        self._busy = False
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._task: asyncio.Task[None] | None = None

    # -- marking, at write time -------------------------------------------------------

    def mark(self, now: datetime) -> dict[str, Any]:
        """The properties a write sets on each memory it stores or revises. A hand-off
        lasts as long as the checker process may give way besides (nothing renews it)."""
        s, wait = self.settings, self.settings.contradiction_check_max_wait_s
        claim = timedelta(seconds=s.contradiction_check_claim_s + (wait if self.hands_off else 0))
        return {
            "check_due": now,
            "check_claimed_by": HANDOFF if self.hands_off else self.holder,
            "check_claimed_until": now + claim,
        }

    # -- the background checker ---------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    @property
    def waiting(self) -> int:
        """Memories queued here, not yet being checked."""
        return self._queued

    def start(self) -> None:
        if not self.running and not self.hands_off:
            self._task = asyncio.create_task(self._loop(), name="hebbs-contradiction-checks")

    async def stop(self, drain_s: float = 10.0) -> None:
        """Check what is queued (for up to ``drain_s``), then stop. What is left stays
        marked in Neo4j; another worker's sweep takes it once the claims expire (the
        heartbeat stops here)."""
        task, self._task = self._task, None
        if task is None:
            await self.claims.stop()
            return
        if drain_s > 0 and not task.done():
            await wait_event(self._idle, drain_s)
        task.cancel()
        # A cancelled checker ends at its next await; a shutdown never waits on it longer.
        await asyncio.wait({task}, timeout=STOP_WAIT_S)
        if not task.done():
            log.warning("contradiction checks: the checker did not stop; leaving it")
        elif not task.cancelled() and task.exception() is not None:
            log.warning("contradiction checks: the checker failed", exc_info=task.exception())
        await self.claims.stop()

    def put(self, tenant_id: str, due: dict[str, datetime], fresh: TenantVectors | None) -> None:
        """Queue a write's checks (already marked and claimed by this process)."""
        loop = asyncio.get_running_loop()
        if fresh is not None and self._queued + len(due) > MAX_QUEUED_VECTORS:
            fresh = None
        self._waiting.append(Waiting(tenant_id, due, fresh, loop.time()))
        self.claims.hold(tenant_id, due)
        self._queued += len(due)
        self._idle.clear()
        self._wake.set()

    async def drain(self, timeout_s: float = 60.0) -> bool:
        """Wait until this process has checked everything it queued; False on timeout
        (e.g. Neo4j is down and the queue is waiting for it)."""
        if not self._waiting and not self._busy:
            return True
        return await wait_event(self._idle, timeout_s)

    async def _loop(self) -> None:
        loop = asyncio.get_running_loop()
        next_sweep = loop.time() + min(FIRST_SWEEP_S, self.settings.contradiction_check_sweep_s)
        failures = 0
        while True:
            if not self._waiting:
                self._idle.set()
                delay = next_sweep - loop.time()
                if delay > 0:
                    await wait_event(self._wake, delay)
                self._wake.clear()
            try:
                if self._waiting:
                    await self._give_way(self._waiting[0].since)
                    await self._check_next()
                elif loop.time() >= next_sweep:
                    await self._give_way(next_sweep)
                    every = self.settings.contradiction_check_sweep_s
                    found = (await self.sweep()).checked
                    if found <= FEW_TO_HURRY and self.idle_sweep_s is not None:
                        every = self.idle_sweep_s  # writes come slowly: check them soon
                    spread = 1 + SWEEP_JITTER * (2 * random.random() - 1)
                    next_sweep = loop.time() + every * spread
                failures = 0
            except GraphUnavailable as exc:
                failures += 1
                backoff = min(MAX_BACKOFF_S, 0.5 * 2 ** (failures - 1))
                log.warning(
                    "contradiction checks: Neo4j unavailable, %d waiting here; trying again "
                    "in %.1f s: %s",
                    self.waiting,
                    backoff,
                    exc,
                )
                await asyncio.sleep(backoff)
            except Exception:  # a bug must not stop the checker
                log.exception("contradiction checks: a round failed")
                await asyncio.sleep(1.0)

    async def _give_way(self, since: float) -> None:
        """Wait for a pause in this process's writes, at most until what waits since
        ``since`` (loop time) has waited contradiction_check_max_wait_s, or a review
        waits for the checks."""
        s = self.settings
        left = since + s.contradiction_check_max_wait_s - asyncio.get_running_loop().time()
        if left > 0:
            await self.hurry.unless_wanted(
                self.foreground.pause(s.contradiction_check_quiet_s, left)
            )

    async def _check_next(self) -> None:
        """Check the oldest queued write, with the writes of its tenant queued after it."""
        batch = [self._waiting.popleft()]
        size = len(batch[0].due)
        while (
            self._waiting
            and self._waiting[0].tenant_id == batch[0].tenant_id
            and size + len(self._waiting[0].due) <= MAX_BATCH
        ):
            batch.append(self._waiting.popleft())
            size += len(batch[-1].due)
        self._queued -= size
        tenant_id = batch[0].tenant_id
        due = {mid: at for w in batch for mid, at in w.due.items()}
        self._busy = True
        requeued = False
        try:
            waited = asyncio.get_running_loop().time() - batch[0].since
            if waited > RENEW_AFTER * self.settings.contradiction_check_claim_s:
                due = await self.claims.keep(tenant_id, due)
            if due:
                # The vectors of the tenant's later writes, queued here, are a source too:
                # a full listing of the tenant (due every few seconds while it grows)
                # would otherwise read them back from Neo4j one round before their own.
                later = [w.fresh for w in self._waiting if w.tenant_id == tenant_id]
                await self.run(tenant_id, due, _held([w.fresh for w in batch] + later))
        except GraphUnavailable:
            self._waiting.extendleft(reversed(batch))  # ours still: try again later
            self._queued += size
            requeued = True
            raise
        finally:
            self._busy = False
            if not requeued:
                for w in batch:
                    self.claims.let_go(w.tenant_id, w.due)

    # -- running checks -----------------------------------------------------------------

    async def run(
        self, tenant_id: str, due: dict[str, datetime], held: Sequence[TenantVectors] = ()
    ) -> DetectionOut | None:
        """Check claimed memories; clear their markers when done, or keep them for a
        retry when the check fails (None). GraphUnavailable is raised: the caller
        decides when to try again."""
        with self.claims.holding(tenant_id, due):
            return await self._run(tenant_id, due, held)

    async def _run(
        self, tenant_id: str, due: dict[str, datetime], held: Sequence[TenantVectors]
    ) -> DetectionOut | None:
        try:
            out = await self.check(tenant_id, list(due), held)
        except GraphUnavailable:
            raise
        except Exception:
            log.warning(
                "contradiction check failed for %d memories of tenant %s; it will be retried",
                len(due),
                tenant_id,
                exc_info=True,
            )
            checks_ran("failed", due)
            with contextlib.suppress(GraphUnavailable):  # then the claim simply expires
                await self._failed(tenant_id, due)
            return None
        await self.store.write_rows("contradict/check_done", tenant_id=tenant_id, rows=_rows(due))
        checks_ran("done", due)
        return out

    async def sweep(self) -> DetectionOut:
        """Claim and run the waiting checks nobody holds, every tenant in its turn
        (check_sweep.py)."""
        total = DetectionOut()
        limit = self.settings.contradiction_scan_batch
        while True:
            now = utcnow()
            claimed, more = await claim_round(
                self.store, now=now, until=self._until(now), holder=self.holder, limit=limit
            )
            await self._run_claimed(claimed, total)
            if not more:
                return total

    async def sweep_tenant(self, tenant_id: str, entity_id: str | None) -> DetectionOut:
        """Run a tenant's (or an entity's) waiting checks that no worker is running now,
        retry delays ignored; ``checked`` counts the memories whose check completed."""
        total = DetectionOut()
        limit = self.settings.contradiction_scan_batch
        after_due, after_id = EARLIEST, ""
        while True:
            now = utcnow()
            rows = await self.store.write_rows(
                "contradict/check_claim_tenant",
                tenant_id=tenant_id,
                entity_id=entity_id,
                after_due=after_due,
                after_id=after_id,
                now=now,
                until=self._until(now),
                holder=self.holder,
                handoff=HANDOFF,
                limit=limit,
            )
            due = {r["id"]: as_utc(r["due"]) for r in rows if r["claimed"]}
            if due:
                await self._run_claimed([(tenant_id, due)], total)
            if len(rows) < limit:
                return total
            after_due, after_id = as_utc(rows[-1]["seen"]), rows[-1]["id"]

    async def _run_claimed(
        self, groups: list[tuple[str, dict[str, datetime]]], total: DetectionOut
    ) -> None:
        """Run what a sweep claimed, tenant by tenant. If Neo4j goes away meanwhile,
        what is left (claimed by this process) joins the local queue, to be run once it
        is back rather than after the claims expire. All of them are held (renewed) from
        the start: the last tenant's may wait behind long checks of the first."""
        for tenant_id, due in groups:
            self.claims.hold(tenant_id, due)
        try:
            for n, (tenant_id, due) in enumerate(groups):
                try:
                    out = await self.run(tenant_id, due)
                except GraphUnavailable:
                    if self.running:
                        for left_tenant, left in groups[n:]:
                            self.put(left_tenant, left, None)
                    raise
                if out is not None:
                    total.add(out)
        finally:
            for tenant_id, due in groups:
                self.claims.let_go(tenant_id, due)

    async def _failed(self, tenant_id: str, due: dict[str, datetime]) -> None:
        s = self.settings
        await self.store.write_rows(
            "contradict/check_failed",
            tenant_id=tenant_id,
            rows=_rows(due),
            now=utcnow(),
            retry_s=s.contradiction_check_retry_s,
            retry_max_s=s.contradiction_check_retry_max_s,
        )

    def _until(self, now: datetime) -> datetime:
        return self.claims.until(now)


def _rows(due: dict[str, datetime]) -> list[dict[str, Any]]:
    """Each check as (id, due): due as ISO 8601, which the queries read with datetime();
    the driver converts a Python datetime in ~40 µs, a round of 1,000 in 40 ms."""
    return [{"id": mid, "due": at.isoformat()} for mid, at in due.items()]


def _held(parts: list[TenantVectors | None]) -> list[TenantVectors]:
    """The vectors writes queued here hold already (sources for the numpy path, which
    reads whatever no source holds)."""
    return [p for p in parts if p is not None and len(p)]
