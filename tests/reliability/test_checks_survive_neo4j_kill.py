"""Neo4j killed with SIGKILL while writes and their contradiction checks are under way,
then restarted: every acknowledged write is there exactly once, callers saw only 503
while it was down, the API recovered without a restart, and no acknowledged write is left
unchecked (issue 14, item 5).

A write's check waits in the graph beside the memory (check_due, set in the write's own
transaction), so the checks that were queued or running when Neo4j died run once it is
back, with no restart of the API. It runs its own throwaway Neo4j (own data directory
and ports), so killing it disturbs no other test.
"""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.localneo4j import LocalNeo4j
from hebbs_graph.settings import Settings
from tests.live import LiveApi, free_port
from tests.support.checks import checks_run_json, every_memory

# LocalNeo4j leaves the server running past its Popen object, by design.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

WRITERS = 4
KILL_AFTER = 30  # acknowledged writes before the kill
# After the restart: the checker's backoff (at most 30 s) plus a sweep (30 s) at most.
SETTLE_S = 180.0


@pytest.fixture
def own_neo4j(settings: Settings, tmp_path: Path) -> Iterator[tuple[LocalNeo4j, Settings]]:
    bolt, http = free_port(), free_port()
    mine = settings.model_copy(
        update={
            "neo4j_uri": f"bolt://127.0.0.1:{bolt}",
            "data_dir": tmp_path / "data",
            "neo4j_bolt_port": bolt,
            "neo4j_http_port": http,
            "neo4j_heap": "512m",
            "neo4j_pagecache": "128m",
        }
    )
    neo4j = LocalNeo4j(mine)
    neo4j.start()
    try:
        yield neo4j, mine
    finally:
        neo4j.stop()


def test_no_acknowledged_write_is_left_unchecked(
    own_neo4j: tuple[LocalNeo4j, Settings], embedder: Embedder
) -> None:
    neo4j, mine = own_neo4j
    api = LiveApi(mine, embedder, sweeps=True).start()
    key = api.key_for(f"test-{uuid.uuid4().hex[:12]}")
    headers = {"Authorization": f"Bearer {key}"}
    acked: dict[str, str] = {}  # content -> id
    refused: list[int] = []
    stop = threading.Event()
    lock = threading.Lock()

    def write(worker: int) -> None:
        with httpx.Client(base_url=api.url, headers=headers, timeout=60) as http:
            i = 0
            while not stop.is_set():
                content = f"Project {worker}-{i} ships on day {i % 7} of the sprint"
                i += 1
                try:
                    r = http.post("/v1/memories", json={"content": content, "entity_id": "k"})
                except httpx.HTTPError:
                    continue
                with lock:
                    if r.status_code == 201:
                        acked[content] = r.json()["id"]
                    else:
                        refused.append(r.status_code)

    http = httpx.Client(base_url=api.url, headers=headers, timeout=60)
    threads = [threading.Thread(target=write, args=(w,), daemon=True) for w in range(WRITERS)]
    try:
        # A known pair, acknowledged (its checks perhaps not yet run) just before the kill.
        high = http.post("/v1/memories", json={"content": "Acme's budget is $5,000"}).json()
        for t in threads:
            t.start()
        deadline = time.monotonic() + 120
        while len(acked) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.05)
        low = http.post("/v1/memories", json={"content": "Acme's budget is $2,000"}).json()
        pid = neo4j.status().pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        time.sleep(3)  # checks in flight fail now; writes are refused (503)
        neo4j.start()
        deadline = time.monotonic() + 90
        killed_at = len(acked)
        while len(acked) < killed_at + 5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(acked) >= killed_at + 5, "the API did not recover after Neo4j restarted"
        stop.set()
        for t in threads:
            t.join(timeout=60)

        started = time.monotonic()
        prepared = checks_run_json(
            lambda: http.post("/v1/contradictions/prepare", json={"limit": 500}).json(),
            timeout_s=SETTLE_S,
        )
        print(f"[checks] all run {time.monotonic() - started:.1f}s after the writers stopped")
        assert set(refused) <= {503}, f"refusals while Neo4j was down: {sorted(set(refused))}"
        listed = every_memory(http)
        stored = {m["id"]: m for m in listed}
        contents = [m["content"] for m in listed]
        assert len(contents) == len(set(contents)), "a write was stored twice"
        ids = [*acked.values(), high["id"], low["id"]]
        missing = [mid for mid in ids if mid not in stored]
        assert not missing, f"{len(missing)} acknowledged writes lost"
        unchecked = [mid for mid in ids if stored[mid]["contradiction_check_pending"]]
        assert not unchecked, f"{len(unchecked)} acknowledged writes left unchecked"
        budget = {high["id"], low["id"]}
        assert any({p["memory_id_a"], p["memory_id_b"]} == budget for p in prepared["pending"])
    finally:
        stop.set()
        http.close()
        api.stop()
