"""What the Browser caption (`name`, cypher/fragments/caption) costs a write.

    PYTHONPATH=. .venv/bin/python scripts/bench/caption_cost.py --rows 500 --rounds 8

Stores batches of episodes with memory/create as registered (caption set) and with the
same statement without its ``SET m.name`` line, interleaved round by round, each batch in
its own tenant (``bench-caption-<UTC timestamp>-…``), vectors random (no model), and
prints the median ms per batch of each. The tenants are deleted at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.ids import new_id
from hebbs_graph.services.container import open_services
from hebbs_graph.services.records import entity_key, sha256, tenant_key
from hebbs_graph.settings import Settings

# The caption's SET as registered, @caption(m) expanded (fragments/caption).
CAPTION_SET = re.compile(r"SET m\.name = \(CASE .*? END\)\n", re.DOTALL)


def rows(tenant: str, n: int, dimension: int) -> list[dict[str, Any]]:
    now = datetime.now(UTC)
    out = []
    for k in range(n):
        text = f"Acme call {k}: they asked about the renewal of contract {random.random():.6f}"
        out.append(
            {
                "id": new_id(),
                "entity_id": "acme",
                "entity_key": entity_key(tenant, "acme"),
                "content": text,
                "content_sha256": sha256(text),
                "importance": 0.5,
                "context_json": "{}",
                "tags": [],
                "occurred_at": now,
                "embedding": [random.random() for _ in range(dimension)],
            }
        )
    return out


async def store(store: GraphStore, statement: str, tenant: str, batch: list[Any]) -> float:
    started = time.perf_counter()
    await store.run_raw(
        statement,
        rows=batch,
        tenant_id=tenant,
        tenant_key=tenant_key(tenant),
        now=datetime.now(UTC),
        mark={},
    )
    return (time.perf_counter() - started) * 1000


async def main(args: argparse.Namespace) -> None:
    services = await open_services(Settings())
    with_caption = services.store.queries["memory/create"]
    without = CAPTION_SET.sub("", with_caption)
    assert without != with_caption
    stamp = f"bench-caption-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    times: dict[str, list[float]] = {"with caption": [], "without": []}
    tenants = []
    try:
        for r in range(args.rounds):
            for name, statement in (("with caption", with_caption), ("without", without)):
                tenant = f"{stamp}-{r}-{name[:4]}"
                tenants.append(tenant)
                batch = rows(tenant, args.rows, services.embedder.dimension)
                times[name].append(await store(services.store, statement, tenant, batch))
    finally:
        for tenant in tenants:
            await purge_tenant(services, tenant)
        await services.close()
    for name, ms in times.items():
        print(f"{name:14} {statistics.median(ms):8.1f} ms per {args.rows} (all: {ms})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8)
    asyncio.run(main(parser.parse_args()))
