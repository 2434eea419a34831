"""deploy/compose.yml's topology without Docker: N replicas behind nginx, one stopped mid-load.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 \\
        PYTHONPATH=.:scripts/bench .venv/bin/python scripts/bench/replicas.py \\
        [--replicas 3] [--port 8310] [--stop kill|term] [--stop-at 25] [--restart-after 20] \\
        [--clients 32] [--seconds 75] [--warmup 10] [--memories 3000] [--label TEXT] \\
        [--out docs/bench/replicas.json]

1. ``hebbs-graph migrate`` once (compose's one-shot service, the Kubernetes Job), then
   ``--replicas`` processes of ``hebbs-graph serve --workers 1`` on ``--port`` + 1, + 2,
   ... (127.0.0.1), against the Neo4j of HEBBS_NEO4J_URI (a loopback URI), with a
   tenant of their own; each must answer ``/v1/health/ready``.
2. Debian's nginx (``apt-get install nginx``), run from a temporary folder as this
   user (not the system service), on ``--port``: the upstream lists the replicas
   (``max_fails=1 fail_timeout=5s``, keep-alive) and every request passes through
   deploy/nginx/proxy.conf, the rules compose's nginx uses. Its access log records
   which replica answered each request and with what.
3. The load of mixed_load.py through nginx (its seed, clients and mix: 60 % recall,
   30 % remember, 10 % get), and ``--stop-at`` seconds into the counted part the first
   replica is stopped: ``kill`` is SIGKILL (a crash, an OOM kill), ``term`` is SIGTERM
   (a rolling update's stop). ``--restart-after`` seconds later it is started again
   (0: never) and rejoins once it listens.
4. After the load: the wait until no contradiction check of the tenant is left (the
   killed replica's claims lapse after HEBBS_CONTRADICTION_CHECK_CLAIM_S, 15 s, and
   another replica's sweep runs them); then every replica gets SIGTERM and the time
   each takes to exit is recorded; then *no acknowledged write lost*: every id a
   remember answered 201 for is in the store. The tenant may hold more than the seed
   plus those: a remember that was under way on the killed replica may have been
   committed though its answer never left (recorded as ``stored_unacknowledged``).

Printed and written (``--out`` appends the run to ``runs``): requests a second, p50 /
p95 per operation, errors by status and when they came (seconds from the stop), which
replica each failed request was on (nginx's log), requests nginx passed on to another
replica, checks left and how long they took to go, each replica's stop time. The tenant
is purged at the end; every process started here is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from common import LOCAL_HOSTS
from mixed_load import (
    KEY,
    Tally,
    http_client,
    load_shape,
    log,
    run_clients,
    seeded_workload,
    summarise,
    written,
)
from serving import REPO
from write_path import Api

from hebbs_graph.settings import Settings

HEBBS = str(Path(sys.executable).parent / "hebbs-graph")
PROXY_RULES = REPO / "deploy" / "nginx" / "proxy.conf"
# Which replica answered, and how: "$upstream_addr" lists every replica tried.
LOG_FORMAT = '$msec $status "$upstream_addr" "$upstream_status" $request_method $uri'


@dataclass
class Replica:
    port: int
    log_path: Path
    proc: subprocess.Popen[bytes] | None = None
    log_file: IO[bytes] | None = None

    def start(self, env: dict[str, str]) -> None:
        self.log_file = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [HEBBS, "serve", "--workers", "1", "--host", "127.0.0.1", "--port", str(self.port)],
            env=env,
            cwd=REPO,
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
        )

    def stop(self, sig: int = signal.SIGTERM, timeout_s: float = 60.0) -> float | None:
        """Send ``sig`` and wait; the seconds it took to exit (None if it was not running)."""
        if self.proc is None or self.proc.poll() is not None:
            return None
        t0 = time.perf_counter()
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.log_file is not None:
            self.log_file.close()
        return round(time.perf_counter() - t0, 2)


def wait_ready(url: str, proc: subprocess.Popen[bytes] | None, timeout_s: float = 180.0) -> float:
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout_s:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url}: the process exited with {proc.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return round(time.perf_counter() - t0, 2)
        time.sleep(0.5)
    raise RuntimeError(f"{url} was not ready within {timeout_s:.0f} s")


def nginx_config(folder: Path, port: int, upstreams: list[int]) -> str:
    servers = "".join(
        f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams
    )
    temp = "".join(
        f"    {kind}_temp_path {folder / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"worker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 1024; }\n"
        "http {\n"
        f"{temp}"
        f"    log_format replicas '{LOG_FORMAT}';\n"
        f"    access_log {folder / 'access.log'} replicas;\n"
        "    upstream hebbs_api {\n"
        f"{servers}"
        "        keepalive 32;\n"
        "    }\n"
        "    server {\n"
        f"        listen 127.0.0.1:{port};\n"
        f"        include {PROXY_RULES};\n"
        "    }\n"
        "}\n"
    )


@dataclass
class Timeline:
    """When the stop and the restart happened (perf_counter), and the failures' times."""

    stopped_at: float | None = None
    restarted_at: float | None = None
    rejoined_s: float | None = None
    failures: list[tuple[float, str]] = field(default_factory=list)


