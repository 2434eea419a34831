"""Neo4j killed with SIGKILL in the middle of writes, then restarted: every write the API
acknowledged is there, exactly once, and the API recovers without a restart.

It runs its own throwaway Neo4j (own data directory and ports), so killing it disturbs
no other test; the API under test is the real one on 127.0.0.1.
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

# LocalNeo4j leaves the server running past its Popen object, by design.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

WRITERS = 4
KILL_AFTER = 40  # acknowledged writes before the kill


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


def test_no_acknowledged_write_is_lost_or_doubled(own_neo4j, embedder: Embedder) -> None:
    neo4j, mine = own_neo4j
    api = LiveApi(mine, embedder)
    key = api.key_for(f"test-{uuid.uuid4().hex[:12]}")
    t0 = time.monotonic()
    api.start()
    print(f"[fault] api start {time.monotonic() - t0:.1f}s")
    acked: dict[str, str] = {}  # content -> id
    refused: list[int] = []
    stop = threading.Event()
    lock = threading.Lock()

    def write(worker: int) -> None:
        with httpx.Client(
            base_url=api.url, headers={"Authorization": f"Bearer {key}"}, timeout=60
        ) as http:
            i = 0
            while not stop.is_set():
                content = f"fault write {worker}-{i} about invoices"
                i += 1
                try:
                    r = http.post("/v1/memories", json={"content": content, "entity_id": "f"})
                except httpx.HTTPError:
                    continue
                with lock:
                    if r.status_code == 201:
                        acked[content] = r.json()["id"]
                    else:
                        refused.append(r.status_code)

    threads = [threading.Thread(target=write, args=(w,), daemon=True) for w in range(WRITERS)]
    try:
        for t in threads:
            t.start()
        deadline = time.monotonic() + 120
        while len(acked) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(acked) >= KILL_AFTER, f"only {len(acked)} writes before the kill"
        pid = neo4j.status().pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        killed_at = len(acked)
        time.sleep(3)  # writes in flight and new ones fail now
        t0 = time.monotonic()
        neo4j.start()
        print(f"[fault] restart {time.monotonic() - t0:.1f}s, acked {len(acked)}")
        t0 = time.monotonic()
        # The API recovers by itself: writes are acknowledged again.
        deadline = time.monotonic() + 90
        while len(acked) < killed_at + 5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(acked) >= killed_at + 5, "the API did not recover after Neo4j restarted"
        print(f"[fault] recovered in {time.monotonic() - t0:.1f}s")
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)

    assert set(refused) <= {503}, f"refusals while Neo4j was down: {sorted(set(refused))}"
    with httpx.Client(
        base_url=api.url, headers={"Authorization": f"Bearer {key}"}, timeout=60
    ) as http:
        stored: dict[str, list[str]] = {}
        cursor = None
        while True:
            params = {"limit": 1000, **({"cursor": cursor} if cursor else {})}
            page = http.get("/v1/memories", params=params).json()
            for m in page["items"]:
                stored.setdefault(m["content"], []).append(m["id"])
            cursor = page["next_cursor"]
            if not cursor:
                break
    api.stop()
    missing = [c for c, mid in acked.items() if mid not in stored.get(c, [])]
    assert not missing, f"{len(missing)} acknowledged writes lost, e.g. {missing[:3]}"
    doubled = {c: ids for c, ids in stored.items() if len(ids) > 1}
    assert not doubled, f"stored twice: {list(doubled.items())[:3]}"
