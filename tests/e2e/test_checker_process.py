"""`serve` runs the contradiction checks in a process of their own (decision 0034): a
child at a lower priority that ends with `serve`, even when `serve` is killed, and
through which a review right after two writes lists their pair."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tests.support.checks import checks_run_json
from tests.support.served import ROOT, served


def checker_of(pid: int, wait_s: float = 60) -> int:
    """The `hebbs-graph checker` child of the serving process."""
    deadline = time.monotonic() + wait_s
    while True:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
                if b"checker" in cmdline:
                    return int(child)
        assert time.monotonic() < deadline, "serve started no checker process"
        time.sleep(0.2)


def niceness(pid: int) -> int:
    """Field 19 of /proc/PID/stat (the fields after the command's closing parenthesis
    start at 3)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def counted(figures: str, name: str, **labels: str) -> float:
    """The sum of a series' values in Prometheus's text format, over the lines of
    ``name`` that carry every one of ``labels`` (in whatever order)."""
    total = 0.0
    for line in figures.splitlines():
        head, _, value = line.rpartition(" ")
        if head.split("{", 1)[0] == name and all(f'{k}="{v}"' in head for k, v in labels.items()):
            total += float(value)
    return total


def gone(pid: int, wait_s: float) -> bool:
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state == "Z":  # exited; its parent (killed) never reaped it
            return True
        time.sleep(0.1)
    return False


def test_serve_checks_in_a_lower_priority_process_that_ends_with_it(
    tenant: str, tmp_path: Path
) -> None:
    with served(tenant, tmp_path / "serve.log", "--workers", "1") as (url, key, proc):
        checker = checker_of(proc.pid)
        assert niceness(checker) == 10  # contradiction_checker_nice's default
        auth = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=url, headers=auth, timeout=60) as http:
            for content in ("Acme's budget is $5,000 per month", "Acme's budget is $9,000"):
                body = {"content": content, "entity_id": "acme"}
                assert http.post("/v1/memories", json=body).status_code == 201
            # The review the README shows, made at once: it waits for the checker.
            review = http.post("/v1/contradictions/prepare", json={"entity_id": "acme"}).json()
            figures = http.get("/v1/metrics").text
        assert (review["total"], review["checks_pending"]) == (1, 0), review
        # One scrape: the checker's counters beside the API's own. (Against the suite's
        # own Neo4j: any other `serve`'s checker on the same database may take these
        # handed-off checks, as replicas do, and count them in its own figures.)
        assert counted(figures, "hebbs_graph_contradiction_checks_total", outcome="done") >= 2
        assert counted(figures, "hebbs_graph_memories_written_total", how="stored") >= 2
        proc.kill()  # SIGKILL: no shutdown hook; the checker ends with it all the same
        assert gone(checker, 20), "the checker outlived a killed serve"
    assert "contradiction checks in a process of their own" in (tmp_path / "serve.log").read_text()


def test_sigterm_stops_serve_and_leaves_no_folders_behind(tenant: str, tmp_path: Path) -> None:
    """uvicorn raises the SIGTERM it handled again once it has stopped: `serve` still
    stops its checker and removes its metrics and beacon folders, exiting 143."""
    with served(tenant, tmp_path / "serve.log", "--workers", "1") as (_url, _key, proc):
        checker = checker_of(proc.pid)
        mine = f"-{proc.pid}-"
        folders = [p for p in Path(tempfile.gettempdir()).glob("hebbs-graph-*") if mine in p.name]
        assert len(folders) == 2, folders  # metrics, beacons
        proc.terminate()
        assert proc.wait(timeout=60) == 128 + signal.SIGTERM
        assert gone(checker, 20)
        assert not [p for p in folders if p.exists()]


def test_a_checker_that_dies_is_started_again(tenant: str, tmp_path: Path) -> None:
    """The workers that hand off run no checks: a checker killed (the OOM killer) is
    replaced while `serve` runs, and the checks written meanwhile are run."""
    with served(tenant, tmp_path / "serve.log", "--workers", "1") as (url, key, proc):
        first = checker_of(proc.pid)
        os.kill(first, signal.SIGKILL)
        auth = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=url, headers=auth, timeout=60) as http:
            for content in ("Acme's budget is $5,000 per month", "Acme's budget is $9,000"):
                body = {"content": content, "entity_id": "acme"}
                assert http.post("/v1/memories", json=body).status_code == 201
            assert gone(first, 10)
            deadline = time.monotonic() + 30
            while (second := checker_of(proc.pid)) == first:
                assert time.monotonic() < deadline, "no new checker"
                time.sleep(0.2)
            review = checks_run_json(
                lambda: http.post("/v1/contradictions/prepare", json={"entity_id": "acme"}).json()
            )
        assert second != first
        assert review["total"] == 1, review
    assert "the contradiction checker exited" in (tmp_path / "serve.log").read_text()


def command(name: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``hebbs-graph <name>`` run to its end with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, "-m", "hebbs_graph", name],
        env={**os.environ, **env}, cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_the_checker_command_says_when_there_is_nothing_to_run() -> None:
    done = command("checker", HEBBS_CONTRADICTION_DETECTION="false")
    assert done.returncode == 2
    assert "contradiction detection is off" in done.stderr


def test_a_bad_setting_is_named_not_a_traceback() -> None:
    done = command("serve", HEBBS_CONTRADICTION_CHECKER="elsewhere")
    assert done.returncode == 2
    assert "HEBBS_CONTRADICTION_CHECKER: Input should be 'auto', 'inline' or" in done.stderr
    assert "Traceback" not in done.stderr
