"""Speed at scale: hebbs-graph against neo4j-graphrag's VectorRetriever and a brute-force scan.

    PYTHONPATH=.:scripts/bench HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 \\
        HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/scale.py \\
        --sizes 10000,100000 [--synthetic-vectors] [--out docs/bench/scale.json] [--keep]

One tenant (``scale-<timestamp>``) grows through the sizes with the synthetic agent
corpus of ``corpus.py``. At each size:

- batch ingest throughput (``remember_batch``, 1,000 per call) and single ``remember``
  latency;
- recall p50/p95/p99 per strategy (similarity, hybrid, temporal), tenant-wide and
  entity-scoped, in process, ``reinforce: false``; cues are embedded once up front so
  the figures are retrieval alone (the model's cost per cue is reported beside them);
- neo4j-graphrag's ``VectorRetriever`` (top 10, same vectors, same index) and a
  brute-force ``vector.similarity.cosine()`` scan of the tenant, as ratios against
  hebbs-graph's tenant-wide similarity recall;
- Neo4j's store size per memory (growth of ``databases/<db>`` over the memories added).

At the largest size the REST API is started on 127.0.0.1 (a child process) and driven by
1, 8 and 32 concurrent clients (``POST /v1/recall``, hybrid, bounded in count and
time): throughput, p50, p95, and the API process's RSS.

``--synthetic-vectors`` replaces the model with seeded random unit vectors (same
dimension): ingest is then Neo4j-bound and sizes like 1M become feasible on a small
machine, but recall *quality* means nothing there, only its cost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
import neo4j
import psutil
from common import pct, purge_tenant
from corpus import Corpus
from embedders import MemoEmbedder, SyntheticEmbedder
from neo4j_graphrag.retrievers import VectorRetriever
from serving import api_server

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn, Strategy, StrategySpec
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
STARTED = time.perf_counter()
BATCH = 1000
BRUTE_FORCE = (
    "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id AND m.embedding IS NOT NULL "
    "WITH m, vector.similarity.cosine(m.embedding, $vector) AS score "
    "ORDER BY score DESC LIMIT 10 RETURN m.id AS id, score"
)


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


# -- measurements ----------------------------------------------------------------------


async def ingest(
    services: Services, tenant: str, corpus: Corpus, start: int, stop: int
) -> dict[str, Any]:
    took = 0.0
    for i in range(start, stop, BATCH):
        items = [MemoryIn(**it.as_memory_in()) for it in corpus.items(i, min(i + BATCH, stop))]
        t0 = time.perf_counter()
        await services.memory.remember_batch(tenant, items)
        took += time.perf_counter() - t0
        if (i // BATCH) % 10 == 0:
            log(f"ingested {min(i + BATCH, stop)}")
    singles = []
    for item in corpus.items(10_000_000 + start, 10_000_000 + start + 30):
        t0 = time.perf_counter()
        await services.memory.remember(tenant, MemoryIn(**item.as_memory_in()))
        singles.append(time.perf_counter() - t0)
    return {"memories_per_s": round((stop - start) / took, 1), "remember": pct(singles)}


async def recall_latency(
    services: Services, tenant: str, cues: list[Any], embedder: MemoEmbedder
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    strategies = (Strategy.SIMILARITY, Strategy.HYBRID, Strategy.TEMPORAL, Strategy.CAUSAL,
                  Strategy.ANALOGICAL)  # fmt: skip
    for strategy in strategies:
        for scoped in (False, True):
            spec = StrategySpec(strategy=strategy, max_depth=3) if strategy == Strategy.CAUSAL else (
                StrategySpec(strategy=strategy))  # fmt: skip
            out[f"{strategy.value}/{'entity' if scoped else 'tenant'}"] = await timed(
                services, tenant, cues, spec, scoped
            )
    # The target counts the cue's embedding in: the same calls with the model.
    embedder.bypass = True
    try:
        for strategy in (Strategy.SIMILARITY, Strategy.HYBRID):
            out[f"{strategy.value}/tenant+cue"] = await timed(
                services, tenant, cues, StrategySpec(strategy=strategy), False
            )
    finally:
        embedder.bypass = False
    return out


async def timed(
    services: Services, tenant: str, cues: list[Any], spec: StrategySpec, scoped: bool
) -> dict[str, float]:
    times = []
    for n, cue in enumerate(cues):
        request = RecallIn(
            cue=cue.text,
            entity_id=cue.entity_id if scoped else None,
            strategies=[spec],
            reinforce=False,
        )
        t0 = time.perf_counter()
        await services.recall.recall(tenant, request)
        if n >= 3:  # warm-up
            times.append(time.perf_counter() - t0)
    return pct(times)


def baselines(driver: neo4j.Driver, tenant: str, vectors: list[list[float]]) -> dict[str, Any]:
    retriever = VectorRetriever(driver, index_name="memory_embedding", return_properties=["id"])
    graphrag, brute = [], []
    for n, v in enumerate(vectors):
        t0 = time.perf_counter()
        retriever.get_search_results(query_vector=v, top_k=10)
        if n >= 3:
            graphrag.append(time.perf_counter() - t0)
    for v in vectors[: max(8, len(vectors) // 5)]:
        t0 = time.perf_counter()
        driver.execute_query(BRUTE_FORCE, tenant_id=tenant, vector=v)
        brute.append(time.perf_counter() - t0)
    return {"graphrag_vector": pct(graphrag), "brute_force_cosine": pct(brute)}


def store_bytes(driver: neo4j.Driver, database: str) -> int | None:
    """Size of the database's store folder, if Neo4j runs on this machine."""
    try:
        records, _, _ = driver.execute_query(
            "CALL dbms.listConfig('server.directories.data') YIELD value RETURN value"
        )
        folder = Path(records[0]["value"]) / "databases" / database
    except (neo4j.exceptions.Neo4jError, IndexError):
        return None
    if not folder.exists():
        return None
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# -- concurrency against the REST API -----------------------------------------------------


