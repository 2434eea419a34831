"""Mixed load through the REST API: closed-loop clients that recall, remember and get.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 \\
        PYTHONPATH=.:scripts/bench .venv/bin/python scripts/bench/mixed_load.py \\
        [--clients 32] [--seconds 60] [--warmup 10] [--memories 3000] [--entities 20] \\
        [--workers 1] [--set NAME=VALUE ...] [--repo DIR] [--no-reinforce] [--label TEXT] \\
        [--out docs/bench/mixed_load.json]

One API (``hebbs-graph serve --workers N``, the real model, contradiction detection on,
as by default) as a child process on 127.0.0.1, against the Neo4j of HEBBS_NEO4J_URI (a
loopback URI; refused otherwise), with a tenant of its own (``bench-mixed-<timestamp>``).
``--set NAME=VALUE`` passes ``HEBBS_<NAME>`` to the API (a setting under test);
``--repo DIR`` serves another checkout's code (an A/B pair, run back to back);
``--no-reinforce`` sends ``reinforce: false`` with every recall (a diagnostic).

1. **Seed**: ``--memories`` memories of the synthetic corpus (corpus.py) over
   ``--entities`` entities (10 % with none), through ``POST /v1/memories/batch`` in
   batches of 500; then the wait until no contradiction check of the tenant is left.
2. **Load**: ``--clients`` clients, each sending its next request as soon as the last
   one answered, for ``--warmup`` seconds (not counted) and then ``--seconds``. Each
   request is drawn (seeded per client): 60 % ``POST /v1/recall`` of a corpus cue (half
   of them scoped to the cue's entity, half tenant-wide), 30 % ``POST /v1/memories`` of
   a fresh corpus memory, 10 % ``GET /v1/memories/{id}`` of a seeded or acknowledged id.
3. **Written = acknowledged**: after the API has stopped, every memory a remember
   answered 201 for must be in the store, and the tenant must hold exactly the seeded
   memories plus those (a Cypher count).

Printed and written (``--out``: the run is appended to the file's ``runs``): requests
a second, p50 / p95 / p99 per operation, errors by status (a transport error counts as
its exception's name), the checks left at the end, the load average before and after.
The tenant is purged at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from common import LOCAL_HOSTS, pct, purge_tenant
from corpus import Corpus, Cue
from serve_rss import free_port, loadavg
from serving import REPO, api_server
from write_path import Api

from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings

KEY = "bench-mixed-key"
SEED_BATCH = 500
MIX = (("recall", 0.6), ("remember", 0.3), ("get", 0.1))
REQUEST_TIMEOUT_S = 60.0


def cpu_ticks() -> dict[int, tuple[str, int]]:
    """Every process's (command line, user + system ticks) now, from /proc."""
    out: dict[int, tuple[str, int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:90]
            out[int(stat.parent.name)] = (cmd.strip(), int(fields[11]) + int(fields[12]))
    return out


def cpu_shares(before: dict[int, tuple[str, int]], seconds: float) -> list[dict[str, Any]]:
    """The processes that used at least 5 % of a core since ``before`` (API, Neo4j, this
    load generator and whatever else shared the machine), busiest first."""
    tick = os.sysconf("SC_CLK_TCK")
    rows = []
    for pid, (cmd, ticks) in cpu_ticks().items():
        used = (ticks - before.get(pid, (cmd, 0))[1]) / tick / seconds
        if used >= 0.05:
            rows.append({"pid": pid, "cores": round(used, 2), "cmd": cmd})
    return sorted(rows, key=lambda r: -r["cores"])


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Tally:
    """What the clients saw; ``counting`` is off during the warm-up."""

    counting: bool = False
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: list[str] = field(default_factory=list)  # 201'd ids, warm-up included
    reinforced: int = 0  # 200'd remembers (a repeat of a stored text)
    took_ms: list[float] = field(default_factory=list)  # the server's own time per recall

    def record(self, op: str, seconds: float) -> None:
        if self.counting:
            self.latencies.setdefault(op, []).append(seconds)

    def error(self, op: str, what: str) -> None:
        self.errors[f"{op} {what}"] += 1  # warm-up errors count too


@dataclass
class Workload:
    corpus: Corpus
    cues: list[Cue]
    ids: list[str]  # ids a get may ask for (seeded, then acknowledged)
    next_item: int  # corpus index of the next fresh memory
    reinforce: bool = True  # recalls reinforce what they return (the default)


async def request(http: httpx.AsyncClient, op: str, work: Workload, rng: random.Random) -> Any:
    if op == "recall":
        cue = rng.choice(work.cues)
        body: dict[str, Any] = {"cue": cue.text, "top_k": 10, "reinforce": work.reinforce}
        if cue.entity_id is not None:
            body["entity_id"] = cue.entity_id
        return await http.post("/v1/recall", json=body)
    if op == "remember":
        item = work.corpus.item(work.next_item)
        work.next_item += 1
        return await http.post("/v1/memories", json=item.as_json())
    return await http.get(f"/v1/memories/{rng.choice(work.ids)}")


async def client(
    http: httpx.AsyncClient, n: int, work: Workload, tally: Tally, stop: float
) -> None:
    rng = random.Random(f"mixed-client:{n}")
    ops, weights = [op for op, _ in MIX], [share for _, share in MIX]
    while time.perf_counter() < stop:
        op = rng.choices(ops, weights)[0]
        t0 = time.perf_counter()
        try:
            r = await request(http, op, work, rng)
        except httpx.HTTPError as exc:
            tally.error(op, type(exc).__name__)
            continue
        seconds = time.perf_counter() - t0
        expected = (201, 200) if op == "remember" else (200,)
        if r.status_code not in expected:
            tally.error(op, str(r.status_code))
            continue
        tally.record(op, seconds)
        if op == "remember" and r.status_code == 201:
            tally.acknowledged.append(r.json()["id"])
            work.ids.append(r.json()["id"])
        elif op == "remember":
            tally.reinforced += 1
        elif op == "recall" and tally.counting:
            tally.took_ms.append(float(r.json().get("took_ms", 0.0)))


async def seed(api: Api, corpus: Corpus, size: int) -> list[str]:
    ids: list[str] = []
    for start in range(0, size, SEED_BATCH):
        items = corpus.items(start, min(size, start + SEED_BATCH))
        ids += await api.batch([it.as_json() for it in items])
    log(f"seeded {len(set(ids))} memories ({size} items); waiting for their checks")
    await api.drained()
    return sorted(set(ids))


def http_client(base: str, args: argparse.Namespace) -> httpx.AsyncClient:
    """The clients' shared HTTP client, with the load's key."""
    limits = httpx.Limits(max_connections=args.clients + 4, max_keepalive_connections=args.clients)
    headers = {"Authorization": f"Bearer {KEY}"}
    return httpx.AsyncClient(
        base_url=base, headers=headers, timeout=REQUEST_TIMEOUT_S, limits=limits
    )


async def seeded_workload(
    api: Api, args: argparse.Namespace, report: dict[str, Any], reinforce: bool = True
) -> tuple[list[str], Workload]:
    """Seed the tenant (waiting for its checks), then the clients' work over it."""
    corpus = Corpus(n_entities=args.entities)
    seeded = await seed(api, corpus, args.memories)
    report["seeded"] = len(seeded)
    half = args.cues // 2
    cues = corpus.cues(half, seed="mixed", entity_scoped=True)
    cues += corpus.cues(args.cues - half, seed="mixed", entity_scoped=False)
    return seeded, Workload(corpus, cues, list(seeded), args.memories, reinforce)


async def run_clients(
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    work: Workload,
    tally: Tally,
    report: dict[str, Any],
    beside: Awaitable[Any] | None = None,
) -> Any:
    """The closed-loop clients for warm-up + counted seconds, the load and every process's
    CPU recorded over the counted part; ``beside`` runs meanwhile (its result returned)."""
    report["load_before"] = loadavg()
    start = time.perf_counter()
    stop = start + args.warmup + args.seconds
    ticks: dict[int, tuple[str, int]] = {}

    async def count_from_warmup_end() -> None:
        nonlocal ticks
        await asyncio.sleep(args.warmup)
        tally.counting = True
        report["load_at_start"] = loadavg()
        ticks = cpu_ticks()

    counter = asyncio.create_task(count_from_warmup_end())
    other = asyncio.ensure_future(beside) if beside is not None else None
    await asyncio.gather(*(client(http, n, work, tally, stop) for n in range(args.clients)))
    await counter
    report["wall_s"] = round(time.perf_counter() - start - args.warmup, 2)
    report["cpu_cores"] = cpu_shares(ticks, report["wall_s"])
    report["load_after"] = loadavg()
    return await other if other is not None else None


async def drive(base: str, args: argparse.Namespace, report: dict[str, Any]) -> Tally:
    async with http_client(base, args) as http:
        api = Api(http, KEY)
        seeded, work = await seeded_workload(api, args, report, not args.no_reinforce)
        tally = Tally()
        await run_clients(http, args, work, tally, report)
        left = await api.prepare(limit=1)
        report["checks_pending_at_end"] = left["checks_pending"]
        report["seeded_ids"] = len(seeded)
        return tally


async def written(settings: Settings, tenant: str, tally: Tally, seeded: int) -> dict[str, Any]:
    """Every 201'd id in the store, and the tenant holding exactly seeded + those."""
    services = await open_services(settings)
    try:
        rows = await services.store.run_raw(
            "MATCH (m:Memory) WHERE m.tenant_id = $t "
            "RETURN count(m) AS total, count(CASE WHEN m.id IN $ids THEN 1 END) AS found",
            t=tenant,
            ids=tally.acknowledged,
        )
        total, found = int(rows[0]["total"]), int(rows[0]["found"])
        distinct = len(set(tally.acknowledged))
        return {
            "acknowledged_201": len(tally.acknowledged),
            "distinct_ids": distinct,
            "found": found,
            "tenant_total": total,
            "expected_total": seeded + distinct,
            "ok": found == distinct == len(tally.acknowledged) and total == seeded + distinct,
        }
    finally:
        await purge_tenant(services, tenant)
        await services.close()


def summarise(tally: Tally, report: dict[str, Any]) -> dict[str, Any]:
    wall = report["wall_s"]
    done = sum(len(v) for v in tally.latencies.values())
    return {
        "requests_per_s": round(done / wall, 1),
        "by_op": {op: pct(tally.latencies.get(op, []), mean=True) for op, _ in MIX},
        "recall_took_ms": pct([t / 1000 for t in tally.took_ms]),
        "errors": dict(sorted(tally.errors.items())),
        "reinforced_200": tally.reinforced,
    }


def row_line(run: dict[str, Any]) -> str:
    ops = run["by_op"]

    def ms(op: str, p: str) -> str:
        return f"{ops[op].get(p + '_ms', float('nan')):.0f}"

    return (
        f"{run['label']}: {run['requests_per_s']} req/s; recall p50/p95/p99 "
        f"{ms('recall', 'p50')}/{ms('recall', 'p95')}/{ms('recall', 'p99')} ms, remember "
        f"{ms('remember', 'p50')}/{ms('remember', 'p95')}/{ms('remember', 'p99')} ms, get "
        f"{ms('get', 'p50')}/{ms('get', 'p95')} ms; errors {sum(run['errors'].values())}; "
        f"written = acknowledged: {run['written']['ok']}; load {run['load_before']} -> "
        f"{run['load_after']}; cores: "
        + ", ".join(f"{c['cmd'][:40]} {c['cores']}" for c in run["cpu_cores"][:5])
    )


def load_shape(args: argparse.Namespace) -> dict[str, Any]:
    """What a run's report says of its load (clients, times, seed, mix, start)."""
    return {
        "clients": args.clients,
        "seconds": args.seconds,
        "warmup_s": args.warmup,
        "memories": args.memories,
        "entities": args.entities,
        "mix": dict(MIX),
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    tenant = f"bench-mixed-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}"
    port = args.port or free_port()
    for name, value in args.set:
        os.environ[f"HEBBS_{name.upper()}"] = value
    report: dict[str, Any] = {
        "label": args.label or f"workers {args.workers}",
        "workers": args.workers,
        "repo": str(args.repo),
        "settings": dict(args.set),
        "recall_reinforce": not args.no_reinforce,
        **load_shape(args),
    }
    tally = Tally()
    try:
        with api_server({KEY: tenant}, port, workers=args.workers, repo=args.repo):
            tally = asyncio.run(drive(f"http://127.0.0.1:{port}", args, report))
    finally:
        # After the API has stopped: what it acknowledged must be in the store.
        report["written"] = asyncio.run(
            written(Settings(), tenant, tally, int(report.get("seeded", 0)))
        )
    return report | summarise(tally, report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--memories", type=int, default=3000)
    parser.add_argument("--entities", type=int, default=20)
    parser.add_argument("--cues", type=int, default=400)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--set", type=setting, action="append", default=[])
    parser.add_argument("--no-reinforce", action="store_true", help="recalls send reinforce: false")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout that serves")
    parser.add_argument("--label")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    uri = os.environ.get("HEBBS_NEO4J_URI")
    if not uri or urlparse(uri).hostname not in LOCAL_HOSTS:
        raise SystemExit("set HEBBS_NEO4J_URI to a Neo4j on 127.0.0.1 (this never starts one)")
    report = run(args)
    print(row_line(report))
    print(json.dumps({k: report[k] for k in ("by_op", "errors", "written")}, indent=1))
    if args.out:
        old = json.loads(args.out.read_text()) if args.out.exists() else {}
        runs = [*old.get("runs", []), report]
        figures = old | {"command": COMMAND, "runs": runs}
        args.out.write_text(json.dumps(figures, indent=2) + "\n")


def setting(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError("--set takes NAME=VALUE")
    return name, value


COMMAND = (
    "HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 PYTHONPATH=.:scripts/bench "
    ".venv/bin/python scripts/bench/mixed_load.py --out docs/bench/mixed_load.json"
)

if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
