"""Scoped vector recall in one shared vector index: many tenants and entities, one HNSW.

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/shared_index.py \\
        --sizes 100000,1000000 --keep [--resume bench-shared-] [--out docs/bench/shared_index.json]

The normal shape of a multi-tenant memory service: every tenant's memories live in the
one ``memory_embedding`` index, and every recall asks for the nearest ones *inside a
scope* (a tenant, or one entity of a tenant), which the index filters while it searches
(``SEARCH ... WHERE m.tenant_id = ... AND m.entity_id = ... AND m.hidden IN ...``).

**Build** (grows in place through ``--sizes``; ``--resume PREFIX`` carries on with a kept
build). No model: seeded, clustered 384-d unit vectors. Every entity has a random unit
centroid (pulled a little towards its tenant's), every memory is
``normalise(centroid + 0.5·topic + ρ·noise)`` with ρ ~ U(0.5, 1.2), so two memories of an
entity have cosine ~0.4-0.8; the 30 topic directions (one per ``corpus.py`` template,
and the memory's text is written from that template) are shared by every tenant, so
entities of different tenants overlap. Layout (defaults): 100 tenants
``<prefix>t000..t099`` of 10 entities each, entity sizes skewed (Zipf weights 1/rank for
80 % of them, a fixed 15-40 memories for the other 20 %), 10 % of memories without an
entity; the **crowd** tenant ``<prefix>crowd`` holds 30 % of all memories, its 20
entities' centroids all close to one region (its entity ids are the same strings as 20
regular tenants' entities); the **lonely** tenant ``<prefix>lonely`` holds 50 memories
(45 of one entity) far from that region. The layout is defined in blocks of 20,000
memories, so item ``i`` depends only on (seed, i) and a build can be grown or rebuilt.
Nodes are written with the service's own ``memory/create`` query and the exact rows
``MemoryService`` builds (then ``memory/timeline_insert`` for the FOLLOWED_BY timelines
and Entity nodes, unless ``--no-timeline``): 2,500 memories per transaction, one query
per tenant in it, no model and no contradiction detection. Then
``CALL db.awaitIndexes(3600)``.

**Measured at each size** (cues seeded; ``--warmup`` cues dropped, then ``--queries``):

- ``RecallService.similarity(Scope(...), vector, 10)`` per cell, the cells interleaved
  cue by cue: entity-scoped on tiny (smallest 10 %), median and large (largest 1 %)
  entities, entity-scoped inside the crowd tenant, small tenants, the crowd tenant, and
  the crowding case (the lonely tenant and its entity, queried with cues from the
  crowded region); p50/p95/p99, how many answers came back with fewer than
  min(10, scope size) memories, and the share of the exact top 10 they held; the exact
  top 10 is a brute-force Cypher ``vector.similarity.cosine`` scan of the scope, timed
  too (the "exact scan" figure);
- neo4j-graphrag's ``VectorRetriever`` (unfiltered, the whole index, top 10), timed
  interleaved cue by cue with hebbs-graph's similarity on the crowd tenant, and
  separately on entities: ratio of the medians and median of the pairwise ratios;
- hybrid recall end to end in process (``RecallService.recall``, ``reinforce=False``),
  the cue's vector precomputed by a memo over a synthetic embedder whose cue vectors
  come from the cue's target cluster: entity-scoped, small tenants, the crowd tenant;
- a diagnostic: similarity asked for k = 30 / 100 and cut to 10 on the large scopes, and
  the VectorRetriever pairs once more at the end (round 2).

Prints Markdown tables; writes JSON to ``--out`` after every size (and the tables beside
it as ``.md``). Tenants are deleted at the end unless ``--keep``; ``--purge`` deletes a
kept build (every tenant whose id starts with the prefix) and exits.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import neo4j
from _shared_index.base import CHUNK, SAFE_PREFIX, STARTED, load, log
from _shared_index.build import ClusterEmbedder, build, count_tenants, purge
from _shared_index.layout import Layout
from _shared_index.measure import measure
from _shared_index.report import earlier_rows, save, server_info, tables
from common import LOCAL_HOSTS
from embedders import MemoEmbedder

from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    host = urlparse(settings.effective_neo4j_uri).hostname
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to run against {settings.effective_neo4j_uri}: 127.0.0.1 only")
    prefix = args.resume or args.prefix
    if not prefix.startswith(SAFE_PREFIX):
        raise SystemExit(f"the tenant prefix must start with {SAFE_PREFIX}")
    inner = ClusterEmbedder()
    memo = MemoEmbedder(inner)
    services = await open_services(settings, embedder=memo)
    driver = neo4j.GraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    report: dict[str, Any] = {"benchmark": "scripts/bench/shared_index.py",
                              "command": " ".join(sys.argv), "prefix": prefix}  # fmt: skip
    try:
        if args.purge:
            report["purged_nodes"] = await purge(services, driver, prefix)
            return report
        layout = Layout(args.seed, prefix, args.tenants, args.entities)
        tenants = [*layout.tenant_sources]
        have_by = count_tenants(driver, tenants)
        have = sum(have_by.values())
        if have and not args.resume:
            raise SystemExit(f"{have:,} memories already under {prefix}: --resume {prefix} "
                             f"to grow them, or --purge --prefix {prefix}")  # fmt: skip
        if have % CHUNK or have_by != layout.tenant_counts(have):
            raise SystemExit(f"the {have:,} memories under {prefix} do not match this layout "
                             "(other --seed / --tenants / --entities?)")  # fmt: skip
        if have:
            log(f"resuming {prefix}: {have:,} memories already built")
        report |= {
            "layout": layout.describe, "timeline": not args.no_timeline,
            "queries": args.queries, "warmup": args.warmup, "exact_limit": args.exact_limit,
            "neo4j": server_info(driver),
            "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                        "python": platform.python_version()},
            "load_start": load(), "sizes": [],
        }  # fmt: skip
        measured = earlier_rows(args.out, prefix, layout, have) if have else {}
        builds = {size: r["build"] for size, r in measured.items() if "build" in r}
        if args.remeasure:
            measured = {}
        report["sizes"] = [measured[s] for s in sorted(measured)]
        for size in args.sizes:
            if size in measured:
                log(f"{size:,} already measured in {args.out}: kept from there")
                continue
            if size < have:
                log(f"skipping {size:,}: {have:,} already built")
                continue
            row: dict[str, Any] = {"memories": size}
            if size in builds:  # measured again (--remeasure): the build's figures stay
                row["build"] = builds[size]
            if size > have:
                row["build"] = await build(
                    services, driver, layout, have, size, not args.no_timeline
                )
                have = size
            counted = sum(count_tenants(driver, tenants).values())
            if counted != size:
                log(f"WARNING: {counted:,} memories counted under {prefix}, {size:,} expected")
            row["counted"] = counted
            row.update(await measure(services, driver, layout, size, args, memo, inner))
            report["sizes"].append(row)
            report["seconds"] = round(time.perf_counter() - STARTED, 1)
            save(report, args.out)
            print(tables({"sizes": [row]}), flush=True)
            log(f"saved {args.out}")
        report["load_end"] = load()
    finally:
        if not args.keep and not args.purge:
            await purge(services, driver, prefix)
        await services.close()
        driver.close()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100000", help="comma-separated, multiples of 2,500")
    parser.add_argument("--queries", type=int, default=100, help="measured cues per cell")
    parser.add_argument("--warmup", type=int, default=5, help="cues per cell dropped first")
    parser.add_argument("--tenants", type=int, default=100)
    parser.add_argument("--entities", type=int, default=1000, help="over all regular tenants")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--prefix", default=SAFE_PREFIX, help=f"tenant id prefix ({SAFE_PREFIX}*)")
    parser.add_argument("--resume", metavar="PREFIX", help="grow a build kept by --keep")
    parser.add_argument("--keep", action="store_true", help="keep the tenants at the end")
    parser.add_argument("--purge", action="store_true", help="delete the prefix's tenants, exit")
    parser.add_argument("--no-timeline", action="store_true", help="skip memory/timeline_insert")
    parser.add_argument("--exact-limit", type=int, default=None,
                        help="exact scans per cell (default: every measured cue)")  # fmt: skip
    parser.add_argument("--remeasure", action="store_true",
                        help="with --resume: measure sizes already in --out again")  # fmt: skip
    parser.add_argument("--label-scan-cues", type=int, default=5,
                        help="cues per cell also timed with the exact scan Neo4j plans as a "
                             "label scan (no occurred_at predicate)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "shared_index.json")
    args = parser.parse_args()
    args.sizes = sorted(int(s) for s in args.sizes.split(","))
    if any(s % CHUNK or s <= 0 for s in args.sizes):
        parser.error(f"sizes must be positive multiples of {CHUNK:,}")
    report = asyncio.run(run(args))
    if args.purge:
        return
    report["seconds"] = round(time.perf_counter() - STARTED, 1)
    save(report, args.out)
    print(tables(report))


if __name__ == "__main__":
    main()
