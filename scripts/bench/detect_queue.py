"""A single remember with its contradiction check in the request (sync) or right after
the answer (async, the default), and how long a pair takes to appear after the answer.

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/detect_queue.py \\
        --seed-size 2000 --single 100 --writers 2,8 --load-seconds 30 \\
        --out docs/bench/detect_queue.json

In-process through the service layer, real model and real Neo4j (127.0.0.1 only). One
tenant is seeded with ``--seed-size`` memories of the templated corpus (written without
detection, a store of modest size full of near neighbours: a hard case for the
classifier). Then:

1. **Single remember latency**, sync against async: blocks of 20 calls each way,
   alternating (drift on a shared box hits both alike), after a warm-up; between blocks
   the async checks are drained, so no block pays for the other's background work.
   Reported: p50 / p95 / mean of the call, and in async mode how long its check took to
   complete after the answer (answer -> marker cleared, polled).
2. **Answer to pair under load**: at each level of ``--writers``, that many tasks write
   single memories as fast as they can for ``--load-seconds`` (async mode); meanwhile a
   probe writes a pair that
   contradicts ("the budget of <unique name> is $5,000", then "... $2,000") every
   ``--probe-every`` seconds, and a poller looks for the pending pair every 10 ms from
   the second answer on, then forgets the pair (so no probe meets another's twin).
   Reported: the delay's p50 / p95 / max, writes/s, and the most checks the queue held.
   The same without writers gives the idle figure.

The tenant is purged at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant
from corpus import Corpus

from hebbs_graph.models.memory import ForgetIn, MemoryIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings

STARTED = time.perf_counter()
BLOCK = 20
POLL_S = 0.01


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


def pct(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"n": 0}
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {
        "n": len(ordered),
        "p50_ms": at(0.50),
        "p95_ms": at(0.95),
        "max_ms": round(1000 * ordered[-1], 1),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1),
    }


async def check_done(services: Services, memory_id: str) -> bool:
    rows = await services.store.run_raw(
        "MATCH (m:Memory {id: $id}) RETURN m.check_due IS NULL AS done", id=memory_id
    )
    return bool(rows and rows[0]["done"])


async def pair_exists(services: Services, a: str, b: str) -> bool:
    key = f"{a}:{b}" if a < b else f"{b}:{a}"
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction {pair_key: $key}) RETURN count(p) AS n", key=key
    )
    return bool(rows and rows[0]["n"])


async def until(probe: Any, timeout_s: float = 120.0) -> float:
    """Seconds until ``probe()`` is true, polled every POLL_S."""
    t0 = time.perf_counter()
    while not await probe():
        if time.perf_counter() - t0 > timeout_s:
            return float("inf")
        await asyncio.sleep(POLL_S)
    return time.perf_counter() - t0


class Bench:
    def __init__(self, services: Services, args: argparse.Namespace) -> None:
        self.services = services
        self.args = args
        self.tenant = f"bench-dq-{datetime.now(UTC).strftime('%Y%m%d%H%M%S')}"
        self.corpus = Corpus(seed=args.seed)
        self.next = 0  # corpus items written (the seed included)
        settings = services.settings.model_copy(update={"contradiction_detection_mode": "sync"})
        self.sync_contradict = ContradictionService(services.store, settings.contradiction)
        self.sync_contradict.start()  # its sweep too, as in a sync deployment
        self.sync_memory = MemoryService(
            services.store, services.embedder, settings.memory, listeners=[self.sync_contradict]
        )

    def items(self, n: int) -> list[MemoryIn]:
        out = [MemoryIn(**c.as_memory_in()) for c in self.corpus.items(self.next, self.next + n)]
        self.next += n
        return out

    async def seed(self) -> None:
        quiet = MemoryService(
            self.services.store, self.services.embedder, self.services.settings.memory
        )
        for start in range(0, self.args.seed_size, 500):
            n = min(500, self.args.seed_size - start)
            await quiet.remember_batch(self.tenant, self.items(n))
        log(f"seeded {self.tenant} with {self.args.seed_size} memories (no detection)")

    async def single(self) -> dict[str, Any]:
        times: dict[str, list[float]] = {"async": [], "sync": []}
        check_after: list[float] = []
        pending_at_answer = {"async": 0, "sync": 0}
        rounds = -(-self.args.single // BLOCK)
        warm = self.args.warmup
        for n in range(rounds + 1):  # round 0 warms both up
            for mode in ("async", "sync") if n % 2 else ("sync", "async"):
                memory = self.services.memory if mode == "async" else self.sync_memory
                size = warm if n == 0 else BLOCK
                for item in self.items(size):
                    t0 = time.perf_counter()
                    stored = await memory.remember(self.tenant, item)
                    took = time.perf_counter() - t0
                    if n == 0:
                        continue
                    times[mode].append(took)
                    pending_at_answer[mode] += stored.contradiction_check_pending
                    if mode == "async":
                        check_after.append(
                            await until(lambda mid=stored.id: check_done(self.services, mid))
                        )
                assert await self.services.contradict.drain()
            log(f"single remember: round {n} of {rounds}")
        return {
            "sync": pct(times["sync"]),
            "async": pct(times["async"]),
            "async_check_done_after_answer": pct(check_after),
            "answers_with_check_pending": pending_at_answer,
        }

    async def under_load(self, writers: int) -> dict[str, Any]:
        stop = asyncio.Event()
        written = 0
        most_queued = 0
        queue = self.services.contradict.queue

        async def writer() -> None:
            nonlocal written, most_queued
            while not stop.is_set():
                await self.services.memory.remember(self.tenant, self.items(1)[0])
                written += 1
                most_queued = max(most_queued, queue.waiting)

        async def probe(k: int) -> float:
            name = f"Zorblax-{k}-{os.getpid()}"
            high = MemoryIn(content=f"The budget of {name} is $5,000")
            low = MemoryIn(content=f"The budget of {name} is $2,000")
            a = await self.services.memory.remember(self.tenant, high)
            b = await self.services.memory.remember(self.tenant, low)
            delay = await until(lambda: pair_exists(self.services, a.id, b.id))
            # Gone again, so no probe finds another probe's twin among its neighbours.
            await self.services.memory.forget(self.tenant, ForgetIn(memory_ids=[a.id, b.id]))
            return delay

        tasks = [asyncio.create_task(writer()) for _ in range(writers)]
        delays: list[float] = []
        t0 = time.perf_counter()
        k = 0
        try:
            while time.perf_counter() - t0 < self.args.load_seconds:
                started = time.perf_counter()
                delays.append(await probe(k))
                k += 1
                await asyncio.sleep(
                    max(0.0, self.args.probe_every - (time.perf_counter() - started))
                )
        finally:
            stop.set()
            await asyncio.gather(*tasks)
        seconds = time.perf_counter() - t0
        assert await self.services.contradict.drain()
        log(f"load with {writers} writers: {written} writes, {len(delays)} probes")
        return {
            "writers": writers,
            "seconds": round(seconds, 1),
            "writes": written,
            "writes_per_s": round(written / seconds, 1),
            "answer_to_pair": pct(delays),
            "probes_without_pair": sum(d == float("inf") for d in delays),
            "most_checks_queued": most_queued,
            "tenant_size_after": self.next,
            "load_avg_1m": round(os.getloadavg()[0], 2),
        }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    if not settings.effective_neo4j_uri.startswith("bolt://127.0.0.1"):
        raise SystemExit("this benchmark only runs against a Neo4j on 127.0.0.1")
    services = await open_services(settings)
    bench = Bench(services, args)
    report: dict[str, Any] = {
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "load_avg_1m_at_start": round(os.getloadavg()[0], 2),
        "settings": {
            "seed_size": args.seed_size,
            "embedding_model": settings.embedding_model,
            "sweep_s": settings.contradiction_check_sweep_s,
            "claim_s": settings.contradiction_check_claim_s,
        },
    }
    try:
        await services.embedder.embed(["warm up"] * 8)
        await bench.seed()
        report["single_remember"] = await bench.single()
        report["load"] = [await bench.under_load(w) for w in [0, *args.writers]]
    finally:
        await bench.sync_contradict.aclose()
        if not args.keep:
            await purge_tenant(services, bench.tenant)
        await services.close()
    report["load_avg_1m_at_end"] = round(os.getloadavg()[0], 2)
    return report


def table(report: dict[str, Any]) -> str:
    single = report["single_remember"]
    lines = [
        f"single remember at {report['settings']['seed_size']} memories (p50 / p95 / mean ms):",
        f"  sync  {single['sync']['p50_ms']} / {single['sync']['p95_ms']} / "
        f"{single['sync']['mean_ms']}",
        f"  async {single['async']['p50_ms']} / {single['async']['p95_ms']} / "
        f"{single['async']['mean_ms']}  (check done "
        f"{single['async_check_done_after_answer']['p50_ms']} / "
        f"{single['async_check_done_after_answer']['p95_ms']} ms after the answer)",
        "answer to pending pair (p50 / p95 / max ms):",
    ]
    for part in report["load"]:
        d = part["answer_to_pair"]
        lines.append(
            f"  {part['writers']} writers: {d['p50_ms']} / {d['p95_ms']} / {d['max_ms']} "
            f"({d['n']} probes, {part['writes_per_s']} writes/s, "
            f"at most {part['most_checks_queued']} checks queued)"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed-size", type=int, default=2000)
    parser.add_argument("--single", type=int, default=100, help="measured calls per mode")
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument(
        "--writers",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[2, 8],
        help="concurrent writers per load level, e.g. 2,8 (an idle level comes first)",
    )
    parser.add_argument("--load-seconds", type=float, default=30.0)
    parser.add_argument("--probe-every", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    report = asyncio.run(run(args))
    print(table(report))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
