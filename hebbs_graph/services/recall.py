"""recall: run the requested strategies concurrently, merge, score, reinforce."""

from __future__ import annotations

import asyncio
import logging
import math
import time
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
from hebbs_graph.services import graph_recall, supersession
from hebbs_graph.services.hybrid import HybridRecall
from hebbs_graph.services.records import to_memory
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import Settings
from hebbs_graph.timeutil import EARLIEST, LATEST, utcnow

log = logging.getLogger(__name__)

# The fewest candidates a strategy without its own top_k brings to ranking and conflicts.
CONFLICT_POOL = 10
RECALLED_KINDS = [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
# The `hidden` values (cypher/fragments/hidden) a scope may see: 0 visible, 1 superseded,
# 2 stale, 3 both.
SUPERSEDED, STALE = 1, 2


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

    @property
    def kind(self) -> str:
        """Which query family serves the scope: "entity" or "tenant"."""
        return "entity" if self.entity_id is not None else "tenant"

    @property
    def hidden(self) -> list[int]:
        """The `hidden` values this scope may recall (the vector index filters on them)."""
        allowed = {0}
        if self.include_superseded:
            allowed |= {h | SUPERSEDED for h in allowed}
        if self.include_stale:
            allowed |= {h | STALE for h in allowed}
        return sorted(allowed)

    def params(self) -> dict[str, Any]:
        return {
            "tenant_id": self.tenant_id,
            "entity_id": self.entity_id,
            "include_superseded": self.include_superseded,
            "include_stale": self.include_stale,
            "kinds": RECALLED_KINDS,
            "hidden": self.hidden,
        }


class RecallService:
    def __init__(self, store: GraphStore, embedder: Embedder, settings: Settings) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._reinforcing: set[asyncio.Task[None]] = set()
        self.sizes = ScopeSizes(store)
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
        # Without a cap of its own, a strategy brings at least CONFLICT_POOL candidates, so
        # conflicts are decided over the same pool whatever top_k is (1, 2 or 10 give the
        # same first answers) and the full score re-ranks more than the cut keeps.
        k = spec.top_k or max(request.top_k, CONFLICT_POOL)
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
        """The top k by cosine inside the scope, from the vector index's own filter.

        The index filters by tenant, entity and visibility while it searches (Neo4j
        2026's SEARCH ... WHERE), so an entity with 20 memories among a million gets its
        real nearest ones without widening or an exact scan. The HNSW search is asked
        for k × vector_search_expansion and the best k are kept: that is how far it
        explores, not a margin for a filter.
        """
        fetch = max(k, math.ceil(k * self.settings.vector_search_expansion))
        rows = await self.store.read_rows(
            f"recall/similarity_{scope.kind}", vector=vector, k=k, fetch=fetch, **scope.params()
        )
        return [(to_memory(r["memory"]), float(r["similarity"])) for r in rows]

    async def hybrid(self, scope: Scope, cue: str, vector: list[float], k: int) -> list[Candidate]:
        """Vector and text evidence fused, spread along the timeline (services/hybrid.py)."""
        found = await self._hybrid.search(scope, cue, vector, k)
        return [Candidate(m, relevance, {Strategy.HYBRID}) for m, relevance in found]

    async def temporal(self, scope: Scope, spec: StrategySpec, k: int) -> list[Candidate]:
        """An entity's (or the tenant's) memories in time order; R = 1 − rank/n."""
        span = spec.time_range
        rows = await self.store.read_rows(
            f"recall/temporal_{scope.kind}_{spec.order}",
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
        """Mark confirmed contradictions and rank probably superseded memories below the
        newer side (services/supersession.py); 'suppress' keeps the stronger side of a
        confirmed one, 'current' also leaves out what may be superseded.

        Runs over every candidate before the cut to top_k, so what is left out does not
        depend on how many results were asked for."""
        if len(ranked) < 2:
            return ranked
        ids = {r.memory.id for r in ranked}
        known = [r.memory.contradicts for r in ranked]
        evidence = self.store.read_rows("recall/supersession", tenant_id=tenant_id, ids=list(ids))
        if all(k is not None for k in known):  # every memory came with its conflicts
            pairs = {
                r.memory.id: ids.intersection(k) for r, k in zip(ranked, known, strict=True) if k
            }
            rows = await evidence
        else:
            conflict_rows, rows = await asyncio.gather(
                self.store.read_rows("recall/conflicts", tenant_id=tenant_id, ids=list(ids)),
                evidence,
            )
            pairs = {r["id"]: set(r["others"]) for r in conflict_rows}
        pairs = {mid: others for mid, others in pairs.items() if others}
        for result in ranked:
            result.conflicts_with = sorted(pairs.get(result.memory.id, set()))
        ranked = supersession.newer_first(ranked, self._supersedes(ranked, pairs, rows))
        if on_conflict == "keep":
            return ranked
        if on_conflict == "current":
            ranked = supersession.leave_out_superseded(ranked)
        return _suppress(ranked)

    def _supersedes(
        self,
        ranked: list[RecallResult],
        confirmed: dict[str, set[str]],
        rows: list[dict[str, Any]],
    ) -> dict[str, set[str]]:
        """older id -> newer ids that may supersede it: pending pairs, then the classifier."""
        by_id = {r.memory.id: r for r in ranked}
        pending = [(a, b) for a, b in (rows[0]["pending"] if rows else [])]
        out = supersession.from_pending(by_id, pending)
        if not self.settings.recall_supersession_classifier:
            return out
        skip = {supersession.pair_key(a, b) for a, b in pending}
        skip |= {supersession.pair_key(a, b) for a, others in confirmed.items() for b in others}
        skip |= supersession.dismissed_keys(by_id, rows[0]["dismissed"] if rows else [])
        found = supersession.from_classifier(
            ranked, self.settings.contradiction_min_confidence, skip
        )
        for old, news in found.items():
            out.setdefault(old, set()).update(news)
        return out

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


def _suppress(ranked: list[RecallResult]) -> list[RecallResult]:
    """Of each confirmed contradiction among the results, keep only the stronger side."""
    dropped: set[str] = set()
    by_id = {r.memory.id: r for r in ranked}
    for result in ranked:
        for other_id in result.conflicts_with:
            other = by_id.get(other_id)
            if other is None or result.memory.id in dropped or other_id in dropped:
                continue
            dropped.add(_weaker(result, other).memory.id)
    return [r for r in ranked if r.memory.id not in dropped]


def _weaker(a: RecallResult, b: RecallResult) -> RecallResult:
    def strength(r: RecallResult) -> tuple[float, datetime]:
        return (r.memory.confidence or 0.0, r.memory.occurred_at)

    return a if strength(a) < strength(b) else b
