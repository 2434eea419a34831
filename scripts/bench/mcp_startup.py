"""How long an MCP host waits for ``hebbs-graph mcp``: spawn to the ``initialize`` answer,
and spawn to the ``tools/list`` answer, over raw stdio JSON-RPC (no SDK client in between).

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/mcp_startup.py --runs 5
    .venv/bin/python scripts/bench/mcp_startup.py --runs 5 -- --url http://127.0.0.1:8000 \\
        --api-key KEY

Arguments after ``--`` go to ``python -m hebbs_graph mcp``. Prints one JSON line per run
and a summary (median and max, in seconds). Nothing is written to the memory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import IO, Any

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "mcp-startup-bench", "version": "0"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
LIST_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}


def send(stream: IO[bytes], message: dict[str, Any]) -> None:
    stream.write(json.dumps(message).encode() + b"\n")
    stream.flush()


def answer(stream: IO[bytes], wanted_id: int) -> dict[str, Any]:
    while True:
        line = stream.readline()
        if not line:
            raise RuntimeError("the server closed stdout before answering")
        message: dict[str, Any] = json.loads(line)
        if message.get("id") == wanted_id:
            return message


def one_run(extra: list[str]) -> dict[str, Any]:
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "hebbs_graph", "mcp", *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=os.environ.copy(),
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    try:
        send(proc.stdin, INITIALIZE)
        init = answer(proc.stdout, 1)
        initialized_s = time.perf_counter() - started
        send(proc.stdin, INITIALIZED)
        send(proc.stdin, LIST_TOOLS)
        listed = answer(proc.stdout, 2)
        listed_s = time.perf_counter() - started
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if "error" in init or "error" in listed:
        raise RuntimeError(f"the server refused: {init} {listed}")
    return {
        "initialize_s": round(initialized_s, 3),
        "tools_list_s": round(listed_s, 3),
        "tools": len(listed["result"]["tools"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("extra", nargs="*", help="arguments for `hebbs-graph mcp` (after --)")
    args = parser.parse_args()
    runs = []
    for _ in range(args.runs):
        run = one_run(args.extra)
        print(json.dumps(run), flush=True)
        runs.append(run)
    summary = {
        "mode": "api" if "--url" in args.extra else "local",
        "runs": args.runs,
        "load_avg": os.getloadavg()[0],
        **{
            f"{key}_{stat}": round(fn([r[key] for r in runs]), 3)
            for key in ("initialize_s", "tools_list_s")
            for stat, fn in (("median", statistics.median), ("max", max))
        },
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
