"""Backup and restore speed: export a tenant of N memories, restore it into another.

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/backup_speed.py --memories 3000 \
        --out docs/bench/backup_speed.json

The memories are stored with remember_batch in entities of 100 (so FOLLOWED_BY
timelines exist) under vectors of the model's dimension drawn at random (the bench
measures Neo4j and the file, not the model); restoring with the file's vectors embeds
nothing. Runs through the service layer, as the API does; both tenants are its own and
are deleted afterwards. Prints a table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import load_embedder, open_services
from hebbs_graph.settings import Settings


class RandomEmbedder:
    def __init__(self, dimension: int, model_name: str) -> None:
        self.dimension = dimension
        self.model_name = model_name
        self.rng = random.Random(7)

    async def embed(self, texts: list[str]) -> list[list[float]]:
        out = []
        for _ in texts:
            v = [self.rng.gauss(0, 1) for _ in range(self.dimension)]
            norm = sum(x * x for x in v) ** 0.5
            out.append([x / norm for x in v])
        return out


async def bench(n: int) -> dict[str, Any]:
    settings = Settings()
    real = load_embedder(settings)
    embedder = RandomEmbedder(real.dimension, real.model_name)
    services = await open_services(settings, embedder=embedder)
    source, target = f"bench-backup-{uuid.uuid4().hex[:8]}", f"bench-backup-{uuid.uuid4().hex[:8]}"
    try:
        items = [
            MemoryIn(content=f"Memory {i} about entity {i // 100}", entity_id=f"e{i // 100}")
            for i in range(n)
        ]
        for start in range(0, n, 1000):
            await services.memory.remember_batch(source, items[start : start + 1000])
        await services.contradict.drain()
        path = Path(tempfile.mkdtemp()) / "backup.jsonl"
        started = time.perf_counter()
        with path.open("w", encoding="utf-8") as out:
            async for record in services.backup.export(source):
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
        export_s = time.perf_counter() - started
        await purge_tenant(services, source)

        def lines() -> Iterator[str]:
            with path.open(encoding="utf-8") as handle:
                yield from handle

        started = time.perf_counter()
        restored = await services.restore.restore(target, lines)
        restore_s = time.perf_counter() - started
        return {
            "memories": n,
            "records": sum(restored.restored.values()),
            "file_mb": round(path.stat().st_size / 1e6, 1),
            "export_s": round(export_s, 2),
            "restore_s": round(restore_s, 2),
            "export_memories_per_s": round(n / export_s),
            "restore_memories_per_s": round(n / restore_s),
        }
    finally:
        await purge_tenant(services, source)
        await purge_tenant(services, target)
        await services.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--memories", type=int, default=3000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    result = asyncio.run(bench(args.memories))
    for key, value in result.items():
        print(f"{key:24} {value}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
