"""What contradiction detection costs batch ingest, in-process through the service layer.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 \\
        PYTHONPATH=. .venv/bin/python scripts/bench/contradiction_overhead.py \\
        --size 7000 --out docs/bench/contradiction_overhead.json

Two tenants grow side by side from the same synthetic corpus (scripts/bench/corpus.py,
templates × vocabulary, so near neighbours with different values abound: a hard case
for detection). Each batch of ``--batch`` memories goes through
``MemoryService.remember_batch`` twice: once into the tenant *without* detection (a
MemoryService with no listeners) and once into the tenant *with* it (the container's
MemoryService, whose listener runs Phase 1), alternating which goes first so drift
on a shared machine hits both alike. Throughput is memories per second of wall time,
embedding included (detection is judged against what ingest really costs). Rows are
split at ``contradiction_exact_max`` (5,000): past it a write is compared in numpy
only while that is cheaper than one vector-index query per memory (up to
``contradiction_numpy_max``), else through the index; each batch row names the finder
the rule picks. The load average is sampled after every batch (the machine may be
shared). Both tenants are deleted at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant
from corpus import Corpus as _TemplatedCorpus

from hebbs_graph.models.memory import ForgetIn, Memory, MemoryIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings

STARTED = time.perf_counter()
BAND = 5000  # tenant sizes summarised together


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


class GcClock:
    """Seconds this process spends in Python's garbage collector, by generation."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self._started = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds[info["generation"]] += time.perf_counter() - self._started

    @property
    def total(self) -> float:
        return sum(self.seconds)


