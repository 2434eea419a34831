"""Writing the shared-index build (the service's own queries, no model), counting and
purging it, and the synthetic embedder recall uses on it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import neo4j
import numpy as np
from common import purge_tenant
from embedders import text_seed

from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.store import Tx
from hebbs_graph.services.container import Services
from hebbs_graph.services.records import tenant_key
from hebbs_graph.timeutil import utcnow

from .base import CHUNK, DIM, SAFE_PREFIX, WRITE_ATTEMPTS, _unit, load, log
from .layout import Layout


class ClusterEmbedder:
    """Seeded synthetic vectors: a registered cue gets its cluster vector (its target's
    centroid + topic + noise); any other text a hash-seeded random unit vector."""

    dimension = DIM
    model_name = "synthetic-clusters"

    def __init__(self) -> None:
        self.cues: dict[str, list[float]] = {}

    async def embed(self, texts: list[str]) -> list[list[float]]:
        out = []
        for text in texts:
            if text in self.cues:
                out.append(self.cues[text])
            else:
                v = np.random.default_rng(text_seed(text)).standard_normal(DIM)
                out.append(_unit(v).tolist())
        return out


def count_tenants(driver: neo4j.Driver, tenants: list[str]) -> dict[str, int]:
    records, _, _ = driver.execute_query(
        # occurred_at IS NOT NULL (every memory has one) makes it an index seek, not a
        # label scan per tenant.
        "UNWIND $tenants AS t CALL (t) { MATCH (m:Memory) WHERE m.tenant_id = t "
        "AND m.occurred_at IS NOT NULL RETURN count(m) AS n } RETURN t, n",
        tenants=tenants,
    )
    return {r["t"]: r["n"] for r in records}


async def write_chunk(
    services: Services, groups: dict[str, list[dict[str, Any]]], timeline: bool
) -> dict[str, float]:
    """One transaction: memory/create per tenant, then memory/timeline_insert per tenant,
    with the parameters MemoryService._write_chunk passes (``mark`` empty, as
    ``write_mark`` gives it without listeners)."""
    now = utcnow()
    spent = {"create_s": 0.0, "timeline_s": 0.0}

    async def work(tx: Tx) -> None:
        spent["create_s"] = spent["timeline_s"] = 0.0  # a retried transaction starts over
        for tenant, rows in groups.items():
            t0 = time.perf_counter()
            await tx.rows(
                "memory/create", tenant_id=tenant, tenant_key=tenant_key(tenant), rows=rows,
                now=now, mark={},  # no write listener: no contradiction check waits
            )  # fmt: skip
            spent["create_s"] += time.perf_counter() - t0
        if not timeline:
            return
        for tenant, rows in groups.items():
            if any(r["entity_id"] for r in rows):
                t0 = time.perf_counter()
                await tx.rows(
                    "memory/timeline_insert", tenant_id=tenant, ids=[r["id"] for r in rows],
                    now=now,
                )  # fmt: skip
                spent["timeline_s"] += time.perf_counter() - t0

    await services.store.write(work)
    return spent


async def build(
    services: Services, driver: neo4j.Driver, layout: Layout, have: int, size: int,
    timeline: bool,
) -> dict[str, Any]:  # fmt: skip
    log(f"building {have:,} -> {size:,} memories (timeline: {timeline})")
    settings = services.settings
    t_start = time.perf_counter()
    totals = {"generate_wait_s": 0.0, "write_s": 0.0, "create_s": 0.0, "timeline_s": 0.0}
    chunks: list[dict[str, Any]] = []
    starts = list(range(have, size, CHUNK))

    def make(start: int) -> dict[str, list[dict[str, Any]]]:
        return layout.rows(start, min(start + CHUNK, size), settings)

    pending = asyncio.ensure_future(asyncio.to_thread(make, starts[0]))
    for n, start in enumerate(starts):
        t0 = time.perf_counter()
        groups = await pending
        totals["generate_wait_s"] += time.perf_counter() - t0
        if n + 1 < len(starts):  # the next chunk is generated while this one is written
            pending = asyncio.ensure_future(asyncio.to_thread(make, starts[n + 1]))
        retries = 0
        while True:  # a transaction is all or nothing: a failed chunk can be written again
            t0 = time.perf_counter()
            try:
                spent = await write_chunk(services, groups, timeline)
                break
            except GraphUnavailable as exc:
                retries += 1
                if retries >= WRITE_ATTEMPTS:
                    raise
                log(f"  chunk at {start:,} failed ({str(exc)[:160]}); again in {30 * retries} s")
                await asyncio.sleep(30 * retries)
        took = time.perf_counter() - t0
        totals["write_s"] += took
        totals["create_s"] += spent["create_s"]
        totals["timeline_s"] += spent["timeline_s"]
        done = min(start + CHUNK, size)
        elapsed = time.perf_counter() - t_start
        rate = (done - have) / elapsed
        chunks.append({"upto": done, "write_s": round(took, 2), "create_s": round(spent["create_s"], 2),
                       "timeline_s": round(spent["timeline_s"], 2), "load": load(),
                       **({"retries": retries} if retries else {})})  # fmt: skip
        totals["retries"] = totals.get("retries", 0) + retries
        if n % (20_000 // CHUNK) == 20_000 // CHUNK - 1 or done == size:
            eta = (size - done) / rate if rate else 0
            log(f"  {done:,}/{size:,}: {(done - start) / took:,.0f}/s this chunk "
                f"(create {spent['create_s']:.1f}s, timeline {spent['timeline_s']:.1f}s), "
                f"{rate:,.0f}/s overall, ETA {eta / 60:.1f} min, load {load()}")  # fmt: skip
    seconds = time.perf_counter() - t_start
    t0 = time.perf_counter()
    driver.execute_query("CALL db.awaitIndexes(3600)")
    await_s = time.perf_counter() - t0
    log(f"built {size - have:,} in {seconds:.0f}s ({(size - have) / seconds:,.0f}/s); "
        f"awaitIndexes {await_s:.1f}s")  # fmt: skip
    return {
        "from": have, "to": size, "seconds": round(seconds, 1),
        "memories_per_s": round((size - have) / seconds, 1),
        "await_indexes_s": round(await_s, 2),
        **{k: round(v, 1) for k, v in totals.items()},
        "timeline": timeline, "memories_per_transaction": CHUNK, "chunks": chunks,
    }  # fmt: skip


async def purge(services: Services, driver: neo4j.Driver, prefix: str) -> int:
    if not prefix.startswith(SAFE_PREFIX):
        raise SystemExit(f"refusing to purge tenants outside {SAFE_PREFIX}*")
    records, _, _ = driver.execute_query(
        "MATCH (m:Memory) WHERE m.tenant_id STARTS WITH $p RETURN DISTINCT m.tenant_id AS t "
        "UNION MATCH (e:Entity) WHERE e.tenant_id STARTS WITH $p RETURN DISTINCT e.tenant_id AS t",
        p=prefix,
    )
    deleted = 0
    for tenant in sorted(r["t"] for r in records):
        deleted += await purge_tenant(services, tenant)
        services.recall.sizes.forget(tenant)
    log(f"purged {deleted:,} nodes of {len(records)} tenants under {prefix}")
    return deleted
