"""The API process's memory and start time: `hebbs-graph serve`, exercised, then measured.

    PYTHONPATH=. HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 \\
        .venv/bin/python scripts/bench/serve_rss.py [--runs 3] [--fresh-cache] \\
        [--backend auto|onnx|torch] [--requests 20] [--code CHECKOUT] [--out FILE.json]

Each run spawns ``python -m hebbs_graph serve --workers 1`` on a free 127.0.0.1 port
against the Neo4j of HEBBS_NEO4J_URI (set, so ``serve`` never starts a local Neo4j; only
a loopback URI is accepted), with an API key for a tenant of its own
(``bench-rss-<timestamp>``). It times spawn → ``/v1/health/live`` answering (the app
answers only once its services, the embedding model among them, are open) and spawn →
``/v1/health/ready``; then it stores ``--requests`` memories one at a time, runs as
many recalls and stores one batch of 64 long memories (each past the model's 256
tokens: the embedding's peak), and reads the server's ``VmRSS`` and ``VmHWM`` (peak) from
``/proc/<pid>/status`` and which site-packages have a shared library mapped
(``/proc/<pid>/maps``: torch shows up there as soon as it is imported). It stops the
server (SIGTERM), and deletes the tenant's data at the end.

``--fresh-cache`` points HEBBS_CACHE_DIR at a new temporary folder, so the run's start
includes the ONNX export (the first start of a new install); without it the cache
folder of the settings (or HEBBS_CACHE_DIR) is used, where the export normally exists.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
KEY = "bench-rss-key"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of ``pid`` in KiB."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            out[name] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat)
    return ticks / os.sysconf("SC_CLK_TCK")


def mapped_packages(pid: int) -> list[str]:
    """Top-level site-packages folders with a shared library mapped into ``pid``."""
    names: set[str] = set()
    pattern = re.compile(r"/site-packages/([^/]+)/")
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        match = pattern.search(line)
        if match and ".so" in line:
            names.add(match.group(1))
    return sorted(names)


@contextlib.contextmanager
def server(env: dict[str, str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    command = [sys.executable, "-m", "hebbs_graph", "serve", "--workers", "1",
               "--host", "127.0.0.1", "--port", str(port)]  # fmt: skip
    proc = subprocess.Popen(
        command,
        env=env,
        cwd=env.get("HEBBS_CODE"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def wait_for(url: str, proc: subprocess.Popen[bytes], limit_s: float = 300) -> float:
    """Seconds until ``url`` answers 200; the server's stderr if it exits first."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit_s:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise SystemExit(f"the server exited with {proc.returncode}:\n{err[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return time.perf_counter() - started
        time.sleep(0.05)
    raise SystemExit(f"{url} did not answer within {limit_s:.0f} s")


