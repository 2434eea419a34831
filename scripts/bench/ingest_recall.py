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
import json
import os
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from _ingest_recall.base import STARTED, log
from _ingest_recall.info import machine_info, server_info, settings_used
from _ingest_recall.meters import TimedEmbedder, instrument
from _ingest_recall.recall import Bench
from _ingest_recall.report import report
from common import LOCAL_HOSTS, purge_tenant
from corpus import Corpus
from neo4j import AsyncGraphDatabase

from hebbs_graph.services.container import load_embedder, open_services
from hebbs_graph.settings import Settings


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
    writes = instrument(services)
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
            deleted = await purge_tenant(services, tenant)
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