class TimedTally(Tally):
    """mixed_load's tally, also keeping when each failure came."""

    timeline: Timeline

    def error(self, op: str, what: str) -> None:
        super().error(op, what)
        self.timeline.failures.append((time.perf_counter(), f"{op} {what}"))


async def stop_one(
    replica: Replica, args: argparse.Namespace, env: dict[str, str], timeline: Timeline
) -> dict[str, Any]:
    await asyncio.sleep(args.warmup + args.stop_at)
    sig = signal.SIGKILL if args.stop == "kill" else signal.SIGTERM
    timeline.stopped_at = time.perf_counter()
    took = await asyncio.to_thread(replica.stop, sig)
    log(f"replica :{replica.port} stopped ({args.stop}) in {took} s")
    out: dict[str, Any] = {"signal": args.stop, "exit_s": took}
    if args.restart_after > 0:
        await asyncio.sleep(args.restart_after)
        timeline.restarted_at = time.perf_counter()
        replica.start(env)
        url = f"http://127.0.0.1:{replica.port}/v1/health/ready"
        timeline.rejoined_s = await asyncio.to_thread(wait_ready, url, replica.proc)
        log(f"replica :{replica.port} ready again {timeline.rejoined_s} s after its restart")
        out["ready_after_restart_s"] = timeline.rejoined_s
    return out


async def drive(
    base: str,
    args: argparse.Namespace,
    report: dict[str, Any],
    victim: Replica,
    env: dict[str, str],
) -> TimedTally:
    async with http_client(base, args) as http:
        api = Api(http, KEY)
        _, work = await seeded_workload(api, args, report)
        tally = TimedTally()
        tally.timeline = Timeline()
        stopper = stop_one(victim, args, env, tally.timeline)
        report["stopped_replica"] = await run_clients(http, args, work, tally, report, stopper)
        t0 = time.perf_counter()
        left = (await api.prepare(limit=1))["checks_pending"]
        while left and time.perf_counter() - t0 < 120:
            await asyncio.sleep(2)
            left = (await api.prepare(limit=1))["checks_pending"]
        report["checks_pending_at_end"] = left
        report["checks_drained_after_s"] = round(time.perf_counter() - t0, 1)
        return tally


