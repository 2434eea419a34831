"""prime: the start-of-conversation context for one entity."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.graph import PrimeIn, PrimeOut, ReflectionDue
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import PRESETS, RecallResult, Strategy, StrategySpec, TimeRange
from hebbs_graph.services.recall import Candidate, RecallService, Scope
from hebbs_graph.services.records import to_memory
from hebbs_graph.timeutil import utcnow

# Filled in by the contradiction and reflection services when they are present.
PendingSource = Callable[[str, str], Awaitable[list[dict[str, Any]]]]
StaleSource = Callable[[str, str], Awaitable[list[Memory]]]
DueSource = Callable[[str, str], Awaitable[ReflectionDue]]

INSIGHTS_IN_PRIME = 5
CUE_FROM_RECENT = 3


class PrimeService:
    def __init__(self, store: GraphStore, recall: RecallService) -> None:
        self.store = store
        self.recall = recall
        self.pending_contradictions: PendingSource | None = None
        self.stale_insights: StaleSource | None = None
        self.reflection_due: DueSource | None = None

    async def prime(self, tenant_id: str, request: PrimeIn) -> PrimeOut:
        """Half recent memories, half relevant ones, the best insights, and what waits."""
        entity = request.entity_id
        scope = Scope(tenant_id, entity, include_superseded=False, include_stale=False)
        now = utcnow()
        recent_k = (request.max_memories + 1) // 2
        window = TimeRange(start=now - request.recency_window, end=None)
        spec = StrategySpec(strategy=Strategy.TEMPORAL, time_range=window)
        recent = await self.recall.temporal(scope, spec, recent_k)
        relevant = await self._relevant(scope, request, recent, request.max_memories - len(recent))
        weights = PRESETS["default"]
        recent_results = [self.recall.result(c, weights, now) for c in recent]
        relevant_results = sorted(
            (self.recall.result(c, weights, now) for c in relevant),
            key=lambda r: r.score,
            reverse=True,
        )
        rows = await self.store.read_rows(
            "recall/prime_insights", tenant_id=tenant_id, entity_id=entity, limit=INSIGHTS_IN_PRIME
        )
        insights = [to_memory(r["memory"]) for r in rows]
        primed = [r.memory.id for r in recent_results + relevant_results] + [i.id for i in insights]
        if primed:
            self.recall.reinforce_later(tenant_id, primed)
        return PrimeOut(
            entity_id=entity,
            recent=recent_results,
            relevant=relevant_results,
            insights=insights,
            pending_contradictions=await _maybe(self.pending_contradictions, tenant_id, entity, []),
            stale_insights=await _maybe(self.stale_insights, tenant_id, entity, []),
            reflection=await _maybe(self.reflection_due, tenant_id, entity, ReflectionDue()),
        )

    async def _relevant(
        self, scope: Scope, request: PrimeIn, recent: list[Candidate], k: int
    ) -> list[Candidate]:
        """By similarity to the cue, or to what the entity said most recently."""
        if k <= 0:
            return []
        cue = request.similarity_cue
        if not (cue and cue.strip()):
            cue = " ".join(c.memory.content for c in recent[:CUE_FROM_RECENT])[:2000]
        if not cue.strip():
            latest = await self.recall.temporal(
                scope, StrategySpec(strategy=Strategy.TEMPORAL), CUE_FROM_RECENT
            )
            cue = " ".join(c.memory.content for c in latest)[:2000]
        if not cue.strip():
            return []
        vector = (await self.recall.embedder.embed([cue]))[0]
        seen = {c.memory.id for c in recent}
        found = await self.recall.hybrid(scope, cue, vector, k + len(seen))
        return [c for c in found if c.memory.id not in seen][:k]


async def _maybe(source: Any, tenant_id: str, entity_id: str, default: Any) -> Any:
    return default if source is None else await source(tenant_id, entity_id)


__all__ = ["PrimeService", "RecallResult"]
