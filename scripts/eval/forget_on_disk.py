"""Where a forgotten memory's text is still on disk, before and after `neo4j prune-logs`.

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/forget_on_disk.py \\
        --out docs/bench/forget_on_disk.json

Starts a throw-away local Neo4j (the config `hebbs-graph neo4j start` writes, in a temp
directory, on free ports), remembers five memories of one entity whose text carries a
unique marker word (one of them revised, so a snapshot holds it too), forgets the
entity, and counts the marker's bytes in every file of the data directory: right after
the writes, right after the forget, after the next periodic checkpoint, and after
`prune_logs` (what `hebbs-graph neo4j prune-logs` runs). Then it stops that Neo4j and
deletes its directory. Takes about three minutes (two checkpoint waits of up to 70 s).

Strings shorter than about 30 characters are packed into Neo4j's property records, not
stored as text, so the memories here are full sentences, as real ones are.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import socket
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hebbs_graph.graph.txlog import log_files, prune_logs, read_policy
from hebbs_graph.localneo4j import LocalNeo4j
from hebbs_graph.models.memory import ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.settings import Settings

TENANT = "forget-on-disk"
ENTITY = "acme"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def count_marker(data: Path, marker: str) -> dict[str, int]:
    """Occurrences of ``marker`` per file under ``data`` (files without it left out)."""
    needle = marker.encode()
    found: dict[str, int] = {}
    for path in sorted(p for p in data.rglob("*") if p.is_file()):
        try:
            n = path.read_bytes().count(needle)
        except OSError:
            continue
        if n:
            found[str(path.relative_to(data))] = n
    return found


def summary(found: dict[str, int]) -> dict[str, int]:
    """The per-file counts grouped: transaction logs, store files, index files."""
    groups = {"transaction_logs": 0, "store_files": 0, "index_files": 0}
    for name, n in found.items():
        if name.startswith("transactions/"):
            groups["transaction_logs"] += n
        elif "/schema/index/" in name:
            groups["index_files"] += n
        else:
            groups["store_files"] += n
    return groups


async def wait_for_checkpoint(debug_log: Path, after: float, timeout_s: float) -> float:
    """Seconds until debug.log reports a checkpoint of the neo4j database after ``after``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        text = await asyncio.to_thread(debug_log.read_text, errors="replace")
        for line in text.splitlines()[::-1]:
            if "CheckPointerImpl" in line and "[neo4j/" in line and "completed" in line:
                stamp = json.loads(line)["time"]
                when = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S.%f%z").timestamp()
                if when > after:
                    return round(time.time() - after, 1)
                break
        await asyncio.sleep(1.0)
    raise TimeoutError("no checkpoint")


async def scenario(services: Services, data: Path, home: Path, marker: str) -> dict[str, Any]:
    memory = services.memory
    steps: dict[str, Any] = {}
    ids = []
    for i in range(5):
        text = (
            f"Acme's vault code is {marker} (copy {i}); it opens the blue cabinet in the "
            "basement archive, and only the CFO and the night guard know it."
        )
        ids.append((await memory.remember(TENANT, MemoryIn(content=text, entity_id=ENTITY))).id)
    await memory.revise(
        TENANT,
        ids[0],
        ReviseIn(content=f"Acme changed the vault code {marker}; the night guard has the new one."),
    )
    await services.recall.drain()
    steps["after_writes"] = count_marker(data, marker)
    out = await memory.forget(TENANT, ForgetIn(entity_id=ENTITY))
    steps["forgotten"] = out.forgotten
    steps["entities_listed"] = [
        e.entity_id for e in (await services.lineage.entities(TENANT)).entities
    ]
    steps["after_forget"] = count_marker(data, marker)
    forgot_at = time.time()
    steps["checkpoint_after_s"] = await wait_for_checkpoint(
        home / "logs" / "debug.log", forgot_at, 150
    )
    steps["after_checkpoint"] = count_marker(data, marker)
    started = time.monotonic()
    report = await prune_logs(services.store)
    steps["prune_logs"] = report.as_dict()
    steps["prune_logs_s"] = round(time.monotonic() - started, 1)
    steps["after_prune_logs"] = count_marker(data, marker)
    return steps


async def run(root: Path) -> dict[str, Any]:
    bolt, http = free_port(), free_port()
    base = Settings()
    settings = base.model_copy(
        update={
            "neo4j_uri": None,
            "data_dir": root,
            "neo4j_bolt_port": bolt,
            "neo4j_http_port": http,
            "neo4j_heap": "512m",
            "neo4j_pagecache": "128m",
        }
    )
    local = LocalNeo4j(settings)
    local.start()
    try:
        client = settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{bolt}"})
        services = await open_services(client, wait_s=60)
        try:
            policy = await read_policy(services.store)
            data = local.home / "data"
            marker = "zqvault" + uuid.uuid4().hex[:8]
            steps = await scenario(services, data, local.home, marker)
        finally:
            await services.close()
        return {
            "neo4j": local.version,
            "config": {
                "db.tx_log.rotation.size": policy.rotation_size,
                "db.tx_log.rotation.retention_policy": policy.retention_policy,
                "db.checkpoint.interval.time": policy.checkpoint_interval,
            },
            "marker": marker,
            "log_files_at_end": log_files(data / "transactions" / "neo4j"),
            **steps,
            "summary": {k: summary(v) for k, v in steps.items() if k.startswith("after_")},
        }
    finally:
        local.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the JSON here too")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="hebbs-forget-on-disk-"))
    try:
        result = asyncio.run(run(root))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    result["measured_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
