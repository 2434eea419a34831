"""LoCoMo evidence recall: hebbs-graph's default recall against what users pick instead.

    PYTHONPATH=. HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HEBBS_NEO4J_PASSWORD=... \\
        HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/locomo.py [DATA] \\
        [--out docs/bench/locomo.json] [--keep] [--reuse] [--ablation]

Each of the ten conversations goes into its own tenant (``locomo-<sample_id>``, or
``--tenant-prefix`` before the id) through the conversation service (``POST
/v1/conversations``): one call per LoCoMo session (``<sample_id>-s<n>``), one episode
per turn (``speaker: text``, a shared photo's caption appended), ``occurred_at`` from its
session's date (turns a second apart), entity = the conversation (so the entity timeline
chains the turns with FOLLOWED_BY), the turn's dia_id as its message_id.

Every question is then asked of:

- **hebbs-graph**: the recall an agent would send by default, ``{cue: question,
  entity_id: conversation, top_k: 25, reinforce: false}`` (strategy, fusion and
  weights are hebbs-graph's defaults);
- **BM25** over the conversation's turns (``baselines.BM25``);
- neo4j-graphrag's **VectorRetriever** and **HybridRetriever** on the same Neo4j
  indexes, kept to the conversation by post-filtering a large fetch (``baselines``).

Score: evidence recall@k (share of a question's evidence turns in the top k), per category
and overall; questions without valid evidence are left out and counted. ``--ablation`` also
runs each variant in ``ABLATIONS``. ``ingest.pending_pairs``: the pairs detection raised.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import neo4j
import numpy as np
from baselines import BM25, GraphragHybrid, GraphragVector
from common import database_note, purge_tenant
from locomo_data import CATEGORY_ORDER, Conversation, Question, load

from hebbs_graph.models.conversation import ConversationIn, MessageIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.settings import Settings

KS = (1, 5, 10, 25)
TOP_K = 25
GRAPHRAG_FETCH = 1000
REPO = Path(__file__).resolve().parents[2]
STARTED = time.perf_counter()

# Setting variants for --ablation: each undoes one of the recall defaults; the last is
# hebbs-graph's hybrid recall as it was before them (weighted RRF over Lucene's BM25).
ABLATIONS: dict[str, dict[str, Any]] = {
    "rank fusion (rrf)": {"hybrid_fusion": "rrf"},
    "index-wide idf": {"fulltext_scope_idf": False},
    "no cue stop words": {"fulltext_stopwords": False},
    "no timeline neighbours": {"recall_neighbour_share": 0.0},
    "neighbour share 0.3": {"recall_neighbour_share": 0.3},
    "no date lift": {"recall_time_boost": 0.0},
    "before (rrf, index idf, all words)": {
        "hybrid_fusion": "rrf",
        "fulltext_scope_idf": False,
        "fulltext_stopwords": False,
        "recall_neighbour_share": 0.0,
        "recall_time_boost": 0.0,
    },
}

Ranked = list[str]  # dia_ids, best first
Retrieve = Callable[[Conversation, Question], Ranked]


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


def default_data_path() -> Path:
    """``../shared/data/locomo10.json`` beside the repository (worktrees included)."""
    candidates = [REPO.parent / "shared" / "data" / "locomo10.json"]
    candidates += [p / "shared" / "data" / "locomo10.json" for p in REPO.parents]
    for path in candidates:
        if path.exists():
            return path
    return candidates[0]


class CachedEmbedder:
    """The real embedder with a memo: each question is embedded once, up front, in batches.

    Every retriever here embeds the same questions with the same model; embedding them
    once keeps the run short on a small machine and takes the model's cost out of the
    latency figures, which then compare retrieval alone.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.memo: dict[str, list[float]] = {}

    @property
    def dimension(self) -> int:
        return int(self.inner.dimension)

    @property
    def model_name(self) -> str:
        return str(self.inner.model_name)

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self.memo))
        if missing:
            self.memo.update(zip(missing, self.inner.embed_sync(missing), strict=True))
        return [self.memo[t] for t in texts]

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)


# Tenants are <prefix><sample_id>; --tenant-prefix keeps a run off another run's tenants.
TENANT_PREFIX = ["locomo-"]


def tenant_of(conv: Conversation) -> str:
    return f"{TENANT_PREFIX[0]}{conv.sample_id}"


# -- import ---------------------------------------------------------------------------


def sessions(conv: Conversation) -> list[ConversationIn]:
    """One conversation request per LoCoMo session, its turns in order."""
    by_session: dict[int, list[MessageIn]] = {}
    for t in conv.turns:
        message = MessageIn(
            speaker=t.speaker, content=t.said(), occurred_at=t.occurred_at, message_id=t.dia_id
        )
        by_session.setdefault(t.session, []).append(message)
    return [
        ConversationIn(
            entity_id=conv.sample_id, session_id=f"{conv.sample_id}-s{n}", messages=messages
        )
        for n, messages in sorted(by_session.items())
    ]