async def drive(
    port: int, clients: int, cues: list[Any], requests: int, limit_s: float, scoped: bool = False
) -> dict[str, Any]:
    url = f"http://127.0.0.1:{port}/v1/recall"
    headers = {"Authorization": "Bearer scalebench"}
    times: list[float] = []
    errors = 0
    timeouts = 0
    issued = 0
    deadline = time.perf_counter() + limit_s

    async def client(http: httpx.AsyncClient) -> None:
        nonlocal issued, errors, timeouts
        while issued < requests and time.perf_counter() < deadline:
            cue = cues[issued % len(cues)]
            issued += 1
            t0 = time.perf_counter()
            try:
                body = {"cue": cue.text, "reinforce": False}
                if scoped:
                    body["entity_id"] = cue.entity_id
                r = await http.post(url, json=body, headers=headers)
            except httpx.TimeoutException:  # counted, not fatal: the run reports it
                timeouts += 1
                continue
            times.append(time.perf_counter() - t0)
            errors += r.status_code != 200

    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=clients)) as http:
        t0 = time.perf_counter()
        await asyncio.gather(*(client(http) for _ in range(clients)))
        wall = time.perf_counter() - t0
    return {"clients": clients, "requests": len(times), "errors": errors, "timeouts_60s": timeouts,
            "per_s": round(len(times) / wall, 1), **pct(times)}  # fmt: skip


