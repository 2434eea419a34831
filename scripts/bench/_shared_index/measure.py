"""The measured operations at one size: the cues per cell, hebbs-graph's scoped
similarity against the exact scan, VectorRetriever, hybrid recall, over-fetching."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import neo4j
import numpy as np
from embedders import MemoEmbedder
from neo4j_graphrag.retrievers import VectorRetriever

from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.recall.service import Scope

from .base import EXACT, OVERFETCH_CELLS, OVERFETCH_K, SIMILARITY_CELLS, Cue, K, load, log, pct
from .build import ClusterEmbedder
from .layout import Layout


def cells_for(layout: Layout, size: int, n: int) -> tuple[dict[str, list[Cue]], dict[str, Any]]:
    """n seeded cues per similarity cell at this size, and which scopes they drew from."""
    counts = layout.counts(size)
    tenant_n = layout.tenant_counts(size)
    regular = sorted((i for i in layout.tiny + layout.growing if counts[i] > 0),
                     key=lambda i: (counts[i], i))  # fmt: skip
    m = len(regular)
    pools = {
        "entity/tiny": regular[: max(5, m // 10)],
        "entity/median": regular[int(m * 0.45) : max(int(m * 0.55), int(m * 0.45) + 5)],
        "entity/large": regular[-max(5, m // 100) :],
        "entity/crowd": [i for i in layout.crowd_entities if counts[i] > 0],
    }
    crowd_src = [i for i in [*layout.crowd_entities, layout.crowd_misc] if counts[i] > 0]
    crowd_w = [int(counts[i]) for i in crowd_src]
    used: set[str] = set()
    out: dict[str, list[Cue]] = {}
    lonely_e = layout.sources[layout.lonely_entity]
    for cell in SIMILARITY_CELLS:
        rng = random.Random(f"shared-cues:{layout.seed}:{size}:{cell}")
        cues = []
        for _ in range(n):
            if cell in pools:
                src = rng.choice(pools[cell])
                s = layout.sources[src]
                cues.append(layout.cue(src, rng, used, s.tenant, s.entity_id, int(counts[src])))
            elif cell == "tenant/small":
                tenant = rng.choice(layout.tenants)
                ix = [i for i in layout.tenant_sources[tenant] if counts[i] > 0]
                src = rng.choices(ix, weights=[int(counts[i]) for i in ix])[0]
                cues.append(layout.cue(src, rng, used, tenant, None, tenant_n[tenant]))
            else:  # cues from the crowded region
                src = rng.choices(crowd_src, weights=crowd_w)[0]
                if cell == "tenant/crowd":
                    cues.append(
                        layout.cue(src, rng, used, layout.crowd, None, tenant_n[layout.crowd])
                    )
                elif cell == "crowding/tenant":
                    cues.append(
                        layout.cue(src, rng, used, layout.lonely, None, tenant_n[layout.lonely])
                    )
                else:
                    cues.append(layout.cue(src, rng, used, layout.lonely, lonely_e.entity_id,
                                           int(counts[layout.lonely_entity])))  # fmt: skip
        out[cell] = cues
    sizes = {cell: [c.scope_size for c in cues] for cell, cues in out.items()}
    info = {
        cell: {"scopes": len({(c.tenant, c.entity_id) for c in cues}),
               "scope_min": int(min(s)), "scope_median": int(np.median(s)), "scope_max": int(max(s))}
        for cell, (cues, s) in ((c, (out[c], sizes[c])) for c in out)
    }  # fmt: skip
    return out, info


async def hebbs_similarity(
    services: Services, cue: Cue, k: int = K
) -> tuple[float, list[tuple[str, float]]]:
    """RecallService.similarity on the cue's scope: seconds, [(id, cosine)] best first."""
    scope = Scope(cue.tenant, cue.entity_id, include_superseded=False, include_stale=False)
    t0 = time.perf_counter()
    hits = await services.recall.similarity(scope, cue.vector, k)
    return time.perf_counter() - t0, [(m.id, sim) for m, sim in hits]


