"""`hebbs-graph serve` in its own process (real Neo4j, real model), for end-to-end tests:
an API key that maps to the test's tenant, a free loopback port, logs to a file."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(
    tenant: str, log_path: Path, *serve_args: str, start_s: float = 180
) -> Iterator[tuple[str, str, subprocess.Popen[bytes]]]:
    """(url, api key, process) of a freshly started API; stopped (SIGTERM) at the end."""
    port, key = free_port(), f"key-{uuid.uuid4().hex}"
    env = {
        **os.environ,
        "HEBBS_API_KEYS": f"{key}:{tenant}",
        "HEBBS_HOST": "127.0.0.1",
        "HEBBS_PORT": str(port),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    env.pop("HEBBS_LLM_PROVIDER", None)
    command = [sys.executable, "-c", "from hebbs_graph.cli.main import main; main()", "serve"]
    with log_path.open("wb") as log:  # a file, not a pipe: request logs must never block
        proc = subprocess.Popen(
            [*command, *serve_args], env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_live(proc, url, log_path, start_s)
            yield url, key, proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_until_live(
    proc: subprocess.Popen[bytes], url: str, log_path: Path, start_s: float
) -> None:
    deadline = time.monotonic() + start_s
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"serve exited: {log_path.read_text()[-2000:]}")
        try:
            if httpx.get(f"{url}/v1/health/live", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"serve did not come up in {start_s:.0f} s")
        time.sleep(0.5)
