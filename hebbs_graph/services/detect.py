"""Phase 1 of contradiction handling: find, classify and record candidates.

For a set of memories (a write, or a page of a batch scan): one batched query per
chunk finds each memory's K nearest current neighbours in its tenant (exact cosine
for small tenants, the vector index for large ones), leaving out pairs that are
already linked, pending or dismissed. A batch write compares in numpy instead, against
the tenant's vectors kept between writes (``services/kept_vectors.py``), classifies
each neighbour pair there, and sends Neo4j only the flagged ones, which one query
checks and records. The heuristic classifier scores each pair; those at
min_confidence or above become ``:PendingContradiction`` records. With the LLM route
on, the strongest candidates (at most a fixed number per write) are judged by the LLM
instead, and its confident verdicts become edges at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from threadpoolctl import ThreadpoolController

from hebbs_graph.contradict.classifier import classify
from hebbs_graph.contradict.flagged import flagged_rows, snippet
from hebbs_graph.contradict.judge import Judgement, judge
from hebbs_graph.contradict.nearest import nearest_pairs
from hebbs_graph.contradict.vectors import TenantVectors
from hebbs_graph.errors import LLMError
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.models.memory import MemoryKind
from hebbs_graph.services.kept_vectors import KeptVectors
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.services.verdict_edges import edge_row, revision_row, write_edges
from hebbs_graph.settings import Settings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# Checks one chunk of a write's memories against their neighbours, recording what it finds.
Check = Callable[[list[str]], Awaitable[None]]

KINDS = [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
# Neighbours may be stale insights but never superseded memories (cypher/fragments/hidden).
NEIGHBOUR_HIDDEN = [0, 2]
# Pairs already settled one way or the other are never raised again.
LINKED_TYPES = [EdgeType.CONTRADICTS.value, EdgeType.REVISED_FROM.value]
# Measured here: one vector-index query per memory costs about as much as reading 25+
# vectors, so a write compares in numpy while it has at most 25x its size to read.
VECTORS_PER_QUERY = 25
# Reading a tenant into the cache, per vector: 108,060 listed and read in 27 s here.
READ_S_PER_VECTOR = 0.00025
KEEP_DISMISSED = 1000
MAX_TENANTS_SPENT = 10_000


@dataclass
class Candidate:
    """Two neighbouring memories; ``older`` and ``newer`` by when they happened."""

    pair_key: str
    similarity: float
    older: dict[str, Any]
    newer: dict[str, Any]
    score: float = 0.0
    signals: list[str] = field(default_factory=list)
    suggested: str = "contradiction"
    judgement: Judgement | None = None


def _candidates(rows: list[dict[str, Any]]) -> list[Candidate]:
    found: dict[str, Candidate] = {}
    for row in rows:
        if row["pair_key"] in found:
            continue  # two new memories that found each other
        if "older" in row:  # put in order by the query
            older, newer = row["older"], row["newer"]
        else:
            older, newer = by_age(row["memory"], row["other"])
        found[row["pair_key"]] = Candidate(row["pair_key"], float(row["similarity"]), older, newer)
    return list(found.values())


_BLAS_LOCK = threading.Lock()


@functools.cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


@contextlib.contextmanager
def one_blas_thread(rows: int, below: int) -> Iterator[None]:
    """BLAS on one thread while a few rows are compared with the tenant: for a small
    product its threads cost more than they give, and on a small machine they spin
    against the embedder and Neo4j after each call (measured: the next remember's
    answer 15-20 ms slower, ~15 % fewer writes/s under load). Batches keep them. The
    limit is process-wide, so one comparison holds it at a time (each takes well under
    a millisecond), and it is always put back."""
    if rows >= below:
        yield
        return
    with _BLAS_LOCK, _blas().limit(limits=1, user_api="blas"):
        yield


def by_age(a: dict[str, Any], b: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(older, newer): by occurred_at, then created_at, then the time-ordered id."""

    def key(m: dict[str, Any]) -> tuple[datetime, datetime, str]:
        return (m["occurred_at"], m["created_at"], m["id"])

    return (a, b) if key(a) <= key(b) else (b, a)


