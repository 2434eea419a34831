"""Ingest and recall benchmark for hebbs-graph, in-process through the service layer.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 \\
        .venv/bin/python scripts/bench/ingest_recall.py --sizes 10000,100000 \\
        --out docs/bench/ingest_recall.json

One tenant (``bench-<timestamp>``) grows through the sizes. For each size it measures

1. raw embedding throughput (``embedder.embed`` on each batch of 1000 texts) and batch
   ingest throughput (``MemoryService.remember_batch`` on the same batch), interleaved
   batch by batch so background load on a shared machine hits both alike; ingest is
   reported as a percentage of raw embedding throughput. Time spent inside the embedder
   and inside Neo4j write transactions during ingest is recorded too (they overlap:
   remember_batch embeds the next chunk while the current one is written);
2. write-only ingest: remember_batch with vectors already computed (a side tenant,
   deleted at once), i.e. what Neo4j alone sustains;
3. recall latency end to end (``RecallService.recall``, cue embedding included,
   ``reinforce=False``) for similarity, hybrid and temporal, tenant-wide and
   entity-scoped, queries interleaved across the six cells, after warm-up;
4. a breakdown of recall into its parts (cue embedding, each Cypher query with the
   server's own timing, Python shaping);
5. single ``remember`` latency.

It prints markdown tables, writes JSON (and the same tables as ``.md`` beside it), and
deletes its tenant at the end unless ``--keep``. Neo4j must be on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np
from corpus import Corpus, CorpusItem, Cue
from neo4j import AsyncGraphDatabase

from hebbs_graph.graph.store import Tx
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn, Strategy, StrategySpec
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.services.lucene import fulltext_query
from hebbs_graph.services.memory import WRITE_CHUNK, MemoryService
from hebbs_graph.services.recall import Scope
from hebbs_graph.services.records import to_memory
from hebbs_graph.settings import Settings

STRATEGIES = [Strategy.SIMILARITY, Strategy.HYBRID, Strategy.TEMPORAL]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
CLEANUP_LIMIT = 5000
STARTED = time.perf_counter()
RETURN_FULL = "RETURN m {.*, embedding: null} AS memory"
# The exact answer a similarity recall of a tenant is checked against, and what it costs.
EXACT_TENANT = (
    "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id AND m.embedding IS NOT NULL "
    "WITH m, vector.similarity.cosine(m.embedding, $vector) AS score "
    "ORDER BY score DESC LIMIT 10 RETURN m.id AS id, score"
)
RETURN_SHAPES = {
    "ids only": "RETURN m.id AS id",
    "datetimes as epochMillis": (
        "RETURN m {.*, embedding: null, occurred_at: m.occurred_at.epochMillis, "
        "created_at: m.created_at.epochMillis, updated_at: m.updated_at.epochMillis, "
        "last_accessed_at: m.last_accessed_at.epochMillis} AS memory"
    ),
}


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


def pct(values: list[float]) -> dict[str, float | int]:
    """p50 / p95 / mean / min / max in milliseconds of a list of seconds."""
    if not values:
        return {"n": 0}
    ms = np.asarray(values) * 1000
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    return {
        "n": len(values),
        "p50_ms": round(float(p50), 2),
        "p95_ms": round(float(p95), 2),
        "p99_ms": round(float(p99), 2),
        "mean_ms": round(float(ms.mean()), 2),
        "min_ms": round(float(ms.min()), 2),
        "max_ms": round(float(ms.max()), 2),
    }


# -- instrumentation (wrappers around the real objects; production code is untouched) ----


@dataclass
class Meter:
    """Accumulated seconds and calls of one instrumented operation."""

    busy: float = 0.0
    calls: int = 0
    items: int = 0

    def snapshot(self) -> tuple[float, int, int]:
        return self.busy, self.calls, self.items


class TimedEmbedder:
    """The real embedder, with the time spent in ``embed`` recorded."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.meter = Meter()

    @property
    def dimension(self) -> int:
        return int(self.inner.dimension)

    @property
    def model_name(self) -> str:
        return str(self.inner.model_name)

    async def embed(self, texts: list[str]) -> list[list[float]]:
        started = time.perf_counter()
        try:
            return await self.inner.embed(texts)  # type: ignore[no-any-return]
        finally:
            self.meter.busy += time.perf_counter() - started
            self.meter.calls += 1
            self.meter.items += len(texts)


