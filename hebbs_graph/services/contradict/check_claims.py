"""The claims this process holds on contradiction checks, kept alive while it lives.

A claim (``check_claimed_by``, ``check_claimed_until``) is short:
contradiction_check_claim_s, 15 s by default. While this process holds checks (queued
here, running, or taken by a sweep) a heartbeat renews their claims every
contradiction_check_heartbeat_s, so a long check, or a long wait in the queue, is never
taken from a live worker. A worker that dies (kill -9, a lost host) stops renewing, and
its checks are free for the others' sweeps one claim after its last renewal, where a
long claim with nothing renewing it had to cover the longest check (it was 120 s).

The heartbeat is a task of its own; the checks' heavy work runs in threads (the
embedder, the numpy comparison), so the loop it runs on stays free to renew.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta

from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.settings import ContradictionSettings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# The holder a write names when the checker process is to run its check (decision
# 0034): any sweep takes such a claim as it takes an expired one.
HANDOFF = "checker-process"
# A check: its tenant, its memory, and its marker (check_due).
Key = tuple[str, str, datetime]
# Claims renewed per query.
RENEW_CHUNK = 1000
# The heartbeat renews at least this often for a claim's length: a late beat (a busy
# loop, a slow round trip) still lands before the claim runs out.
BEATS_PER_CLAIM = 3


class HeldClaims:
    """The checks this process holds, counted (a check queued here and running is held
    twice), and the heartbeat that renews their claims while any is held."""

    def __init__(self, store: GraphStore, settings: ContradictionSettings, holder: str) -> None:
        self.store = store
        self.settings = settings
        self.holder = holder
        self._held: Counter[Key] = Counter()
        self._emptied = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def interval_s(self) -> float:
        s = self.settings
        return min(
            s.contradiction_check_heartbeat_s, s.contradiction_check_claim_s / BEATS_PER_CLAIM
        )

    def __len__(self) -> int:
        return len(self._held)

    def hold(self, tenant_id: str, due: dict[str, datetime]) -> None:
        """Hold these checks (renewed until let go); starts the heartbeat if none runs."""
        if not due:
            return
        self._held.update((tenant_id, mid, at) for mid, at in due.items())
        self._emptied.clear()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._beat(), name="hebbs-check-heartbeat")

    def let_go(self, tenant_id: str, due: dict[str, datetime]) -> None:
        """Stop renewing these (done, failed, or no longer ours); the claim itself stays
        until the query that ended the check removed it, or until it runs out."""
        self._held.subtract((tenant_id, mid, at) for mid, at in due.items())
        self._held = +self._held  # drop the keys at zero
        if not self._held:
            self._emptied.set()

    @contextlib.contextmanager
    def holding(self, tenant_id: str, due: dict[str, datetime]) -> Iterator[None]:
        self.hold(tenant_id, due)
        try:
            yield
        finally:
            self.let_go(tenant_id, due)

    def until(self, now: datetime) -> datetime:
        """When a claim taken or renewed ``now`` runs out."""
        return now + timedelta(seconds=self.settings.contradiction_check_claim_s)

    async def renew(self) -> int:
        """Extend the claims of every check held here (those still ours or free, for
        the marker they were held with); the number renewed."""
        by_tenant: dict[str, dict[str, datetime]] = {}
        for tenant_id, mid, at in list(self._held):
            by_tenant.setdefault(tenant_id, {})[mid] = at
        renewed = 0
        for tenant_id, due in by_tenant.items():
            ids = list(due)
            for start in range(0, len(ids), RENEW_CHUNK):
                chunk = {mid: due[mid] for mid in ids[start : start + RENEW_CHUNK]}
                renewed += len(await self.keep(tenant_id, chunk))
        return renewed

    async def keep(self, tenant_id: str, due: dict[str, datetime]) -> dict[str, datetime]:
        """Of these checks, those whose claim is still ours or free, claimed again for a
        full claim; a memory revised since (a new check_due) or taken by another worker
        is left out."""
        now = utcnow()
        rows = await self.store.write_rows(
            "contradict/check_renew",
            tenant_id=tenant_id,
            rows=[{"id": mid, "due": at.isoformat()} for mid, at in due.items()],
            now=now,
            until=self.until(now),
            holder=self.holder,
        )
        kept = {r["id"] for r in rows}
        return {mid: at for mid, at in due.items() if mid in kept}

    async def stop(self) -> None:
        """Stop renewing (shutdown): what is still held runs out one claim from now."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _beat(self) -> None:
        while self._held:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval_s):
                    await self._emptied.wait()
            if not self._held:
                return
            try:
                await self.renew()
            except GraphUnavailable as exc:
                # The claims run out if this lasts; the checks are retried (by whoever).
                log.warning("contradiction checks: claims not renewed: %s", exc)
            except Exception:  # a bug must not stop the heartbeat
                log.exception("contradiction checks: renewing the claims failed")
