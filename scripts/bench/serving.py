"""The REST API as a child process on 127.0.0.1, for the benchmarks that drive it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def api_server(
    keys: dict[str, str],
    port: int,
    *,
    synthetic: bool = False,
    workers: int = 1,
    repo: Path = REPO,
) -> Iterator[subprocess.Popen[bytes]]:
    """``hebbs-graph serve --workers N`` with these API keys (key -> tenant); with
    synthetic vectors the same app with the synthetic embedder (bench_app.py), so cues
    land in the same space as the store. ``repo``: the checkout whose code serves (another
    commit's, to compare). Yields once the API answers."""
    path = os.pathsep.join([str(repo), str(repo / "scripts" / "bench")])
    env = os.environ | {
        "HEBBS_API_KEYS": ",".join(f"{key}:{tenant}" for key, tenant in keys.items()),
        "HEBBS_PORT": str(port),
        "HEBBS_HOST": "127.0.0.1",
        "HEBBS_WORKERS": str(workers),
        "PYTHONPATH": path,
    }
    if synthetic:
        command = [sys.executable, "-m", "uvicorn", "bench_app:create", "--factory",
                   "--workers", str(workers), "--host", "127.0.0.1", "--port", str(port),
                   "--log-level", "warning"]  # fmt: skip
    else:
        code = "from hebbs_graph.cli.main import main; main()"
        command = [sys.executable, "-c", code, "serve", "--workers", str(workers)]
    proc = subprocess.Popen(
        command, env=env, cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.time() + 180
        while time.time() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the API exited with {proc.returncode} before answering")
            with contextlib.suppress(httpx.HTTPError):
                live = httpx.get(f"http://127.0.0.1:{port}/v1/health/live", timeout=2)
                if live.status_code < 500:
                    break
            time.sleep(1)
        yield proc
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=30)