def exact(
    driver: neo4j.Driver, cue: Cue, label_scan: bool = False
) -> tuple[float, list[tuple[str, float]]]:
    """The brute-force scan: seconds, the scope's exact top 10 as [(id, cosine)]."""
    query = EXACT[(cue.entity_id is not None, label_scan)]
    t0 = time.perf_counter()
    records, _, _ = driver.execute_query(query, t=cue.tenant, e=cue.entity_id, v=cue.vector)
    return time.perf_counter() - t0, [(r["id"], 2 * r["s"] - 1) for r in records]


def share(truth: list[tuple[str, float]], found: list[str]) -> float:
    """The share of the exact top 10 among the ids found."""
    return len({i for i, _ in truth} & set(found)) / len(truth) if truth else 1.0


def plan_of(driver: neo4j.Driver, cue: Cue, label_scan: bool) -> list[str]:
    """The operators Neo4j plans for the exact scan of this cue's scope (EXPLAIN)."""
    query = EXACT[(cue.entity_id is not None, label_scan)]
    with driver.session() as session:
        summary = session.run(
            "EXPLAIN " + query, t=cue.tenant, e=cue.entity_id, v=cue.vector
        ).consume()
    out: list[str] = []

    def walk(plan: Any) -> None:
        details = plan.get("args", {}).get("Details", "")
        out.append(f"{plan['operatorType'].split('@')[0]} {details}".strip())
        for child in plan.get("children", []):
            walk(child)

    if summary.plan:
        walk(summary.plan)
    return out


