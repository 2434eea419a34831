"""/v1/metrics under `serve --workers 2`: one scrape, whichever worker answers it, gives
the whole server's figures (issue 33, item 1; decision 0032)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.test_workers import spawned_workers
from tests.support.served import served

LISTS = 30  # GET /v1/memories
WRITES = 6  # POST /v1/memories
SCRAPES = 10


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def one(
    found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str
) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    return sum(
        value
        for (sample, have), value in found.items()
        if sample == name and set(labels.items()) <= have
    )


def test_every_scrape_adds_up_every_worker(tenant: str, tmp_path: Path) -> None:
    # A folder left by a server killed outright (its pid is past any pid Linux gives).
    left = Path(tempfile.gettempdir()) / "hebbs-graph-metrics-999999999-x"
    left.mkdir(exist_ok=True)
    (left / "counter_1.db").write_bytes(b"")
    before = set(Path(tempfile.gettempdir()).glob("hebbs-graph-metrics-*")) - {left}
    with served(tenant, tmp_path / "serve.log", "--workers", "2") as (url, key, proc):
        assert len(spawned_workers(proc.pid, 2)) == 2
        auth = {"Authorization": f"Bearer {key}"}
        # Fresh connections, so both workers take some of each.
        for i in range(WRITES):
            with httpx.Client(headers=auth, timeout=60) as http:
                made = http.post(f"{url}/v1/memories", json={"content": f"kiln note {i}"})
                assert made.status_code == 201, made.text
        for _ in range(LISTS):
            with httpx.Client(headers=auth, timeout=60) as http:
                assert http.get(f"{url}/v1/memories", params={"limit": 1}).status_code == 200
        with httpx.Client(headers=auth, timeout=60) as http:
            recalled = http.post(f"{url}/v1/recall", json={"cue": "kiln", "top_k": 3})
            assert recalled.status_code == 200, recalled.text

        scraped = []
        for _ in range(SCRAPES):
            with httpx.Client(timeout=60) as http:  # a fresh connection: any worker
                answer = http.get(f"{url}/v1/metrics")
            assert answer.status_code == 200, answer.text
            scraped.append(samples(answer.text))

    requests = "litestar_requests_total"
    for found in scraped:
        assert one(found, requests, path="/v1/memories", method="GET") == LISTS
        assert one(found, requests, path="/v1/memories", method="POST") == WRITES
        stored = one(found, "hebbs_graph_memories_written_total", kind="episode", how="stored")
        assert stored == WRITES
        assert one(found, "hebbs_graph_recalls_total") >= 1
        assert ("hebbs_graph_checks_waiting", frozenset()) in found
        assert ("hebbs_graph_pending_contradictions", frozenset()) in found
    # The scrapes themselves count, each one more than the one before, whichever worker
    # answered it (a worker's own count would go back and forth).
    counts = [one(found, requests, path="/v1/metrics") for found in scraped]
    assert counts == sorted(counts), counts
    assert counts[-1] - counts[0] == SCRAPES - 1, counts
    # The figures' folder went with the server, and the dead server's with this start.
    assert set(Path(tempfile.gettempdir()).glob("hebbs-graph-metrics-*")) <= before
    assert not left.exists()
