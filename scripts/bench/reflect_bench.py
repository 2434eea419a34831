"""Reflect benchmark: the agent route's prepare (no LLM) on N episodes of one entity.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 \\
        .venv/bin/python scripts/bench/reflect_bench.py --sizes 500 \\
        --out docs/bench/reflect.json

For each size, one entity of a fresh tenant (``bench-reflect-<timestamp>``) receives N
episodes from the synthetic corpus (scripts/bench/corpus.py; not timed). Then
``ReflectService.prepare`` runs ``--runs`` times after one warm-up: reading the episodes
after the cursor with their embeddings from Neo4j, clustering (a nearest-neighbour
graph, tied by time, partitioned for every k in 2..min(50, ⌈√N⌉), k by silhouette;
services/reflect/clustering.py), prompt building, and writing the session. prepare
never moves the cursor, so every run sees the same N episodes. The parts are timed
apart too: the Cypher read, the clustering (in-process, one thread), and the rest.

The target (issue 4): prepare on 500 episodes in under 2 s on the development machine.
Prints a markdown table, writes JSON, and deletes its tenant unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import numpy as np
from common import purge_tenant
from corpus import Corpus

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.reflect import ReflectPrepareIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.services.reflect.clustering import cluster_embeddings
from hebbs_graph.services.reflect.gathered import Episode
from hebbs_graph.settings import Settings

TARGET_S = 2.0
ENTITY = "bench:reflect"
STARTED = time.perf_counter()
START_LOAD = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


def stats(seconds: list[float]) -> dict[str, float]:
    ms = np.asarray(seconds) * 1000
    return {
        "n": len(seconds),
        "p50_ms": round(float(np.percentile(ms, 50)), 1),
        "min_ms": round(float(ms.min()), 1),
        "max_ms": round(float(ms.max()), 1),
        "mean_ms": round(float(ms.mean()), 1),
    }


async def ingest(services: Services, tenant: str, corpus: Corpus, n: int) -> float:
    started = time.perf_counter()
    for start in range(0, n, 500):
        batch = [
            MemoryIn(**{**item.as_memory_in(), "entity_id": ENTITY})
            for item in corpus.items(start, min(n, start + 500))
        ]
        await services.memory.remember_batch(tenant, batch)
    return time.perf_counter() - started


async def measure(services: Services, tenant: str, n: int, runs: int) -> dict[str, Any]:
    request = ReflectPrepareIn(entity_id=ENTITY, limit=max(10, n))
    reflect = services.reflect
    await reflect.prepare(tenant, request)  # warm-up: query plans, caches
    total, cpu, fetch, cluster = [], [], [], []
    last = None
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        last = await reflect.prepare(tenant, request)
        total.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        t0 = time.perf_counter()
        rows = await services.store.read_rows(
            "reflect/episodes_entity",
            tenant_id=tenant,
            entity_id=ENTITY,
            scope=f"entity:{ENTITY}",
            since=None,
            limit=request.limit,
        )
        fetch.append(time.perf_counter() - t0)
        vectors = [r["embedding"] for r in rows]
        times = [Episode.from_row(r["episode"]).occurred_at for r in rows]
        t0 = time.perf_counter()
        found = cluster_embeddings(
            vectors,
            times=times,
            time_weight=reflect.settings.reflect_time_weight,
            time_scale_s=reflect.settings.reflect_time_scale_s,
            seed=reflect.settings.reflect_seed,
            max_k=reflect.settings.reflect_max_k,
            min_size=reflect.settings.reflect_min_cluster,
        )
        cluster.append(time.perf_counter() - t0)
    assert last is not None
    p50 = float(np.percentile(total, 50))
    return {
        "episodes": n,
        "memories_processed": last.memories_processed,
        "k_chosen": found.k,
        "silhouette": round(found.silhouette, 4),
        "time_weight_applied": round(found.time_weight, 3),
        "clusters_kept": len(last.clusters),
        "prompt_chars": sum(len(c.proposal_user_prompt) for c in last.clusters),
        "prepare": stats(total),
        # CPU time of this process (all threads) per prepare: what the wall time would
        # be without other processes competing for the cores (Neo4j's share excluded).
        "prepare_cpu": stats(cpu),
        "fetch_episodes": stats(fetch),
        "clustering": stats(cluster),
        "rest_p50_ms": round(
            (p50 - float(np.percentile(fetch, 50)) - float(np.percentile(cluster, 50))) * 1000, 1
        ),
        "target_ms": TARGET_S * 1000,
        "meets_target": p50 < TARGET_S,
    }


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| episodes | k | clusters kept | prepare p50 ms | min | max | CPU p50 ms "
        "| fetch p50 ms | clustering p50 ms | rest ms | < 2 s |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:--:|",
    ]
    for r in results:
        p = r["prepare"]
        lines.append(
            f"| {r['episodes']} | {r['k_chosen']} | {r['clusters_kept']} | {p['p50_ms']} "
            f"| {p['min_ms']} | {p['max_ms']} | {r['prepare_cpu']['p50_ms']} "
            f"| {r['fetch_episodes']['p50_ms']} "
            f"| {r['clustering']['p50_ms']} | {r['rest_p50_ms']} "
            f"| {'yes' if r['meets_target'] else 'NO'} |"
        )
    return "\n".join(lines)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="500", help="comma-separated episode counts")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("docs/bench/reflect.json"))
    parser.add_argument("--keep", action="store_true", help="keep the benchmark tenants")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    settings = Settings()
    log("loading the embedding model")
    embedder = await asyncio.to_thread(load_embedder, settings)
    services = await open_services(settings, embedder=embedder)
    corpus = Corpus(seed=7)
    results = []
    stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S")
    try:
        for n in sizes:
            tenant = f"bench-reflect-{stamp}-{n}"
            log(f"{n} episodes: ingesting into {tenant}")
            ingest_s = await ingest(services, tenant, corpus, n)
            log(f"{n} episodes: ingested in {ingest_s:.1f}s; timing prepare x{args.runs}")
            try:
                result = await measure(services, tenant, n, args.runs)
            finally:
                if not args.keep:
                    await purge_tenant(services, tenant)
            results.append(result)
            log(f"{n} episodes: prepare p50 {result['prepare']['p50_ms']} ms")
    finally:
        await services.close()

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    rust = importlib.util.find_spec("neo4j._rust") is not None
    report = {
        "benchmark": "reflect prepare (clustering + prompt building, no LLM)",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average_at_end": [round(x, 2) for x in load] if load else None,
            "load_average_at_start": START_LOAD,
            "neo4j_rust_ext": rust,
        },
        "embedding_model": settings.embedding_model,
        "corpus": corpus.describe(),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    text = table(results)
    args.out.with_suffix(".md").write_text(text + "\n", encoding="utf-8")
    print(text)
    log(f"wrote {args.out}")
    return 0 if all(r["meets_target"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
