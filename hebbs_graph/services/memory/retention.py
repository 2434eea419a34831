"""Tombstone retention: a forget's tombstones go after HEBBS_TOMBSTONE_RETENTION_DAYS.

A periodic task of each process that opens the services: the first sweep one interval
after start (a short CLI run never sweeps), then one each interval; each deletes in
batches of forget_batch_size until nothing past the cutoff is left. Several processes
sweeping at once delete disjoint or already-deleted nodes: harmless. 0 days: off.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)


class TombstoneRetention:
    def __init__(
        self, store: GraphStore, retention_days: float, every_s: float, batch: int
    ) -> None:
        self.store = store
        self.retention_days = retention_days
        self.every_s = every_s
        self.batch = batch
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.retention_days > 0 and self._task is None:
            self._task = asyncio.create_task(self._loop(), name="hebbs-tombstone-retention")

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def expire(self, now: datetime | None = None) -> dict[str, int]:
        """Delete every tombstone forgotten before now - retention; how many per tenant."""
        cutoff = (now or utcnow()) - timedelta(days=self.retention_days)
        gone: dict[str, int] = {}
        while True:
            rows = await self.store.write_rows(
                "forget/tombstones_expire", cutoff=cutoff, limit=self.batch
            )
            for row in rows:
                gone[row["tenant_id"]] = gone.get(row["tenant_id"], 0) + int(row["expired"])
            if sum(int(r["expired"]) for r in rows) < self.batch:
                return gone

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every_s)
            try:
                gone = await self.expire()
            except Exception:  # the next interval tries again
                log.exception("tombstone retention sweep failed")
                continue
            if gone:
                log.info("tombstones past %s days deleted: %s", self.retention_days, gone)
