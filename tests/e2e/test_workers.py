"""More than one API process against one Neo4j: `serve --workers 2`, and two separate
API processes (what N hosts behind a load balancer are). Whatever one process starts,
another can finish, because the state they share lives in Neo4j."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx

from tests.support.checks import checks_run_json
from tests.support.served import served
from tests.support.themes import THEMES


def spawned_workers(pid: int, want: int, wait_s: float = 120) -> list[int]:
    """The worker processes uvicorn spawned under ``pid``."""
    deadline = time.monotonic() + wait_s
    while True:
        found = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                    found.append(int(child))
        if len(found) >= want or time.monotonic() > deadline:
            return found
        time.sleep(0.5)


def test_serve_with_two_workers_runs_two_processes(tenant: str, tmp_path: Path) -> None:
    with served(tenant, tmp_path / "serve.log", "--workers", "2") as (url, key, proc):
        assert len(spawned_workers(proc.pid, 2)) == 2
        auth = {"Authorization": f"Bearer {key}"}
        for i in range(8):  # fresh connections, so both workers take some
            with httpx.Client(headers=auth, timeout=60) as http:
                made = http.post(f"{url}/v1/memories", json={"content": f"note {i} on the kiln"})
                assert made.status_code == 201, made.text
        with httpx.Client(headers=auth, timeout=60) as http:
            found = http.post(f"{url}/v1/recall", json={"cue": "kiln", "top_k": 20})
        assert found.status_code == 200, found.text
        assert len(found.json()["results"]) == 8
    assert "Started parent process" in (tmp_path / "serve.log").read_text()


def test_what_one_process_starts_another_finishes(tenant: str, tmp_path: Path) -> None:
    with (
        served(tenant, tmp_path / "a.log", "--workers", "1") as (url_a, key_a, _),
        served(tenant, tmp_path / "b.log", "--workers", "1") as (url_b, key_b, _),
    ):
        a = httpx.Client(base_url=url_a, headers={"Authorization": f"Bearer {key_a}"}, timeout=120)
        b = httpx.Client(base_url=url_b, headers={"Authorization": f"Bearer {key_b}"}, timeout=120)
        with a, b:
            memories = [{"content": t, "entity_id": "acme"} for ts in THEMES.values() for t in ts]
            memories += [
                {"content": "Acme's budget is $5,000 per month", "entity_id": "acme"},
                {"content": "Acme's budget is $9,000 per month", "entity_id": "acme"},
            ]
            assert a.post("/v1/memories/batch", json={"memories": memories}).status_code == 201

            # A reflection prepared on A is committed on B, and only once.
            prep = a.post("/v1/reflect/prepare", json={"entity_id": "acme"}).json()
            assert prep["clusters"]
            insights = [
                {"content": f"Acme theme {c['cluster_id']}", "confidence": 0.7,
                 "source_memory_ids": c["memory_ids"]}
                for c in prep["clusters"]
            ]  # fmt: skip
            body = {"session_id": prep["session_id"], "insights": insights}
            done = b.post("/v1/reflect/commit", json=body)
            assert done.status_code == 200, done.text
            assert a.post("/v1/reflect/commit", json=body).status_code == 409

            # The pair A's write raised is judged on B, and A's recall sees the verdict.
            pending = checks_run_json(
                lambda: b.post("/v1/contradictions/prepare", json={"entity_id": "acme"}).json()
            )
            pair = {"$5,000", "$9,000"}
            budget = [
                p
                for p in pending["pending"]
                if {w for w in pair if w in p["content_a_snippet"] + p["content_b_snippet"]} == pair
            ]
            assert len(budget) == 1
            verdict = {"pending_id": budget[0]["pending_id"], "verdict": "contradiction"}
            judged = b.post("/v1/contradictions/commit", json={"verdicts": [verdict]})
            assert judged.status_code == 200, judged.text
            found = a.post(
                "/v1/recall", json={"cue": "Acme budget per month", "entity_id": "acme"}
            ).json()["results"]
            marked = [r for r in found if r["conflicts_with"]]
            assert len(marked) == 2


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_workers_end_when_serve_is_killed(tenant: str, tmp_path: Path) -> None:
    """`serve --workers 2` killed with SIGKILL: its workers shut down too, instead of
    serving on the inherited socket (the port taken from the next serve) with their
    checks held."""
    with served(tenant, tmp_path / "serve.log", "--workers", "2") as (url, key, proc):
        workers = spawned_workers(proc.pid, 2)
        assert len(workers) == 2
        auth = {"Authorization": f"Bearer {key}"}
        with httpx.Client(headers=auth, timeout=60) as http:
            made = http.post(f"{url}/v1/memories", json={"content": "a note before the kill"})
            assert made.status_code == 201, made.text
        proc.kill()
        proc.wait(timeout=30)
        deadline = time.monotonic() + 30
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [pid for pid in workers if alive(pid)]
        for pid in left:  # never leave them behind, whatever the outcome
            os.kill(pid, signal.SIGKILL)
        assert not left, "workers outlived the serve process killed with SIGKILL"
