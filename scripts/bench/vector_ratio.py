"""hebbs-graph's similarity recall against neo4j-graphrag's VectorRetriever, interleaved.

    PYTHONPATH=.:scripts/bench HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 \\
        HEBBS_NEO4J_PASSWORD=... HF_HUB_OFFLINE=1 .venv/bin/python \\
        scripts/bench/vector_ratio.py --tenant scale-... [--out docs/bench/vector_ratio.json]

On a kept scale tenant (``scale.py --keep``). For each cue (embedded once up front) the
two run back to back, alternating which goes first, so drift on a shared machine hits
both alike: hebbs-graph's tenant-wide similarity recall (in process, ``reinforce:
false``, top 10) at several ``ann_overfetch`` values, and the ``VectorRetriever`` (top
10, same index). Each hebbs-graph setting also reports how many of the true top 10 (an
exact cosine scan of the tenant) it returned, by content (recall leaves out a second
memory with the same text): the index is approximate, and asking it for more
candidates finds more of them. The retriever asks for 10, as the 1.0 row does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import neo4j
from corpus import Corpus
from neo4j_graphrag.retrievers import VectorRetriever

from hebbs_graph.models.recall import RecallIn, Strategy, StrategySpec
from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings

EXACT = (
    "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id AND m.embedding IS NOT NULL "
    "AND m.superseded_by IS NULL AND m.kind IN ['episode', 'insight'] "
    "WITH m, vector.similarity.cosine(m.embedding, $vector) AS s "
    "ORDER BY s DESC LIMIT 10 RETURN m.content AS content"
)


def p50(xs: list[float]) -> float:
    return round(1000 * statistics.median(xs), 2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    base = Settings()
    services = await open_services(base)
    driver = neo4j.GraphDatabase.driver(
        base.effective_neo4j_uri, auth=(base.neo4j_user, base.neo4j_password)
    )
    retriever = VectorRetriever(driver, index_name="memory_embedding", return_properties=["id"])
    cues = [c.text for c in Corpus(seed=7).cues(args.queries, seed="scale", entity_scoped=True)]
    vectors = await services.embedder.embed(cues)
    services.recall.embedder = Memo(dict(zip(cues, vectors, strict=True)), services.embedder)
    truth = [
        {r["content"] for r in driver.execute_query(EXACT, tenant_id=args.tenant, vector=v)[0]}
        for v in vectors
    ]
    rows: list[dict[str, Any]] = []
    try:
        for factor in sorted(args.overfetch):
            services.recall.settings = base.model_copy(update={"ann_overfetch": factor})
            services.recall._overfetch.clear()  # no wider fetch remembered from the last row
            ours: list[float] = []
            theirs: list[float] = []
            found: list[float] = []
            for n, (cue, vector) in enumerate(zip(cues, vectors, strict=True)):
                request = RecallIn(
                    cue=cue,
                    strategies=[StrategySpec(strategy=Strategy.SIMILARITY)],
                    top_k=10,
                    reinforce=False,
                )
                for hebbs_first in (n % 2 == 0, n % 2 == 1):
                    t0 = time.perf_counter()
                    if hebbs_first:
                        out = await services.recall.recall(args.tenant, request)
                        ours.append(time.perf_counter() - t0)
                    else:
                        retriever.get_search_results(query_vector=vector, top_k=10)
                        theirs.append(time.perf_counter() - t0)
                got = {r.memory.content for r in out.results}
                found.append(len(truth[n] & got) / len(truth[n]))
            row = {
                "ann_overfetch": factor,
                "hebbs_similarity_p50_ms": p50(ours[3:]),
                "graphrag_vector_p50_ms": p50(theirs[3:]),
                "ratio": round(statistics.median(ours[3:]) / statistics.median(theirs[3:]), 2),
                "true_top10_found_pct": round(100 * statistics.mean(found), 1),
            }
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    finally:
        await services.close()
        driver.close()
    return {"tenant": args.tenant, "queries": args.queries, "rows": rows}


class Memo:
    """Cues embedded once up front: retrieval alone is compared."""

    def __init__(self, known: dict[str, list[float]], inner: Any) -> None:
        self.known, self.inner = known, inner

    async def embed(self, texts: list[str]) -> list[list[float]]:
        if all(t in self.known for t in texts):
            return [self.known[t] for t in texts]
        result: list[list[float]] = await self.inner.embed(texts)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument(
        "--overfetch", type=float, nargs="+", default=[1.0, 1.5, 2.0, 4.0], help="values to try"
    )
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    report = asyncio.run(run(args))
    print("| ann_overfetch | hebbs-graph p50 | VectorRetriever p50 | ratio | true top 10 found |")
    print("|---:|---:|---:|---:|---:|")
    for r in report["rows"]:
        print(
            f"| {r['ann_overfetch']} | {r['hebbs_similarity_p50_ms']} ms | "
            f"{r['graphrag_vector_p50_ms']} ms | {r['ratio']}× | {r['true_top10_found_pct']} % |"
        )
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