def exercise(base: str, requests: int) -> dict[str, float]:
    headers = {"Authorization": f"Bearer {KEY}"}
    remember: list[float] = []
    recall: list[float] = []
    with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
        for i in range(requests):
            t0 = time.perf_counter()
            r = http.post("/v1/memories", json={
                "content": f"Checkout call {i}: the customer asked about invoice {1000 + i}",
                "entity_id": "acme", "importance": 0.5})  # fmt: skip
            r.raise_for_status()
            remember.append(time.perf_counter() - t0)
        for i in range(requests):
            t0 = time.perf_counter()
            r = http.post("/v1/recall", json={"cue": f"what about invoice {1000 + i}?",
                                              "entity_id": "acme", "top_k": 5})  # fmt: skip
            r.raise_for_status()
            recall.append(time.perf_counter() - t0)
        # One batch of long memories (each past the model's 256 tokens): the peak.
        long = " and then the customer described the outage at length" * 30
        t0 = time.perf_counter()
        r = http.post("/v1/memories/batch", json={"memories": [
            {"content": f"Long note {i}:{long}", "entity_id": "acme"} for i in range(64)]})  # fmt: skip
        r.raise_for_status()
        batch_s = time.perf_counter() - t0

    def median_ms(values: list[float]) -> float:
        return round(sorted(values)[len(values) // 2] * 1000, 1)

    return {"remember_p50_ms": median_ms(remember), "recall_p50_ms": median_ms(recall),
            "long_batch_s": round(batch_s, 2)}  # fmt: skip


async def purge(settings: Settings, tenant: str) -> int:
    store = GraphStore(settings)
    total = 0
    try:
        while True:
            rows = await store.write_rows("tenant/purge", tenant_id=tenant, limit=5000)
            total += int(rows[0]["deleted"])
            if not rows[0]["deleted"]:
                return total
    finally:
        await store.close()


def one_run(args: argparse.Namespace, tenant: str, cache_dir: str | None) -> dict[str, Any]:
    port = free_port()
    path = os.pathsep.join(filter(None, [str(args.code), os.environ.get("PYTHONPATH")]))
    env = os.environ | {
        "HEBBS_API_KEYS": f"{KEY}:{tenant}",
        "HEBBS_EMBEDDING_BACKEND": args.backend,
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": path,
        # the server's working folder: ``python -m`` puts it first on sys.path
        "HEBBS_CODE": str(args.code),
    }
    if cache_dir is not None:
        env["HEBBS_CACHE_DIR"] = cache_dir
    base = f"http://127.0.0.1:{port}"
    load_before = loadavg()
    t0 = time.perf_counter()
    with server(env, port) as proc:
        live = wait_for(f"{base}/v1/health/live", proc)
        ready = wait_for(f"{base}/v1/health/ready", proc)
        after_start = proc_status(proc.pid)
        started_cpu = cpu_seconds(proc.pid)
        timings = exercise(base, args.requests)
        status = proc_status(proc.pid)
        cpu = cpu_seconds(proc.pid)
        return {
            "start_to_live_s": round(live, 2),
            "start_to_ready_s": round(live + ready, 2),
            "wall_s": round(time.perf_counter() - t0, 2),
            "rss_after_start_mib": round(after_start["VmRSS"] / 1024, 1),
            "rss_mib": round(status["VmRSS"] / 1024, 1),
            "hwm_mib": round(status["VmHWM"] / 1024, 1),
            "start_cpu_s": round(started_cpu, 2),
            "exercise_cpu_s": round(cpu - started_cpu, 2),
            "mapped": mapped_packages(proc.pid),
            "torch_loaded": "torch" in mapped_packages(proc.pid),
            "load_before": load_before,
            **timings,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--backend", choices=["auto", "onnx", "torch"], default="auto")
    parser.add_argument("--fresh-cache", action="store_true",
                        help="a new, empty cache folder for each run (the ONNX export is made)")  # fmt: skip
    parser.add_argument("--code", type=Path, default=REPO,
                        help="the checkout the server runs from (another, to compare)")  # fmt: skip
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    uri = os.environ.get("HEBBS_NEO4J_URI")
    if not uri or urlparse(uri).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("set HEBBS_NEO4J_URI to a Neo4j on 127.0.0.1 (this never starts one)")
    settings = Settings()
    tenant = f"bench-rss-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}"
    runs: list[dict[str, Any]] = []
    try:
        for i in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="hebbs-rss-") as tmp:
                run = one_run(args, tenant, tmp if args.fresh_cache else None)
            runs.append(run)
            log(f"run {i + 1}: {json.dumps(run)}")
    finally:
        deleted = asyncio.run(purge(settings, tenant))
        log(f"deleted {deleted} nodes of {tenant}")
    keys = ("start_to_live_s", "start_to_ready_s", "rss_mib", "hwm_mib", "start_cpu_s")
    summary = {k: sorted(r[k] for r in runs)[len(runs) // 2] for k in keys}
    result = {
        "code": str(args.code),
        "backend": args.backend,
        "fresh_cache": args.fresh_cache,
        "requests": args.requests,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "median": summary,
        "runs": runs,
    }
    print(
        f"backend={args.backend} fresh_cache={args.fresh_cache} runs={len(runs)} "
        f"(median) start→live {summary['start_to_live_s']} s, start→ready "
        f"{summary['start_to_ready_s']} s, start CPU {summary['start_cpu_s']} s, "
        f"RSS {summary['rss_mib']} MiB, peak {summary['hwm_mib']} MiB; "
        f"torch mapped: {[r['torch_loaded'] for r in runs]}"
    )
    print(json.dumps(result, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
