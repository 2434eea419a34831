"""What comparing a small scope whole costs one memory's contradiction check.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 \\
        PYTHONPATH=. .venv/bin/python scripts/bench/detect_small_scope.py \\
        --source ~/.cache/hebbs-graph/eval/dnli_triples.json

Writes ``--entities`` entities of ``--size`` memories each (the source's statements, in
order; no detection while writing) into a scratch tenant, then times
``ContradictionService.detect`` on each memory alone, through the exact Cypher path and
through the vector index, with ``contradiction_whole_scope`` 0 (the K nearest at
cosine >= 0.5) and at ``--whole`` (every memory of the entity), alternated twice.
Prints p50 / p95 per path and setting; the tenant is deleted at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import open_services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings

PATHS = {
    "exact Cypher": {"contradiction_numpy_min_batch": 10_000},
    "vector index": {"contradiction_exact_max": 0, "contradiction_numpy_min_batch": 10_000},
}


async def main(args: argparse.Namespace) -> None:
    settings = Settings()
    services = await open_services(settings)
    tenant = f"bench-small-scope-{int(time.time())}"
    try:
        groups = json.loads(args.source.expanduser().read_text())["groups"]
        texts = [st["text"] for g in groups for st in g["statements"]]
        quiet = MemoryService(services.store, services.embedder, services.settings.memory)
        ids: list[str] = []
        for e in range(args.entities):
            chunk = texts[e * args.size : (e + 1) * args.size]
            items = [MemoryIn(content=t, entity_id=f"e{e}") for t in chunk]
            ids += await quiet.remember_batch(tenant, items)
        for path, update in PATHS.items():
            times: dict[int, list[float]] = {0: [], args.whole: []}
            for _ in range(2):
                for whole in times:
                    changed = settings.model_copy(
                        update=update | {"contradiction_whole_scope": whole}
                    )
                    detector = ContradictionService(services.store, changed.contradiction)
                    for mid in ids:
                        started = time.perf_counter()
                        await detector.detect(tenant, [mid])
                        times[whole].append((time.perf_counter() - started) * 1000)
                    await services.store.run_raw(
                        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
                    )
            for whole, ms in times.items():
                ms.sort()
                p95 = ms[int(len(ms) * 0.95)]
                print(
                    f"{path}, whole scope {whole}: p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms"
                )
    finally:
        await services.store.run_raw(
            "MATCH (m:Memory) WHERE m.tenant_id = $t DETACH DELETE m", t=tenant
        )
        await services.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--entities", type=int, default=8)
    parser.add_argument("--size", type=int, default=28)
    parser.add_argument("--whole", type=int, default=30)
    asyncio.run(main(parser.parse_args()))