class PrecomputedEmbedder:
    """Hands back vectors computed earlier: remember_batch then measures Neo4j alone."""

    def __init__(self, dimension: int, model_name: str, table: dict[str, list[float]]) -> None:
        self.dimension = dimension
        self.model_name = model_name
        self.table = table

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return [self.table[t] for t in texts]


QUERY_METERS: dict[str, Meter] = {}


def instrument_queries() -> None:
    """Record client-side time per named query (Tx.rows: run + fetch + decode)."""
    original = Tx.rows

    async def rows(self: Tx, name: str, **params: Any) -> list[dict[str, Any]]:
        started = time.perf_counter()
        try:
            return await original(self, name, **params)
        finally:
            meter = QUERY_METERS.setdefault(name, Meter())
            meter.busy += time.perf_counter() - started
            meter.calls += 1

    Tx.rows = rows  # type: ignore[method-assign]


def query_snapshot() -> dict[str, float]:
    return {name: m.busy for name, m in QUERY_METERS.items()}


def query_delta(before: dict[str, float], prefix: str = "memory/") -> dict[str, float]:
    """Seconds per named query since ``before`` (only names starting with ``prefix``)."""
    now = query_snapshot()
    return {
        name: round(busy - before.get(name, 0.0), 3)
        for name, busy in sorted(now.items())
        if name.startswith(prefix) and busy - before.get(name, 0.0) > 0
    }


def instrument_writes(services: Services) -> Meter:
    """Record the time spent in GraphStore.write (every write transaction)."""
    meter = Meter()
    store = services.store
    original = store.write

    async def timed_write(work: Callable[[Any], Awaitable[Any]]) -> Any:
        started = time.perf_counter()
        try:
            return await original(work)
        finally:
            meter.busy += time.perf_counter() - started
            meter.calls += 1

    store.write = timed_write  # type: ignore[method-assign]
    return meter


# -- machine / server info -----------------------------------------------------------------


