"""The tenant vectors the detector's numpy path compares against, kept between writes.

Listing a whole tenant (every current memory with its stamp) costs about 2 s at 100,000
memories, a third of writing a batch of 1,000 there. So a tenant is listed in full only
when it is new to the cache, when what Neo4j reports does not add up, or when the last
listing is old enough that listing again costs at most 1/RELIST_FACTOR of the time since
(at least every RELIST_MIN_S). In between, each use asks Neo4j only what changed since
the last check (``contradict/tenant_changes``, about 0.05 s at 100,000): the tenant's
node count, the nodes created since, and the current stamp of each memory the ones not
seen at the last check name. Every create and revise is seen that way (a revision leaves
a snapshot node), and every delete changes the count. A supersession made by another
process changes neither; until the next full listing such a memory may still fill one of
a new memory's K neighbour places, though it is never raised as a candidate
(``contradict/pending_record_open`` and ``pairs_open`` check). This process's own
supersessions are applied at once (``superseded``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.services.contradict.vectors import (
    Changes,
    Kept,
    Listed,
    TenantVectors,
    VectorCache,
    assemble,
    missing,
    reconcile,
)
from hebbs_graph.timeutil import utcnow

# A node created this long before the last check began is still looked for: a write's
# created_at is taken before its transaction commits (and by its writer's clock).
MARGIN = timedelta(seconds=30)
RELIST_FACTOR = 100
RELIST_MIN_S = 10.0
VECTOR_PAGE = 2000


def _changes(row: dict[str, Any] | None) -> Changes:
    if row is None:
        return Changes(0, [])
    return Changes(
        int(row["total"]),
        list(row["created"]),
        [(r[0], (r[1], r[2]), bool(r[3])) for r in row["stamps"]],
    )


class KeptVectors:
    def __init__(self, store: GraphStore, kinds: list[str], max_rows: int) -> None:
        self.store = store
        self.kinds = kinds
        self.cache = VectorCache(max_rows)

    def held(self, tenant_id: str) -> int:
        return self.cache.held(tenant_id)

    def superseded(self, tenant_id: str, ids: list[str]) -> None:
        """Memories this process just superseded leave the tenant's current set."""
        kept = self.cache.get(tenant_id)
        if kept is None or not ids:
            return
        vectors = kept.vectors.replaced(ids, TenantVectors.empty())
        self.cache.put(tenant_id, dataclasses.replace(kept, vectors=vectors))

    async def current(self, tenant_id: str, held: Sequence[TenantVectors]) -> TenantVectors:
        """Every current memory of the tenant (id, stamp, content, vector), in id order,
        as Neo4j holds it now. ``held``: vectors the caller holds already."""
        kept = self.cache.get(tenant_id)
        if kept is None or self._listing_due(kept):
            return await self._list(tenant_id, held)
        began = utcnow()
        rows = await self.store.read_rows(
            "contradict/tenant_changes",
            tenant_id=tenant_id,
            since=kept.checked_at - MARGIN,
            kinds=self.kinds,
            known=list(kept.recent),
        )
        changes = _changes(rows[0] if rows else None)
        plan = reconcile(kept, changes)
        if plan is None:
            return await self._list(tenant_id, held)
        drop, changed = plan
        sources = [s for s in (kept.vectors, *held) if len(s)]
        need = missing(changed, sources)
        read = await self.store.read(lambda tx: self._read(tx, tenant_id, need)) if need else []
        vectors = await asyncio.to_thread(
            lambda: kept.vectors.replaced(drop, _assemble(changed, read, sources))
        )
        self.cache.put(
            tenant_id,
            dataclasses.replace(
                kept,
                vectors=vectors,
                total=changes.total,
                recent=frozenset(changes.created),
                checked_at=began,
            ),
        )
        return vectors

    def _listing_due(self, kept: Kept) -> bool:
        age = time.monotonic() - kept.listed_at
        return age >= max(RELIST_MIN_S, RELIST_FACTOR * kept.listing_s)

    async def _list(self, tenant_id: str, held: Sequence[TenantVectors]) -> TenantVectors:
        """Lists the tenant in full and reads the vectors no source holds at their stamp.
        The count and the created nodes are taken first: a node created after them is
        seen by the next check, whether or not the listing caught it."""
        started = time.monotonic()
        began = utcnow()
        old = self.cache.get(tenant_id)
        # The kept rows first: most listed memories are there.
        sources = [s for s in (old.vectors if old else None, *held) if s is not None and len(s)]

        async def work(tx: Tx) -> tuple[Changes, list[Listed], float, list[dict[str, Any]]]:
            counted = await tx.one(
                "contradict/tenant_changes",
                tenant_id=tenant_id,
                since=began - MARGIN,
                kinds=self.kinds,
                known=[],
            )
            rows = await tx.rows("contradict/tenant_stamps", tenant_id=tenant_id, kinds=self.kinds)
            listing = [(r[0], (r[1], r[2])) for r in (rows[0]["memories"] if rows else [])]
            listed = time.monotonic()
            read = await self._read(tx, tenant_id, missing(listing, sources))
            return _changes(counted), listing, listed, read

        changes, listing, listed, read = await self.store.read(work)
        vectors = await asyncio.to_thread(_assemble, listing, read, sources)
        self.cache.put(
            tenant_id,
            Kept(
                vectors=vectors,
                total=changes.total,
                recent=frozenset(changes.created),
                checked_at=began,
                listed_at=listed,
                listing_s=listed - started,  # the listing alone: a cold read happens once
            ),
        )
        return vectors

    @staticmethod
    async def _read(tx: Tx, tenant_id: str, ids: list[str]) -> list[dict[str, Any]]:
        read: list[dict[str, Any]] = []
        for start in range(0, len(ids), VECTOR_PAGE):
            page = await tx.rows(
                "contradict/vectors_by_id",
                tenant_id=tenant_id,
                ids=ids[start : start + VECTOR_PAGE],
            )
            read += page[0]["memories"] if page else []
        return read


def _assemble(
    listing: list[Listed], read: list[dict[str, Any]], sources: list[TenantVectors]
) -> TenantVectors:
    """The listed memories from what was read and the sources. A memory revised between
    listing and reading is taken at the stamp read (the newer)."""
    got = TenantVectors.of(
        [
            (r["id"], (r["version"], r["content_sha256"]), r["content"], r["embedding"])
            for r in read
        ],
        [r["entity_id"] for r in read],
    )
    restamped = dict(zip(got.ids, got.stamps, strict=True))
    return assemble([(mid, restamped.get(mid, stamp)) for mid, stamp in listing], [got, *sources])
