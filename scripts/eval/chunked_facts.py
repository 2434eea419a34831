"""Changed facts inside long memories: a numbered list of facts cut into chunks, each chunk
one memory, as a benchmark's context or a document import reaches a memory service. Is
the chunk holding a fact's newest value ranked above every chunk holding only an older
one? The real service end to end (real model, detection on, default settings).

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/chunked_facts.py \\
        ~/.cache/hebbs-graph/eval/{dyknow,tempreason,situatedqa}.json --chunk 20 \\
        --label chunks_2026-12-07 --out docs/bench/chunked_facts.json

Every statement of a source (changed and look-alike groups), in the source's time order,
numbered from 1 ("12. The CEO of Apple is Tim Cook."; a later fact has a larger number),
``--chunk`` facts a memory joined by newlines, the chunks stored in order in one tenant
without an entity and without ``occurred_at`` (``--stored-as single``: one remember a
chunk; ``batch``: all chunks in one call, so one instant). For every question of every
changed group whose newest value and some older value sit in different chunks (cue =
the question, top_k 10, ``on_conflict: keep``): the share where the newest value's chunk
ranks above every chunk that holds only older values, is first, is in the top 10; and
the same with the read-side order rules off (what the retrieval alone gives), and each
variant's median recall time (rules on first, so its pair checks run cold).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/eval/: changing_public
from changing_public import rules_off
from common import database_note, purge_tenant, save_figures

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

TOP_K = 10


def chunks(groups: list[dict[str, Any]], size: int) -> list[list[str]]:
    """Every statement in time order, numbered, ``size`` a chunk."""
    rows = sorted(
        (s["occurred_at"], g_at, s_at, s["text"])
        for g_at, g in enumerate(groups)
        for s_at, s in enumerate(g["statements"])
    )
    facts = [f"{n}. {text}" for n, (_, _, _, text) in enumerate(rows, 1)]
    return [facts[i : i + size] for i in range(0, len(facts), size)]


async def store(services: Services, tenant: str, parts: list[list[str]], batch: bool) -> list[str]:
    items = [MemoryIn(content="\n".join(p), on_duplicate="store") for p in parts]
    if batch:
        return await services.memory.remember_batch(tenant, items)
    return [(await services.memory.remember(tenant, item)).id for item in items]


def holding(parts: list[list[str]], ids: list[str], text: str) -> set[str]:
    """The ids of the chunks that hold ``text`` as one of their facts."""
    return {
        mid for mid, p in zip(ids, parts, strict=True) if any(f.endswith(f". {text}") for f in p)
    }


async def score(
    services: Services, tenant: str, groups: list[dict[str, Any]], parts: list[list[str]],
    ids: list[str],
) -> dict[str, Any]:  # fmt: skip
    plain = rules_off(services)
    counts = {"questions": 0, "same_chunk": 0}
    took: dict[str, list[float]] = {"on": [], "off": []}
    for rules in ("on", "off"):
        counts |= {f"{k}_{rules}": 0 for k in ("above", "first", "in_top")}
    for g in groups:
        if g["kind"] != "changed":
            continue
        texts = [s["text"] for s in g["statements"]]
        newest = holding(parts, ids, texts[-1])
        older = set().union(*(holding(parts, ids, t) for t in set(texts) - {texts[-1]})) - newest
        if not older:
            counts["same_chunk"] += len(g["questions"])
            continue
        for q in g["questions"]:
            counts["questions"] += 1
            request = RecallIn(cue=q, top_k=TOP_K, reinforce=False, on_conflict="keep")
            for rules, service in (("on", services.recall), ("off", plain)):
                started = time.perf_counter()
                answer = await service.recall(tenant, request)
                took[rules].append(time.perf_counter() - started)
                got = [r.memory.id for r in answer.results]
                rank = min((got.index(m) for m in newest if m in got), default=None)
                ranks = [got.index(m) for m in older if m in got]
                counts[f"in_top_{rules}"] += rank is not None
                counts[f"first_{rules}"] += rank == 0
                counts[f"above_{rules}"] += rank is not None and all(rank < r for r in ranks)
    n = counts["questions"]
    out: dict[str, Any] = {"questions": n, "questions_same_chunk": counts["same_chunk"]}
    for rules in ("on", "off"):
        for k in ("above", "first", "in_top"):
            out[f"newest_{k}_rules_{rules}"] = round(counts[f"{k}_{rules}"] / n, 3) if n else None
        if took[rules]:  # each question asked once cold: the first recall of its pairs
            out[f"recall_ms_p50_rules_{rules}"] = round(1000 * statistics.median(took[rules]), 1)
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    services = await open_services(settings, embedder=load_embedder(settings))
    out: dict[str, Any] = {}
    try:
        for path in args.sources:
            source = json.loads(path.read_text())
            groups = source["groups"]
            parts = chunks(groups, args.chunk)
            name = f"{source['source']}/chunk{args.chunk}-{args.stored_as}"
            tenant = f"eval-chunks-{source['source']}-{uuid.uuid4().hex[:6]}"
            started = time.perf_counter()
            try:
                ids = await store(services, tenant, parts, args.stored_as == "batch")
                await services.contradict.drain()
                database = await database_note(services, tenant)
                row = await score(services, tenant, groups, parts, ids)
            finally:
                await services.recall.drain()
                await purge_tenant(services, tenant)
            row |= {"chunks": len(parts), "seconds": round(time.perf_counter() - started, 1)}
            row.update(database)
            out[name] = row
            print(f"{name}: {json.dumps(row)}", flush=True)
    finally:
        await services.close()
    return out


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", type=Path, nargs="+")
    parser.add_argument("--chunk", type=int, default=20, help="facts a memory")
    parser.add_argument("--stored-as", choices=["single", "batch"], default="single")
    parser.add_argument("--label", default="after", help="key the figures go under")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    results = asyncio.run(run(args))
    if args.out:
        save_figures(args.out, args.label, results, merge=True)


if __name__ == "__main__":
    main()
