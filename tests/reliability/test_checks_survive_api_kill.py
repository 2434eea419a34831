"""The API killed with SIGKILL while the contradiction checks of acknowledged writes
still wait (issue 19): another API process, started afterwards, runs every one of them,
and the pair they should raise is raised.

The first process is told never to find a pause in its writes (the checker gives way to
writes, ``services/foreground.py``), so every check it acknowledged is still waiting when
it dies; its claims are short, as a crashed worker's are once they expire. The second
process sweeps every second, as any API process does every 30 s by default. Both are
`hebbs-graph serve` in their own processes, against the shared Neo4j.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.checks import checks_run_json, every_memory
from tests.support.served import served

# A store of varied memories, two of which disagree; a batch, singles and a revision.
BATCH = [
    {"content": f"Sprint {n} of the kiln project closed with {n % 5} open bugs", "entity_id": "k"}
    for n in range(40)
]
HIGH = {"content": "The kiln project's budget is $5,000", "entity_id": "k"}
LOW = {"content": "The kiln project's budget is $2,000", "entity_id": "k"}


def test_checks_acknowledged_before_a_kill_are_run_by_the_next_process(
    tenant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The checks in the API process itself (the checker process has its own test).
    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECKER", "inline")
    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECK_SWEEP_S", "86400")
    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECK_QUIET_S", "3600")
    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECK_MAX_WAIT_S", "3600")
    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECK_CLAIM_S", "2")
    # One worker: the process killed is the one holding the checks (a SIGKILLed parent of
    # several workers would leave them running).
    with served(tenant, tmp_path / "killed.log", "--workers", "1") as (url, key, proc):
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as http:
            made = http.post("/v1/memories/batch", json={"memories": BATCH}, timeout=120)
            assert made.status_code == 201, made.text
            ids = list(made.json()["memory_ids"])
            high = http.post("/v1/memories", json=HIGH, timeout=60).json()
            low = http.post("/v1/memories", json=LOW, timeout=60).json()
            revised = http.put(
                f"/v1/revise/{ids[0]}",
                json={"content": "Sprint 0 of the kiln project closed with 9 open bugs"},
                timeout=60,
            )
            assert revised.status_code == 200, revised.text
            ids += [high["id"], low["id"]]
            # No wait: it would run the held-back checks (a waiting review hurries them).
            body = {"wait_for_checks_s": 0}
            waiting = http.post("/v1/contradictions/prepare", json=body, timeout=60).json()
            assert waiting["checks_pending"] == len(ids)  # nothing checked before the kill
        proc.kill()  # SIGKILL: no drain, no shutdown hook
        proc.wait(timeout=30)

    monkeypatch.setenv("HEBBS_CONTRADICTION_CHECK_SWEEP_S", "1")
    for name in ("QUIET_S", "MAX_WAIT_S", "CLAIM_S"):
        monkeypatch.delenv(f"HEBBS_CONTRADICTION_CHECK_{name}")
    with (
        served(tenant, tmp_path / "next.log", "--workers", "1") as (url, key, _),
        httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as http,
    ):
        prepared = checks_run_json(
            lambda: http.post("/v1/contradictions/prepare", json={"limit": 500}).json()
        )
        stored = {m["id"]: m for m in every_memory(http)}
        assert set(ids) <= set(stored), "an acknowledged write was lost"
        unchecked = [mid for mid in ids if stored[mid]["contradiction_check_pending"]]
        assert not unchecked, f"{len(unchecked)} acknowledged writes left unchecked"
        pairs = [{p["memory_id_a"], p["memory_id_b"]} for p in prepared["pending"]]
        assert {high["id"], low["id"]} in pairs
