"""Entity-scoped hybrid recall through REST under closed-loop clients, each cue asked
once (recall's parse caches stay cold, unlike scale.py's 100 repeated cues), reporting
the rate, the client's p50/p95 and the service's own ``took_ms`` p95 (decision 0035).

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/recall_turns.py \\
        --tenant floor-<stamp> --seconds 30 [--real] [--repo <other checkout>]

The tenant is one ``recall_floor.py --keep`` seeded (the synthetic corpus of 1,000
entities, seeded random vectors). Without ``--real`` the server is ``bench_app`` (the
synthetic embedder: the API and Neo4j alone); with it, ``hebbs-graph serve`` and the
model. Settings come from ``HEBBS_*`` (e.g. ``HEBBS_RECALL_CONCURRENCY``,
``HEBBS_GC_YOUNG_THRESHOLD``); ``--repo`` serves another checkout's code, to alternate.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from common import pct
from corpus import Corpus
from serving import REPO, api_server

KEY = "turns-key"


async def drive(port: int, clients: int, seconds: float, cues: list[Any]) -> dict[str, Any]:
    url = f"http://127.0.0.1:{port}/v1/recall"
    latencies: list[float] = []
    took: list[float] = []
    errors = issued = 0
    end = time.perf_counter() + seconds

    async def client(http: httpx.AsyncClient) -> None:
        nonlocal errors, issued
        while time.perf_counter() < end:
            cue = cues[issued % len(cues)]
            issued += 1
            body = {"cue": cue.text, "entity_id": cue.entity_id, "reinforce": False}
            t0 = time.perf_counter()
            answer = await http.post(url, json=body, headers={"authorization": f"Bearer {KEY}"})
            latencies.append(time.perf_counter() - t0)
            if answer.status_code != 200:
                errors += 1
                continue
            took.append(answer.json()["took_ms"] / 1000)

    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        await asyncio.gather(*(client(http) for _ in range(clients)))
    return {
        "clients": clients,
        "requests": len(latencies),
        "errors": errors,
        "per_s": round(len(latencies) / seconds, 1),
        "client": pct(latencies),
        "service_took": pct(took),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--cues", type=int, default=3000)
    parser.add_argument("--real", action="store_true", help="serve with the model")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout that serves")
    parser.add_argument("--port", type=int, default=18733)
    args = parser.parse_args()
    cues = Corpus(seed=7, n_entities=1000).cues(args.cues, seed="turns", entity_scoped=True)
    with api_server({KEY: args.tenant}, args.port, synthetic=not args.real, repo=args.repo):
        asyncio.run(drive(args.port, 8, 5.0, cues[::-1]))  # warm-up, other cues
        out = asyncio.run(drive(args.port, args.clients, args.seconds, cues))
    print(json.dumps({"repo": str(args.repo), "real": args.real, **out}, indent=2))


if __name__ == "__main__":
    main()
