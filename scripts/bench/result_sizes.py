"""How many bytes recall, prime and the MCP tool list put into an agent's context.

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/result_sizes.py \\
        --out docs/bench/result_sizes.json

One tenant (``bench-sizes-<UTC timestamp>``) gets one entity of ``--memories`` (2,000)
memories from the synthetic corpus (scripts/bench/corpus.py), stored through the batch
path without contradiction detection (its templated sentences about one person would
raise a thousand pairs), then a few pairs that disagree (a budget, a deadline, a
contact) through the batch path with detection, so prime has pending contradictions to
report. Then it prints the byte sizes of: the MCP tools/list answer, a recall of 7
memories in the full and the compact view, and prime (defaults) in both views, each as
the JSON an agent receives (the MCP tool result's text; the REST body is the same JSON).
``--detect-corpus`` checks the corpus too, for an entity with a thousand pending pairs.
The tenant is deleted at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import mcp_types as types
from common import purge_tenant
from corpus import Corpus

from hebbs_graph.mcp import TOOLS, server  # noqa: F401  (server registers every tool)
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings

ENTITY = "acme_corp"
CHUNK = 500
# Pairs that disagree, the newer second: detection should raise each as pending.
RIVALS = [
    ("Acme's renewal budget is $5,000 for 2027", "Acme's renewal budget is $9,000 for 2027"),
    ("The Acme rollout deadline is March 3", "The Acme rollout deadline is April 14"),
    ("Acme prefers to be contacted by email", "Acme prefers to be contacted by phone"),
    ("The Acme pilot succeeded", "The Acme pilot failed"),
    ("Acme's API integration is reliable", "Acme's API integration is unreliable"),
]
CUE = "what is Acme's renewal budget and deadline?"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def corpus_memories(n: int, now: datetime) -> list[MemoryIn]:
    corpus = Corpus(seed=7, n_entities=1, anchor=now, days=60.0, no_entity_share=0.0)
    return [MemoryIn(**{**i.as_memory_in(), "entity_id": ENTITY}) for i in corpus.items(0, n)]


def rival_memories(now: datetime) -> list[MemoryIn]:
    items = []
    for k, (old, new) in enumerate(RIVALS):
        day = now - timedelta(days=20 - k)
        items.append(MemoryIn(content=old, entity_id=ENTITY, importance=0.8, occurred_at=day))
        later = day + timedelta(days=10)
        items.append(MemoryIn(content=new, entity_id=ENTITY, importance=0.8, occurred_at=later))
    return items


async def store(services: Services, tenant: str, n: int, detect_corpus: bool) -> None:
    now = datetime.now(UTC)
    plain = MemoryService(
        services.store, services.embedder, services.settings.memory
    )  # no listeners
    into = services.memory if detect_corpus else plain
    memories = corpus_memories(n, now)
    for start in range(0, len(memories), CHUNK):
        await into.remember_batch(tenant, memories[start : start + CHUNK])
        log(f"stored {min(start + CHUNK, len(memories))}/{len(memories)}")
    await services.memory.remember_batch(tenant, rival_memories(now))
    await services.contradict.drain(timeout_s=600)


SHOW = False


async def tool_bytes(services: Services, tenant: str, name: str, args: dict[str, Any]) -> int:
    result = await TOOLS.call(services, tenant, name, args)
    if result.is_error:
        raise RuntimeError(f"{name} failed: {result.content}")
    text = result.content[0]
    assert isinstance(text, types.TextContent)
    if SHOW:
        log(f"{name} {args}:\n{text.text}")
    return len(text.text.encode())


async def measure(services: Services, tenant: str) -> dict[str, Any]:
    listed = types.ListToolsResult(tools=TOOLS.list_tools())
    recall = {"cue": CUE, "entity_id": ENTITY, "top_k": 7, "reinforce": False}
    prime = {"entity_id": ENTITY, "similarity_cue": "renewal"}
    pending = await services.contradict.pending_total(tenant, ENTITY)
    return {
        "tools_list": len(listed.model_dump_json(by_alias=True, exclude_none=True).encode()),
        "recall_7_full": await tool_bytes(services, tenant, "recall", {**recall, "view": "full"}),
        "recall_7_compact": await tool_bytes(services, tenant, "recall", recall),
        "prime_full": await tool_bytes(services, tenant, "prime", {**prime, "view": "full"}),
        "prime_compact": await tool_bytes(services, tenant, "prime", prime),
        "pending_contradictions": pending,
    }


async def main(args: argparse.Namespace) -> dict[str, Any]:
    services = await open_services(Settings())
    tenant = f"bench-sizes-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    try:
        started = time.perf_counter()
        await store(services, tenant, args.memories, args.detect_corpus)
        log(f"stored and checked in {time.perf_counter() - started:.0f} s")
        sizes = await measure(services, tenant)
    finally:
        if not args.keep:
            await services.recall.drain()
            await purge_tenant(services, tenant)
        await services.close()
    return {"memories": args.memories + 2 * len(RIVALS), "bytes": sizes}


def table(result: dict[str, Any]) -> str:
    sizes = result["bytes"]
    rows = [
        ("MCP tools/list", sizes["tools_list"], None),
        ("recall, 7 memories", sizes["recall_7_full"], sizes["recall_7_compact"]),
        ("prime (defaults)", sizes["prime_full"], sizes["prime_compact"]),
    ]
    lines = [f"{result['memories']} memories, {sizes['pending_contradictions']} pending pairs"]
    lines.append(f"{'':24}{'full':>10}{'compact':>10}")
    for name, full, compact in rows:
        lines.append(f"{name:24}{full:>10,}{'' if compact is None else f'{compact:,}':>10}")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--keep", action="store_true", help="keep the tenant")
    parser.add_argument("--detect-corpus", action="store_true", help="check the corpus too")
    parser.add_argument("--show", action="store_true", help="print each answer to stderr")
    options = parser.parse_args()
    SHOW = options.show
    result = asyncio.run(main(options))
    print(table(result))
    if options.out:
        options.out.write_text(json.dumps(result, indent=2) + "\n")
