"""Single remembers from several agents of one tenant at once, through the REST API.

    PYTHONPATH=.:scripts/bench:scripts/eval HF_HUB_OFFLINE=1 .venv/bin/python \\
        scripts/bench/concurrent_remember.py --agents 1,2,4,16 --rounds 3 \\
        [--compare ../other-checkout] --out docs/bench/concurrent_remember.json

One API process per checkout (``hebbs-graph serve``, one worker, the real model,
contradiction detection on, as by default) on 127.0.0.1 against the local Neo4j, each
with a tenant of its own that first holds ``--size`` templated memories (batches of
500, their checks drained). Then, ``--rounds`` times, for each number of agents: that
many clients each POST ``/v1/memories`` with a fresh text in an entity of its own, one
after another, for ``--seconds``; reported are the remembers answered per second and
their latency (p50 / p95), then how long the contradiction checks took to drain after
the last answer.

``--compare DIR`` serves a second checkout's code (another commit: ``git worktree add
DIR <commit>``) beside this one; each row runs against one API and then the other, in
alternating order from round to round, so that the machine's drift reaches both alike.
The tenants are purged at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import platform
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from common import pct, purge_tenant
from serving import REPO, api_server
from write_path import Api, templated

from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings


async def agents_at_once(api: Api, agents: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    async def agent(n: int) -> None:
        step = 0
        while time.perf_counter() < stop:
            body = {
                "content": f"Agent {n} finished step {step} of task {uuid.uuid4().hex[:8]}",
                "entity_id": f"agent-{n}",
            }
            t0 = time.perf_counter()
            await api.post("/v1/memories", body, ok=201)
            latencies.append(time.perf_counter() - t0)
            step += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(agent(n) for n in range(agents)))
    elapsed = time.perf_counter() - t0
    t1 = time.perf_counter()
    await api.drained()
    return {
        "agents": agents,
        "remembers_per_s": round(len(latencies) / elapsed, 1),
        "latency": pct(latencies),
        "checks_drained_after_s": round(time.perf_counter() - t1, 2),
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per side and number of agents: each round's rate and p50, in round order."""
    out: dict[str, Any] = {}
    for run in runs:
        cell = out.setdefault(run["side"], {}).setdefault(str(run["agents"]), [])
        cell.append([run["remembers_per_s"], run["latency"]["p50_ms"]])
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    stamp = time.strftime("%Y%m%dT%H%M%S")
    sides = {"this": REPO} | ({"compare": args.compare.resolve()} if args.compare else {})
    tenants = {side: f"concurrent-{stamp}-{side}" for side in sides}
    report: dict[str, Any] = {
        "sides": {side: str(path) for side, path in sides.items()},
        "size": args.size,
        "seconds": args.seconds,
        "runs": [],
    }
    try:
        with contextlib.ExitStack() as stack:
            apis: dict[str, Api] = {}
            limits = httpx.Limits(max_connections=max(args.agents) + 4)
            async with contextlib.AsyncExitStack() as clients:
                for n, (side, path) in enumerate(sides.items()):
                    port = args.port + n
                    stack.enter_context(api_server({"key": tenants[side]}, port, repo=path))
                    http = await clients.enter_async_context(
                        httpx.AsyncClient(
                            base_url=f"http://127.0.0.1:{port}", timeout=600, limits=limits
                        )
                    )
                    apis[side] = Api(http, "key")
                    items = templated(0, args.size)
                    for i in range(0, len(items), 500):
                        await apis[side].batch(items[i : i + 500])
                    await apis[side].drained()
                for round_ in range(args.rounds):
                    order = list(apis) if round_ % 2 == 0 else list(reversed(apis))
                    for agents in args.agents:
                        for side in order:
                            cell = await agents_at_once(apis[side], agents, args.seconds)
                            cell = {"round": round_ + 1, "side": side, **cell}
                            report["runs"].append(cell)
                            print(json.dumps(cell), flush=True)
    finally:
        if not args.keep:
            services = await open_services(Settings())
            for tenant in tenants.values():
                await purge_tenant(services, tenant)
            await services.close()
    report["summary"] = summary(report["runs"])
    report["machine"] = {"platform": platform.platform(), "python": platform.python_version()}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="1,2,4,16")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--compare", type=Path, help="another checkout, served beside this one")
    parser.add_argument("--port", type=int, default=8937)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    args.agents = [int(n) for n in args.agents.split(",")]
    report = asyncio.run(run(args))
    print(json.dumps(report["summary"], indent=1))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
