"""The benchmark's state (one tenant growing through the sizes) and its ingest steps:
batch ingest against raw embedding, write-only ingest, single remember."""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from common import purge_tenant
from corpus import Corpus, CorpusItem

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.memory.service import MemoryService

from .base import log, pct
from .meters import Meter, PrecomputedEmbedder, TimedEmbedder, query_delta, query_snapshot


@dataclass
class BenchState:
    """One tenant growing through the sizes, and what the write-only step reuses."""

    args: argparse.Namespace
    services: Services
    embedder: TimedEmbedder
    writes: Meter
    driver: Any
    corpus: Corpus
    tenant: str
    next_index: int = 0
    count: int = 0
    kept_vectors: dict[str, list[float]] = field(default_factory=dict)
    kept_items: list[CorpusItem] = field(default_factory=list)

    @property
    def database(self) -> str:
        return self.services.settings.neo4j_database


class Ingest(BenchState):
    """The ingest steps."""

    # -- ingest ---------------------------------------------------------------------

    async def grow_to(self, size: int) -> dict[str, Any]:
        """Ingest corpus items until the tenant holds ``size`` memories."""
        batch = self.args.batch
        raw_s = ingest_s = embed_busy = write_busy = 0.0
        items_done = 0
        batches: list[dict[str, Any]] = []
        keep_from = size - self.args.write_only_n
        self.kept_vectors, self.kept_items = {}, []
        start_count = self.count
        queries_before = query_snapshot()
        loads: list[float] = []
        log(f"ingest {start_count} -> {size}")
        while self.count < size:
            n = min(batch, size - self.count)
            items = self.corpus.items(self.next_index, self.next_index + n)
            texts = [it.content for it in items]
            memories = [MemoryIn(**it.as_memory_in()) for it in items]

            t0 = time.perf_counter()
            vectors = await self.embedder.inner.embed(texts)
            t_raw = time.perf_counter() - t0

            e0, w0 = self.embedder.meter.busy, self.writes.busy
            t0 = time.perf_counter()
            ids = await self.services.memory.remember_batch(self.tenant, memories)
            # The batch's contradiction checks run after its answer: timed here until
            # they are done, or they would run during the next raw embedding, slowing
            # it and leaving their own cost out of ingest's time.
            if not await self.services.contradict.drain(600):
                raise RuntimeError("the batch's contradiction checks took over 600 s")
            t_ingest = time.perf_counter() - t0
            e_busy, w_busy = self.embedder.meter.busy - e0, self.writes.busy - w0
            assert len(ids) == n

            if self.count + n > keep_from:  # vectors for the write-only measurement
                self.kept_items += items
                self.kept_vectors.update(zip(texts, vectors, strict=True))
            self.next_index += n
            self.count += n
            items_done += n
            raw_s += t_raw
            ingest_s += t_ingest
            embed_busy += e_busy
            write_busy += w_busy
            batches.append(
                {
                    "n": n,
                    "raw_embed_s": round(t_raw, 3),
                    "ingest_s": round(t_ingest, 3),
                    "ingest_embed_busy_s": round(e_busy, 3),
                    "ingest_write_busy_s": round(w_busy, 3),
                    "loadavg_1m": round(os.getloadavg()[0], 2),
                }
            )
            loads.append(os.getloadavg()[0])
            log(
                f"  {self.count:>7}/{size}  raw {n / t_raw:6.0f}/s  ingest {n / t_ingest:6.0f}/s"
                f"  (embed {e_busy:5.2f}s, write {w_busy:5.2f}s, wall {t_ingest:5.2f}s)"
            )
        if not items_done:
            return {"items": 0}
        raw_tps = items_done / raw_s
        ingest_tps = items_done / ingest_s
        return {
            "from": start_count,
            "to": size,
            "items": items_done,
            "batch": batch,
            "raw_embed_s": round(raw_s, 2),
            "raw_embed_texts_per_s": round(raw_tps, 1),
            "ingest_s": round(ingest_s, 2),
            "ingest_texts_per_s": round(ingest_tps, 1),
            "ingest_pct_of_raw": round(100 * ingest_tps / raw_tps, 1),
            "ingest_embed_busy_s": round(embed_busy, 2),
            "ingest_write_busy_s": round(write_busy, 2),
            "embed_share_of_ingest_wall": round(embed_busy / ingest_s, 3),
            "write_share_of_ingest_wall": round(write_busy / ingest_s, 3),
            "write_tx_query_s": query_delta(queries_before),
            "loadavg_1m_mean": round(float(np.mean(loads)), 2),
            "batches": batches,
        }

    async def write_only(self) -> dict[str, Any]:
        """remember_batch with vectors already known, into a side tenant deleted at once."""
        items = self.kept_items
        if not items:
            return {"items": 0}
        side = f"{self.tenant}-writeonly"
        pre = PrecomputedEmbedder(self.embedder.dimension, self.embedder.model_name,
                                  self.kept_vectors)  # fmt: skip
        service = MemoryService(self.services.store, pre, self.services.settings.memory)
        total = 0.0
        queries_before = query_snapshot()
        try:
            for i in range(0, len(items), self.args.batch):
                chunk = items[i : i + self.args.batch]
                memories = [MemoryIn(**it.as_memory_in()) for it in chunk]
                t0 = time.perf_counter()
                await service.remember_batch(side, memories)
                total += time.perf_counter() - t0
        finally:
            await purge_tenant(self.services, side)
        tps = len(items) / total
        log(f"  write-only: {len(items)} memories in {total:.2f}s = {tps:.0f}/s")
        return {
            "tenant": "side tenant (same texts and vectors as the last ingested batches)",
            "items": len(items),
            "seconds": round(total, 2),
            "texts_per_s": round(tps, 1),
            "write_tx_query_s": query_delta(queries_before),
        }

    # -- single remember --------------------------------------------------------------

    async def single_remember(self) -> dict[str, Any]:
        n, warm = self.args.single, self.args.single_warmup
        items = self.corpus.items(self.next_index, self.next_index + n + warm)
        self.next_index += len(items)
        times, embed, write = [], [], []
        per_query: dict[str, list[float]] = {}
        for j, it in enumerate(items):
            mem = MemoryIn(**it.as_memory_in())
            e0, w0 = self.embedder.meter.busy, self.writes.busy
            q0 = query_snapshot()
            t0 = time.perf_counter()
            await self.services.memory.remember(self.tenant, mem)
            dt = time.perf_counter() - t0
            if j >= warm:
                for name, secs in query_delta(q0).items():
                    per_query.setdefault(name, []).append(secs)
                times.append(dt)
                embed.append(self.embedder.meter.busy - e0)
                write.append(self.writes.busy - w0)
        self.count += len(items)
        out: dict[str, Any] = dict(pct(times))
        out["warmup"] = warm
        out["embed"] = pct(embed)
        out["write_tx"] = pct(write)
        out["write_tx_queries"] = {name: pct(v) for name, v in per_query.items()}
        return out
