"""Recall latency per strategy against an existing tenant (e.g. one ingest_recall.py kept).

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/recall_latency.py --tenant bench-… \
        --queries 100 --out docs/bench/recall_latency.json

Times services.recall.recall end to end (the cue's embedding included), reinforce off,
for similarity, hybrid, temporal, causal (depth 3, seeded from the cue) and a
multi-strategy call (hybrid + temporal + causal), tenant-wide and entity-scoped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import Corpus

from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings

STRATEGIES: dict[str, list[dict[str, Any]]] = {
    "similarity": [{"strategy": "similarity"}],
    "hybrid": [{"strategy": "hybrid"}],
    "temporal": [{"strategy": "temporal"}],
    "causal_d3": [{"strategy": "causal", "max_depth": 3, "direction": "both"}],
    "multi": [
        {"strategy": "hybrid"},
        {"strategy": "temporal"},
        {"strategy": "causal", "max_depth": 3, "direction": "both"},
    ],
}


def pct(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"p50": round(statistics.median(ordered), 2), "p95": at(0.95), "p99": at(0.99)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    services = await open_services(Settings())
    corpus = Corpus()
    size_rows = await services.store.run_raw(
        "MATCH (m:Memory) WHERE m.tenant_id = $t RETURN count(m) AS n", t=args.tenant
    )
    result: dict[str, Any] = {
        "tenant": args.tenant,
        "memories": size_rows[0]["n"],
        "load_start": os.getloadavg(),
        "cells": {},
    }
    try:
        for scoped in (False, True):
            cues = corpus.cues(args.queries + args.warmup, seed="latency", entity_scoped=scoped)
            for name, specs in STRATEGIES.items():
                timings = []
                for n, cue in enumerate(cues):
                    request = RecallIn(
                        cue=cue.text, entity_id=cue.entity_id, strategies=specs, reinforce=False
                    )
                    started = time.perf_counter()
                    await services.recall.recall(args.tenant, request)
                    if n >= args.warmup:
                        timings.append((time.perf_counter() - started) * 1000)
                key = f"{name}{' (entity)' if scoped else ''}"
                result["cells"][key] = pct(timings)
                print(f"{key:24s} {result['cells'][key]}", flush=True)
    finally:
        await services.close()
    result["load_end"] = os.getloadavg()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--out", type=Path, default=Path("docs/bench/recall_latency.json"))
    args = parser.parse_args()
    result = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    print(f"memories in tenant: {result['memories']}; load {result['load_start']}")


if __name__ == "__main__":
    main()