async def measure_similarity(
    services: Services, driver: neo4j.Driver, cells: dict[str, list[Cue]], warmup: int,
    exact_limit: int | None, label_scan_cues: int, truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """Similarity per cell (cells interleaved cue by cue), then the exact scans; the exact
    top 10 of every cue scanned goes into ``truths`` (by cue text)."""
    names = list(cells)
    n = len(cells[names[0]])
    times: dict[str, list[float]] = {c: [] for c in names}
    found: dict[str, list[list[tuple[str, float]]]] = {c: [] for c in names}
    log(f"similarity: {len(names)} cells x {n} cues, interleaved (load {load()})")
    for j in range(n):
        for cell in names:
            took, ids = await hebbs_similarity(services, cells[cell][j])
            if j >= warmup:
                times[cell].append(took)
                found[cell].append(ids)
    out: dict[str, Any] = {}
    for cell in names:
        cues = cells[cell][warmup:]
        short = [
            {"tenant": c.tenant, "entity_id": c.entity_id, "scope_size": c.scope_size,
             "returned": len(ids)}
            for c, ids in zip(cues, found[cell], strict=True)
            if len(ids) < min(K, c.scope_size)
        ]  # fmt: skip
        scans: list[float] = []
        shares: list[float] = []
        worst: dict[str, Any] | None = None
        limit = len(cues) if exact_limit is None else min(exact_limit, len(cues))
        for c, hits in list(zip(cues, found[cell], strict=True))[:limit]:
            took, truth = exact(driver, c)
            scans.append(took)
            shares.append(share(truth, [i for i, _ in hits]))
            truths[c.text] = truth
            if worst is None or shares[-1] < worst["share"]:
                worst = {"tenant": c.tenant, "entity_id": c.entity_id, "scope_size": c.scope_size,
                         "share": shares[-1], "exact_cosines": [round(x, 4) for _, x in truth],
                         "returned_cosines": [round(x, 4) for _, x in hits]}  # fmt: skip
        label_scans = []
        for c in cues[:label_scan_cues]:
            took, _ = exact(driver, c, label_scan=True)
            label_scans.append(took)
        shares_a = np.asarray(shares)
        out[cell] = {
            "similarity": pct(times[cell]),
            "short": len(short),
            "short_examples": short[:5],
            "exact_top10": {"mean": round(float(shares_a.mean()), 4), "min": round(float(shares_a.min()), 2),
                            "queries": len(shares), "below_1": int((shares_a < 1).sum()),
                            "worst": worst},
            "exact_scan": pct(scans),
            "exact_scan_label_scan": pct(label_scans),
        }  # fmt: skip
        e = out[cell]
        log(f"  {cell:16s} p50 {e['similarity']['p50_ms']:7.1f} ms  p95 {e['similarity']['p95_ms']:7.1f}"
            f"  top10 {e['exact_top10']['mean']:.3f}  short {e['short']}"
            f"  exact p50 {e['exact_scan']['p50_ms']:8.1f} ms")  # fmt: skip
    return out


async def measure_graphrag(
    services: Services, driver: neo4j.Driver, cues: list[Cue], warmup: int,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """VectorRetriever (unfiltered, whole index) and hebbs-graph's scoped similarity,
    cue by cue, the order alternating; and how much of the scope's exact top 10 the
    unfiltered top 10 holds (what post-filtering it would leave)."""
    retriever = VectorRetriever(driver, index_name="memory_embedding", return_properties=["id"])
    graphrag, hebbs, shares = [], [], []
    for j, cue in enumerate(cues):
        pair = [0.0, 0.0]
        ids: list[str] = []
        for side in (0, 1) if j % 2 == 0 else (1, 0):
            if side == 0:
                t0 = time.perf_counter()
                result = retriever.get_search_results(query_vector=cue.vector, top_k=K)
                pair[0] = time.perf_counter() - t0
                ids = [r["node"]["id"] for r in result.records]
            else:
                pair[1], _ = await hebbs_similarity(services, cue)
        if j >= warmup:
            graphrag.append(pair[0])
            hebbs.append(pair[1])
            if cue.text in truths:
                shares.append(share(truths[cue.text], ids))
    g, h = pct(graphrag), pct(hebbs)
    ratios = np.asarray(hebbs) / np.asarray(graphrag)
    return {
        "graphrag_vector": g, "hebbs_similarity": h,
        "ratio_of_medians": round(h["p50_ms"] / g["p50_ms"], 2),
        "pairwise_ratio_median": round(float(np.median(ratios)), 2),
        "unfiltered_share_of_scope_top10": round(float(np.mean(shares)), 4) if shares else None,
        "load_end": load(),
    }  # fmt: skip


async def measure_hybrid(
    services: Services, cells: dict[str, list[Cue]], warmup: int
) -> dict[str, Any]:
    names = list(cells)
    n = len(cells[names[0]])
    times: dict[str, list[float]] = {c: [] for c in names}
    short = dict.fromkeys(names, 0)
    examples: dict[str, list[dict[str, Any]]] = {c: [] for c in names}
    log(f"hybrid: {len(names)} cells x {n} cues, interleaved (load {load()})")
    for j in range(n):
        for cell in names:
            cue = cells[cell][j]
            request = RecallIn(cue=cue.text, entity_id=cue.entity_id, reinforce=False)
            t0 = time.perf_counter()
            out = await services.recall.recall(cue.tenant, request)
            took = time.perf_counter() - t0
            if j < warmup:
                continue
            times[cell].append(took)
            if len(out.results) < min(K, cue.scope_size):
                short[cell] += 1
                if len(examples[cell]) < 5:  # why: the hybrid strategy's own answer
                    scope = Scope(cue.tenant, cue.entity_id, False, False)
                    raw = await services.recall.hybrid(scope, cue.text, cue.vector, K)
                    examples[cell].append({
                        "tenant": cue.tenant, "entity_id": cue.entity_id, "cue": cue.text,
                        "scope_size": cue.scope_size, "returned": len(out.results),
                        "hybrid_strategy_returned": len(raw),
                        "distinct_contents": len({c.memory.content_sha256 for c in raw}),
                    })  # fmt: skip
    result: dict[str, dict[str, Any]] = {
        c: {"recall": pct(times[c]), "short": short[c], "short_examples": examples[c]}
        for c in names
    }
    for c in names:
        log(f"  {c:20s} p50 {result[c]['recall']['p50_ms']:7.1f} ms  "
            f"p95 {result[c]['recall']['p95_ms']:7.1f} ms  short {short[c]}")  # fmt: skip
    return result


def mixed_entity_cues(cells: dict[str, list[Cue]]) -> list[Cue]:
    """Entity cues of the tiny, median and large cells, one after another."""
    groups = [cells["entity/tiny"], cells["entity/median"], cells["entity/large"]]
    return [groups[j % 3][j] for j in range(len(groups[0]))]


async def measure(
    services: Services, driver: neo4j.Driver, layout: Layout, size: int,
    args: argparse.Namespace, memo: MemoEmbedder, inner: ClusterEmbedder,
) -> dict[str, Any]:  # fmt: skip
    n = args.warmup + args.queries
    cells, scopes = cells_for(layout, size, n)
    for cues in cells.values():
        for c in cues:
            inner.cues[c.text] = c.vector
    await memo.remember_cues([c.text for cues in cells.values() for c in cues])
    row: dict[str, Any] = {"scopes": scopes, "load_start": load()}
    row["exact_plans"] = {
        f"{kind}{'/without occurred_at' if label_scan else ''}": plan_of(driver, cue, label_scan)
        for kind, cue in (("entity", cells["entity/tiny"][0]), ("tenant", cells["tenant/small"][0]))
        for label_scan in (False, True)
    }
    log(f"exact scan plans: {row['exact_plans']}")
    truths: dict[str, list[tuple[str, float]]] = {}
    row["similarity"] = await measure_similarity(
        services, driver, cells, args.warmup, args.exact_limit, args.label_scan_cues, truths
    )
    row["overfetch"] = await measure_overfetch(services, cells, args.warmup, truths)
    entity_cues = mixed_entity_cues(cells)
    row["graphrag"] = await graphrag_round(services, driver, cells, entity_cues, args, truths)
    hybrid_cells = {
        "hybrid/entity": entity_cues,
        "hybrid/tenant-small": cells["tenant/small"],
        "hybrid/tenant-crowd": cells["tenant/crowd"],
    }
    row["hybrid"] = await measure_hybrid(services, hybrid_cells, args.warmup)
    row["graphrag_round2"] = await graphrag_round(
        services, driver, cells, entity_cues, args, truths
    )
    row["load_end"] = load()
    return row


async def graphrag_round(
    services: Services, driver: neo4j.Driver, cells: dict[str, list[Cue]],
    entity_cues: list[Cue], args: argparse.Namespace,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    log(f"graphrag VectorRetriever interleaved (load {load()})")
    out = {
        "tenant/crowd": await measure_graphrag(
            services, driver, cells["tenant/crowd"], args.warmup, truths
        ),
        "entity": await measure_graphrag(services, driver, entity_cues, args.warmup, truths),
    }
    for name, g in out.items():
        log(f"  {name}: hebbs p50 {g['hebbs_similarity']['p50_ms']} ms, graphrag p50 "
            f"{g['graphrag_vector']['p50_ms']} ms, ratio {g['ratio_of_medians']}, "
            f"pairwise {g['pairwise_ratio_median']}, unfiltered share of scope top 10 "
            f"{g['unfiltered_share_of_scope_top10']}")  # fmt: skip
    return out


async def measure_overfetch(
    services: Services, cells: dict[str, list[Cue]], warmup: int,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """A diagnostic: the same similarity asked for k = 30 / 100 and cut to 10, on the
    cells where the index missed most; does a wider search find the exact top 10?"""
    out: dict[str, Any] = {}
    for cell in OVERFETCH_CELLS:
        cues = [c for c in cells[cell][warmup:] if c.text in truths]
        out[cell] = {}
        for k in OVERFETCH_K:
            times, shares = [], []
            for c in cues:
                took, hits = await hebbs_similarity(services, c, k)
                times.append(took)
                shares.append(share(truths[c.text], [i for i, _ in hits[:K]]))
            a = np.asarray(shares)
            out[cell][f"k={k}"] = {"similarity": pct(times), "exact_top10": round(float(a.mean()), 4),
                                   "below_1": int((a < 1).sum()), "min": round(float(a.min()), 2)}  # fmt: skip
            e = out[cell][f"k={k}"]
            log(
                f"  overfetch {cell} k={k}: p50 {e['similarity']['p50_ms']} ms, "
                f"top10 {e['exact_top10']} ({e['below_1']} < 1, min {e['min']})"
            )
    return out