# -- main -------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    inner = SyntheticEmbedder() if args.synthetic_vectors else load_embedder(settings)
    embedder = MemoEmbedder(inner)
    services = await open_services(settings, embedder=embedder)
    driver = neo4j.GraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    tenant = args.resume or f"scale-{time.strftime('%Y%m%dT%H%M%S')}"
    corpus = Corpus(seed=7)
    cues = corpus.cues(args.queries, seed="scale", entity_scoped=True)
    await embedder.remember_cues([c.text for c in cues])
    model_cost = []
    for c in cues[:20]:
        t0 = time.perf_counter()
        await inner.embed([c.text])
        model_cost.append(time.perf_counter() - t0)
    report: dict[str, Any] = {"tenant": tenant, "synthetic_vectors": args.synthetic_vectors,
                              "cue_embedding": pct(model_cost), "sizes": []}  # fmt: skip
    have = 0
    if args.resume:  # the corpus is seeded: carry on where the kept tenant stopped
        have = await services.recall.sizes.count(tenant, None, 10**9)
        have -= have % BATCH
        log(f"resuming {tenant} at {have} memories")
    try:
        for size in [s for s in args.sizes if s >= have]:
            before = store_bytes(driver, settings.neo4j_database)
            row: dict[str, Any] = {"memories": size}
            if size > have:
                row["ingest"] = await ingest(services, tenant, corpus, have, size)
            after = store_bytes(driver, settings.neo4j_database)
            if before is not None and after is not None and size > have:
                row["store_bytes_per_memory"] = round((after - before) / (size - have), 1)
            have = size
            if args.skip_recall:
                continue
            log(f"{size}: measuring recall")
            row["recall"] = await recall_latency(services, tenant, cues, embedder)
            row["baselines"] = baselines(driver, tenant, [embedder.memo[c.text] for c in cues])
            sim = row["recall"]["similarity/tenant"]["p50_ms"]
            row["ratios"] = {
                "hebbs_similarity_over_graphrag": round(sim / row["baselines"]["graphrag_vector"]["p50_ms"], 2),
                "brute_force_over_hebbs_similarity": round(row["baselines"]["brute_force_cosine"]["p50_ms"] / sim, 1),
            }  # fmt: skip
            report["sizes"].append(row)
            log(json.dumps(row["ratios"]))
            args.out.parent.mkdir(parents=True, exist_ok=True)  # what is measured so far
            args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        report["concurrency"] = await concurrency(tenant, cues, args)
    finally:
        if not args.keep:
            await purge_tenant(services, tenant)
        await services.close()
        driver.close()
    return report


async def concurrency(tenant: str, cues: list[Any], args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"levels": []}
    for workers in args.workers:
        with api_server(
            {"scalebench": tenant}, args.port, synthetic=args.synthetic_vectors, workers=workers
        ) as proc:
            await drive(args.port, 8, cues, 40, 60)  # warm-up: every worker's first calls
            for scoped, clients in [(s, c) for s in args.rest_scopes for c in (1, 8, 32)]:
                level = await drive(
                    args.port, clients, cues, args.requests, args.level_seconds, scoped
                )
                level["scope"] = "entity" if scoped else "tenant"
                family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(True)]
                level["workers"] = workers
                level["api_rss_mib"] = round(sum(p.memory_info().rss for p in family) / 2**20, 1)
                out["levels"].append(level)
                log(f"{workers} workers, {level['scope']}, {clients} clients: {level['per_s']}/s, "
                    f"p50 {level['p50_ms']} ms, p95 {level['p95_ms']} ms, errors {level['errors']}")  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--requests", type=int, default=400, help="per concurrency level")
    parser.add_argument("--level-seconds", type=float, default=60.0)
    parser.add_argument("--port", type=int, default=18731)
    parser.add_argument(
        "--workers", default="1,2", help="API worker counts to drive, e.g. 1,2,3 (0: no REST)"
    )
    parser.add_argument("--skip-recall", action="store_true", help="REST load only")
    parser.add_argument("--rest-scopes", default="tenant", help="tenant,entity: what REST recalls")
    parser.add_argument("--synthetic-vectors", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the tenant (--resume keeps it)")
    parser.add_argument(
        "--resume", metavar="TENANT", help="grow a tenant kept by --keep; it is kept again"
    )
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "scale.json")
    args = parser.parse_args()
    args.sizes = sorted(int(s) for s in args.sizes.split(","))
    args.workers = [int(w) for w in args.workers.split(",") if w.strip() not in ("", "0")]
    args.keep = args.keep or bool(args.resume)  # a resumed store is one someone kept
    args.rest_scopes = [s == "entity" for s in args.rest_scopes.split(",")]
    report = asyncio.run(run(args))
    report["machine"] = {"platform": platform.platform(), "cpus": os.cpu_count(),
                         "memory_gib": round(psutil.virtual_memory().total / 2**30, 1)}  # fmt: skip
    report["seconds"] = round(time.perf_counter() - STARTED, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
