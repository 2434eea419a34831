"""How many memories a scope holds, counted up to a cap and remembered for a while.

Recall asks this on every call (exact scan or vector index? how rare is a word in the
scope?), and counting even 5,000 index entries costs a few milliseconds and a round
trip. A scope's size moves slowly against those thresholds, and either answer gives a
correct recall (the exact scan always; the index path widens and falls back to the
exact scan when it comes up short), so a count a little old is good enough.
"""

from __future__ import annotations

import time
from collections import OrderedDict

from hebbs_graph.graph.store import GraphStore

TTL_S = 30.0
MAX_SCOPES = 10_000


class ScopeSizes:
    def __init__(self, store: GraphStore, *, ttl_s: float = TTL_S) -> None:
        self.store = store
        self.ttl_s = ttl_s
        self._seen: OrderedDict[tuple[str, str | None, int], tuple[float, int]] = OrderedDict()

    def known(self, tenant_id: str, entity_id: str | None, cap: int) -> int | None:
        """The scope's size if counted lately, else None (a query that needs it may count
        it itself, in its own round trip, and ``remember`` what it found)."""
        key = (tenant_id, entity_id, cap)
        hit = self._seen.get(key)
        if hit is None or time.monotonic() - hit[0] >= self.ttl_s:
            return None
        self._seen.move_to_end(key)
        return hit[1]

    def remember(self, tenant_id: str, entity_id: str | None, cap: int, size: int) -> None:
        self._seen[(tenant_id, entity_id, cap)] = (time.monotonic(), size)
        self._seen.move_to_end((tenant_id, entity_id, cap))
        while len(self._seen) > MAX_SCOPES:
            self._seen.popitem(last=False)

    async def count(self, tenant_id: str, entity_id: str | None, cap: int) -> int:
        """The scope's memories, counted no further than ``cap``."""
        hit = self.known(tenant_id, entity_id, cap)
        if hit is not None:
            return hit
        if entity_id is None:
            rows = await self.store.read_rows(
                "recall/scope_size_tenant", tenant_id=tenant_id, cap=cap
            )
        else:
            rows = await self.store.read_rows(
                "recall/scope_size_entity", tenant_id=tenant_id, entity_id=entity_id, cap=cap
            )
        size = int(rows[0]["size"]) if rows else 0
        self.remember(tenant_id, entity_id, cap, size)
        return size

    def forget(self, tenant_id: str) -> None:
        """Drop what is known of a tenant (after it was purged, say)."""
        for key in [k for k in self._seen if k[0] == tenant_id]:
            del self._seen[key]