def machine_info() -> dict[str, Any]:
    info: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "cpu_affinity": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "loadavg_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu_model"] = line.split(":", 1)[1].strip()
                break
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["mem_total_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
    versions = {}
    for mod in ("torch", "sentence_transformers", "transformers", "neo4j", "numpy", "pydantic"):
        with contextlib.suppress(Exception):
            versions[mod] = __import__(mod).__version__
    info["versions"] = versions
    with contextlib.suppress(Exception):
        import torch

        info["torch_threads"] = torch.get_num_threads()
    with contextlib.suppress(Exception):
        info["git_head"] = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    return info


async def server_info(driver: Any, database: str) -> dict[str, Any]:
    info: dict[str, Any] = {}
    rows = await driver.execute_query("CALL dbms.components()", database_=database)
    for rec in rows.records:
        info["name"], info["version"], info["edition"] = (
            rec["name"],
            rec["versions"][0],
            rec["edition"],
        )
    with contextlib.suppress(Exception):
        names = [
            "server.memory.heap.max_size",
            "server.memory.pagecache.size",
            "db.tx_log.rotation.retention_policy",
        ]
        cfg = await driver.execute_query(
            "CALL dbms.listConfig() YIELD name, value WHERE name IN $names RETURN name, value",
            names=names,
            database_=database,
        )
        info["config"] = {r["name"]: r["value"] for r in cfg.records}
    return info


def settings_used(settings: Settings) -> dict[str, Any]:
    data = settings.model_dump(mode="json")
    for secret in ("neo4j_password", "api_keys", "data_dir", "cache_dir"):
        data.pop(secret, None)
    data["effective_neo4j_uri"] = settings.effective_neo4j_uri
    data["write_chunk"] = WRITE_CHUNK
    return data


# -- the benchmark ------------------------------------------------------------------------


@dataclass
class Bench:
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
        service = MemoryService(self.services.store, pre, self.services.settings)
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
            await delete_tenant(self.driver, self.database, side)
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
        out = pct(times)
        out["warmup"] = warm
        out["embed"] = pct(embed)
        out["write_tx"] = pct(write)
        out["write_tx_queries"] = {name: pct(v) for name, v in per_query.items()}
        return out

    # -- recall -----------------------------------------------------------------------

    def request(self, strategy: Strategy, cue: Cue, *, top_k: int = 10) -> RecallIn:
        text = None if strategy == Strategy.TEMPORAL else cue.text
        return RecallIn(
            cue=text,
            entity_id=cue.entity_id,
            strategies=[StrategySpec(strategy=strategy)],
            top_k=top_k,
            reinforce=False,
        )

    async def recall_cells(self) -> list[dict[str, Any]]:
        n, warm = self.args.queries, self.args.warmup
        cells = [(s, scoped) for s in STRATEGIES for scoped in (False, True)]
        cues = {
            cell: self.corpus.cues(n + warm, seed=cell[0].value, entity_scoped=cell[1])
            for cell in cells
        }
        wall: dict[Any, list[float]] = {c: [] for c in cells}
        took: dict[Any, list[float]] = {c: [] for c in cells}
        hits: dict[Any, list[int]] = {c: [] for c in cells}
        log(f"recall at {self.count}: {len(cells)} cells x ({warm} warm-up + {n}), interleaved")
        for j in range(n + warm):
            for cell in cells:  # interleaved, so background load spreads over all cells
                req = self.request(cell[0], cues[cell][j])
                t0 = time.perf_counter()
                out = await self.services.recall.recall(self.tenant, req)
                dt = time.perf_counter() - t0
                if j >= warm:
                    wall[cell].append(dt)
                    took[cell].append(out.took_ms / 1000)
                    hits[cell].append(len(out.results))
        load = round(os.getloadavg()[0], 2)
        rows = []
        for cell in cells:
            stats = pct(wall[cell])
            rows.append(
                {
                    "size": self.count,
                    "strategy": cell[0].value,
                    "scope": "entity" if cell[1] else "tenant",
                    "warmup": warm,
                    **stats,
                    "took_ms_p50": pct(took[cell]).get("p50_ms"),
                    "mean_results": round(float(np.mean(hits[cell])), 2),
                    "loadavg_1m_at_end": load,
                }
            )
        return rows

    # -- recall breakdown -------------------------------------------------------------

    async def timed_query(
        self, name: str, params: dict[str, Any], text: str | None = None
    ) -> tuple[float, float, int]:
        """(client seconds, server seconds, rows) of one named query in a read transaction.

        ``text`` replaces the registered statement (the return-shape experiments)."""
        text = text or self.services.store.queries[name]

        async def work(tx: Any) -> tuple[list[dict[str, Any]], Any]:
            result = await tx.run(text, params)
            rows = await result.data()
            return rows, await result.consume()

        t0 = time.perf_counter()
        async with self.driver.session(database=self.database) as session:
            rows, summary = await session.execute_read(work)
        client = time.perf_counter() - t0
        server = (
            (summary.result_available_after or 0) + (summary.result_consumed_after or 0)
        ) / 1000
        return client, server, len(rows)

    async def breakdown(self) -> dict[str, Any]:
        """Where a recall's time goes: each part measured alone, same cues as recall."""
        n, warm = self.args.profile_queries, 10
        settings = self.services.settings
        inner = self.embedder.inner
        parts: dict[str, list[float]] = {}
        server: dict[str, list[float]] = {}
        rows_seen: dict[str, list[int]] = {}
        cap = settings.fulltext_term_hits * 10 + 1  # what hybrid counts for its idf
        k_sim = 10
        n_hyb = max(10, settings.hybrid_candidates)

        def add(
            key: str, seconds: float, srv: float | None = None, rows: int | None = None
        ) -> None:
            parts.setdefault(key, []).append(seconds)
            if srv is not None:
                server.setdefault(key, []).append(srv)
            if rows is not None:
                rows_seen.setdefault(key, []).append(rows)

        log(f"recall breakdown at {self.count}: {n} cues per part")
        for scoped in (False, True):
            cues = self.corpus.cues(n + warm, seed="profile", entity_scoped=scoped)
            kind = "entity" if scoped else "tenant"
            for j, cue in enumerate(cues):
                keep = j >= warm
                scope = Scope(self.tenant, cue.entity_id, False, False)
                sp = scope.params()

                def rec(key: str, *vals: Any, keep: bool = keep) -> None:
                    if keep:
                        add(key, *vals)

                t0 = time.perf_counter()
                vector = (await self.embedder.embed([cue.text]))[0]
                rec(f"{kind}: cue embedding (embed, via thread)", time.perf_counter() - t0)
                t0 = time.perf_counter()
                inner.embed_sync([cue.text])
                rec(f"{kind}: cue embedding (embed_sync, direct)", time.perf_counter() - t0)

                c, s, r = await self.timed_query("recall/scope_size_" + kind, {"cap": cap, **sp})
                rec(f"{kind}: scope_size_{kind} (cap {cap})", c, s, r)
                for k in (k_sim, n_hyb):  # filtered inside the vector index
                    c, s, r = await self.timed_query(
                        f"recall/similarity_{kind}", {**sp, "vector": vector, "k": k}
                    )
                    rec(f"{kind}: similarity_{kind} k={k}", c, s, r)
                if not scoped and self.count <= self.args.exact_tenant_max:
                    c, s, r = await self.timed_query("", {**sp, "vector": vector}, EXACT_TENANT)
                    rec(f"{kind}: exact cosine scan of the tenant, top 10", c, s, r)
                query = fulltext_query(cue.text, self.tenant, cue.entity_id)
                ft = {**sp, "query": query, "fetch": n_hyb * 2, "k": n_hyb}
                c, s, r = await self.timed_query("recall/fulltext", ft)
                rec(f"{kind}: fulltext k={n_hyb} fetch={n_hyb * 2}", c, s, r)
                if not scoped:  # same queries, other return shapes: what decoding costs
                    ann = {**sp, "vector": vector, "k": n_hyb}
                    for label, shape in RETURN_SHAPES.items():
                        for name, params in (("similarity_tenant", ann), ("fulltext", ft)):
                            text = self.services.store.queries["recall/" + name]
                            if RETURN_FULL not in text:
                                continue
                            c, s, r = await self.timed_query(
                                "", params, text.replace(RETURN_FULL, shape)
                            )
                            rec(f"{kind}: {name} k={n_hyb}, returning {label}", c, s, r)
                c, s, r = await self.timed_query(
                    f"recall/temporal_{kind}_newest",
                    {**sp, "k": 10, "start": datetime(1, 1, 1, tzinfo=UTC),
                     "end": datetime(9999, 12, 31, tzinfo=UTC)},
                )  # fmt: skip
                rec(f"{kind}: temporal_{kind}_newest k=10", c, s, r)

                # The service's own strategy methods (queries + Python shaping, no embedding).
                t0 = time.perf_counter()
                sim = await self.services.recall.similarity(scope, vector, k_sim)
                rec(f"{kind}: RecallService.similarity k={k_sim}", time.perf_counter() - t0)
                t0 = time.perf_counter()
                await self.services.recall.hybrid(scope, cue.text, vector, k_sim)
                rec(f"{kind}: RecallService.hybrid k={k_sim}", time.perf_counter() - t0)
                ids = [m.id for m, _ in sim]
                c, s, r = await self.timed_query(
                    "recall/conflicts", {"tenant_id": self.tenant, "ids": ids}
                )
                rec(f"{kind}: conflicts (ids of the similarity top {k_sim})", c, s, r)
                t0 = time.perf_counter()
                async with self.driver.session(database=self.database) as session:
                    await session.execute_read(lambda tx: _return_one(tx))
                rec(f"{kind}: empty read transaction (RETURN 1)", time.perf_counter() - t0)

        # Python shaping alone: to_memory on 50 stored rows.
        sample = await self.timed_rows("recall/temporal_tenant_newest", n_hyb)
        for _ in range(n):
            t0 = time.perf_counter()
            for row in sample:
                to_memory(row["memory"])
            add(f"python: to_memory x{len(sample)}", time.perf_counter() - t0)

        # Cue embedding with torch on one thread (the default uses every core).
        with contextlib.suppress(ImportError):
            import torch

            threads = torch.get_num_threads()
            cues = self.corpus.cues(n + warm, seed="profile")
            try:
                torch.set_num_threads(1)
                for j, cue in enumerate(cues):
                    t0 = time.perf_counter()
                    inner.embed_sync([cue.text])
                    if j >= warm:
                        add("cue embedding (embed_sync, torch 1 thread)", time.perf_counter() - t0)
            finally:
                torch.set_num_threads(threads)

        out = {}
        for key, values in parts.items():
            entry = pct(values)
            if key in server:
                entry["server_p50_ms"] = pct(server[key])["p50_ms"]
            if key in rows_seen:
                entry["mean_rows"] = round(float(np.mean(rows_seen[key])), 1)
            out[key] = entry
        return out

    async def timed_rows(self, name: str, k: int) -> list[dict[str, Any]]:
        return await self.services.store.read_rows(
            name,
            k=k,
            start=datetime(1, 1, 1, tzinfo=UTC),
            end=datetime(9999, 12, 31, tzinfo=UTC),
            **Scope(self.tenant, None, False, False).params(),
        )

    async def entity_sizes(self) -> dict[str, Any]:
        res = await self.driver.execute_query(
            "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.entity_id IS NOT NULL "
            "WITH m.entity_id AS e, count(*) AS n RETURN collect(n) AS sizes",
            t=self.tenant,
            database_=self.database,
            routing_="r",
        )
        sizes = sorted(res.records[0]["sizes"]) or [0]
        total = await self.driver.execute_query(
            "MATCH (m:Memory) RETURN count(m) AS n", database_=self.database, routing_="r"
        )
        return {
            "memories_in_database": total.records[0]["n"],
            "entities": len(sizes),
            "min": sizes[0],
            "median": sizes[len(sizes) // 2],
            "max": sizes[-1],
        }


async def _return_one(tx: Any) -> None:
    result = await tx.run("RETURN 1 AS one")
    await result.consume()


async def delete_tenant(driver: Any, database: str, tenant: str) -> int:
    """Batched deletes of a tenant's Memory, Tombstone and Entity nodes."""
    deleted = 0
    for label in ("Memory", "Tombstone", "Entity"):
        statement = (
            f"MATCH (n:{label}) WHERE n.tenant_id = $t "
            f"WITH n LIMIT {CLEANUP_LIMIT} DETACH DELETE n RETURN count(*) AS deleted"
        )
        while True:
            res = await driver.execute_query(statement, t=tenant, database_=database)
            n = res.records[0]["deleted"]
            deleted += n
            if n == 0:
                break
    return deleted


# -- report ---------------------------------------------------------------------------------


def report(result: dict[str, Any]) -> str:
    lines = [
        "# hebbs-graph ingest / recall benchmark",
        "",
        f"- {result['note']}",
        f"- started {result['started_at']}, took {result['duration_s']:.0f} s; "
        f"Neo4j {result['neo4j'].get('version')} ({result['neo4j'].get('edition')}), "
        f"python {result['machine']['python']}, {result['machine']['cpu_count']} CPUs, "
        f"load average at start {result['machine']['loadavg_at_start']}, "
        f"at end {result['machine'].get('loadavg_at_end')}",
        f"- model {result['settings']['embedding_model']} (dim {result['embedding_dimension']}), "
        f"embedding_batch_size {result['settings']['embedding_batch_size']}, "
        f"ingest batches of {result['args']['batch']}, write chunk {WRITE_CHUNK}",
        "",
        "## Ingest",
        "",
        "| memories | items | raw embed texts/s | ingest texts/s | ingest % of raw "
        "| embed busy s | write-tx busy s | ingest wall s | write-only texts/s | load 1m |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        ing = step["ingest"]
        if not ing.get("items"):
            continue
        wo = step.get("write_only", {}).get("texts_per_s", "-")
        lines.append(
            f"| {ing['from']:,} → {ing['to']:,} | {ing['items']:,} | {ing['raw_embed_texts_per_s']}"
            f" | {ing['ingest_texts_per_s']} | {ing['ingest_pct_of_raw']}%"
            f" | {ing['ingest_embed_busy_s']} | {ing['ingest_write_busy_s']} | {ing['ingest_s']}"
            f" | {wo} | {ing['loadavg_1m_mean']} |"
        )
    tot = result.get("ingest_total")
    if tot:
        lines.append(
            f"| **all** | {tot['items']:,} | {tot['raw_embed_texts_per_s']} | "
            f"{tot['ingest_texts_per_s']} | **{tot['ingest_pct_of_raw']}%** | "
            f"{tot['ingest_embed_busy_s']} | {tot['ingest_write_busy_s']} | {tot['ingest_s']} | | |"
        )
    lines += [
        "",
        "Inside the write transactions of ingest (client-side seconds per query, "
        "run + fetch + decode; per 1,000 memories):",
        "",
        "| memories | query | seconds | s per 1,000 |",
        "|---|---|---|---|",
    ]
    for step in result["steps"]:
        for label, part in (("ingest", step["ingest"]), ("write-only", step.get("write_only"))):
            if not part or not part.get("items"):
                continue
            where = f"{part['from']:,} → {part['to']:,}" if label == "ingest" else "write-only"
            for name, secs in part["write_tx_query_s"].items():
                lines.append(
                    f"| {where} | {name} | {secs} | {round(1000 * secs / part['items'], 2)} |"
                )
    lines += [
        "",
        "## Recall latency (end to end: RecallService.recall incl. cue embedding; "
        "reinforce=False; top_k 10)",
        "",
        "| memories | strategy | scope | p50 ms | p95 ms | p99 ms | mean ms | n | results |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        for r in step["recall"]:
            lines.append(
                f"| {r['size']:,} | {r['strategy']} | {r['scope']} | {r['p50_ms']} | {r['p95_ms']}"
                f" | {r['p99_ms']} | {r['mean_ms']} | {r['n']} | {r['mean_results']} |"
            )
    lines.append("")
    for step in result["steps"]:
        es = step.get("entity_sizes") or {}
        if es:
            lines.append(
                f"- at {step['size']:,}: {es['entities']} entities hold min {es['min']} / "
                f"median {es['median']} / max {es['max']} memories; the database held "
                f"{es['memories_in_database']:,} memories in all (every tenant shares one "
                "vector index and one fulltext index)"
            )
    lines += [
        "",
        "## Single remember latency",
        "",
        "| memories | p50 ms | p95 ms | mean ms | embed p50 ms | write tx p50 ms "
        "| queries in the tx, p50 ms | n |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        s = step["remember_single"]
        queries = ", ".join(
            f"{name.split('/')[-1]} {v['p50_ms']}" for name, v in s["write_tx_queries"].items()
        )
        lines.append(
            f"| {step['size']:,} | {s['p50_ms']} | {s['p95_ms']} | {s['mean_ms']} | "
            f"{s['embed']['p50_ms']} | {s['write_tx']['p50_ms']} | {queries} | {s['n']} |"
        )
    for step in result["steps"]:
        if not step.get("breakdown"):
            continue
        lines += [
            "",
            f"## Recall breakdown at {step['size']:,} memories (each part alone)",
            "",
            "| part | p50 ms | p95 ms | server p50 ms | rows |",
            "|---|---|---|---|---|",
        ]
        for key, v in step["breakdown"].items():
            lines.append(
                f"| {key} | {v['p50_ms']} | {v['p95_ms']} | {v.get('server_p50_ms', '')} "
                f"| {v.get('mean_rows', '')} |"
            )
    return "\n".join(lines) + "\n"


# -- main ---------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    host = urlparse(settings.effective_neo4j_uri).hostname
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to benchmark against {host}: Neo4j must be on 127.0.0.1")
    started_at = datetime.now(UTC)
    tenant = args.tenant or f"bench-{started_at.strftime('%Y%m%dT%H%M%S')}"
    machine = machine_info()
    n_cpu = machine["cpu_count"]
    note = (
        f"Figures are from a shared {n_cpu}-core box without GPU: other people run tests on "
        "the same machine concurrently, and Neo4j, the embedding model and this script share "
        "those cores. Treat them as indicative; compare runs on the same machine."
    )
    log(note)

    t0 = time.perf_counter()
    base = await asyncio.to_thread(load_embedder, settings)
    load_s = time.perf_counter() - t0
    embedder = TimedEmbedder(base)
    await base.embed(["warm-up"] * 64)
    services = await open_services(settings, embedder=embedder)
    writes = instrument_writes(services)
    instrument_queries()
    driver = AsyncGraphDatabase.driver(
        settings.effective_neo4j_uri,
        auth=(settings.neo4j_user, settings.neo4j_password),
        notifications_min_severity="OFF",
    )
    anchor = started_at.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    corpus = Corpus(seed=args.seed, n_entities=args.entities, anchor=anchor)
    bench = Bench(args, services, embedder, writes, driver, corpus, tenant)
    result: dict[str, Any] = {
        "benchmark": "ingest_recall",
        "note": note,
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "started_at": started_at.isoformat(timespec="seconds"),
        "tenant": tenant,
        "machine": machine,
        "neo4j": await server_info(driver, settings.neo4j_database),
        "settings": settings_used(settings),
        "embedding_dimension": embedder.dimension,
        "embedding_model_load_s": round(load_s, 2),
        "corpus": corpus.describe(),
        "steps": [],
    }
    log(f"tenant {tenant}; Neo4j {result['neo4j'].get('version')}")
    try:
        for size in args.sizes:
            step: dict[str, Any] = {"size": size}
            step["ingest"] = await bench.grow_to(size)
            step["write_only"] = await bench.write_only()
            step["entity_sizes"] = await bench.entity_sizes()
            step["recall"] = await bench.recall_cells()
            if not args.no_breakdown:
                step["breakdown"] = await bench.breakdown()
            log(f"single remember x{args.single} at {bench.count}")
            step["remember_single"] = await bench.single_remember()
            result["steps"].append(step)
        segs = [s["ingest"] for s in result["steps"] if s["ingest"].get("items")]
        items = sum(s["items"] for s in segs)
        raw_s = sum(s["raw_embed_s"] for s in segs)
        ing_s = sum(s["ingest_s"] for s in segs)
        result["ingest_total"] = {
            "items": items,
            "raw_embed_s": round(raw_s, 1),
            "raw_embed_texts_per_s": round(items / raw_s, 1),
            "ingest_s": round(ing_s, 1),
            "ingest_texts_per_s": round(items / ing_s, 1),
            "ingest_pct_of_raw": round(100 * raw_s / ing_s, 1),
            "ingest_embed_busy_s": round(sum(s["ingest_embed_busy_s"] for s in segs), 1),
            "ingest_write_busy_s": round(sum(s["ingest_write_busy_s"] for s in segs), 1),
        }
    finally:
        if args.keep:
            log(f"--keep: tenant {tenant} left in place")
            result["cleanup"] = {"kept": True}
        else:
            t0 = time.perf_counter()
            deleted = await delete_tenant(driver, settings.neo4j_database, tenant)
            result["cleanup"] = {
                "deleted_nodes": deleted,
                "seconds": round(time.perf_counter() - t0, 1),
            }
            log(f"deleted {deleted} nodes of {tenant}")
        await driver.close()
        await services.close()
    result["machine"]["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    result["duration_s"] = round(time.perf_counter() - STARTED, 1)
    return result


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--sizes",
        default="10000,100000",
        help="corpus sizes, ascending, comma-separated (one tenant grows through them)",
    )
    p.add_argument("--out", type=Path, default=Path("docs/bench/ingest_recall.json"))
    p.add_argument("--batch", type=int, default=1000, help="remember_batch / raw embed batch")
    p.add_argument("--queries", type=int, default=200, help="measured recalls per cell")
    p.add_argument("--warmup", type=int, default=20, help="warm-up recalls per cell")
    p.add_argument("--single", type=int, default=200, help="measured single remembers per size")
    p.add_argument("--single-warmup", type=int, default=10)
    p.add_argument("--profile-queries", type=int, default=100, help="cues per breakdown part")
    p.add_argument("--no-breakdown", action="store_true")
    p.add_argument(
        "--exact-tenant-max",
        type=int,
        default=100_000,
        help="time the exact tenant scan (the ANN fallback) up to this size",
    )
    p.add_argument(
        "--write-only-n",
        type=int,
        default=3000,
        help="memories re-ingested with precomputed vectors (side tenant)",
    )
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--entities", type=int, default=500)
    p.add_argument("--tenant", default=None, help="default bench-<UTC timestamp>")
    p.add_argument("--keep", action="store_true", help="do not delete the tenant at the end")
    args = p.parse_args(argv)  # fmt: skip
    args.sizes = [int(s.replace("_", "")) for s in str(args.sizes).split(",") if s.strip()]
    if args.sizes != sorted(args.sizes) or args.sizes[0] <= 0:
        p.error("--sizes must be positive and ascending")
    for a, b in zip(args.sizes, args.sizes[1:], strict=False):
        if b < a + args.single + args.single_warmup:
            p.error("each size must exceed the previous one by more than the single remembers")
    args.write_only_n = min(args.write_only_n, args.sizes[0])
    return args


def main() -> None:
    args = parse_args()
    result = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, default=str) + "\n")
    text = report(result)
    args.out.with_suffix(".md").write_text(text)
    print(text)
    log(f"wrote {args.out} and {args.out.with_suffix('.md')}")


if __name__ == "__main__":
    main()
