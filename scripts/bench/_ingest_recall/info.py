"""What a result records about where it ran: the machine, the Neo4j server, the settings."""

from __future__ import annotations

import contextlib
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from hebbs_graph.services.memory.service import WRITE_CHUNK
from hebbs_graph.settings import Settings


def machine_info() -> dict[str, Any]:
    info: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "cpu_affinity": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "loadavg_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu_model"] = line.split(":", 1)[1].strip()
                break
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["mem_total_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
    versions = {}
    for mod in ("torch", "sentence_transformers", "transformers", "neo4j", "numpy", "pydantic"):
        with contextlib.suppress(Exception):
            versions[mod] = __import__(mod).__version__
    info["versions"] = versions
    with contextlib.suppress(Exception):
        import torch

        info["torch_threads"] = torch.get_num_threads()
    with contextlib.suppress(Exception):
        info["git_head"] = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    return info


async def server_info(driver: Any, database: str) -> dict[str, Any]:
    info: dict[str, Any] = {}
    rows = await driver.execute_query("CALL dbms.components()", database_=database)
    # Neo4j 2026 lists a "Cypher" component beside the kernel: keep the kernel's row.
    records = sorted(rows.records, key=lambda r: r["name"] != "Neo4j Kernel")[:1]
    for rec in records:
        info["name"], info["version"], info["edition"] = (
            rec["name"],
            rec["versions"][0],
            rec["edition"],
        )
    with contextlib.suppress(Exception):
        names = [
            "server.memory.heap.max_size",
            "server.memory.pagecache.size",
            "db.tx_log.rotation.retention_policy",
        ]
        cfg = await driver.execute_query(
            "CALL dbms.listConfig() YIELD name, value WHERE name IN $names RETURN name, value",
            names=names,
            database_=database,
        )
        info["config"] = {r["name"]: r["value"] for r in cfg.records}
    return info


def settings_used(settings: Settings) -> dict[str, Any]:
    data = settings.model_dump(mode="json")
    for secret in ("neo4j_password", "api_keys", "data_dir", "cache_dir"):
        data.pop(secret, None)
    data["effective_neo4j_uri"] = settings.effective_neo4j_uri
    data["write_chunk"] = WRITE_CHUNK
    return data
