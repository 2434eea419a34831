"""Entity-scoped similarity through REST against its floor (issue 32): what Neo4j and the
model cost, and what the API adds, in one run.

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/recall_floor.py \\
        --size 100000 --queries 200 --keep --out docs/bench/recall_floor.json
    # again on the kept tenant (seeding 100,000 takes minutes):
    ... recall_floor.py --tenant floor-<stamp> --queries 200

One tenant (``floor-<timestamp>``) is seeded with the synthetic corpus of ``corpus.py``
(1,000 entities, weights 1/sqrt(rank)) and seeded random unit vectors, in batches of
1,000; the cues are the corpus's entity-scoped ones, embedded by the real model. Then,
for each cue in turn (interleaved, so drift hits all three alike):

- **embed**: the cue embedded in process by the model the service loads;
- **search**: the service's own filtered ``SEARCH`` (``cypher/recall/similarity_entity``'s
  clause, k 10, same expansion) sent raw through the driver, returning ids and scores;
- **rest**: ``POST /v1/recall`` with the same cue and entity, strategy similarity, top_k
  10, ``reinforce: false``, on one kept-alive connection to ``hebbs-graph serve`` with
  its defaults (a child process on 127.0.0.1).

Reported: p50 / p95 of each, the floor (embed p50 + search p50) and the ratio of the REST
p50 to it (issue 32 wants ≤ 1.5), and the share of REST answers whose ids are the raw
search's top 10 (as sets: recall orders them by its whole score).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
import neo4j
from common import pct, purge_tenant
from corpus import Corpus
from embedders import SyntheticEmbedder
from serving import api_server

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import load_embedder, open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
BATCH = 1000
K = 10
RAW_SEARCH = """CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (
    VECTOR INDEX memory_embedding FOR $vector
    WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.hidden IN $hidden
    LIMIT $fetch
  ) SCORE AS score
WHERE m.kind IN $kinds
RETURN m.id AS id, score ORDER BY score DESC LIMIT $k"""


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


async def seed(tenant: str, size: int, corpus: Corpus) -> None:
    """``size`` corpus memories with synthetic vectors (the model would take an hour),
    detection off: their checks would find nothing in random vectors, and would run
    beside the measurement (the API's sweep takes what a writer left)."""
    settings = Settings(contradiction_detection=False)
    services = await open_services(settings, embedder=SyntheticEmbedder())
    try:
        for i in range(0, size, BATCH):
            items = [MemoryIn(**it.as_memory_in()) for it in corpus.items(i, min(i + BATCH, size))]
            await services.memory.remember_batch(tenant, items)
            if (i // BATCH) % 10 == 9:
                log(f"seeded {i + BATCH}")
    finally:
        await services.close()


def measure(args: argparse.Namespace, tenant: str, corpus: Corpus) -> dict[str, Any]:
    settings = Settings()
    # The ONNX embedder's own synchronous call: no event loop or thread hop in the floor.
    embed_sync: Callable[[list[str]], list[list[float]]] = load_embedder(settings).embed_sync  # type: ignore[attr-defined]
    cues = corpus.cues(args.queries + args.warmup, seed="floor", entity_scoped=True)
    driver = neo4j.GraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    fetch = max(K, math.ceil(K * settings.vector_search_expansion))
    times: dict[str, list[float]] = {"embed": [], "search": [], "rest": []}
    exact = 0
    key = "floor-key"
    with (
        api_server({key: tenant}, args.port, workers=args.workers),
        httpx.Client(
            base_url=f"http://127.0.0.1:{args.port}",
            headers={"authorization": f"Bearer {key}"},
            timeout=30,
        ) as http,
        driver.session(database=settings.neo4j_database) as session,
    ):
        for n, cue in enumerate(cues):
            t0 = time.perf_counter()
            vector = embed_sync([cue.text])[0]
            t1 = time.perf_counter()
            raw = session.run(
                RAW_SEARCH,
                vector=vector,
                tenant_id=tenant,
                entity_id=cue.entity_id,
                hidden=[0],
                fetch=fetch,
                kinds=["episode", "insight"],
                k=K,
            ).data()
            t2 = time.perf_counter()
            answer = http.post(
                "/v1/recall",
                json={
                    "cue": cue.text,
                    "entity_id": cue.entity_id,
                    "top_k": K,
                    "reinforce": False,
                    "strategies": [{"strategy": "similarity"}],
                },
            )
            t3 = time.perf_counter()
            answer.raise_for_status()
            if n < args.warmup:
                continue
            times["embed"].append(t1 - t0)
            times["search"].append(t2 - t1)
            times["rest"].append(t3 - t2)
            got = [r["memory"]["id"] for r in answer.json()["results"]]
            exact += set(got) == {r["id"] for r in raw}
    driver.close()
    out: dict[str, Any] = {name: pct(values) for name, values in times.items()}
    floor = out["embed"]["p50_ms"] + out["search"]["p50_ms"]
    out["floor_p50_ms"] = round(floor, 2)
    out["rest_over_floor"] = round(out["rest"]["p50_ms"] / floor, 2)
    out["rest_same_top10"] = round(exact / args.queries, 3)
    return out


async def count(tenant: str) -> int:
    """The tenant's memories, by the service's own scope count."""
    services = await open_services(Settings(), embedder=SyntheticEmbedder())
    try:
        return await services.recall.sizes.count(tenant, None, 10**9)
    finally:
        await services.close()


async def purge(tenant: str) -> None:
    services = await open_services(Settings(), embedder=SyntheticEmbedder())
    try:
        await purge_tenant(services, tenant)
    finally:
        await services.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--tenant", help="measure a kept tenant instead of seeding one")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument(
        "--workers", type=int, default=Settings().effective_workers, help="serve's default"
    )
    parser.add_argument("--port", type=int, default=18741)
    parser.add_argument("--keep", action="store_true", help="keep the seeded tenant")
    parser.add_argument("--label", default="run")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    corpus = Corpus(seed=7, n_entities=1000)
    tenant = args.tenant or f"floor-{time.strftime('%Y%m%dT%H%M%S')}"
    try:
        if not args.tenant:
            asyncio.run(seed(tenant, args.size, corpus))
        size = asyncio.run(count(tenant))
        log(f"{tenant}: {size} memories; measuring")
        result = {
            "tenant": tenant,
            "memories": size,
            "label": args.label,
            "queries": args.queries,
            "workers": args.workers,
            **measure(args, tenant, corpus),
        }
    finally:
        if not (args.keep or args.tenant):
            asyncio.run(purge(tenant))
    print(json.dumps(result, indent=2))
    if args.out:
        kept = json.loads(args.out.read_text()) if args.out.exists() else {}
        kept[args.label] = result
        args.out.write_text(json.dumps(kept, indent=2) + "\n")


if __name__ == "__main__":
    main()
