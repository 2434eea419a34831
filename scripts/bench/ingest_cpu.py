"""Where REST batch ingest spends the machine, on a kept templated tenant: texts per
second and the CPU seconds of the API process and of Neo4j, with the contradiction
checks as by default (held back while batches arrive, at most 30 s), forced beside the
batches (``HEBBS_CONTRADICTION_CHECK_MAX_WAIT_S=1``) and off.

    PYTHONPATH=.:scripts/bench:scripts/eval HF_HUB_OFFLINE=1 .venv/bin/python \\
        scripts/bench/ingest_cpu.py --reuse <tenant kept by write_path.py --keep> \\
        --batches 12 --out docs/bench/ingest_cpu_100k.json

Each mode serves its own API process (``hebbs-graph serve``, one worker, the real model)
and POSTs ``--batches`` fresh batches of ``--batch`` templated texts back to back after
``--warm`` unmeasured ones and their checks: a new process compares a large tenant's
writes on the vector index (in Neo4j) until those have cost what reading the tenant's
vectors costs, then keeps the vectors and compares in numpy, and the warm-up is meant to
get it there. The tenant grows by what is written. *Drained* also waits until no
check of the tenant is left, and counts the CPU spent meanwhile. Raw embedding is the
same texts embedded in this process just before, while no API runs. The modes alternate in
order over ``--rounds``. Only 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from serving import api_server
from write_path import Api, templated

from hebbs_graph.embedding import Embedder
from hebbs_graph.services.container import load_embedder
from hebbs_graph.settings import Settings

MODES: dict[str, dict[str, str]] = {
    "held_back": {},
    "forced": {"HEBBS_CONTRADICTION_CHECK_MAX_WAIT_S": "1"},
    "off": {"HEBBS_CONTRADICTION_DETECTION": "false"},
}
TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of one process (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def neo4j_pid() -> int:
    out = subprocess.run(["pgrep", "-f", "Neo4jCommunity"], capture_output=True, text=True)
    pids = out.stdout.split()
    if not pids:
        raise SystemExit("no local Neo4j is running (hebbs-graph neo4j start)")
    return int(pids[0])


async def one_mode(
    mode: str,
    tenant: str,
    port: int,
    warm: list[dict[str, Any]],
    parts: list[list[Any]],
    batch: int,
) -> dict[str, Any]:
    env = MODES[mode]
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    neo = neo4j_pid()
    try:
        with api_server({"key": tenant}, port) as proc:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=600) as http:
                api = Api(http, "key")
                for i in range(0, len(warm), batch):
                    await api.batch(warm[i : i + batch])
                await api.drained()
                a0, n0, t0 = cpu_s(proc.pid), cpu_s(neo), time.perf_counter()
                for part in parts:
                    await api.batch(part)
                wall = time.perf_counter() - t0
                a1, n1 = cpu_s(proc.pid), cpu_s(neo)
                await api.drained()
                drained_s = time.perf_counter() - t0
                a2, n2 = cpu_s(proc.pid), cpu_s(neo)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    n = sum(len(p) for p in parts)
    return {
        "mode": mode,
        "texts": n,
        "answered_s": round(wall, 2),
        "per_s": round(n / wall, 1),
        "drained_s": round(drained_s, 2),
        "drained_per_s": round(n / drained_s, 1),
        "api_cpu_s": round(a1 - a0, 1),
        "neo4j_cpu_s": round(n1 - n0, 1),
        "api_cpu_s_drained": round(a2 - a0, 1),
        "neo4j_cpu_s_drained": round(n2 - n0, 1),
        "cpu_ms_per_text_drained": round(1000 * (a2 - a0 + n2 - n0) / n, 2),
        "cores_busy": round((a1 - a0 + n1 - n0) / wall, 2),
    }


async def raw_rate(embedder: Embedder, texts: list[list[dict[str, Any]]]) -> float:
    t0 = time.perf_counter()
    for part in texts:
        await embedder.embed([t["content"] for t in part])
    return sum(len(p) for p in texts) / (time.perf_counter() - t0)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    modes = args.modes.split(",")
    unknown = set(modes) - set(MODES)
    if unknown:
        raise SystemExit(f"unknown modes {sorted(unknown)}; choose from {sorted(MODES)}")
    # Texts the tenant has not seen: item i of the corpus depends on i alone, and a kept
    # tenant holds items from 0; a fresh offset per run keeps reruns from meeting theirs.
    start = args.start if args.start is not None else 1_000_000 * (1 + int(time.time()) % 1000)
    first = start
    warming = args.batch * args.warm
    per_run = warming + args.batch * args.batches
    runs: list[dict[str, Any]] = []
    raw: list[float] = []
    embedder = load_embedder(Settings())  # one session, warmed on texts of no run
    warm = templated(start - 2 * args.batch, start)
    for part in (warm[: args.batch], warm[args.batch :]):
        await embedder.embed([t["content"] for t in part])
    for r in range(args.rounds):
        order = modes if r % 2 == 0 else modes[::-1]
        for mode in order:
            texts = templated(start, start + per_run)
            start += per_run
            parts = [texts[i : i + args.batch] for i in range(warming, per_run, args.batch)]
            raw.append(await raw_rate(embedder, parts))
            result = await one_mode(mode, args.reuse, args.port, texts[:warming], parts, args.batch)
            result["round"] = r
            result["raw_embedding_per_s"] = round(raw[-1], 1)
            result["share_of_raw"] = round(result["per_s"] / raw[-1], 3)
            print(json.dumps(result), file=sys.stderr, flush=True)
            runs.append(result)
    return {
        "tenant": args.reuse,
        "corpus_offset": first,
        "batch": args.batch,
        "batches": args.batches,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "load_average_end": os.getloadavg(),
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", required=True, help="a templated tenant kept earlier")
    parser.add_argument("--modes", default="held_back,forced,off")
    parser.add_argument("--batches", type=int, default=12)
    parser.add_argument(
        "--warm",
        type=int,
        default=8,
        help="batches first, unmeasured (a new API process "
        "checks a large tenant on the vector index until it has paid for reading its vectors)",
    )
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--start", type=int, help="corpus offset (default: one per run)")
    parser.add_argument("--port", type=int, default=8974)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    report = asyncio.run(run(args))
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