class TimedDetection:
    """The contradiction listener, timed: the write's checks until they have run (in
    async mode, from the queue right after the write)."""

    def __init__(self, inner: ContradictionService) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.checked = 0

    def mark(self, now: datetime) -> dict[str, Any]:
        return self.inner.mark(now)

    async def memories_written(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None:
        started = time.perf_counter()
        await self.inner.memories_written(tenant_id, memories, revised=revised, vectors=vectors)
        await self.inner.drain()
        self.seconds += time.perf_counter() - started
        self.checked += len(memories)


class Corpus(_TemplatedCorpus):
    def memories(self, start: int, stop: int) -> list[MemoryIn]:
        return [MemoryIn(**c.as_memory_in()) for c in self.items(start, stop)]


class LocomoTurns:
    """Real conversational text: every turn of LoCoMo's ten conversations, in order,
    "speaker: text" with the session's date and the conversation as the entity (as
    scripts/eval/locomo.py imports them). Few of its memories look alike."""

    def __init__(self, path: Path) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eval"))
        from locomo_data import load

        self.items = [
            MemoryIn(content=t.content(), occurred_at=t.occurred_at, entity_id=c.sample_id)
            for c in load(path)
            for t in c.turns
        ]

    def __len__(self) -> int:
        return len(self.items)

    def memories(self, start: int, stop: int) -> list[MemoryIn]:
        return self.items[start:stop]


async def count_pending(services: Services, tenant_id: str) -> int:
    rows = await services.store.read_rows(
        "contradict/pending_count", tenant_id=tenant_id, entity_id=None
    )
    return int(rows[0]["total"]) if rows else 0


async def tenant_size(services: Services, tenant_id: str) -> int:
    return await services.contradict.detector.sizes.count(tenant_id, None, 10**9)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    services = await open_services(settings)
    stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S")
    off_tenant, on_tenant = f"bench-cx-off-{stamp}", f"bench-cx-on-{stamp}"
    if args.into:  # both sides write into one existing tenant, which grows by both
        off_tenant = on_tenant = args.into
    base = await tenant_size(services, on_tenant) if args.into else 0
    written: list[str] = []
    grown = {off_tenant: base, on_tenant: base}  # one entry when both write into one
    plain = MemoryService(services.store, services.embedder, settings.memory)  # no listeners
    timed = TimedDetection(services.contradict)
    services.memory.listeners = [timed]
    source: LocomoTurns | Corpus = Corpus(seed=args.seed)
    if args.locomo:
        source = turns = LocomoTurns(args.locomo)
        args.size = min(args.size, len(turns))
    rows: list[dict[str, Any]] = []
    gc_clock = GcClock()
    try:
        # Warm the model and the driver outside the measurement.
        await services.embedder.embed(["warm up"] * 64)
        for start in range(0, args.size, args.batch):
            items = source.memories(start, min(start + args.batch, args.size))
            order = [("off", plain, off_tenant), ("on", services.memory, on_tenant)]
            if (start // args.batch) % 2:
                order.reverse()
            took: dict[str, float] = {}
            collected: dict[str, float] = {}
            before = timed.seconds
            chosen = ""
            for name, service, tenant in order:
                if name == "on":  # the path the detector takes for this write
                    chosen = services.contradict.detector.choose(tenant, len(items), grown[tenant])
                t0, gc0 = time.perf_counter(), gc_clock.total
                written += await service.remember_batch(tenant, items)
                took[name] = time.perf_counter() - t0
                collected[name] = gc_clock.total - gc0
                grown[tenant] += len(items)
            detection = timed.seconds - before
            size = grown[on_tenant]
            rows.append(
                {
                    "tenant_size_after": size,
                    "memories": len(items),
                    "path": "within_exact_max"
                    if size <= settings.contradiction_exact_max
                    else "past_exact_max",
                    "finder": chosen,
                    "off_s": round(took["off"], 3),
                    "on_s": round(took["on"], 3),
                    "detection_s": round(detection, 3),
                    # Python's garbage collector inside each side's write (all generations).
                    "off_gc_s": round(collected["off"], 3),
                    "on_gc_s": round(collected["on"], 3),
                    "load_avg_1m": round(os.getloadavg()[0], 2),
                }
            )
            log(
                f"{start + len(items):>6} memories: without {took['off']:.2f}s, "
                f"with {took['on']:.2f}s (detection {detection:.2f}s)"
            )
        pending = await count_pending(services, on_tenant)
    finally:
        if args.into and not args.keep:
            log(f"forgetting the {len(written)} memories written into {args.into}")
            for at in range(0, len(written), 1000):
                chunk = written[at : at + 1000]
                await plain.forget(args.into, ForgetIn(memory_ids=chunk))
        elif not args.keep:
            await purge_tenant(services, off_tenant)
            await purge_tenant(services, on_tenant)
        await services.close()
    return summarise(args, settings, rows, pending, base)


def summarise(
    args: argparse.Namespace,
    settings: Settings,
    rows: list[dict[str, Any]],
    pending: int,
    base: int,
) -> dict[str, Any]:
    def part(selected: list[dict[str, Any]]) -> dict[str, Any]:
        n = sum(r.get("memories", args.batch) for r in selected)
        off = sum(r["off_s"] for r in selected)
        on = sum(r["on_s"] for r in selected)
        detect = sum(r["detection_s"] for r in selected)
        return {
            "memories": n,
            "without_detection_per_s": round(n / off, 1),
            "with_detection_per_s": round(n / on, 1),
            "throughput_loss_pct": round(100 * (1 - off / on), 1),
            "detection_share_of_ingest_pct": round(100 * detect / on, 1),
            "detection_ms_per_memory": round(1000 * detect / n, 2),
            "median_batch_overhead_pct": round(
                statistics.median(100 * (r["on_s"] / r["off_s"] - 1) for r in selected), 1
            ),
            "gc_s_without": round(sum(r["off_gc_s"] for r in selected), 2),
            "gc_s_with": round(sum(r["on_gc_s"] for r in selected), 2),
        }

    paths = {p: [r for r in rows if r["path"] == p] for p in ("within_exact_max", "past_exact_max")}
    finders = {
        f: [r for r in rows if r["finder"] == f] for f in sorted({r["finder"] for r in rows})
    }
    return {
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "settings": {
            "size": args.size,
            "corpus": str(args.locomo) if args.locomo else "templated (corpus.py)",
            "batch": args.batch,
            "k": settings.contradiction_k,
            "min_similarity": settings.contradiction_min_similarity,
            "min_confidence": settings.contradiction_min_confidence,
            "exact_max": settings.contradiction_exact_max,
            "numpy_min_batch": settings.contradiction_numpy_min_batch,
            "numpy_max": settings.contradiction_numpy_max,
            "vector_cache_rows": settings.contradiction_vector_cache_rows,
            "chunk": settings.contradiction_chunk,
            "embedding_model": settings.embedding_model,
        },
        "overall": part(rows),
        "into": args.into,
        "base_size": base,
        "by_path": {p: part(sel) for p, sel in paths.items() if sel},
        "by_finder": {f: part(sel) for f, sel in finders.items()},
        "by_size": {
            f"{lo + 1}-{lo + BAND}": part(sel)
            for lo in range(base, base + (2 if args.into else 1) * args.size, BAND)
            if (sel := [r for r in rows if lo < r["tenant_size_after"] <= lo + BAND])
        },
        "pending_created": pending,
        "load_avg_1m": {
            "min": min(r["load_avg_1m"] for r in rows),
            "median": statistics.median(r["load_avg_1m"] for r in rows),
            "max": max(r["load_avg_1m"] for r in rows),
        },
        "batches": rows,
    }


def table(report: dict[str, Any]) -> str:
    lines = [
        "| scope | memories | without (mem/s) | with (mem/s) | throughput loss | "
        "detection ms/memory |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    parts = {
        "overall": report["overall"],
        **report["by_path"],
        **{f"finder {f}": p for f, p in report["by_finder"].items()},
        **report["by_size"],
    }
    for name, p in parts.items():
        lines.append(
            f"| {name} | {p['memories']} | {p['without_detection_per_s']} | "
            f"{p['with_detection_per_s']} | {p['throughput_loss_pct']} % | "
            f"{p['detection_ms_per_memory']} |"
        )
    lines.append(f"\npending contradictions created: {report['pending_created']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=7_000, help="memories per tenant")
    parser.add_argument("--batch", type=int, default=1000, help="memories per remember_batch")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument(
        "--locomo",
        type=Path,
        default=None,
        help="ingest LoCoMo's turns (e.g. ../shared/data/locomo10.json) instead of the "
        "templated corpus; --size is capped at their number (5,882)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the two bench tenants")
    parser.add_argument(
        "--into",
        default=None,
        help="write both sides into this existing tenant (a large one: scale.py --keep), "
        "then forget what was written unless --keep; --size is then per side",
    )
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--note", default=None, help="stored with the report")
    args = parser.parse_args()
    report = asyncio.run(run(args))
    if args.note:
        report["note"] = args.note
    print(table(report))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        log(f"wrote {args.out}")
    return 0 if report["overall"]["throughput_loss_pct"] <= 25 else 1


if __name__ == "__main__":
    sys.exit(main())
