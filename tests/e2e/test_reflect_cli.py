"""The reflect commands end to end: `hebbs-graph serve` in its own process (real Neo4j,
real model), the CLI talking to it over HTTP with an API key for the test's tenant."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from hebbs_graph.cli import reflect as _registers_reflect_commands  # noqa: F401
from hebbs_graph.cli.main import app
from tests.support.themes import THEMES

ROOT = Path(__file__).resolve().parents[2]
ENTITY = "acme_corp"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tenant: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(url, api key) of a freshly started API whose key maps to the test's tenant."""
    port, key = free_port(), f"key-{uuid.uuid4().hex}"
    env = {
        **os.environ,
        "HEBBS_API_KEYS": f"{key}:{tenant}",
        "HEBBS_HOST": "127.0.0.1",
        "HEBBS_PORT": str(port),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    env.pop("HEBBS_LLM_PROVIDER", None)
    log_path = tmp_path / "serve.log"
    log = log_path.open("wb")  # a file, not a pipe: request logs must never fill a buffer
    proc = subprocess.Popen(
        [sys.executable, "-c", "from hebbs_graph.cli.main import main; main()", "serve"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"serve exited: {log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{url}/v1/health/live", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("serve did not come up in 180 s")
            time.sleep(0.5)
        yield url, key
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def cli(url: str, key: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--url", url, "--api-key", key])
    return result.exit_code, result.output


def test_prepare_commit_and_list_from_the_command_line(
    server: tuple[str, str], tmp_path: Path
) -> None:
    url, key = server
    memories = [{"content": t, "entity_id": ENTITY} for texts in THEMES.values() for t in texts]
    stored = httpx.post(
        f"{url}/v1/memories/batch",
        json={"memories": memories},
        headers={"Authorization": f"Bearer {key}"},
        timeout=120,
    )
    assert stored.status_code == 201, stored.text

    code, out = cli(url, key, "reflect-prepare", "--entity-id", ENTITY, "--format", "json")
    assert code == 0, out
    prepared = json.loads(out)
    assert prepared["memories_processed"] == 30
    assert len(prepared["clusters"]) == 3

    insights = [
        {
            "content": f"Acme cares about theme {c['cluster_id']}.",
            "confidence": 0.8,
            "source_memory_ids": c["memory_ids"],
            "cluster_id": c["cluster_id"],
        }
        for c in prepared["clusters"]
    ]
    path = tmp_path / "insights.json"
    path.write_text(json.dumps(insights), encoding="utf-8")
    session = prepared["session_id"]
    code, out = cli(
        url, key, "reflect-commit", "--session-id", session, "--insights", f"@{path}", "-f", "json"
    )
    assert code == 0, out
    assert json.loads(out)["insights_created"] == 3

    code, out = cli(url, key, "insights", "--entity-id", ENTITY, "--format", "json")
    assert code == 0, out
    listed = json.loads(out)
    assert len(listed) == 3
    assert all(len(i["source_memory_ids"]) == 10 for i in listed)

    code, out = cli(url, key, "reflect-commit", "--session-id", session, "--insights", f"@{path}")
    assert code == 1, out
    assert "already committed" in out

    code, out = cli(url, key, "reflect", "--entity-id", ENTITY)
    assert code == 1, out
    assert "reflect-prepare" in out

    code, out = cli(url, key, "reflect-status", "--entity-id", ENTITY, "-f", "json")
    assert code == 0, out
    assert json.loads(out)["due"] is False