def stored_count(driver: neo4j.Driver, tenant_id: str, label: str = "Memory") -> int:
    query = f"MATCH (x:{label}) WHERE x.tenant_id = $t RETURN count(x) AS n"
    records, _, _ = driver.execute_query(query, t=tenant_id)
    return int(records[0]["n"])


async def import_all(
    services: Services, driver: neo4j.Driver, convs: list[Conversation], reuse: bool
) -> dict[str, Any]:
    started = time.perf_counter()
    imported = 0
    for conv in convs:
        tenant = tenant_of(conv)
        if reuse and stored_count(driver, tenant) == len(conv.turns):
            continue
        await purge_tenant(services, tenant)
        stored = 0
        for request in sessions(conv):
            out = await services.conversation.remember_conversation(tenant, request)
            stored += out.stored
        imported += stored
        log(f"imported {conv.sample_id}: {stored} turns")
    # Contradiction checks run after each write's answer; the questions must not race
    # them (recall reads their pending pairs), or the figures depend on timing.
    if not await services.contradict.drain(timeout_s=600):
        log("warning: contradiction checks still waiting after 600 s")
    took = time.perf_counter() - started
    pending = sum(stored_count(driver, tenant_of(c), "PendingContradiction") for c in convs)
    return {"turns_imported": imported, "seconds": round(took, 1), "pending_pairs": pending}


# -- retrievers -------------------------------------------------------------------------


def hebbs_retriever(recall: RecallService, loop: asyncio.AbstractEventLoop) -> Retrieve:
    def retrieve(conv: Conversation, q: Question) -> Ranked:
        request = RecallIn(cue=q.text, entity_id=conv.sample_id, top_k=TOP_K, reinforce=False)
        out = loop.run_until_complete(recall.recall(tenant_of(conv), request))
        return [str(r.memory.context.get("message_id")) for r in out.results]

    return retrieve


def bm25_retriever(convs: list[Conversation]) -> Retrieve:
    indexes = {c.sample_id: BM25([t.content() for t in c.turns]) for c in convs}

    def retrieve(conv: Conversation, q: Question) -> Ranked:
        return [conv.turns[i].dia_id for i in indexes[conv.sample_id].top(q.text, TOP_K)]

    return retrieve


def graphrag_retriever(
    retriever: GraphragVector | GraphragHybrid, shortfall: list[int]
) -> Retrieve:
    def retrieve(conv: Conversation, q: Question) -> Ranked:
        nodes, kept = retriever.search(tenant_of(conv), q.text, TOP_K)
        shortfall.append(kept)
        return [json.loads(n["context_json"])["message_id"] for n in nodes]

    return retrieve


# -- scoring ----------------------------------------------------------------------------