def read_access_log(path: Path, victim: int, since_msec: float | None) -> dict[str, Any]:
    """nginx's view: answers by status, failed requests by replica, requests passed on."""
    statuses: Counter[str] = Counter()
    failed_on: Counter[str] = Counter()
    passed_on: Counter[str] = Counter()
    by_replica: Counter[str] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split('"')
        msec, status = parts[0].split()[:2]
        upstreams = [u.strip() for u in parts[1].split(",")]
        method = parts[4].split()[0]
        if since_msec is not None and float(msec) < since_msec:
            continue
        statuses[status] += 1
        by_replica[upstreams[-1]] += 1
        if status >= "500":
            failed_on[f"{method} {upstreams[-1]}"] += 1
        if len(upstreams) > 1:
            passed_on[f"{method} {' -> '.join(upstreams)} ({parts[3]})"] += 1
    return {
        "victim": f"127.0.0.1:{victim}",
        "statuses": dict(statuses),
        "answered_by": dict(by_replica),
        "failed_on": dict(failed_on),
        "passed_on": dict(passed_on),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx is not installed: apt-get install -y nginx")
    tenant = f"bench-replicas-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}"
    folder = Path(tempfile.mkdtemp(prefix="hebbs-replicas-"))
    folder.chmod(0o755)  # nginx started as root runs its workers as another user
    env = os.environ | {
        "HEBBS_API_KEYS": f"{KEY}:{tenant}",
        "HF_HUB_OFFLINE": "1",
        "HEBBS_WORKERS": "1",
    }
    report: dict[str, Any] = {
        "label": args.label or f"{args.replicas} replicas, {args.stop} one",
        "replicas": args.replicas,
        "stop": args.stop,
        "stop_at_s": args.stop_at,
        "restart_after_s": args.restart_after,
        **load_shape(args),
        "nginx": subprocess.run([nginx, "-v"], capture_output=True, text=True).stderr.strip(),
    }
    t0 = time.perf_counter()
    subprocess.run([HEBBS, "migrate", "--format", "json"], env=env, check=True, cwd=REPO)
    report["migrate_s"] = round(time.perf_counter() - t0, 1)
    replicas = [
        Replica(args.port + 1 + i, folder / f"replica-{i + 1}.log") for i in range(args.replicas)
    ]
    proxy: subprocess.Popen[bytes] | None = None
    tally = TimedTally()
    tally.timeline = Timeline()
    try:
        for replica in replicas:
            replica.start(env)
        report["ready_s"] = [
            wait_ready(f"http://127.0.0.1:{r.port}/v1/health/ready", r.proc) for r in replicas
        ]
        conf = folder / "nginx.conf"
        conf.write_text(nginx_config(folder, args.port, [r.port for r in replicas]))
        proxy = subprocess.Popen(
            [nginx, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_ready(f"http://127.0.0.1:{args.port}/v1/health/live", proxy, timeout_s=10)
        log(f"{args.replicas} replicas behind nginx on :{args.port}; logs in {folder}")
        base = f"http://127.0.0.1:{args.port}"
        tally = asyncio.run(drive(base, args, report, replicas[0], env))
    finally:
        if proxy is not None:
            proxy.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            with contextlib.suppress(subprocess.TimeoutExpired):
                proxy.wait(timeout=10)
            if proxy.poll() is None:
                proxy.kill()
        report["replica_exit_s"] = [r.stop() for r in replicas]
        report["written"] = asyncio.run(
            written(Settings(), tenant, tally, int(report.get("seeded", 0)))
        )
    w = report["written"]
    w["acknowledged_lost"] = w["distinct_ids"] - w["found"]
    w["stored_unacknowledged"] = w["tenant_total"] - w["expected_total"]
    timeline = tally.timeline
    stopped = timeline.stopped_at
    report["failures_s_from_stop"] = [
        [round(t - stopped, 2) if stopped else None, what] for t, what in timeline.failures
    ]
    stop_epoch = None
    if stopped is not None:  # nginx logs wall-clock time: its lines from 1 s before the stop
        stop_epoch = time.time() - (time.perf_counter() - stopped) - 1.0
    report["nginx_log"] = read_access_log(folder / "access.log", replicas[0].port, None)
    report["nginx_log_from_stop"] = read_access_log(
        folder / "access.log", replicas[0].port, stop_epoch
    )
    report["logs"] = str(folder)
    return report | summarise(tally, report)


def row_line(run: dict[str, Any]) -> str:
    ops = run["by_op"]

    def ms(op: str, p: str) -> str:
        return f"{ops[op].get(p + '_ms', float('nan')):.0f}"

    w = run["written"]
    return (
        f"{run['label']}: {run['requests_per_s']} req/s; recall p50/p95 "
        f"{ms('recall', 'p50')}/{ms('recall', 'p95')} ms, remember "
        f"{ms('remember', 'p50')}/{ms('remember', 'p95')} ms, get "
        f"{ms('get', 'p50')}/{ms('get', 'p95')} ms; errors {run['errors']} at "
        f"{[f[0] for f in run['failures_s_from_stop']]} s from the stop; failed on "
        f"{run['nginx_log']['failed_on']}; acknowledged {w['distinct_ids']}, found "
        f"{w['found']}, lost {w['acknowledged_lost']}, stored unacknowledged "
        f"{w['stored_unacknowledged']}; checks left {run['checks_pending_at_end']} after "
        f"{run['checks_drained_after_s']} s; replica exits {run['replica_exit_s']} s"
    )


COMMAND = (
    "HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 PYTHONPATH=.:scripts/bench "
    ".venv/bin/python scripts/bench/replicas.py --out docs/bench/replicas.json"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--port", type=int, default=8310, help="nginx; replicas on the next")
    parser.add_argument("--stop", choices=("kill", "term"), default="kill")
    parser.add_argument("--stop-at", type=float, default=25.0, help="seconds into the count")
    parser.add_argument("--restart-after", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=75.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--memories", type=int, default=3000)
    parser.add_argument("--entities", type=int, default=20)
    parser.add_argument("--cues", type=int, default=400)
    parser.add_argument("--label")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    uri = os.environ.get("HEBBS_NEO4J_URI")
    if not uri or urlparse(uri).hostname not in LOCAL_HOSTS:
        raise SystemExit("set HEBBS_NEO4J_URI to a Neo4j on 127.0.0.1 (this never starts one)")
    report = run(args)
    print(row_line(report))
    keys = ("by_op", "errors", "failures_s_from_stop", "nginx_log", "written")
    print(json.dumps({k: report[k] for k in keys}, indent=1))
    if args.out:
        old = json.loads(args.out.read_text()) if args.out.exists() else {}
        figures = old | {"command": COMMAND, "runs": [*old.get("runs", []), report]}
        args.out.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
