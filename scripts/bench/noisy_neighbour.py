"""One tenant floods recall, another recalls now and then: what the quiet tenant waits.

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/noisy_neighbour.py \\
        --noisy floor-<stamp> --quiet scale-<stamp> [--seconds 30] [--flood 64] [--real] \\
        [--repo <other checkout>] [--label TEXT] [--out docs/bench/noisy_neighbour.json]

One API (``bench_app`` with the synthetic embedder, or ``hebbs-graph serve`` and the
model with ``--real``; one worker, its defaults) with two keys: ``--flood`` closed-loop
clients of the noisy tenant and 2 of the quiet one send entity-scoped hybrid recalls
(``reinforce: false``, corpus cues, each asked once) for ``--seconds``. Both tenants are
kept tenants seeded by ``recall_floor.py --keep`` or ``scale.py --keep`` (the synthetic
corpus, 1,000 entities). Reported per tenant: recalls a second and the client's p50 / p95;
the quiet tenant's wait is what recall's turns (decision 0035) decide: served in arrival
order, its recall waits behind the noisy tenant's queue; going round the tenants that
wait, behind at most a turn.
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
from corpus import Corpus, Cue
from serving import REPO, api_server

KEYS = {"noisy-key": "noisy", "quiet-key": "quiet"}


async def drive(
    port: int, plan: dict[str, tuple[int, list[Cue]]], seconds: float
) -> dict[str, dict[str, Any]]:
    """plan: key -> (clients, cues); every client of a key sends its next recall as soon as
    the last one answered."""
    url = f"http://127.0.0.1:{port}/v1/recall"
    end = time.perf_counter() + seconds
    seen: dict[str, list[float]] = {key: [] for key in plan}
    errors = dict.fromkeys(plan, 0)
    issued = dict.fromkeys(plan, 0)

    async def client(http: httpx.AsyncClient, key: str, cues: list[Cue]) -> None:
        while time.perf_counter() < end:
            cue = cues[issued[key] % len(cues)]
            issued[key] += 1
            body = {"cue": cue.text, "entity_id": cue.entity_id, "reinforce": False}
            t0 = time.perf_counter()
            answer = await http.post(url, json=body, headers={"authorization": f"Bearer {key}"})
            seen[key].append(time.perf_counter() - t0)
            errors[key] += answer.status_code != 200

    total = sum(clients for clients, _ in plan.values())
    async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=total)) as http:
        await asyncio.gather(
            *(
                client(http, key, cues)
                for key, (clients, cues) in plan.items()
                for _ in range(clients)
            )
        )
    return {
        KEYS[key]: {
            "clients": plan[key][0],
            "requests": len(seen[key]),
            "errors": errors[key],
            "per_s": round(len(seen[key]) / seconds, 1),
            **pct(seen[key]),
        }
        for key in plan
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noisy", required=True, help="the flooding tenant")
    parser.add_argument("--quiet", required=True, help="the other tenant")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--flood", type=int, default=64)
    parser.add_argument("--real", action="store_true", help="serve with the model")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout that serves")
    parser.add_argument("--port", type=int, default=18734)
    parser.add_argument("--label", default="run")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    corpus = Corpus(seed=7, n_entities=1000)
    noisy = corpus.cues(6000, seed="noisy", entity_scoped=True)
    quiet = corpus.cues(1000, seed="quiet", entity_scoped=True)
    keys = {"noisy-key": args.noisy, "quiet-key": args.quiet}
    with api_server(keys, args.port, synthetic=not args.real, repo=args.repo):
        asyncio.run(drive(args.port, {"noisy-key": (8, noisy[::-1])}, 5.0))  # warm-up
        out = asyncio.run(
            drive(
                args.port,
                {"noisy-key": (args.flood, noisy), "quiet-key": (2, quiet)},
                args.seconds,
            )
        )
    result = {"label": args.label, "repo": str(args.repo), "real": args.real, **out}
    print(json.dumps(result, indent=2))
    if args.out:
        kept = json.loads(args.out.read_text()) if args.out.exists() else {"runs": []}
        kept["runs"].append(result)
        args.out.write_text(json.dumps(kept, indent=2) + "\n")


if __name__ == "__main__":
    main()
