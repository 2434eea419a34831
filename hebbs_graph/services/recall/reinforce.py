"""Reinforcement after recall, written in groups (decision 0004: off the answer path).

Each recall that returns memories reinforces them (access_count + 1, last accessed now,
decay refreshed). Written one write transaction per recall, 32 clients recalling at
once kept ~11 of them open in Neo4j at any moment (1,700 in a minute, 210 ms each on
average), over the same popular memories: commits and node locks that the reads of
the next recalls waited behind. So a tenant's reinforcements are written as a pipeline
of groups, as single remembers are (services/memory/groups.py): what arrives while one
group is being written goes in the next, one transaction, each memory counted as often
as it was recalled. A lone recall is written at once, as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)


class Reinforcements:
    """``add(tenant, ids)``: reinforce them soon, together with the tenant's others."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._waiting: dict[str, Counter[str]] = {}
        self._writing: dict[str, asyncio.Task[None]] = {}

    def add(self, tenant_id: str, ids: list[str]) -> None:
        self._waiting.setdefault(tenant_id, Counter()).update(ids)
        if tenant_id not in self._writing:
            task = asyncio.create_task(self._write(tenant_id))
            self._writing[tenant_id] = task

    async def _write(self, tenant_id: str) -> None:
        try:
            while hits := self._waiting.pop(tenant_id, None):
                await self._one(tenant_id, hits)
        finally:
            del self._writing[tenant_id]

    async def _one(self, tenant_id: str, hits: Counter[str]) -> None:
        # In id order: two such writes (two API processes) lock their nodes in one order.
        rows = [{"id": mid, "n": n} for mid, n in sorted(hits.items())]
        try:
            await self.store.write_rows(
                "recall/reinforce", tenant_id=tenant_id, hits=rows, now=utcnow()
            )
        except Exception:
            log.warning("reinforcement of %d memories failed", len(rows), exc_info=True)

    async def drain(self) -> None:
        """Wait for the reinforcements still under way (tests, shutdown)."""
        while self._writing:
            await asyncio.gather(*list(self._writing.values()), return_exceptions=True)