def evaluate(
    name: str, retrieve: Retrieve, convs: list[Conversation]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    per_question: list[dict[str, Any]] = []
    latencies: list[float] = []
    for conv in convs:
        log(f"{name}: {conv.sample_id}, {len(per_question)} questions done")
        for q in conv.questions:
            started = time.perf_counter()
            ranked = retrieve(conv, q)
            latencies.append(time.perf_counter() - started)
            evidence = set(q.evidence)
            hits = {k: len(evidence & set(ranked[:k])) / len(evidence) for k in KS}
            per_question.append({"category": q.category, "recall": hits})
    summary = summarise(per_question)
    ms = np.asarray(latencies) * 1000
    summary["latency_ms"] = {
        "p50": round(float(np.percentile(ms, 50)), 2),
        "p95": round(float(np.percentile(ms, 95)), 2),
    }
    log(f"{name}: R@10 {summary['overall']['R@10']:.1f}, p50 {summary['latency_ms']['p50']} ms")
    return summary, per_question


def summarise(per_question: list[dict[str, Any]]) -> dict[str, Any]:
    def mean_recall(rows: Iterable[dict[str, Any]]) -> dict[str, float | int]:
        rows = list(rows)
        out: dict[str, float | int] = {"n": len(rows)}
        for k in KS:
            out[f"R@{k}"] = round(100 * float(np.mean([r["recall"][k] for r in rows])), 1)
        return out

    summary: dict[str, Any] = {
        c: mean_recall(r for r in per_question if r["category"] == c) for c in CATEGORY_ORDER
    }
    summary["overall"] = mean_recall(per_question)
    return summary


def table(results: dict[str, dict[str, Any]]) -> str:
    head = "| retriever | category | n | " + " | ".join(f"R@{k}" for k in KS) + " |"
    lines = [head, "|" + "---|" * (3 + len(KS))]
    for name, summary in results.items():
        for cat in [*CATEGORY_ORDER, "overall"]:
            row = summary[cat]
            cells = " | ".join(f"{row[f'R@{k}']:.1f}" for k in KS)
            label = f"**{cat}**" if cat == "overall" else cat
            lines.append(f"| {name} | {label} | {row['n']} | {cells} |")
    return "\n".join(lines)


def compact_table(results: dict[str, dict[str, Any]]) -> str:
    """R@10 per category, one row per retriever, plus latency."""
    cols = [*CATEGORY_ORDER, "overall"]
    lines = ["| retriever | " + " | ".join(cols) + " | R@25 overall | p50 ms |"]
    lines.append("|" + "---|" * (len(cols) + 3))
    for name, s in results.items():
        cells = " | ".join(f"{s[c]['R@10']:.1f}" for c in cols)
        lines.append(
            f"| {name} | {cells} | {s['overall']['R@25']:.1f} | {s['latency_ms']['p50']} |"
        )
    return "\n".join(lines)


# -- main -------------------------------------------------------------------------------


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=None, help="locomo10.json")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "locomo.json")
    parser.add_argument("--keep", action="store_true", help="keep the tenants afterwards")
    parser.add_argument("--reuse", action="store_true", help="skip import of complete tenants")
    parser.add_argument("--ablation", action="store_true", help="also run ABLATIONS variants")
    parser.add_argument("--only", default="", help="comma list of retrievers to run")
    parser.add_argument("--conversations", type=int, default=0, help="first N only (debug)")
    parser.add_argument("--tenant-prefix", default="locomo-", help="tenants <prefix><sample_id>")
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    TENANT_PREFIX[0] = args.tenant_prefix
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    data = (args.data or default_data_path()).resolve()
    if not data.exists():
        sys.exit(f"no LoCoMo data at {data}; pass the path to locomo10.json")
    convs = load(data)[: args.conversations or None]
    asked = sum(len(c.questions) for c in convs)
    left_out = [q for c in convs for q in c.questions_without_evidence]
    dropped = [f"{c.sample_id} {e}" for c in convs for e in c.dropped_evidence]
    log(f"{len(convs)} conversations, {sum(len(c.turns) for c in convs)} turns, {asked} questions")

    settings = Settings()
    loop = asyncio.new_event_loop()
    embedder = CachedEmbedder(load_embedder(settings))
    services = loop.run_until_complete(open_services(settings, embedder=embedder))
    driver = neo4j.GraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    try:
        ingest = loop.run_until_complete(import_all(services, driver, convs, args.reuse))
        database = loop.run_until_complete(database_note(services, args.tenant_prefix))
        started = time.perf_counter()
        embedder.embed_sync([q.text for c in convs for q in c.questions])
        log(f"embedded the questions in {time.perf_counter() - started:.1f}s")
        retrievers = build_retrievers(services, driver, convs, loop, args)
        results: dict[str, dict[str, Any]] = {}
        for name, retrieve in retrievers.items():
            results[name], _ = evaluate(name, retrieve, convs)
        shortfalls = {n: s for n, s in retrievers.shortfalls.items() if s}
    finally:
        if not args.keep:
            for conv in convs:
                loop.run_until_complete(purge_tenant(services, tenant_of(conv)))
        loop.run_until_complete(services.close())
        driver.close()
        loop.close()

    print(table({k: v for k, v in results.items() if not k.startswith("ablation:")}))
    print()
    print(compact_table(results))
    report = {
        "data": {"path_name": data.name, "conversations": len(convs), "questions": asked},
        "questions_left_out": left_out,
        "evidence_ids_dropped": dropped,
        "ingest": ingest,
        "graphrag_fetch": GRAPHRAG_FETCH,
        "graphrag_tenant_hits_min": {n: min(s) for n, s in shortfalls.items()},
        "settings": settings_used(settings),
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        **database,
        "seconds": round(time.perf_counter() - STARTED, 1),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")


class Retrievers(dict[str, Retrieve]):
    shortfalls: dict[str, list[int]]


def build_retrievers(
    services: Services,
    driver: neo4j.Driver,
    convs: list[Conversation],
    loop: asyncio.AbstractEventLoop,
    args: argparse.Namespace,
) -> Retrievers:
    out = Retrievers()
    out.shortfalls = {"graphrag-vector": [], "graphrag-hybrid": []}
    out["hebbs-graph"] = hebbs_retriever(services.recall, loop)
    out["bm25"] = bm25_retriever(convs)
    vector = GraphragVector(driver, services.embedder, GRAPHRAG_FETCH)
    hybrid = GraphragHybrid(driver, services.embedder, GRAPHRAG_FETCH)
    out["graphrag-vector"] = graphrag_retriever(vector, out.shortfalls["graphrag-vector"])
    out["graphrag-hybrid"] = graphrag_retriever(hybrid, out.shortfalls["graphrag-hybrid"])
    if args.ablation:
        for name, update in ABLATIONS.items():
            changed = services.settings.model_copy(update=update)
            variant = RecallService(
                services.store, services.embedder, changed.recall, changed.contradiction
            )
            out[f"ablation:{name}"] = hebbs_retriever(variant, loop)
    if args.only:
        keep = set(args.only.split(","))
        for name in [n for n in out if n not in keep]:
            del out[name]
    return out


def settings_used(settings: Settings) -> dict[str, Any]:
    recall_keys = ["rrf_k", "hybrid_vector_weight", "hybrid_text_weight", "hybrid_candidates"]
    recall_keys += [k for k in Settings.model_fields if k.startswith(("recall_", "fulltext_"))]
    return {k: getattr(settings, k) for k in recall_keys}


if __name__ == "__main__":
    main()
