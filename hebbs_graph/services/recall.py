"""recall: run the requested strategies concurrently, merge, score, reinforce."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from hebbs_graph import scoring
from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.memory import Memory, MemoryKind
from hebbs_graph.models.recall import (
    PathStep,
    RecallIn,
    RecallOut,
    RecallResult,
    ScoreBreakdown,
    Strategy,
    StrategySpec,
    Weights,
)
from hebbs_graph.services import graph_recall
from hebbs_graph.services.hybrid import HybridRecall
from hebbs_graph.services.records import to_memory
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import Settings
from hebbs_graph.timeutil import EARLIEST, LATEST, utcnow

log = logging.getLogger(__name__)

RECALLED_KINDS = [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
# How long the over-fetch that filled a scope's last index search is reused as the
# starting point (the scope's share of the index moves slowly), and for how many scopes.
OVERFETCH_MEMORY_S = 300.0
MAX_REMEMBERED_SCOPES = 10_000


@dataclass
class Candidate:
    """A memory a strategy found, with the relevance that strategy gave it."""

    memory: Memory
    relevance: float
    strategies: set[Strategy] = field(default_factory=set)
    path: list[PathStep] | None = None
    depth: int | None = None


@dataclass(frozen=True)
class Scope:
    """Who may be recalled: one tenant, maybe one entity, and the visibility switches."""

    tenant_id: str
    entity_id: str | None
    include_superseded: bool
    include_stale: bool

    def params(self) -> dict[str, Any]:
        return {
            "tenant_id": self.tenant_id,
            "entity_id": self.entity_id,
            "include_superseded": self.include_superseded,
            "include_stale": self.include_stale,
            "kinds": RECALLED_KINDS,
        }


class RecallService:
    def __init__(self, store: GraphStore, embedder: Embedder, settings: Settings) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._reinforcing: set[asyncio.Task[None]] = set()
        self.sizes = ScopeSizes(store)
        self._overfetch: OrderedDict[tuple[str, str | None], tuple[float, float]] = OrderedDict()
        self._hybrid = HybridRecall(store, settings, self.sizes)

    async def recall(self, tenant_id: str, request: RecallIn) -> RecallOut:
        started = time.perf_counter()
        specs = request.specs()
        vector = await self._cue_vector(request, specs)
        found = await asyncio.gather(
            *(self._run(tenant_id, request, spec, vector) for spec in specs)
        )
        merged = merge(found)
        now = utcnow()
        weights = request.effective_weights()
        ranked = sorted(
            (self.result(c, weights, now) for c in merged),
            key=lambda r: (r.score, r.memory.occurred_at),
            reverse=True,
        )
        ranked = await self._apply_conflicts(tenant_id, ranked, request.on_conflict)
        results = ranked[: request.top_k]
        if request.reinforce and results:
            self.reinforce_later(tenant_id, [r.memory.id for r in results])
        took = (time.perf_counter() - started) * 1000
        return RecallOut(results=results, took_ms=round(took, 2))

    async def _cue_vector(self, request: RecallIn, specs: list[StrategySpec]) -> list[float] | None:
        """Embed the cue once for every strategy that searches by meaning."""
        needs = any(s.strategy != Strategy.TEMPORAL for s in specs)
        if not needs or not (request.cue and request.cue.strip()):
            return None
        return (await self.embedder.embed([request.cue]))[0]

    async def _run(
        self, tenant_id: str, request: RecallIn, spec: StrategySpec, vector: list[float] | None
    ) -> list[Candidate]:
        scope = Scope(
            tenant_id=tenant_id,
            entity_id=spec.entity_id or request.entity_id,
            include_superseded=request.include_superseded,
            include_stale=request.include_stale,
        )
        k = spec.top_k or request.top_k
        if spec.strategy == Strategy.SIMILARITY and vector is not None:
            hits = await self.similarity(scope, vector, k)
            return [Candidate(m, max(0.0, s), {Strategy.SIMILARITY}) for m, s in hits]
        if spec.strategy == Strategy.HYBRID and vector is not None and request.cue:
            return await self.hybrid(scope, request.cue, vector, k)
        if spec.strategy == Strategy.TEMPORAL:
            return await self.temporal(scope, spec, k)
        if spec.strategy == Strategy.CAUSAL:
            return await self.causal(scope, spec, vector, k)
        if spec.strategy == Strategy.ANALOGICAL:
            return await self.analogical(scope, spec, request.cue, vector, k)
        raise InvalidInput(f"strategy {spec.strategy.value} needs a cue", details={"field": "cue"})

    # -- strategies -----------------------------------------------------------------

    async def similarity(
        self, scope: Scope, vector: list[float], k: int
    ) -> list[tuple[Memory, float]]:
        """The true top k by cosine inside the scope.

        Small scopes (≤ exact_scan_max memories) are scored exactly, so an entity with 20
        memories among 100,000 still gets its real nearest ones. Larger scopes use the
        vector index, over-fetching for the scope filter and widening until k survive;
        if even the widest fetch comes up short, the exact scan decides.
        """
        rows = await self._nearest_rows("similarity", scope, vector, k)
        return [(to_memory(r["memory"]), float(r["similarity"])) for r in rows]

    async def nearest_ids(
        self, scope: Scope, vector: list[float], k: int
    ) -> list[tuple[str, float]]:
        """Like similarity(), as (id, similarity) only: nothing is loaded. From the vector
        index the similarity is the index's own score (it may be quantised)."""
        rows = await self._nearest_rows("nearest", scope, vector, k)
        return [(r["id"], float(r["similarity"])) for r in rows]

    async def _nearest_rows(
        self, family: str, scope: Scope, vector: list[float], k: int
    ) -> list[dict[str, Any]]:
        """``recall/<family>_exact_*`` for small scopes, ``<family>_ann`` widening for
        large ones, the exact scan again when even the widest fetch comes up short."""
        cap = self.settings.exact_scan_max
        kind = "entity" if scope.entity_id is not None else "tenant"
        params = {**scope.params(), "vector": vector, "k": k}
        size = await self.sizes.count(scope.tenant_id, scope.entity_id, cap + 1)
        rows: list[dict[str, Any]] = []
        if size > cap:
            # A scope that shares the index with others keeps only its share of what the
            # index returns: start from the over-fetch that sufficed for it last time.
            key = (scope.tenant_id, scope.entity_id)
            factor = max(self.settings.ann_overfetch, self._recent_overfetch(key))
            fetch = min(max(math.ceil(k * factor), k), self.settings.ann_max_candidates)
            while True:
                rows = await self.store.read_rows(f"recall/{family}_ann", fetch=fetch, **params)
                if len(rows) >= k or fetch >= self.settings.ann_max_candidates:
                    break
                fetch = min(fetch * 4, self.settings.ann_max_candidates)
            self._remember_overfetch(key, fetch / k)
        if size <= cap or len(rows) < k:
            rows = await self.store.read_rows(f"recall/{family}_exact_{kind}", **params)
        return rows

    def _recent_overfetch(self, key: tuple[str, str | None]) -> float:
        seen = self._overfetch.get(key)
        return seen[1] if seen and time.monotonic() - seen[0] < OVERFETCH_MEMORY_S else 0

    def _remember_overfetch(self, key: tuple[str, str | None], factor: float) -> None:
        self._overfetch[key] = (time.monotonic(), factor)
        self._overfetch.move_to_end(key)
        while len(self._overfetch) > MAX_REMEMBERED_SCOPES:
            self._overfetch.popitem(last=False)

    async def hybrid(self, scope: Scope, cue: str, vector: list[float], k: int) -> list[Candidate]:
        """Vector and text evidence fused, spread along the timeline (services/hybrid.py)."""
        found = await self._hybrid.search(scope, cue, vector, k, self.nearest_ids)
        return [Candidate(m, relevance, {Strategy.HYBRID}) for m, relevance in found]

    async def temporal(self, scope: Scope, spec: StrategySpec, k: int) -> list[Candidate]:
        """An entity's (or the tenant's) memories in time order; R = 1 − rank/n."""
        kind = "entity" if scope.entity_id is not None else "tenant"
        span = spec.time_range
        rows = await self.store.read_rows(
            f"recall/temporal_{kind}_{spec.order}",
            start=(span.start if span and span.start else EARLIEST),
            end=(span.end if span and span.end else LATEST),
            k=k,
            **scope.params(),
        )
        n = len(rows)
        return [
            Candidate(to_memory(r["memory"]), 1.0 - rank / n, {Strategy.TEMPORAL})
            for rank, r in enumerate(rows)
        ]

    async def causal(
        self, scope: Scope, spec: StrategySpec, vector: list[float] | None, k: int
    ) -> list[Candidate]:
        """Walk the graph from the seed (or from the best similarity hit for the cue)."""
        if spec.seed_memory_id is not None:
            seed_id = (
                await graph_recall.seed_memory(
                    self.store, scope.tenant_id, spec.seed_memory_id, "seed_memory_id"
                )
            ).id
        else:
            if vector is None:
                raise InvalidInput(
                    "causal recall needs seed_memory_id or a cue", details={"field": "strategies"}
                )
            best = await self.similarity(scope, vector, 1)
            if not best:
                return []
            seed_id = best[0][0].id
        walked = await graph_recall.causal(self.store, scope.params(), spec, seed_id, k)
        return [
            Candidate(m, relevance, {Strategy.CAUSAL}, path, depth)
            for m, relevance, depth, path in walked
        ]

    async def analogical(
        self,
        scope: Scope,
        spec: StrategySpec,
        cue: str | None,
        vector: list[float] | None,
        k: int,
    ) -> list[Candidate]:
        """Like the seed (or cue) in meaning and in shape; cross_entity looks elsewhere."""
        reference = None
        if spec.seed_memory_id is not None:
            reference = await graph_recall.seed_memory(
                self.store, scope.tenant_id, spec.seed_memory_id, "seed_memory_id"
            )
        if vector is None:
            text = reference.content if reference else cue
            if not text:
                raise InvalidInput(
                    "analogical recall needs seed_memory_id or a cue",
                    details={"field": "strategies"},
                )
            vector = (await self.embedder.embed([text]))[0]
        excluded = (reference.entity_id if reference else None) or scope.entity_id
        search = replace(scope, entity_id=None) if spec.cross_entity else scope
        n = max(3 * k, 30)
        found = await self.similarity(search, vector, n * 2 if spec.cross_entity else n)
        candidates = [
            (m, sim)
            for m, sim in found
            if (reference is None or m.id != reference.id)
            and not (spec.cross_entity and excluded is not None and m.entity_id == excluded)
        ][:n]
        ids = [m.id for m, _ in candidates] + ([reference.id] if reference else [])
        sigs = await graph_recall.signatures(self.store, scope.tenant_id, ids)
        ranked = graph_recall.analogical_rank(
            reference,
            sigs.get(reference.id, set()) if reference else set(),
            candidates,
            sigs,
            spec.analogical_alpha,
        )
        return [Candidate(m, r, {Strategy.ANALOGICAL}) for m, r in ranked[:k]]

    # -- scoring, conflicts, reinforcement --------------------------------------------

    def result(self, c: Candidate, weights: Weights, now: datetime) -> RecallResult:
        m = c.memory
        t = scoring.recency(m.occurred_at, now, self.settings.recency_horizon_days)
        reinforce = scoring.reinforcement(m.access_count)
        relevance = min(1.0, max(0.0, c.relevance))
        return RecallResult(
            memory=m,
            score=round(scoring.score(relevance, t, m.importance, reinforce, weights), 6),
            breakdown=ScoreBreakdown(
                relevance=relevance,
                recency=t,
                importance=m.importance,
                reinforcement=reinforce,
                weights=weights,
                strategies=sorted(c.strategies),
                path=c.path,
                depth=c.depth,
            ),
            superseded=m.superseded_by is not None,
            stale=bool(m.stale),
        )

    async def _apply_conflicts(
        self, tenant_id: str, ranked: list[RecallResult], on_conflict: str
    ) -> list[RecallResult]:
        """Mark both sides of a confirmed contradiction; with 'suppress' keep the stronger."""
        if len(ranked) < 2:
            return ranked
        ids = {r.memory.id for r in ranked}
        known = [r.memory.contradicts for r in ranked]
        if all(k is not None for k in known):  # every memory came with its conflicts
            pairs = {
                r.memory.id: ids.intersection(k) for r, k in zip(ranked, known, strict=True) if k
            }
        else:
            rows = await self.store.read_rows(
                "recall/conflicts", tenant_id=tenant_id, ids=list(ids)
            )
            pairs = {r["id"]: set(r["others"]) for r in rows}
        pairs = {mid: others for mid, others in pairs.items() if others}
        if not pairs:
            return ranked
        for result in ranked:
            result.conflicts_with = sorted(pairs.get(result.memory.id, set()))
        if on_conflict != "suppress":
            return ranked
        dropped: set[str] = set()
        by_id = {r.memory.id: r for r in ranked}
        for result in ranked:
            for other_id in result.conflicts_with:
                other = by_id[other_id]
                if result.memory.id in dropped or other_id in dropped:
                    continue
                dropped.add(_weaker(result, other).memory.id)
        return [r for r in ranked if r.memory.id not in dropped]

    def reinforce_later(self, tenant_id: str, ids: list[str]) -> None:
        """One batched write, off the answer's path; drain() waits for it."""
        task = asyncio.create_task(self._reinforce(tenant_id, ids))
        self._reinforcing.add(task)
        task.add_done_callback(self._reinforcing.discard)

    async def _reinforce(self, tenant_id: str, ids: list[str]) -> None:
        try:
            await self.store.write_rows(
                "recall/reinforce", tenant_id=tenant_id, ids=ids, now=utcnow()
            )
        except Exception:
            log.warning("reinforcement of %d memories failed", len(ids), exc_info=True)

    async def drain(self) -> None:
        """Wait for reinforcement writes still under way (tests, shutdown)."""
        while self._reinforcing:
            await asyncio.gather(*list(self._reinforcing), return_exceptions=True)


def merge(found: list[list[Candidate]]) -> list[Candidate]:
    """Merge by id (highest relevance wins, every strategy is recorded), then by content."""
    by_id: dict[str, Candidate] = {}
    for candidates in found:
        for c in candidates:
            seen = by_id.get(c.memory.id)
            if seen is None:
                by_id[c.memory.id] = Candidate(
                    c.memory, c.relevance, set(c.strategies), c.path, c.depth
                )
                continue
            seen.strategies |= c.strategies
            if c.relevance > seen.relevance:
                seen.relevance, seen.path, seen.depth = c.relevance, c.path, c.depth
    by_content: dict[str, Candidate] = {}
    for c in by_id.values():
        twin = by_content.get(c.memory.content_sha256)
        if twin is None or c.relevance > twin.relevance:
            if twin is not None:
                c.strategies |= twin.strategies
            by_content[c.memory.content_sha256] = c
        else:
            twin.strategies |= c.strategies
    return list(by_content.values())


def _weaker(a: RecallResult, b: RecallResult) -> RecallResult:
    def strength(r: RecallResult) -> tuple[float, datetime]:
        return (r.memory.confidence or 0.0, r.memory.occurred_at)

    return a if strength(a) < strength(b) else b