class Detector:
    def __init__(
        self,
        store: GraphStore,
        settings: Settings,
        llm: LLMClient | None = None,
        sizes: ScopeSizes | None = None,
    ):
        self.store = store
        self.settings = settings
        self.llm = llm
        # Shared with recall when the container builds both: a size 30 s old picks a path
        # as well as a fresh one (every path finds the true neighbours).
        self.sizes = sizes or ScopeSizes(store)
        self.vectors = KeptVectors(store, KINDS, settings.contradiction_vector_cache_rows)
        # Seconds each tenant's writes have spent comparing elsewhere than in numpy (its
        # batches on the vector-index path, its small writes in Cypher): once it reaches
        # what reading the tenant into the cache would cost, the next write reads it
        # (rent until the rent paid equals the price, then buy: never more than twice
        # the cost of the better choice in hindsight, whatever writes follow).
        self.index_spent: dict[str, float] = {}

    @property
    def llm_on_ingest(self) -> bool:
        return self.llm is not None and self.settings.contradiction_llm_on_ingest

    async def detect(
        self, tenant_id: str, ids: list[str], *, fresh: TenantVectors | None = None
    ) -> DetectionOut:
        """Run Phase 1 for ``ids`` (already stored) and record what it finds.

        ``fresh``: vectors the caller holds already (a write's own, just embedded), so
        the numpy path need not read them back."""
        out = DetectionOut()
        step = self.settings.contradiction_chunk
        chunks = [ids[start : start + step] for start in range(0, len(ids), step)]
        check = await self._checker(tenant_id, chunks, fresh, out)
        for chunk in chunks:
            await check(chunk)
            out.checked += len(chunk)
        return out

    # -- finding ------------------------------------------------------------------------

    async def _checker(
        self,
        tenant_id: str,
        chunks: list[list[str]],
        fresh: TenantVectors | None,
        out: DetectionOut,
    ) -> Check:
        """The cheapest way to this write's true neighbours.

        A write of at least contradiction_numpy_min_batch memories compares in numpy
        against the tenant's vectors (kept between writes, so only new or changed ones
        are read), when the tenant is within contradiction_exact_max, or (up to
        contradiction_numpy_max) when what is left to read costs less than one
        vector-index query per new memory, or when this tenant's batches have already
        spent on the index what reading it into the cache costs. A smaller write into a
        tenant within contradiction_exact_max compares in Cypher (cost: its size times
        the tenant's) until the tenant's small writes have spent there what reading it
        costs, then in numpy too (a stream of single writes, as the check queue runs
        them, keeps the tenant's vectors warm). Anything else goes through the vector
        index.
        """
        s = self.settings
        writing = sum(len(c) for c in chunks)
        cap = max(s.contradiction_exact_max, s.contradiction_numpy_max)
        size = await self.sizes.count(tenant_id, None, cap + 1)
        path = self.choose(tenant_id, writing, size)
        if path == "numpy":
            self.index_spent.pop(tenant_id, None)
            return await self._numpy_checker(tenant_id, chunks, fresh, out)
        params = {
            "tenant_id": tenant_id,
            "kinds": KINDS,
            "k": s.contradiction_k,
            "min_similarity": s.contradiction_min_similarity,
            "linked_types": LINKED_TYPES,
            "hidden": NEIGHBOUR_HIDDEN,
        }
        if path == "cypher_exact":

            async def exact(chunk: list[str]) -> None:
                started = time.monotonic()
                try:
                    rows = await self.store.read_rows(
                        "contradict/neighbours_exact", ids=chunk, **params
                    )
                finally:
                    self._spent(tenant_id, time.monotonic() - started)
                await self._settle(tenant_id, rows, out)

            return exact
        batch = writing >= s.contradiction_numpy_min_batch
        # The index filters by tenant; a memory finds itself first.
        fetch = math.ceil((s.contradiction_k + 1) * s.vector_search_expansion)

        async def by_index(chunk: list[str]) -> None:
            started = time.monotonic()
            try:
                rows = await self.store.read_rows(
                    "contradict/neighbours_ann", ids=chunk, fetch=fetch, **params
                )
            finally:
                if batch:
                    self._spent(tenant_id, time.monotonic() - started)
            await self._settle(tenant_id, rows, out)

        return by_index

    def choose(self, tenant_id: str, writing: int, size: int) -> str:
        """The path for a write of ``writing`` memories into a tenant of ``size``:
        "numpy", "cypher_exact" or "vector_index" (see ``_checker``)."""
        s = self.settings
        small = size <= s.contradiction_exact_max
        to_read = max(0, size - self.vectors.held(tenant_id))
        warm_up = (
            size <= s.contradiction_vector_cache_rows
            and self.index_spent.get(tenant_id, 0.0) >= to_read * READ_S_PER_VECTOR
        )
        if writing >= s.contradiction_numpy_min_batch and (
            small or size <= s.contradiction_numpy_max
        ):
            if small or to_read <= writing * VECTORS_PER_QUERY or warm_up:
                return "numpy"
        elif small and warm_up:
            return "numpy"
        return "cypher_exact" if small else "vector_index"

    def _spent(self, tenant_id: str, seconds: float) -> None:
        self.index_spent[tenant_id] = self.index_spent.pop(tenant_id, 0.0) + seconds
        while len(self.index_spent) > MAX_TENANTS_SPENT:
            del self.index_spent[next(iter(self.index_spent))]

    async def _numpy_checker(
        self,
        tenant_id: str,
        chunks: list[list[str]],
        fresh: TenantVectors | None,
        out: DetectionOut,
    ) -> Check:
        """Compares ``chunks`` (asked for in this order) in numpy; while Neo4j checks and
        records one chunk's pairs, the next chunk's comparisons run in a thread (they
        depend only on the vectors, not on what Neo4j holds).

        Without the LLM, a pair is classified here, in both orders when it is flagged
        (the classifier reads a pair oldest first, and only Neo4j knows which that is),
        and Neo4j keeps the open ones as pending in the same query that checks them.
        With it, every neighbour pair still open comes back to be judged."""
        s = self.settings
        vectors = await self.vectors.current(tenant_id, fresh)
        floor = s.contradiction_min_confidence
        score_cap = s.contradiction_heuristic_cap
        judging = self.llm_on_ingest

        def flagged(chunk: list[str]) -> list[dict[str, Any]]:
            with one_blas_thread(len(chunk), s.contradiction_numpy_min_batch):
                near = nearest_pairs(
                    vectors.ids,
                    vectors.matrix,
                    chunk,
                    k=s.contradiction_k,
                    min_similarity=s.contradiction_min_similarity,
                    position=vectors.position,
                )
            if judging:  # the LLM may judge any neighbour: Neo4j checks them all
                return [{"memory_id": a, "other_id": b, "similarity": sim} for a, b, sim in near]
            text, where = vectors.content, vectors.position
            return flagged_rows(near, lambda mid: text[where[mid]], cap=score_cap, floor=floor)

        index = {chunk[0]: i for i, chunk in enumerate(chunks)}
        running: dict[int, asyncio.Future[list[dict[str, Any]]]] = {}

        def start(i: int) -> None:
            if i < len(chunks) and i not in running:
                running[i] = asyncio.ensure_future(asyncio.to_thread(flagged, chunks[i]))

        async def by_numpy(chunk: list[str]) -> None:
            i = index[chunk[0]]
            start(i)
            rows = await running.pop(i)
            start(i + 1)
            if not rows:
                return
            if judging:
                found = await self.store.read_rows(
                    "contradict/pairs_open",
                    tenant_id=tenant_id,
                    pairs=rows,
                    linked_types=LINKED_TYPES,
                    with_times=True,
                )
                await self._settle(tenant_id, found, out)
                return
            recorded = await self.store.write_rows(
                "contradict/pending_record_open",
                tenant_id=tenant_id,
                rows=rows,
                linked_types=LINKED_TYPES,
                min_confidence=floor,
                now=utcnow(),
            )
            created = int(recorded[0]["created"]) if recorded else 0
            out.candidates += created
            out.pending_created += created

        return by_numpy

    async def _settle(
        self,
        tenant_id: str,
        rows: list[dict[str, Any]],
        out: DetectionOut,
    ) -> None:
        """Classify the open neighbour pairs found, let the LLM judge the strongest (on
        the LLM route), and record the verdicts."""
        candidates = _candidates(rows)
        if not candidates:
            return
        await asyncio.to_thread(self._classify, candidates)
        floor = self.settings.contradiction_min_confidence
        out.candidates += sum(c.score >= floor for c in candidates)
        if self.llm_on_ingest:
            budget = self.settings.contradiction_llm_max_calls_per_write - out.llm_calls
            if budget > 0:
                await self._judge(candidates, budget, out)
        await self._record(tenant_id, candidates, out)

    def _classify(self, candidates: list[Candidate]) -> None:
        cap = self.settings.contradiction_heuristic_cap
        for c in candidates:
            result = classify(c.older["content"], c.newer["content"], cap=cap)
            c.score, c.signals, c.suggested = result.score, result.names, result.suggested_verdict

    # -- the LLM route ------------------------------------------------------------------

    async def _judge(self, candidates: list[Candidate], budget: int, out: DetectionOut) -> None:
        """Ask the LLM about the strongest candidates (at most ``budget`` calls)."""
        llm = self.llm
        if llm is None:
            return
        ranked = sorted(candidates, key=lambda c: (c.score, c.similarity), reverse=True)[:budget]

        async def one(c: Candidate) -> None:
            try:
                c.judgement = await judge(
                    llm,
                    c.older["content"],
                    c.older["occurred_at"],
                    c.newer["content"],
                    c.newer["occurred_at"],
                )
            except LLMError as exc:  # the heuristic verdict stands
                log.warning("LLM contradiction check failed, keeping the heuristic: %s", exc)

        await asyncio.gather(*(one(c) for c in ranked))
        out.llm_calls += len(ranked)

    # -- recording ----------------------------------------------------------------------

    async def _record(self, tenant_id: str, candidates: list[Candidate], out: DetectionOut) -> None:
        pending: list[dict[str, Any]] = []
        contradictions: list[dict[str, Any]] = []
        revisions: list[dict[str, Any]] = []
        floor = self.settings.contradiction_llm_min_confidence
        for c in candidates:
            j = c.judgement
            if j is None:
                if c.score >= self.settings.contradiction_min_confidence:
                    pending.append(self._pending_row(c, "heuristic", c.score, c.suggested, None))
                continue
            if j.verdict == "NEUTRAL":
                continue
            if j.confidence < floor:  # unsure: the agent decides
                verdict = j.verdict.lower()
                pending.append(self._pending_row(c, "llm", j.confidence, verdict, j.reasoning))
            elif j.verdict == "CONTRADICTION":
                contradictions.append(
                    edge_row(c.older["id"], c.newer["id"], j.confidence, j.reasoning, "llm")
                )
            else:
                older, newer = (c.newer, c.older) if j.newer == "A" else (c.older, c.newer)
                revisions.append(
                    revision_row(newer["id"], older["id"], j.confidence, j.reasoning, "llm")
                )
        if not (pending or contradictions or revisions):
            return

        async def work(tx: Tx) -> int:
            now = utcnow()
            rows = (
                await tx.rows(
                    "contradict/pending_create", tenant_id=tenant_id, rows=pending, now=now
                )
                if pending
                else []
            )
            await write_edges(tx, tenant_id, contradictions, revisions, now)
            return sum(1 for r in rows if r["created"])

        out.pending_created += await self.store.write(work)
        self.vectors.superseded(tenant_id, [r["older_id"] for r in revisions])
        out.contradictions_created += len(contradictions)
        out.revisions_created += len(revisions)

    @staticmethod
    def _pending_row(
        c: Candidate, method: str, score: float, verdict: str, reasoning: str | None
    ) -> dict[str, Any]:
        return {
            "pair_key": c.pair_key,
            "pending_id": new_id(),
            "memory_id_a": c.older["id"],
            "memory_id_b": c.newer["id"],
            "content_a_snippet": snippet(c.older["content"]),
            "content_b_snippet": snippet(c.newer["content"]),
            "classifier_score": round(score, 4),
            "classifier_method": method,
            "signals": c.signals,
            "reasoning": reasoning,
            "similarity": round(c.similarity, 4),
            "suggested_verdict": verdict,
        }
